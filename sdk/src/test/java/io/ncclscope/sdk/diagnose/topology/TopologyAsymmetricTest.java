package io.ncclscope.sdk.diagnose.topology;

import static io.ncclscope.sdk.diagnose.topology.Inputs.analyze;
import static io.ncclscope.sdk.diagnose.topology.Inputs.en;
import static io.ncclscope.sdk.diagnose.topology.Inputs.withCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyAsymmetricTest {

    static final String CODE = "TOPOLOGY_ASYMMETRIC";

    // Most corpus files are single captures from different machines, so the two-node bundles below pair real files of
    // similar machines, and minimal texts written for the test show the gaps no real file shows.

    @Test
    void twoEightH20NodesWithEightAndTwoNicsAreAsymmetric() {
        // Both are 8x H20 (NV18, two sockets): sglang-9696 has 8 rail NICs, one per GPU (PIX); arthurchiao's has one
        // dual-port card for all 8 GPUs. As two nodes of one job, the second bounds the inter-node bandwidth.
        Evidence e = Inputs.onNodes("h20-a", "topo/sglang-9696-1.txt", "h20-b", "topo/arthurchiao-gpu-notes-1-h20-1.txt");
        List<Finding> fs = withCode(analyze(e), CODE);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.subject().node()).isEqualTo("h20-b");
            assertThat(f.params()).containsEntry("node", "h20-b");
            assertThat(en(f)).isEqualTo("NIC count 2 on h20-b, 8 on the other nodes (nvidia-smi topo -m). "
                    + "The nodes with fewer NICs bound the inter-node bandwidth of the whole job.");
            assertThat(f.evidence()).extracting(l -> l.artifact())
                    .containsExactly("topo/arthurchiao-gpu-notes-1-h20-1.txt", "topo/sglang-9696-1.txt");
        });
        // Each node's own placement is still reported on that node.
        assertThat(withCode(analyze(e), "GPU_NIC_AFFINITY_POOR")).extracting(f -> f.subject().node()).containsExactly("h20-b");
    }

    @Test
    void twoEightH100NodesOfOneModelAreSymmetric() {
        // 8x H100 80GB HBM3 on bare metal and in a pass-through VM: same count and model.
        Evidence smi = Inputs.onNodes("n1", "nvsmi-q/gpud-nvsmi-q-535-161-h100-1.txt", "n2", "nvsmi-q/gpud-nvsmi-q-535-183-h100-vm-1.txt");
        assertThat(analyze(smi)).isEmpty();
        // 12 HCAs each (8 ConnectX-7 + 4 ConnectX-6 Dx); two ports down on the second is a port fault, not asymmetry.
        Evidence ib = Inputs.onNodes("n1", "ibstat/gpud-ibstat-47-h100-roce-1.txt", "n2", "ibstat/gpud-ibstat-47-h100-some-down-2.txt");
        assertThat(analyze(ib)).isEmpty();
        // nccl-tests over two 8x A100 workers, 8 ranks each.
        assertThat(withCode(Inputs.analyzeFile("nccl-tests/oci-hpc-oke-readme-1.txt"), CODE)).isEmpty();
        assertThat(withCode(Inputs.analyzeFile("nccl-tests/cscs-docs-nccl-gh200-2.txt"), CODE)).isEmpty();
    }

    @Test
    void twoNodesWithDifferentGpuModelsAreOneMixedFinding() {
        // Real outputs of an 8x H100 node and an 8x A100 node (nvidia-smi -q and nvidia-smi nvlink -s): a mixed pool.
        Evidence e = Inputs.onNodes("n1", "nvsmi-q/gpud-nvsmi-q-535-161-h100-1.txt", "n2", "nvsmi-q/gpud-nvlink-status-a100-1.txt");
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.subject().node()).isNull();
        assertThat(en(f)).contains("n1: 8× NVIDIA H100 80GB HBM3; n2: 8× NVIDIA A100-SXM4-80GB");
        assertThat(f.evidence()).hasSize(2);
    }

    static final String TWO_GPUS = """
                    GPU0    GPU1    NIC0    NIC1    CPU Affinity    NUMA Affinity
            GPU0     X      NV4     PIX     SYS     0-15    0
            GPU1    NV4      X      SYS     PIX     16-31   1
            NIC0    PIX     SYS      X      SYS
            NIC1    SYS     PIX     SYS      X

            NIC Legend:

              NIC0: mlx5_0
              NIC1: mlx5_1
            """;

    @Test
    void aNodeWithAGpuLessThanItsPeersIsNamed() {
        // Minimal matrices: three nodes of two GPUs with a rail NIC each; node3 has lost a GPU.
        String one = """
                        GPU0    NIC0    NIC1    CPU Affinity    NUMA Affinity
                GPU0     X      PIX     SYS     0-15    0
                NIC0    PIX      X      SYS
                NIC1    SYS     SYS      X

                NIC Legend:

                  NIC0: mlx5_0
                  NIC1: mlx5_1
                """;
        Evidence e = Evidence.builder().addText("node1/topo.txt", TWO_GPUS, "node1").addText("node2/topo.txt", TWO_GPUS, "node2")
                .addText("node3/topo.txt", one, "node3").build();
        List<Finding> fs = withCode(analyze(e), CODE);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.subject().node()).isEqualTo("node3");
            assertThat(en(f)).startsWith("GPU count 1 on node3, 2 on the other nodes (nvidia-smi topo -m).");
            assertThat(f.evidence().get(0).artifact()).isEqualTo("node3/topo.txt");
        });
    }

    @Test
    void aNodeWhoseGpusAreConnectedDifferentlyIsNamedWithItsLayout() {
        String nv2 = TWO_GPUS.replace("NV4", "NV2");
        String sys = TWO_GPUS.replace("PIX     SYS     0-15", "SYS     SYS     0-15");
        Evidence e = Evidence.builder().addText("a", TWO_GPUS, "node1").addText("b", TWO_GPUS, "node2")
                .addText("c", TWO_GPUS, "node3").addText("d", nv2, "node4").addText("e", sys, "node5").build();
        List<Finding> fs = withCode(analyze(e), CODE);
        assertThat(fs).extracting(Inputs::en).containsExactlyInAnyOrder(
                "GPU-to-GPU connections 1×NV2 on node4, 1×NV4 on the other nodes (nvidia-smi topo -m).",
                "GPU-to-nearest-NIC paths 1×SYS, 1×PIX on node5, 2×PIX on the other nodes (nvidia-smi topo -m).");
    }

    @Test
    void aHostRunningFewerRanksThanTheOthersIsNamed() {
        // The real two-worker run with the last rank line of worker 1 left out: 8 ranks on worker 0, 7 on worker 1.
        String text = Corpus.read("nccl-tests/oci-hpc-oke-readme-1.txt").lines()
                .filter(l -> !l.startsWith("#  Rank 15")).collect(Collectors.joining("\n"));
        Evidence e = Evidence.builder().addText("all_reduce.txt", text).build();
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(f.subject().node()).isEqualTo("nccl-allreduce-job0-mpiworker-1");
        assertThat(en(f)).isEqualTo("Rank count 7 on nccl-allreduce-job0-mpiworker-1, 8 on the other hosts (nccl-tests).");
        assertThat(f.evidence().get(0).text()).contains("Rank  8", "mpiworker-1");
    }

    @Test
    void anNcclLogCommunicatorWithUnevenRanksPerHostIsNamedWhenEveryRankIsShown() {
        // Minimal NCCL INFO lines of one 3-rank communicator: two ranks on nodeA, one on nodeB.
        String log = """
                nodeA:1001:1001 [0] NCCL INFO comm 0x55aa00 rank 0 nranks 3 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x1234abcd - Init COMPLETE
                nodeA:1002:1002 [1] NCCL INFO comm 0x55aa01 rank 1 nranks 3 cudaDev 1 nvmlDev 1 busId 2c000 commId 0x1234abcd - Init COMPLETE
                nodeB:2001:2001 [0] NCCL INFO comm 0x66bb00 rank 2 nranks 3 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x1234abcd - Init COMPLETE
                """;
        Finding f = withCode(analyze(Evidence.builder().addText("job.log", log).build()), CODE).get(0);
        assertThat(en(f)).isEqualTo("Rank count 1 on nodeB, 2 on the other hosts (NCCL_DEBUG=INFO).");
        assertThat(f.evidence()).extracting(l -> l.line()).containsExactly(3, 1);
        // A log cut short (rank 2 of 3 never shown) says nothing about the job's layout.
        String cut = log.lines().limit(2).collect(Collectors.joining("\n"));
        assertThat(withCode(analyze(Evidence.builder().addText("job.log", cut).build()), CODE)).isEmpty();
    }

    @Test
    void anHcaThatIbstatListsButTheTopoLegendLacksIsAGapOfOneNode() {
        // Real: the Puget workstation's topo legend and ibv_devinfo agree (mlx5_0, mlx5_1); so do penny's legend and
        // its two-device ibstatus excerpt.
        assertThat(analyze(Inputs.onNodes("dev-canyon1", "topo/stelline-puget-wrx90-1.txt",
                "dev-canyon1", "ibstat/stelline-puget-wrx90-1.txt"))).noneMatch(f -> f.code().equals(CODE));
        assertThat(analyze(Inputs.onNodes("p", "topo/penny-worklog-1-1.txt", "p", "ibstat/penny-worklog-1-2.txt"))).isEmpty();
        // Minimal ibstat with a third, active HCA next to the L40S host's topo (legend mlx5_0, mlx5_1).
        String ib = """
                CA 'mlx5_0'
                \tCA type: MT4129
                \tPort 1:
                \t\tState: Active
                \t\tPhysical state: LinkUp
                \t\tRate: 400
                \t\tLink layer: InfiniBand
                CA 'mlx5_1'
                \tCA type: MT4129
                \tPort 1:
                \t\tState: Active
                \t\tPhysical state: LinkUp
                \t\tRate: 400
                \t\tLink layer: InfiniBand
                CA 'mlx5_2'
                \tCA type: MT4129
                \tPort 1:
                \t\tState: Active
                \t\tPhysical state: LinkUp
                \t\tRate: 400
                \t\tLink layer: InfiniBand
                """;
        Evidence e = Evidence.builder().addText("topo.txt", Corpus.read("topo/kagaho-l40s-collect-env-1.txt"), "shockwave")
                .addText("ibstat.txt", ib, "shockwave").build();
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.subject().device()).isEqualTo("mlx5_2");
        assertThat(f.params()).containsEntry("hca", "mlx5_2").containsEntry("node", "shockwave");
        assertThat(en(f)).contains("ibstat lists mlx5_2", "NIC Legend: mlx5_0, mlx5_1");
        assertThat(f.evidence().get(0)).satisfies(l -> {
            assertThat(l.artifact()).isEqualTo("ibstat.txt");
            assertThat(l.text()).isEqualTo("CA 'mlx5_2'");
        });
    }

    @Test
    void aGpuNvidiaSmiCannotReachIsGpuLostNotAnAsymmetry() {
        // Minimal nvidia-smi -q: two GPUs attached, one described, the other unreachable (a GPU off the bus).
        String q = """
                ==============NVSMI LOG==============

                Driver Version                            : 535.161.08
                CUDA Version                              : 12.2

                Attached GPUs                             : 2
                GPU 00000000:19:00.0
                    Product Name                          : NVIDIA H100 80GB HBM3

                Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error
                """;
        // The lost GPU has its own code (GPU_LOST, diagnose.tools); the topology check does not count it twice.
        assertThat(withCode(analyze(Evidence.builder().addText("q.txt", q, "gpu7").build()), CODE)).isEmpty();
        Finding f = new io.ncclscope.sdk.diagnose.tools.ToolsAnalyzer().analyze(Evidence.builder().addText("q.txt", q, "gpu7").build())
                .stream().filter(x -> x.code().equals("GPU_LOST")).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.subject().node()).isEqualTo("gpu7");
        assertThat(f.detail().render(java.util.Locale.ENGLISH)).contains("GPU0000:3B:00.0: Unknown Error");
        assertThat(f.evidence().get(0).line()).isEqualTo(10);
        // Without the error line, the count alone says a GPU is missing from the report.
        String missing = q.replace("Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error\n", "");
        Finding g = withCode(analyze(Evidence.builder().addText("q.txt", missing, "gpu7").build()), CODE).get(0);
        assertThat(g.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(en(g)).contains("reports 2 attached GPUs but describes only 1");
        // A paste whose cut marker says lines were left out lists fewer GPUs than it attaches: the scissors, not a GPU.
        assertThat(withCode(analyze(Evidence.builder().addText("q.txt", missing + "# [cut]\n", "gpu7").build()), CODE)).isEmpty();
    }

    @Test
    void aNodeWhereTheToolsFindNoDeviceHasNoneOfThem() {
        // Two real 8x H100 nodes and a third whose nvidia-smi and ibstat print only their "nothing found" lines
        // (minimal texts: the driver lost every GPU, the HCA driver is not loaded).
        Evidence e = Evidence.builder()
                .addText("n1/q.txt", Corpus.read("nvsmi-q/gpud-nvsmi-q-535-161-h100-1.txt"), "n1")
                .addText("n2/q.txt", Corpus.read("nvsmi-q/gpud-nvsmi-q-535-183-h100-vm-1.txt"), "n2")
                .addText("n3/q.txt", "$ nvidia-smi -q\nNo devices were found\n", "n3")
                .addText("n1/ibstat.txt", Corpus.read("ibstat/gpud-ibstat-47-h100-roce-1.txt"), "n1")
                .addText("n2/ibstat.txt", Corpus.read("ibstat/gpud-ibstat-47-h100-some-down-2.txt"), "n2")
                .addText("n3/ibstat.txt", "$ ibstat\nNo IB devices found\n", "n3")
                .build();
        assertThat(withCode(analyze(e), CODE)).extracting(Inputs::en).containsExactlyInAnyOrder(
                "GPU count 0 on n3, 8 on the other nodes (nvidia-smi -q). A missing or hidden GPU leaves NCCL's rings and trees uneven.",
                "NIC count 0 on n3, 12 on the other nodes (ibstat). The nodes with fewer NICs bound the inter-node bandwidth of the whole job.");
        assertThat(withCode(analyze(e), CODE)).allSatisfy(f -> assertThat(f.evidence().get(0).line()).isEqualTo(2));
    }

    @Test
    void aThousandNodeBundleGivesOneFindingPerProblemNotPerNode(@TempDir Path dir) throws Exception {
        // 1,024 node folders (files read back from disk, as the CLI does): the real psg matrix, whose GPU-NIC placement
        // is poor, on 1,023 nodes, and a minimal two-GPU matrix on the last one.
        String psg = Corpus.read("topo/psg-8way-hpl-ai-1.txt");
        for (int i = 0; i < 1024; i++) {
            Path node = Files.createDirectories(dir.resolve("node" + i));
            Files.writeString(node.resolve("topo.txt"), i == 1023 ? TWO_GPUS : psg);
        }
        Evidence e = Evidence.builder().addPath(dir).build();
        assertThat(e.nodes()).hasSize(1024);
        TopologyAnalyzer a = new TopologyAnalyzer();
        a.analyze(e);
        a.analyze(e);
        long t0 = System.nanoTime();
        List<Finding> fs = a.analyze(e);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        // A figure, not a limit (timed assertions fail on a loaded machine); BundleBenchmark measures for real.
        System.out.println("topology: 1,024 nodes in " + ms + " ms");
        assertThat(withCode(fs, CODE)).singleElement().satisfies(f -> {
            assertThat(f.subject().node()).isEqualTo("node1023");
            assertThat(en(f)).startsWith("GPU count 2 on node1023, 8 on the other nodes");
        });
        // The cluster-wide placement problem is one finding listing the nodes, quoting the first node's lines.
        assertThat(withCode(fs, "GPU_NIC_AFFINITY_POOR")).singleElement().satisfies(f -> {
            assertThat(f.subject().node()).isNull();
            assertThat(f.params()).containsEntry("node", "node0");
            assertThat(en(f)).startsWith("On 1023 nodes (node0, node1, node2, node3, node4, node5, node6, node7, node8, "
                    + "node9, node10, node11, +1011): no NIC within PXB for 8 of 8 GPUs");
            assertThat(Inputs.zh(f)).startsWith("在 1023 个节点上（node0, node1");
            assertThat(f.evidence()).allSatisfy(l -> assertThat(l.artifact()).isEqualTo("node0/topo.txt"));
        });
        assertThat(withCode(fs, "NIC_CROSS_NUMA")).hasSize(1);
    }
}
