package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.diagnose.links.Findings.texts;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A GPU with no other of its model to compare with is held to its model's NVLink count (issue 20; corpus-more
 * nvsmi-q/azhpc-diagnostics-73-1 showed one V100-SXM2 with links 3 and 5 inactive). Inputs written in the format of
 * {@code nvidia-smi nvlink -s}.
 */
class LoneGpuNvlinkTest {

    private static String gpu(String name, int links, int... inactive) {
        StringBuilder sb = new StringBuilder("GPU 0: " + name + " (UUID: GPU-0000)\n");
        for (int k = 0; k < links; k++) {
            final int link = k;
            boolean down = java.util.Arrays.stream(inactive).anyMatch(i -> i == link);
            sb.append("\t Link ").append(k).append(": ").append(down ? "<inactive>" : "25.781 GB/s").append('\n');
        }
        return sb.toString();
    }

    @Test
    void aLoneSxmGpuWithInactiveLinksBelowItsModelIsDegraded() {
        List<Finding> fs = texts("nvlink-s.txt", "node1", gpu("Tesla V100-SXM2-32GB", 6, 3, 5));
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("NVLINK_DEGRADED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("nvlink.model");
            assertThat(f.evidence()).extracting(l -> l.text().strip()).contains("Link 3: <inactive>", "Link 5: <inactive>");
        });
        Findings.assertRenders(fs);
    }

    @Test
    void aLoneGpuWithEveryLinkOfItsModelUpStaysQuiet() {
        assertThat(texts("nvlink-s.txt", "node1", gpu("NVIDIA A100-SXM4-80GB", 12))).isEmpty();
    }

    @Test
    void aLonePcieCardOrAListCutShortIsNotHeldToTheSxmCount() {
        // A PCIe card's bridge has fewer links than the SXM part; a paste of 4 listed links is no full list.
        assertThat(texts("nvlink-s.txt", "node1", gpu("Tesla V100-PCIE-32GB", 6, 2, 3))).noneMatch(f -> f.severity() == FindingSeverity.ERROR);
        assertThat(texts("nvlink-s.txt", "node1", gpu("NVIDIA H100 80GB HBM3", 4, 3))).isEmpty();
    }
}
