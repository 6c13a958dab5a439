package io.ncclscope.parsers.nvbandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus file of manifest kind "nvbandwidth", and the facts its manifest row states. */
class NvbandwidthCorpusTest {

    private final NvbandwidthParser parser = new NvbandwidthParser();

    static Stream<Corpus.Entry> files() {
        List<Corpus.Entry> e = Corpus.entries("nvbandwidth");
        return e.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "nvbandwidth", "", "", "", "")) : e.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutError(Corpus.Entry e) {
        Corpus.assumePresent();
        ParseResult<NvbandwidthData> r = parser.parse(e.text());
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(Json.pretty(r)).as("JSON of %s", e.file()).contains("\"kind\": \"nvbandwidth\"");
        assertThat(r.data().testcases()).as("testcases of %s", e.file()).isNotEmpty();
        assertThat(parser.sniff(e.text())).as("sniff of %s", e.file()).isGreaterThanOrEqualTo(80);
    }

    private NvbandwidthData parse(String file) {
        ParseResult<NvbandwidthData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.message().equals("unrecognised line"));
        return r.data();
    }

    private static List<Double> cells(NvbwTestcase t) {
        return t.matrix().stream().flatMap(List::stream).filter(Objects::nonNull).toList();
    }

    @Test
    void readme1TrustsTheRunningLine() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-readme-1.txt");
        assertThat(d.version()).isNull();
        assertThat(d.devices()).isEmpty();
        NvbwTestcase t = d.testcases().get(0);
        assertThat(d.testcases()).hasSize(1);
        assertThat(t.name()).isEqualTo("device_to_device_memcpy_write_ce");
        assertThat(t.description()).isEqualTo("memcpy CE GPU(row) <- GPU(column) bandwidth (GB/s)");
        assertThat(t.unit()).isEqualTo("GB/s");
        assertThat(t.status()).isEqualTo(NvbwStatus.PASSED);
        assertThat(t.sum()).isNull();
        assertThat(t.matrix()).hasSize(8).allSatisfy(r -> assertThat(r).hasSize(8));
        assertThat(t.rowLabels()).containsExactly("0", "1", "2", "3", "4", "5", "6", "7");
        assertThat(t.columnLabels()).containsExactly("0", "1", "2", "3", "4", "5", "6", "7");
        for (int i = 0; i < 8; i++) {
            assertThat(t.value(i, i)).isEqualTo(0.0);
            for (int j = 0; j < 8; j++) {
                if (i != j) assertThat(t.value(i, j)).isBetween(274.89, 276.76);
            }
        }
        assertThat(t.value(6, 0)).isEqualTo(274.89);
        assertThat(t.max()).isEqualTo(276.76);
    }

    @Test
    void readme2HostToDevice() {
        NvbwTestcase t = parse("nvbandwidth/nvbandwidth-readme-2.txt").testcases().get(0);
        assertThat(t.name()).isEqualTo("host_to_device_memcpy_ce");
        assertThat(t.description()).isEqualTo("memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)");
        assertThat(t.rowLabels()).containsExactly("0");
        assertThat(t.matrix()).singleElement().satisfies(r -> assertThat(r).hasSize(8));
        assertThat(t.min()).isEqualTo(25.94);
        assertThat(t.max()).isEqualTo(26.19);
    }

    @Test
    void readme3Bidirectional() {
        NvbwTestcase t = parse("nvbandwidth/nvbandwidth-readme-3.txt").testcases().get(0);
        assertThat(t.name()).isEqualTo("host_to_device_bidirectional_memcpy_ce");
        assertThat(t.description()).isEqualTo("memcpy CE CPU(row) <-> GPU(column) bandwidth (GB/s)");
        assertThat(t.matrix()).singleElement().satisfies(r -> assertThat(r).hasSize(8));
        assertThat(t.min()).isEqualTo(18.37);
        assertThat(t.max()).isEqualTo(19.59);
    }

    @Test
    void superbenchmarkFixtureTakesShapeFromTheHeader() {
        NvbandwidthData d = parse("nvbandwidth/superbenchmark-testdata-nvbandwidth_results-1.txt");
        assertThat(d.version()).isEqualTo("v0.6");
        assertThat(d.driverVersion()).isEqualTo("550.54.15");
        assertThat(d.cudaRuntimeVersion()).isEqualTo(12040);
        assertThat(d.devices()).singleElement().satisfies(dev -> {
            assertThat(dev.name()).isEqualTo("NVIDIA GH200 480GB");
            assertThat(dev.busId()).isEqualTo("0009:01:00.0");
        });
        NvbwTestcase h2d = d.testcase("host_to_device_memcpy_ce").orElseThrow();
        assertThat(h2d.matrix()).hasSize(2).allSatisfy(r -> assertThat(r).hasSize(3));
        assertThat(h2d.value(0, 0)).isEqualTo(369.36);
        assertThat(h2d.value(0, 2)).isEqualTo(412.11);
        assertThat(h2d.sum()).isEqualTo(1985.60);
        NvbwTestcase d2h = d.testcase("device_to_host_memcpy_ce").orElseThrow();
        assertThat(d2h.matrix()).singleElement().satisfies(r -> assertThat(r).hasSize(2));
        assertThat(d2h.sum()).isEqualTo(607.26);
        assertThat(d.testcase("host_to_device_bidirectional_memcpy_ce").orElseThrow().value(0, 0)).isEqualTo(176.92);
        assertThat(d.testcase("device_to_host_bidirectional_memcpy_ce").orElseThrow().value(0, 0)).isEqualTo(187.26);
        assertThat(d.unnamedWaived()).isEqualTo(17);
        assertThat(d.testcases()).hasSize(15).allSatisfy(t -> {
            assertThat(t.sum()).as("SUM of %s", t.name()).isNotNull();
            assertThat(t.status()).isEqualTo(NvbwStatus.PASSED);
        });
        assertThat(d.testcase("host_device_latency_sm").orElseThrow().unit()).isEqualTo("ns");
    }

    @Test
    void issue42OneByOneMatrix() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-42-1.txt");
        assertThat(d.version()).isEqualTo("v0.8");
        assertThat(d.command()).isEqualTo("./nvbandwidth -t host_to_device_memcpy_sm -b 512");
        assertThat(d.driverVersion()).isEqualTo("560.35.05");
        assertThat(d.cudaRuntimeVersion()).isEqualTo(12060);
        assertThat(d.devices()).singleElement().satisfies(dev -> {
            assertThat(dev.name()).isEqualTo("NVIDIA A100-SXM4-40GB");
            assertThat(dev.busId()).isEqualTo("0000:99:00.0");
        });
        NvbwTestcase t = d.testcases().get(0);
        assertThat(d.testcases()).hasSize(1);
        assertThat(t.name()).isEqualTo("host_to_device_memcpy_sm");
        assertThat(t.matrix()).containsExactly(List.of(25.13));
        assertThat(t.sum()).isEqualTo(25.13);
        assertThat(t.line()).isEqualTo(11);
    }

    @Test
    void issue50NameFromTheSumLine() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-50-1.txt");
        assertThat(d.version()).isEqualTo("v0.8");
        assertThat(d.driverVersion()).isEqualTo("580.95.05");
        assertThat(d.cudaRuntimeVersion()).isEqualTo(13000);
        NvbwTestcase t = d.testcases().get(0);
        assertThat(t.name()).isEqualTo("device_to_device_memcpy_read_ce");
        assertThat(t.sum()).isEqualTo(715.53);
        assertThat(t.matrix()).hasSize(6).allSatisfy(r -> assertThat(r).hasSize(6));
        for (int i = 0; i < 6; i++) {
            assertThat(t.value(i, i)).as("N/A diagonal").isNull();
            for (int j = 0; j < 6; j++) {
                if (i == j) continue;
                boolean same = i / 3 == j / 3;
                assertThat(t.value(i, j)).as("cell %d,%d", i, j).isBetween(same ? 26.34 : 21.80, same ? 26.35 : 22.67);
            }
        }
        assertThat(cells(t)).hasSize(30);
    }

    @Test
    void issue34DataVerificationFailureIsAnErrorNotZero() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-34-1.txt");
        assertThat(d.version()).isEqualTo("v0.7");
        assertThat(d.driverVersion()).isEqualTo("550.127.08");
        assertThat(d.devices()).extracting(NvbwDevice::busId).containsExactly("0000:34:00.0", "0000:35:00.0", "0000:36:00.0",
                "0000:37:00.0", "0000:9b:00.0", "0000:9c:00.0", "0000:9d:00.0", "0000:9e:00.0");
        assertThat(d.devices()).allSatisfy(dev -> assertThat(dev.name()).isEqualTo("NVIDIA A100-SXM4-80GB"));
        NvbwTestcase t = d.testcases().get(0);
        assertThat(t.name()).isEqualTo("device_to_device_memcpy_read_ce");
        assertThat(t.status()).isEqualTo(NvbwStatus.ERROR);
        assertThat(t.matrix()).isEmpty();
        assertThat(t.sum()).isNull();
        assertThat(t.error()).isEqualTo("Invalid value when checking the pattern at 0x70a640000000");
        assertThat(t.messages()).contains("Current offset : 11136");
        assertThat(t.messages()).anySatisfy(m -> assertThat(m).startsWith("ASSERT in expression h_errorFlag == 0").endsWith("memcpy.cpp:165"));
    }

    @Test
    void issue24QuotedRunningLinesAndUnindentedHeader() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-24-1.txt");
        assertThat(d.testcases()).extracting(NvbwTestcase::name).containsExactly("host_to_device_memcpy_sm", "device_to_host_memcpy_sm");
        NvbwTestcase h2d = d.testcases().get(0);
        NvbwTestcase d2h = d.testcases().get(1);
        assertThat(h2d.matrix()).singleElement().satisfies(r -> assertThat(r).hasSize(8));
        assertThat(h2d.min()).isEqualTo(35.03);
        assertThat(h2d.max()).isEqualTo(35.39);
        assertThat(d2h.min()).isEqualTo(52.76);
        assertThat(d2h.max()).isEqualTo(52.78);
        assertThat(d.testcases()).allSatisfy(t -> {
            assertThat(t.sum()).isNull();
            assertThat(t.status()).isEqualTo(NvbwStatus.PASSED);
        });
    }

    @Test
    void issue13WaivedIsNotAFailure() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-13-1.txt");
        assertThat(d.version()).isEqualTo("v0.2");
        assertThat(d.gitVersion()).isEqualTo("6cefdda");
        assertThat(d.cudaRuntimeVersion()).isEqualTo(12010);
        assertThat(d.cudaDriverVersion()).isEqualTo(12000);
        assertThat(d.driverVersion()).isEqualTo("525.125.06");
        assertThat(d.devices()).hasSize(2).allSatisfy(dev -> {
            assertThat(dev.name()).isEqualTo("NVIDIA GeForce RTX 2080 Ti");
            assertThat(dev.busId()).isNull();
        });
        assertThat(d.testcases()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("device_to_device_memcpy_write_ce");
            assertThat(t.status()).isEqualTo(NvbwStatus.WAIVED);
            assertThat(t.matrix()).isEmpty();
        });
    }

    @Test
    void issue19AbortedSmRead() {
        NvbandwidthData d = parse("nvbandwidth/nvbandwidth-19-1.txt");
        assertThat(d.version()).isEqualTo("v0.4");
        assertThat(d.driverVersion()).isEqualTo("535.154.05");
        assertThat(d.devices()).hasSize(8).allSatisfy(dev -> assertThat(dev.name()).isEqualTo("NVIDIA L40S"));
        assertThat(d.testcases()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("one_to_all_read_sm");
            assertThat(t.status()).isEqualTo(NvbwStatus.ERROR);
            assertThat(t.error()).isEqualTo("Invalid value when checking the pattern at <0x7fac6200e480>");
            assertThat(t.messages()).containsExactly("Invalid value when checking the pattern at <0x7fac6200e480>",
                    "Current offset [ 58496/66306048]", "Aborted (core dumped)");
            assertThat(t.matrix()).isEmpty();
        });
    }

    @Test
    void issue15CutBidirectionalBlock() {
        ParseResult<NvbandwidthData> r = parser.parse(Corpus.read("nvbandwidth/nvbandwidth-15-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        NvbandwidthData d = r.data();
        assertThat(d.version()).isEqualTo("v0.2");
        assertThat(d.command()).isEqualTo("./nvbandwidth");
        assertThat(d.driverVersion()).isEqualTo("545.29.06");
        assertThat(d.devices()).hasSize(8).allSatisfy(dev -> assertThat(dev.name()).isEqualTo("NVIDIA GeForce RTX 4090"));
        NvbwTestcase h2d = d.testcase("host_to_device_memcpy_ce").orElseThrow();
        assertThat(h2d.min()).isEqualTo(23.90);
        assertThat(h2d.max()).isEqualTo(26.38);
        assertThat(h2d.value(0, 1)).isEqualTo(24.26);
        assertThat(h2d.value(0, 2)).isEqualTo(23.90);
        assertThat(h2d.sum()).isEqualTo(205.04);
        // nvbandwidth sums the unrounded values: the printed cells add up to 205.02.
        assertThat(cells(h2d).stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(205.04, within(0.05));
        NvbwTestcase d2h = d.testcase("device_to_host_memcpy_ce").orElseThrow();
        assertThat(d2h.min()).isEqualTo(26.25);
        assertThat(d2h.max()).isEqualTo(27.11);
        assertThat(d2h.sum()).isEqualTo(214.28);
        NvbwTestcase bidir = d.testcase("host_to_device_bidirectional_memcpy_ce").orElseThrow();
        assertThat(bidir.status()).isEqualTo(NvbwStatus.INCOMPLETE);
        assertThat(bidir.matrix()).isEmpty();
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 38);
    }
}
