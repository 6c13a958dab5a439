package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.rules.Rule;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class FixAreaTest {

    @Test
    void everyEntryOfTheReviewedTableIsACatalogueAction() {
        List<String> stale = new ArrayList<>();
        for (String k : FixArea.tableKeys()) {
            String code = k.substring(0, k.indexOf(".action."));
            int n = Integer.parseInt(k.substring(k.lastIndexOf('.') + 1));
            if (RuleCatalog.find(code).isEmpty() || RuleCatalog.text(code, Locale.ENGLISH).actions().size() < n) stale.add(k);
        }
        assertThat(stale).as("FixAreas.properties keys with no catalogue action").isEmpty();
    }

    @Test
    void aRuleInTheTableHasEveryActionPlaced() {
        Set<String> keys = FixArea.tableKeys();
        Set<String> listed = new TreeSet<>();
        keys.forEach(k -> listed.add(k.substring(0, k.indexOf(".action."))));
        List<String> missing = new ArrayList<>();
        for (Rule r : RuleCatalog.all()) {
            if (!listed.contains(r.code())) continue;
            int n = RuleCatalog.text(r.code(), Locale.ENGLISH).actions().size();
            for (int i = 1; i <= n; i++) if (!keys.contains(r.code() + ".action." + i)) missing.add(r.code() + ".action." + i);
        }
        assertThat(missing).as("place these actions in FixAreas.properties").isEmpty();
        assertThat(listed).contains("NCCL_DUPLICATE_GPU", "PCIE_LINK_DEGRADED", "PFC_PAUSE_STORM", "SLOW_NODE");
    }

    @Test
    void theReviewedTableSaysWhereAnActionLies() {
        assertThat(FixArea.of("NCCL_DUPLICATE_GPU", 2)).isEqualTo(new FixArea.Placement(FixArea.APPLICATION, FixArea.Kind.FIX));
        assertThat(FixArea.of("PCIE_LINK_DEGRADED", 4)).isEqualTo(new FixArea.Placement(FixArea.HARDWARE, FixArea.Kind.FIX));
        assertThat(FixArea.of("PFC_PAUSE_STORM", 4)).isEqualTo(new FixArea.Placement(FixArea.FABRIC, FixArea.Kind.FIX));
        assertThat(FixArea.of("NCCL_CONNECT_FAILED", 4)).isEqualTo(new FixArea.Placement(FixArea.CONFIGURATION, FixArea.Kind.FIX));
        assertThat(FixArea.of("SLOW_NODE", 1)).isEqualTo(new FixArea.Placement(FixArea.FABRIC, FixArea.Kind.CHECK));
    }

    @Test
    void anActionTheTableDoesNotKnowTakesItsRulesCategoryAsACheck() {
        assertThat(FixArea.of("GPU_XID", 99)).isEqualTo(new FixArea.Placement(FixArea.HARDWARE, FixArea.Kind.CHECK));
        assertThat(FixArea.of("NCCL_CONNECT_FAILED", 99)).isEqualTo(new FixArea.Placement(FixArea.CONFIGURATION, FixArea.Kind.CHECK));
        assertThat(FixArea.of("SLOW_PAIR", 99)).isEqualTo(new FixArea.Placement(FixArea.FABRIC, FixArea.Kind.CHECK));
    }
}
