package io.ncclscope.parsers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus file of manifest kind "nvidia-smi-q", and the facts its manifest row states. */
class NvidiaSmiCorpusTest {

    private final NvidiaSmiParser parser = new NvidiaSmiParser();

    static Stream<Corpus.Entry> files() {
        List<Corpus.Entry> e = Corpus.entries("nvidia-smi-q");
        return e.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "nvidia-smi-q", "", "", "", "")) : e.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutError(Corpus.Entry e) {
        Corpus.assumePresent();
        ParseResult<NvidiaSmiData> r = parser.parse(e.text());
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(Json.pretty(r)).as("JSON of %s", e.file()).contains("\"kind\": \"nvidia-smi-q\"");
        assertThat(r.data().source()).isNotEqualTo(NvsmiSource.UNKNOWN);
        assertThat(parser.sniff(e.text())).as("sniff of %s", e.file()).isGreaterThanOrEqualTo(80);
    }

    private NvidiaSmiData parse(String file) {
        ParseResult<NvidiaSmiData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.severity() == Severity.WARNING
                && w.message().equals("unrecognised line"));
        return r.data();
    }

    private static void assertPcie(NvsmiGpu g, Integer genCur, Integer genMax, Integer widthCur, Integer widthMax) {
        assertThat(g.pcie()).as("pcie of %s", g.busId()).isNotNull();
        assertThat(g.pcie().genCurrent()).as("genCurrent of %s", g.busId()).isEqualTo(genCur);
        assertThat(g.pcie().genMax()).as("genMax of %s", g.busId()).isEqualTo(genMax);
        assertThat(g.pcie().widthCurrent()).as("widthCurrent of %s", g.busId()).isEqualTo(widthCur);
        assertThat(g.pcie().widthMax()).as("widthMax of %s", g.busId()).isEqualTo(widthMax);
    }

    // ------------------------------------------------------------------ captured H200 node

    @Test
    void capturedNvsmiQ() {
        NvidiaSmiData d = parse("captured/h200-1gpu/sys/nvsmi-q.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.QUERY);
        assertThat(d.command()).isEqualTo("nvidia-smi -q");
        assertThat(d.driverVersion()).isEqualTo("580.159.04");
        assertThat(d.cudaVersion()).isEqualTo("13.0");
        assertThat(d.attachedGpus()).isEqualTo(1);
        assertThat(d.gpus()).hasSize(1);
        NvsmiGpu g = d.gpus().get(0);
        assertThat(g.name()).isEqualTo("NVIDIA H200");
        assertThat(g.busId()).isEqualTo("0000:00:06.0");
        assertThat(g.uuid()).isEqualTo("GPU-05110cb6-b727-c797-6ef6-852d85439012");
        assertThat(g.index()).isNull();
        assertPcie(g, 5, 5, 16, 16);
        assertThat(g.pcie().genDeviceCurrent()).isEqualTo(5);
        assertThat(g.pcie().genDeviceMax()).isEqualTo(5);
        assertThat(g.pcie().genHostMax()).as("Host Max N/A in the Firecracker VM").isNull();
        assertThat(g.pcie().line()).isEqualTo(76);
        assertThat(g.virtualizationMode()).isEqualTo("Pass-Through");
        assertThat(g.clocks().smMhz()).isEqualTo(360);
        assertThat(g.clocks().maxSmMhz()).isEqualTo(1980);
        assertThat(g.memory().totalMib()).isEqualTo(143771L);
        assertThat(g.nvlinks()).isEmpty();
    }

    /**
     * The manifest says "nvidia-smi -q -d PCI section for one H200", but this driver rejected the flag:
     * the file holds only the command and "Failed to parse --display/-d flags". The parser reports that.
     */
    @Test
    void capturedNvsmiQPci() {
        NvidiaSmiData d = parse("captured/h200-1gpu/sys/nvsmi-q-pci.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.QUERY);
        assertThat(d.command()).isEqualTo("nvidia-smi -q -d PCI");
        assertThat(d.gpus()).isEmpty();
        assertThat(d.toolErrors()).extracting(NvsmiMessage::text).containsExactly("Failed to parse --display/-d flags");
        assertThat(d.toolErrors().get(0).line()).isEqualTo(2);
    }

    @Test
    void capturedQueryGpuCsv() {
        NvidiaSmiData d = parse("captured/h200-1gpu/sys/nvsmi-pcie-csv.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.QUERY_GPU_CSV);
        assertThat(d.gpus()).hasSize(1);
        NvsmiGpu g = d.gpus().get(0);
        assertThat(g.index()).isEqualTo(0);
        assertThat(g.name()).isEqualTo("NVIDIA H200");
        assertThat(g.busId()).isEqualTo("0000:00:06.0");
        assertPcie(g, 5, 5, 16, 16);
        assertThat(g.clocks().smMhz()).isEqualTo(345);
        assertThat(g.clocks().maxSmMhz()).isEqualTo(1980);
        assertThat(g.line()).isEqualTo(3);
        assertThat(g.csvFields()).containsEntry("clocks.current.sm", "345 MHz").containsEntry("pcie.link.gen.max", "5");
    }

    @Test
    void capturedListGpus() {
        NvidiaSmiData d = parse("captured/h200-1gpu/sys/nvsmi-L.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.LIST);
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.index()).isEqualTo(0);
            assertThat(g.name()).isEqualTo("NVIDIA H200");
            assertThat(g.uuid()).isEqualTo("GPU-05110cb6-b727-c797-6ef6-852d85439012");
            assertThat(g.pcie()).isNull();
        });
    }

    @Test
    void capturedSummaryTable() {
        NvidiaSmiData d = parse("captured/h200-1gpu/sys/nvsmi.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.SUMMARY);
        assertThat(d.driverVersion()).isEqualTo("580.159.04");
        assertThat(d.cudaVersion()).isEqualTo("13.0");
        assertThat(d.timestamp()).isEqualTo("Wed Dec  2 09:01:45 2026");
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.index()).isEqualTo(0);
            assertThat(g.name()).isEqualTo("NVIDIA H200");
            assertThat(g.busId()).isEqualTo("0000:00:06.0");
            assertThat(g.persistenceMode()).isEqualTo("On");
            assertThat(g.performanceState()).isEqualTo("P0");
            assertThat(g.memory().usedMib()).isEqualTo(0L);
            assertThat(g.memory().totalMib()).isEqualTo(143771L);
        });
    }

    /** No NVLink: nvidia-smi printed nothing after the command. Still this kind, no error, no GPU. */
    @Test
    void capturedNvlinkStatusWithoutNvlink() {
        ParseResult<NvidiaSmiData> r = parser.parse(Corpus.read("captured/h200-1gpu/sys/nvlink-s.txt"));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().source()).isEqualTo(NvsmiSource.NVLINK_STATUS);
        assertThat(r.data().command()).isEqualTo("nvidia-smi nvlink -s");
        assertThat(r.data().gpus()).isEmpty();
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.INFO && w.message().contains("no NVLink"));
    }

    // ------------------------------------------------------------------ public corpus

    @Test
    void siboehmBenchNvlinkReadme2() {
        NvidiaSmiData d = parse("nvsmi-q/siboehm-bench-nvlink-readme-2.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.NVLINK_STATUS);
        assertThat(d.gpus()).hasSize(3);
        for (int i = 0; i < 2; i++) {
            NvsmiGpu g = d.gpus().get(i);
            assertThat(g.index()).isEqualTo(i);
            assertThat(g.name()).isEqualTo("NVIDIA RTX A6000");
            assertThat(g.nvlinks()).extracting(NvLink::link).containsExactly(0, 1, 2, 3);
            assertThat(g.nvlinks()).allSatisfy(l -> {
                assertThat(l.speedGBs()).isEqualTo(14.062);
                assertThat(l.active()).isTrue();
            });
            assertThat(g.nvlinkError()).isNull();
        }
        NvsmiGpu g2 = d.gpus().get(2);
        assertThat(g2.uuid()).isEqualTo("GPU-02c05ee3-bdb5-aac7-f9e8-a4c8f3f725b3");
        assertThat(g2.nvlinks()).isEmpty();
        assertThat(g2.nvlinkError()).isEqualTo("NVML: Unable to retrieve NVLink information as all links are inActive");
    }

    @Test
    void thamadaL4() {
        NvidiaSmiData d = parse("nvsmi-q/thamada-nvsim-l4-1.txt");
        assertThat(d.driverVersion()).isEqualTo("550.90.07");
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.busId()).isEqualTo("0000:01:00.0");
            assertThat(g.name()).isEqualTo("NVIDIA L4");
            assertPcie(g, 1, 4, 8, 16);
        });
    }

    @Test
    void thamadaRtx4060Ti() {
        NvidiaSmiData d = parse("nvsmi-q/thamada-nvsim-rtx4060ti-1.txt");
        assertThat(d.driverVersion()).isEqualTo("550.54.14");
        assertThat(d.gpus()).extracting(NvsmiGpu::busId).containsExactly("0000:03:00.0", "0000:09:00.0");
        assertThat(d.gpus()).allSatisfy(g -> assertThat(g.name()).isEqualTo("NVIDIA GeForce RTX 4060 Ti"));
        assertPcie(d.gpus().get(0), 4, 4, 4, 8);
        assertPcie(d.gpus().get(1), 4, 4, 8, 8);
    }

    @Test
    void gpudNvlinkStatusA100() {
        NvidiaSmiData d = parse("nvsmi-q/gpud-nvlink-status-a100-1.txt");
        assertThat(d.source()).isEqualTo(NvsmiSource.NVLINK_STATUS);
        assertThat(d.gpus()).hasSize(8);
        assertThat(d.gpus()).extracting(NvsmiGpu::index).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(d.gpus()).allSatisfy(g -> {
            assertThat(g.name()).isEqualTo("NVIDIA A100-SXM4-80GB");
            assertThat(g.uuid()).startsWith("GPU-");
            assertThat(g.nvlinks()).hasSize(12);
            assertThat(g.nvlinks()).extracting(NvLink::link).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
            assertThat(g.nvlinks()).allSatisfy(l -> assertThat(l.speedGBs()).isEqualTo(25.0));
            assertThat(g.activeNvlinks()).isEqualTo(12);
        });
        assertThat(d.gpus().get(0).uuid()).isEqualTo("GPU-5269b708-678a-b1a8-60f0-c90406537486");
        assertThat(d.gpus().stream().mapToInt(g -> g.nvlinks().size()).sum()).isEqualTo(96);
        assertThat(d.gpus().stream().flatMap(g -> g.nvlinks().stream()).filter(l -> !l.active())).isEmpty();
    }

    @Test
    void gpudH100Driver535161() {
        NvidiaSmiData d = parse("nvsmi-q/gpud-nvsmi-q-535-161-h100-1.txt");
        assertThat(d.driverVersion()).isEqualTo("535.161.08");
        assertThat(d.attachedGpus()).isEqualTo(8);
        assertThat(d.gpus()).extracting(NvsmiGpu::busId).containsExactly("0000:19:00.0", "0000:3b:00.0", "0000:4c:00.0",
                "0000:5d:00.0", "0000:9b:00.0", "0000:bb:00.0", "0000:cb:00.0", "0000:db:00.0");
        assertThat(d.gpus()).allSatisfy(g -> {
            assertThat(g.name()).isEqualTo("NVIDIA H100 80GB HBM3");
            assertPcie(g, 5, 5, 16, 16);
            assertThat(g.pcie().genDeviceCurrent()).isEqualTo(5);
            assertThat(g.pcie().genDeviceMax()).isEqualTo(5);
            assertThat(g.pcie().genHostMax()).isEqualTo(5);
        });
    }

    @Test
    void gpudH100VmDriver535183() {
        NvidiaSmiData d = parse("nvsmi-q/gpud-nvsmi-q-535-183-h100-vm-1.txt");
        assertThat(d.driverVersion()).isEqualTo("535.183.01");
        assertThat(d.gpus()).extracting(NvsmiGpu::busId).containsExactly("0000:53:00.0", "0000:64:00.0", "0000:75:00.0",
                "0000:86:00.0", "0000:97:00.0", "0000:a8:00.0", "0000:b9:00.0", "0000:ca:00.0");
        assertThat(d.gpus()).allSatisfy(g -> {
            assertPcie(g, 5, 5, 16, 16);
            assertThat(g.pcie().genDeviceMax()).isEqualTo(5);
            assertThat(g.pcie().genHostMax()).as("Host Max N/A in a VM").isNull();
            assertThat(g.virtualizationMode()).isEqualTo("Pass-Through");
        });
    }

    @Test
    void gpud4090Driver535154() {
        NvidiaSmiData d = parse("nvsmi-q/gpud-nvsmi-q-535-154-4090-1.txt");
        assertThat(d.driverVersion()).isEqualTo("535.154.05");
        assertThat(d.gpus()).hasSize(8);
        Map<String, Integer> current = Map.of("0000:01:00.0", 4, "0000:23:00.0", 4, "0000:41:00.0", 4, "0000:61:00.0", 4,
                "0000:c1:00.0", 4, "0000:81:00.0", 1, "0000:a1:00.0", 1, "0000:e1:00.0", 1);
        assertThat(d.gpus()).extracting(NvsmiGpu::busId).containsExactlyInAnyOrderElementsOf(current.keySet());
        assertThat(d.gpus()).allSatisfy(g -> {
            assertThat(g.name()).isEqualTo("NVIDIA GeForce RTX 4090");
            assertPcie(g, current.get(g.busId()), 4, 16, 16);
        });
    }

    @Test
    void gpudTitanVDriver560() {
        NvidiaSmiData d = parse("nvsmi-q/gpud-nvsmi-q-560-titanv-1.txt");
        assertThat(d.driverVersion()).isEqualTo("560.35.03");
        assertThat(d.cudaVersion()).isEqualTo("12.6");
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.busId()).isEqualTo("0000:01:00.0");
            assertThat(g.name()).isEqualTo("NVIDIA TITAN V");
            assertPcie(g, 1, 3, 16, 16);
            assertThat(g.pcie().genHostMax()).isEqualTo(3);
        });
    }
}
