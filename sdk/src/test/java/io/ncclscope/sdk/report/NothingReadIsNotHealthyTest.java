package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A hardware tool's output cut after its header has not been looked at: the report is inconclusive, never healthy.
 * Before: each of these was HEALTHY ("no problem found in 1 input") with no port, GPU or counter read. nvidia-smi's
 * complaint about its own arguments (our H200 capture {@code sys/nvsmi-q-pci.txt}) says nothing of the GPUs either,
 * where a driver that does not answer does (a finding of its own, {@link #aDriverThatDoesNotAnswerIsAnAnswer}).
 */
class NothingReadIsNotHealthyTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            ibstat, a CA's header and no port            | ibstat       | CA 'mlx5_0'\\n\\tCA type: MT4129\\n\\tNumber of ports: 1\\n
            nvidia-smi topo -m, the header row only       | topo         |         GPU0    GPU1    CPU Affinity    NUMA Affinity\\n
            nvidia-smi -q, cut after Attached GPUs        | nvidia-smi-q | ==============NVSMI LOG==============\\n\\nDriver Version : 550.54.15\\nCUDA Version : 12.4\\n\\nAttached GPUs : 8\\n
            ethtool -S, its first line only               | ethtool      | NIC statistics:\\n
            nvidia-smi -q with flags it cannot parse      | nvidia-smi-q | $ nvidia-smi -q -d PCI\\nFailed to parse --display/-d flags\\n
            """)
    void anOutputCutAfterItsHeaderIsInconclusive(String what, String kind, String text) {
        Evidence e = Evidence.builder().addText("pasted.txt", text.replace("\\n", "\n").replace("\\t", "\t")).build();
        assertThat(e.artifacts()).extracting(a -> a.kind().id()).containsExactly(kind);
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        assertThat(r.verdict()).as(what).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.coverage().gaps()).extracting(Coverage.Gap::id).contains(Coverage.GAP_NOTHING_READ);
    }

    @org.junit.jupiter.api.Test
    void aDriverThatDoesNotAnswerIsAnAnswer() {
        Evidence e = Evidence.builder().addText("nvsmi.txt", "$ nvidia-smi -q\nNVIDIA-SMI has failed because it couldn't "
                + "communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n").build();
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        assertThat(r.findings()).extracting(f -> f.code()).contains("GPU_DRIVER_UNREACHABLE");
        assertThat(r.coverage().gaps()).extracting(Coverage.Gap::id).doesNotContain(Coverage.GAP_NOTHING_READ);
    }
}
