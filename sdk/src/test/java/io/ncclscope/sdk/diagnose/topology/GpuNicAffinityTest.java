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

class GpuNicAffinityTest {

    static final String CODE = "GPU_NIC_AFFINITY_POOR";

    @Test
    void halfTheGpusReachTheOnlyHcaAcrossTheSocketIsOneErrorListingEveryGpuAndItsBestPath() {
        // Manifest: both HCA ports on socket 0, GPU4-GPU7 reach the network only via SYS; even GPU0-3 only NODE.
        List<Finding> fs = withCode(analyzeFile("topo/psg-8way-hpl-ai-1.txt"), CODE);
        assertThat(fs).hasSize(1);
        Finding f = fs.get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(f.subject().gpu()).isEqualTo("GPU0-GPU7");
        assertThat(f.subject().device()).isEqualTo("mlx5_0,mlx5_1");
        assertThat(f.params()).containsEntry("hca", "mlx5_0,mlx5_1").containsEntry("gpu", "GPU0-GPU7");
        assertThat(en(f)).contains("8 of 8 GPUs", "GPU0-GPU3 (NUMA 0) → mlx5_0, mlx5_1 (NODE)", "GPU4-GPU7 (NUMA 1) → mlx5_0, mlx5_1 (SYS)",
                "(SYS) for GPU4-GPU7", "NCCL_NET_GDR_LEVEL");
        // The worst rows first, then the header that names the columns.
        assertThat(f.evidence().get(0).line()).isEqualTo(6);
        assertThat(f.evidence().get(0).text()).startsWith("GPU4").contains("SYS");
        assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("mlx5_0  mlx5_1  CPU Affinity"));
    }

    @Test
    void nicsOnTheOtherSocketOfBothGpusAreAnError() {
        // Manifest: both NICs are on the other socket (SYS from both GPUs) -> GPUDirect RDMA crosses UPI.
        Finding f = withCode(analyzeFile("topo/kagaho-l40s-collect-env-1.txt"), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(en(f)).contains("GPU0, GPU1 (NUMA 0) → mlx5_0, mlx5_1 (SYS)");
        assertThat(f.evidence()).extracting(l -> l.line()).contains(2, 3, 1, 19, 20);
    }

    @Test
    void nodeAndPhbPathsAreAWarning() {
        // Manifest: single NUMA node, GPU<->NIC only NODE (different root ports).
        Finding f = withCode(analyzeFile("topo/stelline-puget-wrx90-1.txt"), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(en(f)).contains("GPU0, GPU1 (NUMA 0) → mlx5_0, mlx5_1 (NODE)").doesNotContain("SYS");
        // A VM's one GPU and one passed-through HCA, PHB apart: NCCL sees PHB and turns GPUDirect RDMA off too.
        Finding vm = withCode(analyzeFile("topo/sglang-24413-1.txt"), CODE).get(0);
        assertThat(vm.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(en(vm)).contains("GPU0 (NUMA 0) → mlx5_0 (PHB)");
    }

    @Test
    void anNvlinkPeerWithAPixNicIsNamedAsPxnRelay() {
        // Manifest: one dual-port NIC for 8 NVLinked GPUs, hanging under GPU0; GPU4-7 cross sockets.
        Finding f = withCode(analyzeFile("topo/sglang-23020-2.txt"), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(f.subject().gpu()).isEqualTo("GPU1-GPU7");
        assertThat(en(f)).contains("7 of 8 GPUs", "GPU1-GPU3 (NUMA 0) → mlx5_0, mlx5_1 (NODE)", "GPU4-GPU7 (NUMA 1) → mlx5_0, mlx5_1 (SYS)",
                "through GPU0 (PXN)");
    }

    @Test
    void withoutALegendTheNicsKeepTheirColumnNames() {
        // Manifest: only 2 NICs for 8 GPUs, both under NUMA 1; no NIC legend in the excerpt.
        Finding f = withCode(analyzeFile("topo/arthurchiao-gpu-notes-1-h20-1.txt"), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(en(f)).contains("GPU0-GPU3 (NUMA 0) → NIC0, NIC1 (SYS)", "GPU4, GPU5, GPU7 (NUMA 1) → NIC0, NIC1 (NODE)",
                "GPU6 (NUMA 1) → NIC0, NIC1 (PHB)");
        assertThat(f.params()).doesNotContainKey("hca");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // 1 GPU : 1 PIX NIC rails (the legend skips devices: NICk is not mlx5_k)
        "topo/sglang-28424-1.txt", "topo/sglang-9696-1.txt", "topo/penny-worklog-1-1.txt", "topo/nccl-1617-1.txt",
        "topo/sglang-25063-1.txt",
        // PXB through a two-level switch is the DGX A100 design: NCCL keeps GPUDirect RDMA at PXB
        "topo/codeidx-27527940882-dgxa100-1.txt", "topo/xuesongtap-nvidia-smi-more-2.txt",
        "topo/awesome-mlsys-verl-multinodes-1.txt"})
    void gpusWithACloseNicAreNotReported(String file) {
        assertThat(withCode(analyzeFile(file), CODE)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"topo/club3090-46-1.txt", "topo/codeidx-18638199536-rtx4090x8-1.txt",
        "topo/sglang-25073-1.txt", "topo/sglang-23272-1.txt", "topo/mleng-network-readme-2.txt",
        "captured/h200-1gpu/sys/topo-m.txt"})
    void aBoxWithoutNicsGetsNoFindingAtAll(String file) {
        assertThat(analyzeFile(file)).isEmpty();
    }

    @Test
    void theCapturedH200NodeIsSilent() throws Exception {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu")).build();
        assertThat(analyze(e)).isEmpty();
    }

    @Test
    void pastedMatricesOfSeveralMachinesAreReadOneByOne() {
        // Two topo pastes that name no node (two machines), and an lspci -vvv paste: each matrix is its own machine.
        Evidence e = Evidence.builder()
                .addText("topo/psg-8way-hpl-ai-1.txt", Corpus.read("topo/psg-8way-hpl-ai-1.txt"))
                .addText("topo/kagaho-l40s-collect-env-1.txt", Corpus.read("topo/kagaho-l40s-collect-env-1.txt"))
                .addText("lspci/stelline-asus-esc8000a-e12-3.txt", Corpus.read("lspci/stelline-asus-esc8000a-e12-3.txt"))
                .build();
        List<Finding> fs = withCode(analyze(e), CODE);
        assertThat(fs).hasSize(2).allSatisfy(f -> assertThat(f.subject().node()).isNull());
        assertThat(fs).extracting(f -> f.evidence().get(0).artifact())
                .containsExactlyInAnyOrder("topo/psg-8way-hpl-ai-1.txt", "topo/kagaho-l40s-collect-env-1.txt");
    }

    @Test
    void anLspciTreeWithGpusAndNicsOnDifferentRootComplexesIsAWarning() {
        // Manifest: GPUs and NICs on different root complexes => NCCL path NODE/SYS, no shared PCIe switch.
        Finding f = withCode(analyzeFile("lspci/stelline-asus-esc8000a-e12-1.txt"), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(en(f)).contains("4 of 4 GPUs", "01:00.0, 41:00.0, c1:00.0, e1:00.0 → 21:00.0, 21:00.1, 81:00.0, 81:00.1 (NODE/SYS)",
                "(lspci -tv)");
        assertThat(f.params()).containsEntry("bdf", "0000:01:00.0");
        assertThat(f.evidence().get(0).text()).contains("01.1-[01]", "RTX 6000 Ada");
    }

    @Test
    void lspciNumaNodesTellNodeFromSysInTheTree() {
        // The same box's lspci -vvv excerpts give NUMA 0 for GPU 01 and NIC 21, NUMA 1 for NIC 81 and GPU c1; a root
        // complex has one NUMA node, so both ports of a card share it. GPUs 41 and e1 stay unknown.
        Evidence e = Inputs.onNodes("coyote2", "lspci/stelline-asus-esc8000a-e12-1.txt",
                "coyote2", "lspci/stelline-asus-esc8000a-e12-2.txt", "coyote2", "lspci/stelline-asus-esc8000a-e12-3.txt",
                "coyote2", "lspci/stelline-asus-esc8000a-e12-4.txt", "coyote2", "lspci/stelline-asus-esc8000a-e12-5.txt",
                "coyote2", "numactl/stelline-asus-esc8000a-e12-1.txt");
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.subject().node()).isEqualTo("coyote2");
        assertThat(en(f)).contains("01:00.0 (NUMA 0) → 21:00.0, 21:00.1 (NODE)", "c1:00.0 (NUMA 1) → 81:00.0, 81:00.1 (NODE)",
                "41:00.0, e1:00.0 → 21:00.0, 21:00.1, 81:00.0, 81:00.1 (NODE/SYS)");
        assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("NUMA node: 0"));
    }

    @Test
    void aTopoMatrixIsPreferredToTheTreeOfTheSameNode() {
        Evidence e = Inputs.onNodes("dev-canyon1", "topo/stelline-puget-wrx90-1.txt",
                "dev-canyon1", "lspci/stelline-puget-wrx90-1.txt", "dev-canyon1", "numactl/stelline-puget-wrx90-1.txt",
                "dev-canyon1", "ibstat/stelline-puget-wrx90-1.txt");
        List<Finding> fs = analyze(e);
        assertThat(fs).hasSize(1);
        assertThat(en(fs.get(0))).contains("(nvidia-smi topo -m)");
        // Alone with numactl (one NUMA node), the tree says NODE rather than NODE/SYS.
        Evidence tree = Inputs.onNodes("dev-canyon1", "lspci/stelline-puget-wrx90-1.txt",
                "dev-canyon1", "numactl/stelline-puget-wrx90-1.txt");
        assertThat(en(withCode(analyze(tree), CODE).get(0))).contains("c1:00.0, c2:00.0 → 21:00.0, 21:00.1 (NODE)");
    }

    // No corpus file holds an NCCL topology dump with an RDMA NIC (the H200 capture has a socket NIC only):
    // a minimal two-socket dump in NCCL's format, a GPU and an HCA under one switch on CPU 0, a GPU alone on CPU 1.
    static final String XML = """
            <system version="1">
              <cpu numaid="0" affinity="0000ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
                <pci busid="0000:17:00.0" class="0x060400" vendor="0x1000" device="0xc030" link_speed="32.0 GT/s PCIe" link_width="16">
                  <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="16">
                    <gpu dev="0" sm="90" rank="0" gdr="1"/>
                  </pci>
                  <pci busid="0000:18:00.0" class="0x020700" vendor="0x15b3" device="0x1021" link_speed="32.0 GT/s PCIe" link_width="16">
                    <nic>
                      <net name="mlx5_0" dev="0" speed="400000" port="1" latency="0.000000" guid="0x1234" maxconn="131072" gdr="1"/>
                    </nic>
                  </pci>
                </pci>
              </cpu>
              <cpu numaid="1" affinity="ffff0000" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
                <pci busid="0000:9a:00.0" class="0x060400" vendor="0x1000" device="0xc030" link_speed="32.0 GT/s PCIe" link_width="16">
                  <pci busid="0000:9b:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="16">
                    <gpu dev="1" sm="90" rank="1" gdr="1"/>
                  </pci>
                </pci>
              </cpu>
            </system>
            """;

    @Test
    void anNcclTopologyDumpIsReadAsNcclSeesIt() {
        Evidence e = Evidence.builder().addText("topo.xml", XML, "gpu-a1").build();
        Finding f = withCode(analyze(e), CODE).get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(f.subject().gpu()).isEqualTo("GPU1");
        assertThat(f.params()).containsEntry("hca", "mlx5_0").containsEntry("bdf", "0000:9b:00.0");
        assertThat(en(f)).contains("1 of 2 GPUs", "GPU1 (NUMA 1) → mlx5_0 (SYS)", "(NCCL_TOPO_DUMP_FILE)");
        assertThat(f.evidence().get(0).text()).contains("<gpu dev=\"1\"");
    }
}
