package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclWarning;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.parsers.topo.Topology;
import org.junit.jupiter.api.Test;

/**
 * Layouts of real tool output that were once "no known tool output" or read as nothing (issue 20): pasted excerpts,
 * other forms of a command, wrappers and launchers around the lines. The inputs are written here from the format each
 * tool prints (the corpus files that showed each layout are named), not copied from anyone's paste. Every one must be
 * detected as its kind without a hint and parse with no error and with its facts.
 */
class ToolOutputLayoutsTest {

    private static ParseResult<?> read(String text, Kind kind) {
        assertThat(Parsers.detect(text).kind()).as("detected kind (scores %s)", Parsers.detect(text).scores()).isEqualTo(kind);
        ParseResult<?> r = Parsers.parse(text);
        assertThat(r.warnings()).as("warnings").noneMatch(w -> w.severity() == Severity.ERROR);
        return r;
    }

    private static boolean onlyInfo(ParseResult<?> r) {
        return r.warnings().stream().allMatch(w -> w.severity() == Severity.INFO);
    }

    // ---- nvidia-smi --------------------------------------------------------------------------------------------

    @Test
    void queryCutByGrepGivesOneGpuPerRepeatedSection() {
        String text = """
                            Link Width
                                Max                               : 16x
                                Current                           : 8x
                --
                            Link Width
                                Max                               : 16x
                                Current                           : 16x
                """;
        NvidiaSmiData d = (NvidiaSmiData) read(text, Kind.NVIDIA_SMI_Q).data();
        assertThat(d.gpus()).extracting(g -> g.pcie().widthCurrent()).containsExactly(8, 16);
        assertThat(d.gpus()).extracting(g -> g.pcie().widthMax()).containsExactly(16, 16);
    }

    @Test
    void queryExcerptOfGenerationAndNames() {
        String text = """
                    Product Name                          : NVIDIA H100 80GB HBM3
                        PCIe Generation
                            Max                           : 5
                            Current                       : 1
                    Product Name                          : NVIDIA H100 80GB HBM3
                        PCIe Generation
                            Max                           : 5
                            Current                       : 5
                """;
        NvidiaSmiData d = (NvidiaSmiData) read(text, Kind.NVIDIA_SMI_Q).data();
        assertThat(d.gpus()).extracting(NvsmiGpu::name).containsExactly("NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3");
        assertThat(d.gpus()).extracting(g -> g.pcie().genCurrent()).containsExactly(1, 5);
    }

    @Test
    void queryXmlIsReadLikeTheTextForm() {
        // nvidia-smi -q -x (corpus-more nvsmi-q/netdata-testdata-a100-sxm4-mig-1): one element per line.
        String text = """
                <?xml version="1.0" ?>
                <!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">
                <nvidia_smi_log>
                    <driver_version>550.54.15</driver_version>
                    <cuda_version>12.4</cuda_version>
                    <attached_gpus>1</attached_gpus>
                    <gpu id="00000000:3B:00.0">
                        <product_name>NVIDIA H100 80GB HBM3</product_name>
                        <uuid>GPU-00000000-1111-2222-3333-444444444444</uuid>
                        <pci>
                            <pci_bus_id>00000000:3B:00.0</pci_bus_id>
                            <pci_gpu_link_info>
                                <pcie_gen>
                                    <max_link_gen>5</max_link_gen>
                                    <current_link_gen>4</current_link_gen>
                                </pcie_gen>
                                <link_widths>
                                    <max_link_width>16x</max_link_width>
                                    <current_link_width>16x</current_link_width>
                                </link_widths>
                            </pci_gpu_link_info>
                        </pci>
                    </gpu>
                </nvidia_smi_log>
                """;
        ParseResult<?> r = read(text, Kind.NVIDIA_SMI_Q);
        NvidiaSmiData d = (NvidiaSmiData) r.data();
        assertThat(d.driverVersion()).isEqualTo("550.54.15");
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.busId()).isEqualTo("0000:3b:00.0");
            assertThat(g.name()).isEqualTo("NVIDIA H100 80GB HBM3");
            assertThat(g.pcie().genCurrent()).isEqualTo(4);
            assertThat(g.pcie().genMax()).isEqualTo(5);
            assertThat(g.pcie().widthCurrent()).isEqualTo(16);
        });
        assertThat(onlyInfo(r)).as("warnings %s", r.warnings()).isTrue();
    }

    @Test
    void nvlinkCapabilitiesAreSkippedQuietly() {
        String text = """
                GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-00000000-1111-2222-3333-444444444444)
                \t Link 0, P2P is supported: true
                \t Link 0, Access to system memory supported: true
                \t Link 0, P2P atomics supported: true
                \t Link 0, Link is supported: false
                """;
        ParseResult<?> r = read(text, Kind.NVIDIA_SMI_Q);
        assertThat(onlyInfo(r)).as("warnings %s", r.warnings()).isTrue();
    }

    @Test
    void nvlinkStatusCutWithDotsKeepsTheLinksBeforeTheCut() {
        // corpus-more nvsmi-q/nccl-tests-228-1 and azhpc-diagnostics-73-1: a run of dots where the paste left lines out.
        String text = """
                GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-00000000-1111-2222-3333-444444444444)
                \t Link 0: 25 GB/s
                \t Link 1: 25 GB/s
                GPU 1: NVIDIA A100-SXM4-80GB (UUID: GPU-00000000-1111-2222-3333-555555555555)
                \t Link 0: 25 GB/s
                ......
                """;
        ParseResult<?> r = read(text, Kind.NVIDIA_SMI_Q);
        assertThat(((NvidiaSmiData) r.data()).gpus()).extracting(g -> g.nvlinks().size()).containsExactly(2, 1);
        assertThat(onlyInfo(r)).as("warnings %s", r.warnings()).isTrue();
    }

    // ---- nccl-tests --------------------------------------------------------------------------------------------

    private static final String ROW_1 =
            "     8388608       2097152     float     sum      -1    150.2   55.85  104.72      0    149.8   56.00  105.00      0";
    private static final String ROW_2 =
            "    16777216       4194304     float     sum      -1    270.4   62.05  116.34      0    269.9   62.16  116.55      0";
    private static final String HEADER =
            "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong";

    @Test
    void resultRowsWithNoHeaderAreATable() {
        NcclTestsData d = (NcclTestsData) read(ROW_1 + "\n" + ROW_2 + "\n", Kind.NCCL_TESTS).data();
        assertThat(d.rows()).extracting(NcclTestsRow::size).containsExactly(8388608L, 16777216L);
    }

    @Test
    void mpiNoiseBetweenRowsIsSkipped() {
        String text = HEADER + "\n" + ROW_1 + "\n"
                + "[node2:04711] 1 more process has sent help message help-mpi-btl-openib.txt / no device params found\n"
                + "[node2:04711] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages\n"
                + ROW_2 + "\n";
        NcclTestsData d = (NcclTestsData) read(text, Kind.NCCL_TESTS).data();
        assertThat(d.rows()).hasSize(2);
    }

    @Test
    void rowsBehindALogTimestampAreRead() {
        // kubectl logs --timestamps of a launcher pod, and a Python runner's logging prefix.
        String kubectl = "2026-12-02T09:02:20.123456789Z " + HEADER + "\n2026-12-02T09:02:21.000000001Z " + ROW_1
                + "\n2026-12-02T09:02:22.000000001Z " + ROW_2 + "\n";
        assertThat(((NcclTestsData) read(kubectl, Kind.NCCL_TESTS).data()).rows()).hasSize(2);
        String runner = "2026-12-02 09:02:20,123 INFO launcher: " + HEADER + "\n2026-12-02 09:02:21,001 INFO launcher: " + ROW_1
                + "\n2026-12-02 09:02:22,002 INFO launcher: " + ROW_2 + "\n";
        assertThat(((NcclTestsData) read(runner, Kind.NCCL_TESTS).data()).rows()).hasSize(2);
    }

    // ---- NCCL logs ---------------------------------------------------------------------------------------------

    @Test
    void warnWithoutHostIsAnNcclLine() {
        // corpus-more nccl-logs/nccl-210-1 (no prefix at all) and nccl-111-1 (a host name with spaces, no pid).
        NcclLog bare = (NcclLog) read("include/socket.h:344 WARN Socket creation failed : Address family not supported\n",
                Kind.NCCL_LOG).data();
        assertThat(bare.warnings()).extracting(NcclWarning::text).containsExactly("Socket creation failed : Address family not supported");
        NcclLog mangled = (NcclLog) read("my host [0] misc/socket.cc:480 WARN Net : Connect to 10.0.0.2<4711> failed : Connection refused\n",
                Kind.NCCL_LOG).data();
        assertThat(mangled.warnings()).singleElement().satisfies(w -> assertThat(w.source()).isEqualTo("misc/socket.cc:480"));
    }

    @Test
    void aClockTimeBeforeWarnIsNoSourceFile() {
        assertThat(Parsers.detect("10:00:41 WARN disk almost full\n10:00:42 WARN disk almost full\n").kind()).isEqualTo(Kind.UNKNOWN);
    }

    @Test
    void netPluginOwnLayoutIsRead() {
        // aws-ofi-nccl before 1.7 printed "LEVEL: Function: f Line: N: message" (corpus-more aws-ofi-nccl-22-1, -67-1).
        String text = """
                INFO: Function: ofi_init Line: 700: NET/OFI Selected Provider is efa
                node-a: WARN: Function: find_ofi_provider Line: 540: NET/OFI Couldn't find any optimal provider
                """;
        NcclLog d = (NcclLog) read(text, Kind.NCCL_LOG).data();
        assertThat(d.warnings()).extracting(NcclWarning::text).containsExactly("NET/OFI Couldn't find any optimal provider");
    }

    @Test
    void pytorchProcessGroupLinesAloneAreAnNcclLog() {
        // corpus-more sglang-20859-1, llamafactory-8261-1, pytorch-131781-1: NCCL_DEBUG unset, only PyTorch's lines.
        String text = """
                [rank3]:[E1202 09:02:20.123456789 ProcessGroupNCCL.cpp:700] [Rank 3] Some NCCL operations have failed or timed out.
                [rank3]: torch.distributed.DistBackendError: [3] is setting up NCCL communicator and retrieving ncclUniqueId from [0]
                """;
        read(text, Kind.NCCL_LOG);
    }

    @Test
    void rasClientReportIsAnNcclLog() {
        // The ncclras client's report opens with NCCL's own banner, unprefixed (corpus-more nccl-1911-1).
        String text = """
                NCCL version 2.26.2 compiled with CUDA 12.8
                CUDA runtime version 12080, driver version 12080

                Job summary
                ===========
                """;
        NcclLog d = (NcclLog) read(text, Kind.NCCL_LOG).data();
        assertThat(d.ncclVersion()).isEqualTo("2.26.2");
    }

    // ---- topo --------------------------------------------------------------------------------------------------

    @Test
    void topoHeaderRetypedWithShortNumaColumns() {
        // corpus-more topo/weiziyang-gpu-communication1-1: "NUMA" and "GPU NUMA" for the last two columns, dashes under it.
        String text = """
                      GPU0  GPU1  NIC0  CPU Affinity   NUMA  GPU NUMA
                -----------------------------------------------------
                GPU0   X    NV18  PIX   0-47           0     N/A
                GPU1  NV18   X    NODE  0-47           0     N/A
                NIC0  PIX   NODE   X

                NIC Legend:

                  NIC0: mlx5_0
                """;
        Topology t = (Topology) read(text, Kind.TOPO).data();
        assertThat(t.gpus()).hasSize(2);
        assertThat(t.gpus().get(0).numaAffinity()).isEqualTo("0");
        assertThat(t.nics()).singleElement().satisfies(n -> assertThat(n.device()).isEqualTo("mlx5_0"));
    }

    @Test
    void topoP2pStatusMatrixIsATopo() {
        String text = " \tGPU0\tGPU1\t\nGPU0\tX\tOK\t\nGPU1\tOK\tX\t\n\nLegend:\n\n  X    = Self\n  OK   = Status Ok\n"
                + "  CNS  = Chipset not supported\n  NS   = Not supported\n";
        read(text, Kind.TOPO);
    }
}
