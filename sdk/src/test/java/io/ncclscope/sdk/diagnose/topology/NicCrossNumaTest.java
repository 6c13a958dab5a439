package io.ncclscope.sdk.diagnose.topology;

import static io.ncclscope.sdk.diagnose.topology.Inputs.analyze;
import static io.ncclscope.sdk.diagnose.topology.Inputs.analyzeFile;
import static io.ncclscope.sdk.diagnose.topology.Inputs.en;
import static io.ncclscope.sdk.diagnose.topology.Inputs.withCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NicCrossNumaTest {

    static final String CODE = "NIC_CROSS_NUMA";

    @Test
    void gpusOfOneNumaNodeWithoutANicWhileTheOtherHoldsBothArePlacedBadly() {
        // Manifest: both HCA ports on socket 0, GPU4-GPU7 (NUMA 1) reach the network only via SYS.
        List<Finding> fs = withCode(analyzeFile("topo/psg-8way-hpl-ai-1.txt"), CODE);
        assertThat(fs).hasSize(1);
        Finding f = fs.get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.subject().gpu()).isEqualTo("GPU4-GPU7");
        assertThat(f.subject().device()).isEqualTo("mlx5_0,mlx5_1");
        // The catalogue's command reads /sys/class/infiniband/${hca}/device/numa_node.
        assertThat(f.params()).containsEntry("hca", "mlx5_0");
        assertThat(en(f)).contains("No NIC on NUMA node 1 for GPU4-GPU7", "NUMA node 0 holds mlx5_0, mlx5_1");
        assertThat(f.evidence().get(0).text()).startsWith("GPU4").endsWith("16-31   1");
        assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).startsWith("mlx5_0  NODE"));
    }

    @Test
    void aNicsNumaNodeIsThatOfTheGpusItReachesWithinTheNode() {
        // Manifest: only 2 NICs for 8 GPUs and both hang off NUMA 1 (under GPU6's host bridge).
        Finding f = withCode(analyzeFile("topo/arthurchiao-gpu-notes-1-h20-1.txt"), CODE).get(0);
        assertThat(en(f)).contains("No NIC on NUMA node 0 for GPU0-GPU3", "NUMA node 1 holds NIC0, NIC1");
        // Manifest: the only NIC hangs off GPU6's host bridge (PHB) on NUMA 1; GPU0-GPU3 are on NUMA 0.
        Finding g = withCode(analyzeFile("topo/go-gpuallocator-17-1.txt"), CODE).get(0);
        assertThat(en(g)).contains("No NIC on NUMA node 0 for GPU0-GPU3", "NUMA node 1 holds NIC0, NIC1");
        // Manifest: the only NIC sits on socket 0, GPU4-7 cross the socket.
        for (String file : List.of("topo/sglang-23020-1.txt", "topo/sglang-23020-2.txt")) {
            assertThat(en(withCode(analyzeFile(file), CODE).get(0)))
                    .contains("No NIC on NUMA node 1 for GPU4-GPU7", "NUMA node 0 holds mlx5_0, mlx5_1");
        }
    }

    @Test
    void nicsThatReachEveryGpuTheyServeOnlyThroughSysSitOnAnotherNumaNode() {
        // Manifest: both NICs are on the other socket (SYS from both GPUs, which are on NUMA 0).
        Finding f = withCode(analyzeFile("topo/kagaho-l40s-collect-env-1.txt"), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.subject().device()).isEqualTo("mlx5_0,mlx5_1");
        assertThat(f.params()).containsEntry("hca", "mlx5_0");
        assertThat(en(f)).contains("another NUMA node (SYS only) serve GPUs of NUMA node 0: mlx5_0, mlx5_1 for GPU0, GPU1");
        assertThat(f.evidence().get(0).text()).startsWith("NIC0").contains("SYS");
    }

    @Test
    void storageAndFrontEndPortsFarFromEveryGpuAreOnlyInformation() {
        // Manifest: NIC8/NIC9 (mlx5_8/mlx5_9, the DGX storage pair) are SYS from all GPUs.
        List<Finding> fs = withCode(analyzeFile("topo/codeidx-27527940882-dgxa100-1.txt"), CODE);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.INFO);
            assertThat(f.subject().device()).isEqualTo("mlx5_8,mlx5_9");
            assertThat(en(f)).contains("mlx5_8, mlx5_9", "NCCL_IB_HCA");
        });
        // Manifest: mlx5_bond_0 is SYS from all GPUs (management/storage bond, excluded from NCCL_IB_HCA).
        assertThat(withCode(analyzeFile("topo/xuesongtap-nvidia-smi-more-2.txt"), CODE)).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.INFO))
                .satisfies(f -> assertThat(f.params()).containsEntry("hca", "mlx5_bond_0"));
        // Manifest: mlx5_0, mlx5_9, mlx5_10 are SYS from every GPU of the VM.
        assertThat(en(withCode(analyzeFile("topo/sglang-25063-1.txt"), CODE).get(0))).contains("mlx5_0, mlx5_9, mlx5_10");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // every path SYS while all GPUs claim NUMA 0: the NUMA columns were flattened (VM or BIOS)
        "topo/xuesongtap-nvidia-smi-more-3.txt",
        // inside a cgroup the GPUs report NUMA '0-1': affinity fields are not trustworthy
        "topo/della-a100-readme-1.txt",
        // NUMA 0 and the POWER9 second socket numbered 8, each with its own HCA pair
        "topo/della-a100-readme-3.txt",
        // well-placed rails; the front-end bond and Ethernet ports sit on a GPU socket (NODE)
        "topo/sglang-28424-1.txt", "topo/penny-worklog-1-1.txt", "topo/sglang-9696-1.txt", "topo/nccl-1617-1.txt",
        "topo/stelline-puget-wrx90-1.txt", "topo/sglang-24413-1.txt"})
    void noCrossNumaWarningWhereNumaIsUnknownFlattenedOrBalanced(String file) {
        assertThat(withCode(analyzeFile(file), CODE)).isEmpty();
    }

    @Test
    void lspciNumaNodesAloneTellABalancedBox() {
        // One GPU and one ConnectX-7 on each socket of the ASUS box (its lspci -vvv excerpts): balanced.
        Evidence e = Inputs.onNodes("coyote2", "lspci/stelline-asus-esc8000a-e12-2.txt",
                "coyote2", "lspci/stelline-asus-esc8000a-e12-3.txt", "coyote2", "lspci/stelline-asus-esc8000a-e12-4.txt",
                "coyote2", "lspci/stelline-asus-esc8000a-e12-5.txt");
        assertThat(analyze(e)).isEmpty();
    }

    @Test
    void lspciNumaNodesAloneTellGpusWithoutALocalNic() {
        // The same box without its second card, and a minimal block for the second port of the first card (written
        // for this test; the corpus holds port 0 only): GPU c1 on NUMA 1 is left without a NIC on its node.
        String port1 = """
                21:00.1 Ethernet controller: Mellanox Technologies MT2910 Family [ConnectX-7]
                \tSubsystem: Mellanox Technologies MT2910 Family [ConnectX-7]
                \tNUMA node: 0
                \tKernel driver in use: mlx5_core
                """;
        Evidence e = Evidence.builder()
                .addText("lspci/stelline-asus-esc8000a-e12-2.txt", Corpus.read("lspci/stelline-asus-esc8000a-e12-2.txt"), "coyote2")
                .addText("lspci/stelline-asus-esc8000a-e12-3.txt", Corpus.read("lspci/stelline-asus-esc8000a-e12-3.txt"), "coyote2")
                .addText("lspci/stelline-asus-esc8000a-e12-5.txt", Corpus.read("lspci/stelline-asus-esc8000a-e12-5.txt"), "coyote2")
                .addText("lspci-21.1.txt", port1, "coyote2")
                .build();
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(en(f)).contains("No NIC on NUMA node 1 for c1:00.0", "NUMA node 0 holds 21:00.0, 21:00.1", "(lspci -vvv)");
        assertThat(f.params()).containsEntry("bdf", "0000:21:00.0");
        assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("NUMA node: 1"));
    }

    @Test
    void numactlGivesTheNumaNodeOfAGpuWhenTheMatrixPrintsOnlyCpuAffinity() {
        // Old layouts print CPU Affinity only. No corpus file of that layout has NICs on one socket: a minimal one,
        // read with the real lscpu of a 2 x EPYC 7513 host (node0 0-31,64-95; node1 32-63,96-127).
        String topo = """
                        GPU0    GPU1    GPU2    GPU3    mlx5_0  mlx5_1  CPU Affinity
                GPU0     X      PXB     SYS     SYS     PIX     PIX     0-31,64-95
                GPU1    PXB      X      SYS     SYS     PXB     PXB     0-31,64-95
                GPU2    SYS     SYS      X      PXB     SYS     SYS     32-63,96-127
                GPU3    SYS     SYS     PXB      X      SYS     SYS     32-63,96-127
                mlx5_0  PIX     PXB     SYS     SYS      X      PIX
                mlx5_1  PIX     PXB     SYS     SYS     PIX      X
                """;
        Evidence e = Evidence.builder().addText("topo.txt", topo, "epyc")
                .addText("lscpu.txt", Corpus.read("numactl/siboehm-bench-results-epyc7513-1.txt"), "epyc").build();
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(en(f)).contains("No NIC on NUMA node 1 for GPU2, GPU3", "NUMA node 0 holds mlx5_0, mlx5_1");
        // Without numactl the NUMA nodes are unknown, and only the paths speak.
        Evidence alone = Evidence.builder().addText("topo.txt", topo, "epyc").build();
        assertThat(withCode(analyze(alone), CODE)).isEmpty();
        assertThat(withCode(analyze(alone), "GPU_NIC_AFFINITY_POOR")).singleElement()
                .satisfies(x -> assertThat(x.severity()).isEqualTo(FindingSeverity.ERROR));
    }

    @Test
    void anNcclTopologyDumpWithBothPortsOnOneCpuLeavesTheOtherCpusGpusWithoutANic() {
        String xml = GpuNicAffinityTest.XML.replace("""
                          <net name="mlx5_0" dev="0" speed="400000" port="1" latency="0.000000" guid="0x1234" maxconn="131072" gdr="1"/>
                """, """
                          <net name="mlx5_0" dev="0" speed="400000" port="1" latency="0.000000" guid="0x1234" maxconn="131072" gdr="1"/>
                          <net name="mlx5_1" dev="1" speed="400000" port="2" latency="0.000000" guid="0x1235" maxconn="131072" gdr="1"/>
                """);
        assertThat(xml).contains("mlx5_1");
        Evidence e = Evidence.builder().addText("topo.xml", xml, "gpu-a1").build();
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(en(f)).contains("No NIC on NUMA node 1 for GPU1", "NUMA node 0 holds mlx5_0, mlx5_1", "(NCCL_TOPO_DUMP_FILE)");
    }
}
