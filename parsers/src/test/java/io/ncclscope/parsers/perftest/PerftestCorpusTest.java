package io.ncclscope.parsers.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every perftest file of the corpus (manifest kind {@code perftest}): parsed without an error, and every fact its
 * manifest row states, one test per file. Skipped where the corpus is absent.
 */
class PerftestCorpusTest {

    private static final PerftestParser P = new PerftestParser();

    /** MB/sec (2^20 bytes per second) to Gb/s. */
    private static final double MIB_TO_GBPS = 8.0 * 1048576 / 1e9;

    static final Set<String> COVERED = Set.of(
            "perftest/spark-vllm-docker-networking-1.txt", "perftest/spark-vllm-docker-networking-2.txt",
            "perftest/gardenlinux-nvidia-installer-docs-1.txt", "perftest/perftest-273-1.txt",
            "perftest/perftest-65-1.txt", "perftest/perftest-pr-228-1.txt", "perftest/perftest-132-1.txt",
            "perftest/perftest-241-1.txt", "perftest/perftest-234-1.txt", "perftest/ucx-8851-1.txt",
            "perftest/perftest-pr-21-1.txt", "perftest/ngc-multinode-perf-108-1.txt", "perftest/perftest-262-1.txt");

    static ParseResult<PerftestData> parse(String file) {
        ParseResult<PerftestData> r = P.parse(Corpus.read(file));
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.severity() == Severity.ERROR);
        return r;
    }

    static PerftestData data(String file) {
        return parse(file).data();
    }

    static Stream<Corpus.Entry> entries() {
        List<Corpus.Entry> all = Corpus.entries("perftest");
        return all.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "perftest", "", "", "", "")) : all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void everyCorpusFileParsesWithoutErrorAndIsSniffedAsPerftest(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        ParseResult<PerftestData> r = P.parse(text);
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(P.sniff(text)).as("sniff of %s", e.file()).isGreaterThanOrEqualTo(70);
        assertThat(COVERED).as("a per-file test for %s", e.file()).contains(e.file());
    }

    @Test
    void sparkWriteBwClientRdmaCm() {
        PerftestData d = data("perftest/spark-vllm-docker-networking-1.txt");
        assertThat(d.test()).isEqualTo("RDMA_Write BW Test");
        assertThat(d.operation()).isEqualTo(Operation.WRITE);
        assertThat(d.measure()).isEqualTo(Measure.BW);
        assertThat(d.tool()).isEqualTo("ib_write_bw");
        assertThat(d.device()).isEqualTo("rocep1s0f1");
        assertThat(d.qps()).isEqualTo(4);
        assertThat(d.connectionType()).isEqualTo("RC");
        assertThat(d.mtu()).isEqualTo(1024);
        assertThat(d.linkType()).isEqualTo("IB"); // forced with --force-link IB on a RoCE port: data, not a contradiction
        assertThat(d.rdmaCmQps()).isTrue();
        assertThat(d.dataExchange()).isEqualTo("rdma_cm");
        assertThat(d.txDepth()).isEqualTo(128);
        assertThat(d.gidIndex()).isNull();
        assertThat(d.bwUnit()).isEqualTo("Gb/sec");
        assertThat(d.rows()).singleElement().satisfies(r -> {
            assertThat(r.bytes()).isEqualTo(65536);
            assertThat(r.iterations()).isEqualTo(20000);
            assertThat(r.bwPeakGbps()).isEqualTo(111.72);
            assertThat(r.bwAverageGbps()).isEqualTo(111.71);
            assertThat(r.msgRateMpps()).isEqualTo(0.213070);
            assertThat(r.line()).isEqualTo(26);
        });
        // rdma_cm form of the address lines: no RKey, VAddr or GID
        assertThat(d.local()).hasSize(4);
        assertThat(d.remote()).hasSize(4);
        assertThat(d.local()).allSatisfy(a -> {
            assertThat(a.rkey()).isNull();
            assertThat(a.vaddr()).isNull();
            assertThat(a.gid()).isNull();
            assertThat(a.lid()).isZero();
        });
        assertThat(d.local().get(0).qpn()).isEqualTo(0x03ec);
        assertThat(d.errors()).isEmpty();
    }

    @Test
    void sparkWriteLatencyNineColumns() {
        PerftestData d = data("perftest/spark-vllm-docker-networking-2.txt");
        assertThat(d.test()).isEqualTo("RDMA_Write Latency Test");
        assertThat(d.measure()).isEqualTo(Measure.LAT);
        assertThat(d.tool()).isEqualTo("ib_write_lat");
        assertThat(d.device()).isEqualTo("rocep1s0f1");
        assertThat(d.qps()).isEqualTo(1);
        assertThat(d.txDepth()).isEqualTo(1);
        assertThat(d.mtu()).isEqualTo(1024);
        assertThat(d.maxInlineData()).isEqualTo(220);
        assertThat(d.rows()).isEmpty();
        assertThat(d.bwUnit()).isNull();
        assertThat(d.latencyRows()).singleElement().satisfies(r -> {
            assertThat(r.bytes()).isEqualTo(2);
            assertThat(r.iterations()).isEqualTo(1000);
            assertThat(r.tMin()).isEqualTo(1.42);
            assertThat(r.tMax()).isEqualTo(1.93);
            assertThat(r.tTypical()).isEqualTo(1.47);
            assertThat(r.tAvg()).isEqualTo(1.47);
            assertThat(r.tStdev()).isEqualTo(0.0);
            assertThat(r.p99()).isEqualTo(1.57);
            assertThat(r.p999()).isEqualTo(1.93);
        });
    }

    @Test
    void gardenlinuxGpuDmabufWithBwMinColumnAndTabs() {
        PerftestData d = data("perftest/gardenlinux-nvidia-installer-docs-1.txt");
        assertThat(d.device()).isEqualTo("mlx5_0");
        assertThat(d.qps()).isEqualTo(1);
        assertThat(d.mtu()).isEqualTo(4096);
        assertThat(d.linkType()).isEqualTo("Ethernet");
        assertThat(d.gidIndex()).isEqualTo(3);
        assertThat(d.local()).singleElement().satisfies(a -> {
            assertThat(a.gid()).isEqualTo("00:00:00:00:00:00:00:00:00:00:255:255:10:00:01:11");
            assertThat(a.gidHex()).isEqualTo("0000:0000:0000:0000:0000:ffff:0a00:010b");
            assertThat(a.ipv4()).isEqualTo("10.0.1.11");
            assertThat(a.rkey()).isEqualTo(0x186dc0L);
        });
        assertThat(d.remote()).singleElement().satisfies(a -> assertThat(a.ipv4()).isEqualTo("10.0.1.12"));
        assertThat(d.bwUnit()).isEqualTo("Gb/sec");
        assertThat(d.rows()).singleElement().satisfies(r -> {
            assertThat(r.bytes()).isEqualTo(65536);
            assertThat(r.iterations()).isEqualTo(5000);
            assertThat(r.bwPeakGbps()).isEqualTo(368.67);
            assertThat(r.bwAverageGbps()).isEqualTo(368.48);
            assertThat(r.msgRateMpps()).isEqualTo(0.702829);
            assertThat(r.bwMinGbps()).isEqualTo(0.0);
        });
    }

    @Test
    void perftest273PostListMessageRate() {
        PerftestData d = data("perftest/perftest-273-1.txt");
        assertThat(d.test()).isEqualTo("RDMA_Write Post List BW Test");
        assertThat(d.postList()).isTrue();
        assertThat(d.postListSize()).isEqualTo(128);
        assertThat(d.txDepth()).isEqualTo(256);
        assertThat(d.cqModeration()).isEqualTo(128);
        assertThat(d.device()).isEqualTo("ib0");
        assertThat(d.linkType()).isEqualTo("Ethernet");
        assertThat(d.gidIndex()).isEqualTo(2);
        assertThat(d.pcieRelaxOrder()).isEqualTo("Unsupported");
        assertThat(d.local()).isEmpty();
        assertThat(d.remote()).isEmpty();
        assertThat(d.rows()).singleElement().satisfies(r -> {
            assertThat(r.bytes()).isEqualTo(8);
            assertThat(r.iterations()).isEqualTo(224958464L);
            assertThat(r.bwPeakGbps()).isEqualTo(0.0); // duration mode: printed 0.00, an artefact
            assertThat(r.bwAverageGbps()).isEqualTo(0.48);
            assertThat(r.msgRateMpps()).isEqualTo(7.498617); // as printed, never derived from #iterations
        });
    }

    @Test
    void perftest65TwoMarkdownFragments() {
        PerftestData d = data("perftest/perftest-65-1.txt");
        assertThat(d.test()).isNull();
        assertThat(d.measure()).isEqualTo(Measure.BW);
        assertThat(d.bwUnit()).isEqualTo("MB/sec");
        assertThat(d.rows()).singleElement().satisfies(r -> {
            assertThat(r.bytes()).isEqualTo(1024);
            assertThat(r.iterations()).isEqualTo(1000);
            assertThat(r.bwPeak()).isEqualTo(0.0);
            assertThat(r.bwAverage()).isEqualTo(5544.28); // "**5544.28**"
            assertThat(r.bwAverageGbps()).isCloseTo(5544.28 * MIB_TO_GBPS, within(1e-5));
            assertThat(r.msgRateMpps()).isEqualTo(5.677340);
        });
        assertThat(d.otherRuns()).singleElement().satisfies(run -> {
            assertThat(run.rows()).singleElement().satisfies(r -> {
                assertThat(r.bytes()).isEqualTo(1024);
                assertThat(r.bwPeak()).isEqualTo(0.0);
                assertThat(r.bwAverage()).isEqualTo(920.13);
                assertThat(r.msgRateMpps()).isEqualTo(0.942218);
            });
            assertThat(run.bwUnit()).isEqualTo("MB/sec");
        });
    }

    @Test
    void perftestPr228ConnectionFailureAndConcatenatedMessages() {
        ParseResult<PerftestData> r = parse("perftest/perftest-pr-228-1.txt");
        PerftestData d = r.data();
        assertThat(d.test()).isNull();
        assertThat(d.command()).isEqualTo("ib_write_bw -d rocep133s0f0 192.168.125.211");
        assertThat(d.side()).isEqualTo(Side.CLIENT);
        assertThat(d.errors()).extracting(PerftestError::text).containsExactly(
                "Couldn't connect to 192.168.125.211:18515",
                "Unable to open file descriptor for socket connection",
                "Unable to init the socket connection");
        assertThat(d.errors()).allSatisfy(e -> assertThat(e.category()).isEqualTo(PerftestError.Category.CONNECTION));
        assertThat(d.errors().get(1).line()).isEqualTo(3);
        assertThat(d.errors()).allSatisfy(e -> assertThat(e.side()).isEqualTo(Side.CLIENT));
        assertThat(d.rows()).isEmpty();
    }

    @Test
    void perftest132RdmaCmFailureBothSides() {
        PerftestData d = data("perftest/perftest-132-1.txt");
        assertThat(d.errors()).hasSize(5);
        assertThat(d.errors().subList(0, 3)).allSatisfy(e -> {
            assertThat(e.side()).isEqualTo(Side.SERVER);
            assertThat(e.category()).isEqualTo(PerftestError.Category.DATA_EXCHANGE);
        });
        assertThat(d.errors().get(0).text()).isEqualTo("ethernet_read_keys: Couldn't read remote address");
        assertThat(d.errors().get(1).text()).isEqualTo("Unable to read to socket/rdma_cm");
        assertThat(d.errors().get(2).text()).isEqualTo("Failed to exchange data between server and clients");
        assertThat(d.errors().subList(3, 5)).allSatisfy(e -> {
            assertThat(e.side()).isEqualTo(Side.CLIENT);
            assertThat(e.category()).isEqualTo(PerftestError.Category.QP_SETUP);
        });
        assertThat(d.errors().get(3).text()).isEqualTo("Failed to modify QP to RTS");
        assertThat(d.errors().get(4).text()).isEqualTo("Unable to Connect the HCA's through the link");
    }

    @Test
    void perftest241CudaPreambleBeforeHeader() {
        PerftestData d = data("perftest/perftest-241-1.txt");
        assertThat(d.side()).isEqualTo(Side.SERVER);
        assertThat(d.cuda().deviceIndex()).isZero();
        assertThat(d.cuda().deviceName()).isEqualTo("NVIDIA A30");
        assertThat(d.cuda().bufferBytes()).isEqualTo(67108864L); // 2 x 32 MiB
        assertThat(d.notes()).anySatisfy(n -> assertThat(n.text()).contains("inline size set to 0"));
        assertThat(d.notes()).anySatisfy(n -> assertThat(n.text()).isEqualTo("CUDA device 2: PCIe address is CA:00"));
        assertThat(d.test()).isEqualTo("RDMA_Write BW Test");
        assertThat(d.device()).isEqualTo("mlx5_0");
        assertThat(d.line()).isEqualTo(20);
        assertThat(d.rows()).isEmpty();
    }

    @Test
    void perftest234ServerDurationRunHeader() {
        PerftestData d = data("perftest/perftest-234-1.txt");
        assertThat(d.side()).isEqualTo(Side.SERVER);
        assertThat(d.device()).isEqualTo("mlx5_0");
        assertThat(d.qps()).isEqualTo(1);
        assertThat(d.mtu()).isEqualTo(4096);
        assertThat(d.gidIndex()).isEqualTo(3);
        assertThat(d.linkType()).isEqualTo("Ethernet");
        assertThat(d.local().get(0).ipv4()).isEqualTo("10.255.255.5");
        assertThat(d.remote().get(0).ipv4()).isEqualTo("10.255.255.4");
        assertThat(d.bwUnit()).isEqualTo("MB/sec");
        // The manifest mentions a cut row "65536 664644"; the stored excerpt ends at the table header.
        assertThat(d.rows()).isEmpty();
    }

    @Test
    void ucx8851ReadBwSweepOnIb() {
        PerftestData d = data("perftest/ucx-8851-1.txt");
        assertThat(d.test()).isEqualTo("RDMA_Read BW Test");
        assertThat(d.operation()).isEqualTo(Operation.READ);
        assertThat(d.tool()).isEqualTo("ib_read_bw");
        assertThat(d.command()).isEqualTo("ib_read_bw  cn2  -a -F -d mlx5_1");
        assertThat(d.side()).isEqualTo(Side.CLIENT);
        assertThat(d.device()).isEqualTo("mlx5_1");
        assertThat(d.linkType()).isEqualTo("IB");
        assertThat(d.mtu()).isEqualTo(4096);
        assertThat(d.outstandingReads()).isEqualTo(16);
        assertThat(d.local()).singleElement().satisfies(a -> {
            assertThat(a.lid()).isEqualTo(6);
            assertThat(a.outReads()).isEqualTo(16);
            assertThat(a.gid()).isNull();
        });
        assertThat(d.remote().get(0).lid()).isEqualTo(5);
        assertThat(d.bwUnit()).isEqualTo("MB/sec");
        assertThat(d.rows()).extracting(PerftestBwRow::bytes).containsExactly(2L, 4L, 8L);
        assertThat(d.rows()).extracting(PerftestBwRow::bwAverage).containsExactly(4.67, 9.71, 19.50);
        assertThat(d.rows().get(2).bwAverageGbps()).isCloseTo(19.50 * MIB_TO_GBPS, within(1e-6));
    }

    @Test
    void perftestPr21OldHeaderAndOldCudaPreamble() {
        PerftestData d = data("perftest/perftest-pr-21-1.txt");
        assertThat(d.cuda().deviceIndex()).isZero(); // "picking first..."
        assertThat(d.cuda().deviceName()).isEqualTo("Tesla V100-SXM2-32GB");
        assertThat(d.cuda().bufferBytes()).isEqualTo(131072L);
        assertThat(d.header()).doesNotContainKeys("PCIe relax order", "ibv_wr* API");
        assertThat(d.pcieRelaxOrder()).isNull();
        assertThat(d.mtu()).isEqualTo(1024);
        assertThat(d.linkType()).isEqualTo("Ethernet");
        assertThat(d.gidIndex()).isEqualTo(3);
        assertThat(d.device()).isEqualTo("mlx5_2");
        assertThat(d.local().get(0).ipv4()).isEqualTo("10.0.21.3");
        assertThat(d.local().get(0).gidHex()).isEqualTo("0000:0000:0000:0000:0000:ffff:0a00:1503");
        assertThat(d.side()).isEqualTo(Side.SERVER);
        assertThat(d.rows()).isEmpty();
    }

    @Test
    void ngcWrapperCommandsAndBidirectionalHeader() {
        PerftestData d = data("perftest/ngc-multinode-perf-108-1.txt");
        assertThat(d.test()).isEqualTo("RDMA_Write Bidirectional BW Test");
        assertThat(d.bidirectional()).isTrue();
        assertThat(d.qps()).isEqualTo(2);
        assertThat(d.device()).isEqualTo("mlx5_3");
        assertThat(d.bwPeakMeasured()).isFalse();
        assertThat(d.notes()).anySatisfy(n -> assertThat(n.text()).isEqualTo("WARNING: BW peak won't be measured in this run."));
        assertThat(d.commands()).hasSize(4);
        assertThat(d.commands()).extracting(PerftestCommand::side)
                .containsExactly(Side.SERVER, Side.SERVER, Side.CLIENT, Side.CLIENT);
        assertThat(d.commands()).allSatisfy(c -> {
            assertThat(c.tool()).isEqualTo("ib_write_bw");
            assertThat(c.text()).contains("-s 65536", "-D 30", "--report_gbit", "-b", "-q 2");
        });
        assertThat(d.commands().get(0).text()).contains("--output=bandwidth");
        assertThat(d.commands().get(2).text()).contains("--out_json");
        assertThat(d.side()).isNull(); // both sides' commands on one console
    }

    @Test
    void perftest262ProviderWarningsThenServerHeader() {
        PerftestData d = data("perftest/perftest-262-1.txt");
        assertThat(d.notes()).filteredOn(n -> n.text().startsWith("libibverbs: Warning")).hasSize(2);
        assertThat(d.side()).isEqualTo(Side.SERVER);
        assertThat(d.device()).isEqualTo("rocep4s0f0");
        assertThat(d.mtu()).isEqualTo(4096);
        assertThat(d.linkType()).isEqualTo("Ethernet");
        assertThat(d.gidIndex()).isEqualTo(1);
        assertThat(d.ibvWrApi()).isEqualTo("OFF");
        assertThat(d.errors()).isEmpty();
    }
}
