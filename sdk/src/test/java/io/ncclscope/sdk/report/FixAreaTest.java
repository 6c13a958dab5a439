package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.sdk.rules.RuleCatalog;
import org.junit.jupiter.api.Test;

/** Where an action lies comes from its code's catalogue entry ({@code CODE.action.N.area}); FindingCodeTest checks every action has one. */
class FixAreaTest {

    @Test
    void theCatalogueSaysWhereAnActionLies() {
        assertThat(FixArea.of("NCCL_DUPLICATE_GPU", 2)).isEqualTo(new FixArea.Placement(FixArea.APPLICATION, FixArea.Kind.FIX));
        assertThat(FixArea.of("PCIE_LINK_DEGRADED", 4)).isEqualTo(new FixArea.Placement(FixArea.HARDWARE, FixArea.Kind.FIX));
        assertThat(FixArea.of("PFC_PAUSE_STORM", 4)).isEqualTo(new FixArea.Placement(FixArea.FABRIC, FixArea.Kind.FIX));
        assertThat(FixArea.of("NCCL_CONNECT_FAILED", 4)).isEqualTo(new FixArea.Placement(FixArea.CONFIGURATION, FixArea.Kind.FIX));
        assertThat(FixArea.of("SLOW_NODE", 1)).isEqualTo(new FixArea.Placement(FixArea.FABRIC, FixArea.Kind.CHECK));
        assertThat(FixArea.of("COUNTERS_COMPARED", 1)).isEqualTo(new FixArea.Placement(FixArea.HARDWARE, FixArea.Kind.CHECK));
    }

    @Test
    void anActionTheCatalogueDoesNotHaveHasNoPlaceRatherThanADefault() {
        assertThatThrownBy(() -> FixArea.of("GPU_XID", 99)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GPU_XID");
        assertThatThrownBy(() -> FixArea.of("NO_SUCH_CODE", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(RuleCatalog.entry("GPU_XID").actionAreas()).isNotEmpty();
    }
}
