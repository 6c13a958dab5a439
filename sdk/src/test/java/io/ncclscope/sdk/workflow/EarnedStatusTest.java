package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.StepId;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A step is satisfied only by its own checklist items, each backed by lines that answer it. */
class EarnedStatusTest {

    private static Workflow workflow(Evidence e) {
        return Workflow.empty().with(e, Diagnosis.run(e, NcclScope.analyzers()));
    }

    private static Check check(Workflow w, Need n) {
        return w.step(n.step()).checks().stream().filter(c -> c.need() == n).findFirst().orElseThrow();
    }

    @Test
    void aRankLineWithoutAGpuModelDoesNotTickGpuModelAndCount() throws IOException {
        Workflow w = workflow(Evidence.builder().addPath(Path.of("../examples/captured/h200-1gpu/nccl/info-1rank.log")).build());
        assertThat(check(w, Need.GPU_INVENTORY).satisfied()).isFalse();
    }

    @Test
    void nvidiaSmiWithTheModelTicksIt() throws IOException {
        Workflow w = workflow(Evidence.builder().addPath(Path.of("../examples/captured/h200-1gpu/sys")).build());
        Check c = check(w, Need.GPU_INVENTORY);
        assertThat(c.satisfied()).isTrue();
        assertThat(c.links()).isNotEmpty().allMatch(l -> l.text().contains("H200"));
    }

    @Test
    void theConclusionIsNotSatisfiedBesideAMissingRerunAfterTheFix() throws IOException {
        Workflow w = workflow(Evidence.builder().addPath(Path.of("../examples/captured/h200-1gpu")).build());
        Step conclude = w.step(StepId.CONCLUDE);
        boolean rerunMissing = conclude.checks().stream().anyMatch(c -> c.required() && !c.satisfied());
        if (rerunMissing) assertThat(conclude.status()).isNotEqualTo(StepStatus.SATISFIED);
        assertThat(conclude.checks()).anyMatch(c -> c.need() == Need.VERIFY_FIX && c.required() && !c.satisfied());
        assertThat(conclude.status()).isEqualTo(StepStatus.PARTIAL);
    }

    @Test
    void oneEthtoolExcerptOfOneNodeDoesNotNameTheBadNode(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path node = dir.resolve("gpu01");
        java.nio.file.Files.createDirectories(node);
        java.nio.file.Files.writeString(node.resolve("hostname"), "gpu01\n");
        java.nio.file.Files.writeString(node.resolve("ethtool-S-eth2.txt"), """
                NIC statistics:
                     rx_packets: 1000000
                     rx_crc_errors_phy: 53211
                     rx_discards_phy: 88123
                     link_down_events_phy: 14
                """);
        Workflow w = workflow(Evidence.builder().addPath(node).build());
        Step name = w.step(StepId.NAME_NODE);
        assertThat(name.status()).isNotEqualTo(StepStatus.SATISFIED);
        assertThat(name.checks()).anyMatch(c -> c.need() == Need.PAIRWISE && c.required() && !c.satisfied());
    }
}
