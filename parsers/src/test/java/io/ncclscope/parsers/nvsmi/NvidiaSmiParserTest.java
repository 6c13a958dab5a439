package io.ncclscope.parsers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link NvidiaSmiParser}. */
class NvidiaSmiParserTest {

    private final NvidiaSmiParser parser = new NvidiaSmiParser();

    private static final String OLD_Q = """
            ==============NVSMI LOG==============

            Driver Version                      : 470.82.01
            CUDA Version                        : 11.4

            Attached GPUs                       : 1
            GPU 00000000:B1:00.0
                Product Name                    : NVIDIA A100-SXM4-40GB
                PCI
                    Bus Id                      : 00000000:B1:00.0
                    GPU Link Info
                        PCIe Generation
                            Max                 : 4
                            Current             : 4
                        Link Width
                            Max                 : 16x
                            Current             : 8x
            """;

    @Test
    void emptyInputIsAnError() {
        ParseResult<NvidiaSmiData> r = parser.parse("");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.line() == 0 && w.message().equals("no nvidia-smi-q content found"));
        assertThat(r.data().gpus()).isEmpty();
        assertThat(r.data().source()).isEqualTo(NvsmiSource.UNKNOWN);
    }

    @Test
    void garbageIsAnErrorNotAnException() {
        ParseResult<NvidiaSmiData> r = parser.parse("hello world\n\u0000\u0001 binary \uFFFD\nfoo: bar\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(parser.sniff("hello world\nfoo: bar\n")).isZero();
    }

    @Test
    void olderDriverPrintsOnlyCurrentAndMax() {
        ParseResult<NvidiaSmiData> r = parser.parse(OLD_Q);
        assertThat(r.hasErrors()).isFalse();
        NvsmiGpu g = r.data().gpus().get(0);
        assertThat(g.busId()).isEqualTo("0000:b1:00.0");
        assertThat(g.pcie().genCurrent()).isEqualTo(4);
        assertThat(g.pcie().genMax()).isEqualTo(4);
        assertThat(g.pcie().genDeviceMax()).isNull();
        assertThat(g.pcie().genHostMax()).isNull();
        assertThat(g.pcie().widthCurrent()).isEqualTo(8);
        assertThat(g.pcie().widthMax()).isEqualTo(16);
    }

    @Test
    void driverPrintingOnlyDeviceValuesFallsBackToThem() {
        String q = """
                GPU 00000000:01:00.0
                    PCI
                        GPU Link Info
                            PCIe Generation
                                Device Current            : 1
                                Device Max                : 5
                                Host Max                  : 5
                            Link Width
                                Max                       : 16x
                                Current                   : 16x
                """;
        PcieLink p = parser.parse(q).data().gpus().get(0).pcie();
        assertThat(p.genCurrent()).isEqualTo(1);
        assertThat(p.genMax()).isEqualTo(5);
        assertThat(p.genHostMax()).isEqualTo(5);
    }

    @Test
    void crlfAndTabsAreRead() {
        String crlf = OLD_Q.replace("\n", "\r\n").replace("    ", "\t");
        ParseResult<NvidiaSmiData> r = parser.parse(crlf);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().gpus().get(0).pcie().widthCurrent()).isEqualTo(8);
        assertThat(r.data().driverVersion()).isEqualTo("470.82.01");
    }

    @Test
    void truncatedLastLineKeepsWhatWasRead() {
        String cut = OLD_Q.substring(0, OLD_Q.indexOf("Current             : 8x") + 10);
        ParseResult<NvidiaSmiData> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        PcieLink p = r.data().gpus().get(0).pcie();
        assertThat(p.widthMax()).isEqualTo(16);
        assertThat(p.widthCurrent()).isNull();
    }

    @Test
    void nvlinkStatusWithInactiveLinks() {
        String s = """
                $ nvidia-smi nvlink -s
                GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-aaaa)
                \t Link 0: 26.562 GB/s
                \t Link 1: <inactive>
                GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-bbbb)
                \t Link 0: 26.562 GB/s
                """;
        ParseResult<NvidiaSmiData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().source()).isEqualTo(NvsmiSource.NVLINK_STATUS);
        NvsmiGpu g0 = r.data().gpus().get(0);
        assertThat(g0.nvlinks()).hasSize(2);
        assertThat(g0.nvlinks().get(1).speedGBs()).isNull();
        assertThat(g0.nvlinks().get(1).active()).isFalse();
        assertThat(g0.nvlinks().get(1).line()).isEqualTo(4);
        assertThat(g0.activeNvlinks()).isEqualTo(1);
        assertThat(parser.sniff(s)).isGreaterThanOrEqualTo(90);
    }

    @Test
    void csvWithoutHeaderTakesColumnsFromTheCommand() {
        String s = """
                $ nvidia-smi --query-gpu=index,pci.bus_id,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max --format=csv,noheader
                0, 00000000:19:00.0, 5, 5, 16, 16
                1, 00000000:3B:00.0, 1, 5, 8, 16
                """;
        ParseResult<NvidiaSmiData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().gpus()).hasSize(2);
        NvsmiGpu g1 = r.data().gpus().get(1);
        assertThat(g1.index()).isEqualTo(1);
        assertThat(g1.busId()).isEqualTo("0000:3b:00.0");
        assertThat(g1.pcie().genCurrent()).isEqualTo(1);
        assertThat(g1.pcie().widthCurrent()).isEqualTo(8);
        assertThat(g1.pcie().widthMax()).isEqualTo(16);
    }

    @Test
    void csvNaCellsAreNull() {
        String s = """
                index, pcie.link.gen.current, pcie.link.gen.hostmax, memory.total [MiB]
                0, 4, [N/A], 81559 MiB
                """;
        NvsmiGpu g = parser.parse(s).data().gpus().get(0);
        assertThat(g.pcie().genHostMax()).isNull();
        assertThat(g.pcie().genCurrent()).isEqualTo(4);
        assertThat(g.memory().totalMib()).isEqualTo(81559L);
        assertThat(parser.sniff(s)).isGreaterThanOrEqualTo(80);
    }

    @Test
    void formsOfOneNodeAreMergedPerGpu() {
        String s = """
                $ nvidia-smi -L
                GPU 0: NVIDIA H200 (UUID: GPU-1111)
                $ nvidia-smi --query-gpu=index,uuid,pci.bus_id --format=csv
                index, uuid, pci.bus_id
                0, GPU-1111, 00000000:00:06.0
                $ nvidia-smi -q -d PCI
                GPU 00000000:00:06.0
                    PCI
                        GPU Link Info
                            Link Width
                                Max                       : 16x
                                Current                   : 16x
                """;
        ParseResult<NvidiaSmiData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().sources()).containsExactly(NvsmiSource.LIST, NvsmiSource.QUERY_GPU_CSV, NvsmiSource.QUERY);
        assertThat(r.data().gpus()).singleElement().satisfies(g -> {
            assertThat(g.index()).isEqualTo(0);
            assertThat(g.uuid()).isEqualTo("GPU-1111");
            assertThat(g.busId()).isEqualTo("0000:00:06.0");
            assertThat(g.pcie().widthMax()).isEqualTo(16);
            assertThat(g.line()).isEqualTo(2);
        });
    }

    @Test
    void driverFailureIsAToolError() {
        String s = "$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
                + "Make sure that the latest NVIDIA driver is installed and running.\n";
        ParseResult<NvidiaSmiData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().toolErrors()).hasSize(1);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 2);
    }

    @Test
    void topoCommandIsNotThisKind() {
        assertThat(parser.sniff("$ nvidia-smi topo -m\n\tGPU0\tCPU Affinity\nGPU0\t X \t0-15\n")).isZero();
    }

    @Test
    void hugeLineIsCutNotFatal() {
        String s = "==============NVSMI LOG==============\n" + "x".repeat(200_000) + "\nDriver Version : 1.2\n";
        ParseResult<NvidiaSmiData> r = parser.parse(s);
        assertThat(r.data().driverVersion()).isEqualTo("1.2");
        assertThat(r.hasErrors()).isFalse();
    }

    @Test
    void cutMarkerSaysLinesWereLeftOut() {
        String attachedTwo = OLD_Q.replace("Attached GPUs                       : 1", "Attached GPUs                       : 2");
        assertThat(parser.parse(attachedTwo).data().linesLeftOut()).isFalse();
        for (String marker : new String[] {"# [cut]", "......", "[...]"}) {
            ParseResult<NvidiaSmiData> r = parser.parse(attachedTwo + marker + "\n");
            assertThat(r.data().linesLeftOut()).as(marker).isTrue();
            assertThat(r.data().gpus()).hasSize(1);
            assertThat(r.data().attachedGpus()).isEqualTo(2);
        }
    }

    @Test
    void oneLineLinkInfoForm() {
        String q = """
                GPU 00000000:01:00.0
                    PCI
                        GPU Link Info
                            PCIe Generation       : Max 4, Current 1
                            Link Width            : Max 16x, Current 8x
                """;
        PcieLink p = parser.parse(q).data().gpus().get(0).pcie();
        assertThat(p.genMax()).isEqualTo(4);
        assertThat(p.genCurrent()).isEqualTo(1);
        assertThat(p.widthMax()).isEqualTo(16);
        assertThat(p.widthCurrent()).isEqualTo(8);
    }
}
