package io.ncclscope.sdk.diagnose.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus file on its own, against a reviewed table of what this analyzer says about it. Each row agrees with
 * the file's manifest (ground_truth flags quoted in the comments); every file not in the table must get nothing of
 * WARNING or worse.
 */
class TopologyCorpusTest {

    static final String AFFINITY = "GPU_NIC_AFFINITY_POOR";
    static final String NUMA = "NIC_CROSS_NUMA";

    static final Map<String, List<String>> TABLE = Map.ofEntries(
            // "only 2 NICs for 8 GPUs and both hang off NUMA 1: GPUs 0-3 reach every NIC only via SYS"
            Map.entry("topo/arthurchiao-gpu-notes-1-h20-1.txt", List.of(AFFINITY + ":ERROR", NUMA + ":WARNING")),
            // "both HCA ports on socket 0: GPU4-GPU7 reach the network only via SYS; even GPU0-3 only NODE"
            Map.entry("topo/psg-8way-hpl-ai-1.txt", List.of(AFFINITY + ":ERROR", NUMA + ":WARNING")),
            // "only NIC sits on socket 0 ... NODE at best ... crosses the socket for GPU4-7 (SYS)"
            Map.entry("topo/sglang-23020-1.txt", List.of(AFFINITY + ":ERROR", NUMA + ":WARNING")),
            // "single dual-port NIC for 8 GPUs hanging under GPU0: GPU4-7 traffic crosses sockets (SYS)"
            Map.entry("topo/sglang-23020-2.txt", List.of(AFFINITY + ":ERROR", NUMA + ":WARNING")),
            // "7 of 8 GPUs are SYS/cross-host-bridge from the only NIC, NIC hangs off GPU6's host bridge"
            Map.entry("topo/go-gpuallocator-17-1.txt", List.of(AFFINITY + ":ERROR", NUMA + ":WARNING")),
            // "both NICs are on the other socket (SYS from both GPUs) -> GPUDirect RDMA crosses UPI"
            Map.entry("topo/kagaho-l40s-collect-env-1.txt", List.of(AFFINITY + ":ERROR", NUMA + ":WARNING")),
            // "every GPU<->GPU and GPU<->NIC path is SYS - GPUDirect RDMA will be poor or disabled; NUMA flattened"
            Map.entry("topo/xuesongtap-nvidia-smi-more-3.txt", List.of(AFFINITY + ":ERROR")),
            // "ALL pairs SYS (GPU-GPU, GPU-NIC)"; the NUMA fields of the cgroup are not trusted, the paths are
            Map.entry("topo/della-a100-readme-1.txt", List.of(AFFINITY + ":ERROR")),
            // "GPU0/1 -> mlx5_0/1 NODE; GPU2/3 -> mlx5_2/3 NODE": no HCA within PXB of any GPU
            Map.entry("topo/della-a100-readme-3.txt", List.of(AFFINITY + ":WARNING")),
            // "GPU<->NIC only NODE (different root ports)"
            Map.entry("topo/stelline-puget-wrx90-1.txt", List.of(AFFINITY + ":WARNING")),
            // "PHB GPU-NIC path in a VM": what NCCL sees in the guest, so it turns GPUDirect RDMA off
            Map.entry("topo/sglang-24413-1.txt", List.of(AFFINITY + ":WARNING")),
            // "GPUs and NICs on different root complexes => NCCL path NODE/SYS, no PCIe switch shared"
            Map.entry("lspci/stelline-asus-esc8000a-e12-1.txt", List.of(AFFINITY + ":WARNING")),
            // "GPU and NIC on different root complexes (NODE)"
            Map.entry("lspci/stelline-puget-wrx90-1.txt", List.of(AFFINITY + ":WARNING")),
            // "9 of 17 RDMA devices are SYS from every GPU ... should be excluded from NCCL_IB_HCA"
            Map.entry("topo/awesome-mlsys-verl-multinodes-1.txt", List.of(NUMA + ":INFO")),
            // "mlx5_0, mlx5_9, mlx5_10 are SYS from every GPU -> must be excluded from NCCL_IB_HCA"
            Map.entry("topo/sglang-25063-1.txt", List.of(NUMA + ":INFO")),
            // "NIC8/NIC9 (mlx5_8/mlx5_9, typically the DGX storage pair) are SYS from all GPUs"
            Map.entry("topo/codeidx-27527940882-dgxa100-1.txt", List.of(NUMA + ":INFO")),
            // "mlx5_bond_0 is SYS from all GPUs (management/storage bond, should be excluded from NCCL_IB_HCA)"
            Map.entry("topo/xuesongtap-nvidia-smi-more-2.txt", List.of(NUMA + ":INFO")));

    static Stream<String> files() {
        Corpus.assumePresent();
        return Corpus.entries().stream().map(Corpus.Entry::file).distinct();
    }

    static Stream<String> tableFiles() {
        Corpus.assumePresent();
        return TABLE.keySet().stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyCorpusFileGetsWhatTheReviewedTableSays(String file) {
        List<String> got = Inputs.analyzeFile(file).stream().map(f -> f.code() + ":" + f.severity()).toList();
        assertThat(got).as(file).containsExactlyInAnyOrderElementsOf(TABLE.getOrDefault(file, List.of()));
    }

    @Test
    void everyTableFileIsInTheCorpus() {
        Corpus.assumePresent();
        assertThat(files().toList()).containsAll(TABLE.keySet());
    }

    @ParameterizedTest
    @MethodSource("tableFiles")
    void everyFindingRendersInEnglishAndChineseWithItsEvidence(String file) {
        for (Finding f : Inputs.analyzeFile(file)) {
            assertThat(f.evidence()).as(file).isNotEmpty();
            assertThat(f.evidence()).allSatisfy(l -> {
                assertThat(l.artifact()).isEqualTo(file);
                assertThat(l.text()).isNotBlank();
            });
            LocalizedFinding en = Diagnosis.localize(f, Locale.ENGLISH);
            LocalizedFinding zh = Diagnosis.localize(f, Locale.SIMPLIFIED_CHINESE);
            assertThat(en.detail()).doesNotContain("${").isNotBlank().isNotEqualTo(zh.detail());
            assertThat(zh.detail()).doesNotContain("${").containsPattern("\\p{IsHan}");
            assertThat(en.actions()).isNotEmpty();
            if (f.severity().atLeast(FindingSeverity.WARNING)) assertThat(f.subject().gpu()).isNotBlank();
        }
    }
}
