package io.ncclscope.parsers.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link NcclTestsParser}: layouts, footers, failures, JSON, sniffing, odd input. */
class NcclTestsParserTest {

    private static final NcclTestsParser P = new NcclTestsParser();

    private static final String NEW = """
            # nccl-tests version 2.19.6 nccl-headers=22809 nccl-library=22809
            # Collective test starting: all_reduce_perf
            # nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
            #
            # Using devices
            #  Rank  0 Group  0 Pid   1234 on      host1 device  0 [0000:1b:00] NVIDIA A100-SXM4-80GB
            #  Rank  1 Group  0 Pid   1235 on      host2 device  0 [0000:1b:00] NVIDIA A100-SXM4-80GB
            #
            #                                                              out-of-place                       in-place
            #       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong
            #        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)
                       8             2     float     sum      -1    10.00    0.00    0.00       0    10.00    0.00    0.00       0
                      16             4     float     sum      -1    10.00    0.00    0.00       0    10.00    0.00    0.00       0
            # Out of bounds values : 0 OK
            # Avg bus bandwidth    : 12.3 OK
            #
            # Collective test concluded: all_reduce_perf
            """;

    private static NcclTestsData ok(String text) {
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.warnings()).noneMatch(w -> w.severity() == Severity.ERROR);
        return r.data();
    }

    @Test
    void newLayoutHeaderDevicesRowsAndFooter() {
        NcclTestsData d = ok(NEW);
        assertThat(d.version()).isEqualTo("2.19.6");
        assertThat(d.ncclVersion()).isEqualTo("2.28.9");
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.collective()).isEqualTo(Collective.ALL_REDUCE);
        assertThat(d.params().warmupIters()).isEqualTo(5);
        assertThat(d.params().iters()).isEqualTo(20);
        assertThat(d.params().aggIters()).isEqualTo(1);
        assertThat(d.ranks()).isEqualTo(2);
        assertThat(d.hosts()).containsExactly("host1", "host2");
        assertThat(d.multiNode()).isTrue();
        NcclTestsDevice dev = d.devices().get(0);
        assertThat(dev.pid()).isEqualTo(1234);
        assertThat(dev.busId()).isEqualTo("0000:1b:00");
        assertThat(dev.pciAddress()).isEqualTo("0000:1b:00.0");
        assertThat(dev.pciBus()).isEqualTo(0x1b);
        assertThat(dev.name()).isEqualTo("NVIDIA A100-SXM4-80GB");
        assertThat(dev.line()).isEqualTo(6);
        assertThat(d.rows()).hasSize(2);
        assertThat(d.rows().get(1).line()).isEqualTo(13);
        assertThat(d.avgBusBw()).isEqualTo(12.3);
        assertThat(d.avgBusBwFailed()).isFalse();
        assertThat(d.avgBusBwLine()).isEqualTo(15);
        assertThat(d.outOfBounds().line()).isEqualTo(14);
    }

    @Test
    void crlfAndTabsReadLikeLfAndSpaces() {
        NcclTestsData lf = ok(NEW);
        NcclTestsData crlf = ok(NEW.replace("\n", "\r\n").replace("     ", "\t"));
        assertThat(crlf.rows()).isEqualTo(lf.rows());
        assertThat(crlf.devices()).hasSize(2);
        assertThat(crlf.avgBusBw()).isEqualTo(12.3);
        assertThat(crlf.env()).isNull();
    }

    @Test
    void truncatedLastRowIsWarnedAndTheRestKept() {
        int at = NEW.indexOf("16             4");
        String text = NEW.substring(0, at) + "16             4     float     sum      -1    10.0";
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().rows()).hasSize(1);
        assertThat(r.warnings()).anySatisfy(w -> {
            assertThat(w.severity()).isEqualTo(Severity.WARNING);
            assertThat(w.line()).isEqualTo(13);
            assertThat(w.message()).startsWith("unreadable result row");
        });
    }

    @Test
    void emptyAndForeignInputAreErrors() {
        for (String text : new String[] {"", "\n\n", "GPU0\tX\tNV18\nGPU1\tNV18\tX\n", "{\"a\": 1}"}) {
            ParseResult<NcclTestsData> r = P.parse(text);
            assertThat(r.hasErrors()).as("input %s", text).isTrue();
            assertThat(r.data().rows()).isEmpty();
        }
        ParseResult<NcclTestsData> r = P.parse("hello world\n");
        assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.ERROR).singleElement()
                .satisfies(w -> {
                    assertThat(w.line()).isZero();
                    assertThat(w.message()).isEqualTo("no nccl-tests content found");
                });
    }

    @Test
    void timestampsCpuTimeAndPerIterationColumns() {
        String text = """
                #                                                                 out-of-place (+ per-iteration)                                in-place (+ per-iteration)
                #       size         count      type   redop    root  cputime   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%  cputime   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%           timestamp
                #        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)     (us)     (us)      (%)     (us)  (GB/s)  (GB/s)             (us)     (us)     (us)      (%)   %Y-%m-%d %H:%M:%S
                    16777216       4194304     float     sum      -1    10.35  1621.2    0.00       0     7.74    17.73    17.73    31.21     4.12  4070.6    0.00       0     1.79     4.45     4.45    32.68  2026-12-02 09:59:41
                # Out of bounds values : 3 FAILED
                """;
        NcclTestsData d = ok(text);
        assertThat(d.layout().cpuTime()).isTrue();
        assertThat(d.layout().perIteration()).isTrue();
        assertThat(d.layout().timestamps()).isTrue();
        NcclTestsRow r = d.rows().get(0);
        assertThat(r.timestamp()).isEqualTo("2026-12-02 09:59:41");
        assertThat(r.outOfPlace().perIter().p99Us()).isEqualTo(17.73);
        assertThat(r.inPlace().timeUs()).isEqualTo(4.12);
        assertThat(r.inPlace().perIter().cvPct()).isEqualTo(32.68);
        assertThat(d.outOfBounds().count()).isEqualTo(3);
        assertThat(d.outOfBounds().ok()).isFalse();
    }

    @Test
    void timestampsWithoutPerIteration() {
        String text = """
                #       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong           timestamp
                           8             2     float     sum      -1     4.68    0.00    0.00       0     0.45    0.02    0.00       0  2026-12-02 09:04:50
                """;
        NcclTestsRow r = ok(text).rows().get(0);
        assertThat(r.timestamp()).isEqualTo("2026-12-02 09:04:50");
        assertThat(r.inPlace().wrong()).isZero();
        assertThat(r.outOfPlace().perIter()).isNull();
    }

    @Test
    void wrongCountPrintedWithExponentAndNanValues() {
        String text = """
                #       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong
                     1048576        262144     float     sum      -1     4.93    -nan     inf   1e+06     0.33  3173.2    0.00     N/A
                """;
        NcclTestsRow r = ok(text).rows().get(0);
        assertThat(r.outOfPlace().wrong()).isEqualTo(1_000_000L);
        assertThat(r.outOfPlace().algbw()).isNull();
        assertThat(r.outOfPlace().busbw()).isNull();
        assertThat(r.inPlace().wrong()).isNull();
    }

    @Test
    void failuresTimeoutsAndLastErrorLines() {
        String text = """
                # nThread 1 nGpus 8 minBytes 8 maxBytes 128 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
                node7: Test CUDA failure common.cu:892 'out of memory'
                node7: Test timeout (30s) common.cu:525
                 .. node7 pid 4242: Test failure common.cu:1040
                # error: NCCL WARN Cuda failure 'out of memory'
                """;
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().errors()).extracting(TestError::kind).containsExactly(TestError.Kind.CUDA_FAILURE,
                TestError.Kind.TIMEOUT, TestError.Kind.TEST_FAILURE, TestError.Kind.NCCL_LAST_ERROR);
        assertThat(r.data().errors().get(0).message()).isEqualTo("out of memory");
        assertThat(r.data().errors().get(1).message()).isEqualTo("timeout 30s");
        assertThat(r.data().errors().get(1).location()).isEqualTo("common.cu:525");
        assertThat(r.data().errors().get(2).pid()).isEqualTo(4242);
        assertThat(r.data().errors().get(3).line()).isEqualTo(5);
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).isEqualTo("no result rows: the run reported an error"));
    }

    @Test
    void ncclDebugLinesBetweenRowsAreCountedAndWarnLinesKept() {
        String text = NEW.replace("          16             4",
                "host1:1234:1240 [0] NCCL INFO Channel 00/02 : 0 1\n"
                        + "host1:1234:1240 [0] transport/net_ib.cc:1300 NCCL WARN NET/IB : Got completion with error 12\n"
                        + "          16             4");
        NcclTestsData d = ok(text);
        assertThat(d.rows()).hasSize(2);
        assertThat(d.ncclLogLines()).isEqualTo(2);
        assertThat(d.ncclWarnings()).singleElement().satisfies(n -> {
            assertThat(n.line()).isEqualTo(14);
            assertThat(n.text()).contains("Got completion with error 12");
        });
    }

    @Test
    void launcherPrefixesAreStripped() {
        String[] prefixes = {"[1,0]<stdout>:", "0: ", "    [1,0]<stdout>:", "node1: "};
        for (String p : prefixes) {
            StringBuilder sb = new StringBuilder();
            NEW.lines().forEach(l -> sb.append(p).append(l).append('\n'));
            NcclTestsData d = ok(sb.toString());
            assertThat(d.rows()).as("prefix '%s'", p).hasSize(2);
            assertThat(d.devices()).as("prefix '%s'", p).hasSize(2);
            assertThat(d.avgBusBw()).as("prefix '%s'", p).isEqualTo(12.3);
        }
    }

    @Test
    void headerLinesWithoutHashAreRead() {
        StringBuilder sb = new StringBuilder();
        NEW.lines().forEach(l -> sb.append("    ").append(l.startsWith("#") ? l.substring(1) : l).append('\n'));
        NcclTestsData d = ok(sb.toString());
        assertThat(d.version()).isEqualTo("2.19.6");
        assertThat(d.params().nThread()).isEqualTo(1);
        assertThat(d.devices()).hasSize(2);
        assertThat(d.layout().rootColumn()).isTrue();
        assertThat(d.rows()).hasSize(2);
        assertThat(d.avgBusBw()).isEqualTo(12.3);
    }

    @Test
    void oldLayoutDeviceLinesAndNoGroup() {
        String text = """
                # nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 validation: 1
                #
                # Using devices
                #   Rank  0 Pid  31816 on     node-a device  0 [0x1b] Tesla V100-SXM2-32GB
                #   Rank  1 Pid  31816 on     node-a device  1 [0x1c] Tesla V100-SXM2-32GB
                #
                #                                                     out-of-place                       in-place
                #       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error
                #        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
                           8             2   float     sum    12.34    0.00    0.00  0e+00    12.00    0.00    0.00  0e+00
                # Out of bounds values : 0 OK
                # Avg bus bandwidth    : 0
                """;
        NcclTestsData d = ok(text);
        assertThat(d.devices()).extracting(NcclTestsDevice::group).containsOnlyNulls();
        assertThat(d.devices().get(1).pciBus()).isEqualTo(0x1c);
        assertThat(d.devices().get(1).pciAddress()).isNull();
        assertThat(d.layout().wrongColumn()).isEqualTo("error");
        NcclTestsRow r = d.rows().get(0);
        assertThat(r.redop()).isEqualTo("sum");
        assertThat(r.root()).isNull();
        assertThat(r.outOfPlace().error()).isEqualTo(0.0);
        assertThat(r.outOfPlace().wrong()).isNull();
        assertThat(d.params().aggIters()).isNull();
        assertThat(d.params().graph()).isNull();
        assertThat(d.avgBusBw()).isEqualTo(0.0);
        assertThat(d.avgBusBwFailed()).isNull();
    }

    @Test
    void secondRunIsWarned() {
        ParseResult<NcclTestsData> r = P.parse(NEW + NEW);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().rows()).hasSize(4);
        assertThat(r.data().devices()).hasSize(2);
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).startsWith("another run starts here"));
    }

    @Test
    void usageUnderKubectlTimestampsIsTheUsage() {
        // kubectl logs --timestamps puts its RFC 3339 time before each line; "USAGE:" after it is no logger's name.
        String text = """
                2024-05-01T10:00:01.123456789Z USAGE: all_reduce_perf\s
                2024-05-01T10:00:01.123456789Z \t[-t,--nthreads <num threads>]\s
                2024-05-01T10:00:01.123456789Z \t[-h,--help]
                """;
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.data().usage()).isNotNull();
        assertThat(r.data().usage().program()).isEqualTo("all_reduce_perf");
        assertThat(r.data().usage().options()).containsExactly("[-t,--nthreads <num threads>]", "[-h,--help]");
    }

    @Test
    void invalidOptionPrintsUsageAndIsNotAnError() {
        String text = """
                invalid option 'q'
                USAGE: sendrecv_perf\s
                \t[-t,--nthreads <num threads>]\s
                \t[-h,--help]
                """;
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().test()).isEqualTo("sendrecv_perf");
        assertThat(r.data().collective()).isEqualTo(Collective.SENDRECV);
        assertThat(r.data().usage().options()).containsExactly("[-t,--nthreads <num threads>]", "[-h,--help]");
        assertThat(r.data().errors()).singleElement().satisfies(e -> assertThat(e.kind()).isEqualTo(TestError.Kind.ARGUMENT));
        assertThat(P.sniff(text)).isBetween(90, 98);
    }

    @Test
    void jsonWithInfinityAndOldKeySpelling() {
        String json = "{\"version\":1,\"args\":[\"./all_gather_perf\",\"-b\",\"8\"],\"env\":[],\"nccl_version\":2804,"
                + "\"config\":{\"nthreads\":1,\"ngpus\":2,\"minimum_bytes\":8,\"maximum_bytes\":8,\"step_factor\":2,"
                + "\"devices\":[{\"rank\":0,\"group\":0,\"pid\":1,\"hostname\":\"h\",\"device\":0,\"device_hex\":\"0000:1b:00\",\"device_info\":\"GPU\"},"
                + "{\"rank\":1,\"group\":0,\"pid\":1,\"hostname\":\"h\",\"device\":1,\"device_hex\":\"0000:1c:00\",\"device_info\":\"GPU\"}]},"
                + "\"results\":[{\"size\":8,\"count\":1,\"type\":\"float\",\"redop\":\"none\",\"root\":\"    -1\","
                + "\"out_of_place\":{\"cpu_time\":1.5,\"alg_bw\":inf,\"bus_bw\":0.000000,\"nwrong\":null},\"in_place\":null,"
                + "\"actual_iterations\":20,\"experiment_name\":\"\"}],"
                + "\"out_of_bounds\":{\"count\":0,\"okay\":\"true\"},"
                + "\"average_bus_bandwidith\":{\"bandwidith\":0.5,\"okay\":\"false\"},\"errors\":[\"boom\"]}";
        assertThat(P.sniff("$ cat out.json\n" + json + "\n")).isEqualTo(96);
        ParseResult<NcclTestsData> r = P.parse("$ cat out.json\n" + json + "\n");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).contains("'inf'"));
        NcclTestsData d = r.data();
        assertThat(d.format()).isEqualTo(SourceFormat.JSON);
        assertThat(d.test()).isEqualTo("all_gather_perf");
        assertThat(d.ncclVersion()).isEqualTo("2.8.4");
        assertThat(d.ranks()).isEqualTo(2);
        assertThat(d.layout().cpuTime()).isTrue();
        NcclTestsRow row = d.rows().get(0);
        assertThat(row.line()).isEqualTo(2);
        assertThat(row.outOfPlace().timeUs()).isEqualTo(1.5);
        assertThat(row.outOfPlace().algbw()).isNull();
        assertThat(row.outOfPlace().wrong()).isNull();
        assertThat(row.inPlace()).isNull();
        assertThat(d.avgBusBw()).isEqualTo(0.5);
        assertThat(d.avgBusBwFailed()).isTrue();
        assertThat(d.errors()).singleElement().satisfies(e -> assertThat(e.text()).isEqualTo("boom"));
    }

    @Test
    void malformedJsonIsAnError() {
        ParseResult<NcclTestsData> r = P.parse("{\"version\":3,\"results\":[{\"size\":8,");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).startsWith("malformed nccl-tests JSON"));
    }

    @Test
    void busBwFactorsFollowNcclTests() {
        int n = 8;
        assertThat(NcclTestsParser.busBwFactor(Collective.ALL_REDUCE, n)).isEqualTo(1.75);
        for (Collective c : new Collective[] {Collective.ALL_GATHER, Collective.REDUCE_SCATTER, Collective.ALLTOALL,
                Collective.ALLTOALLV, Collective.GATHER, Collective.SCATTER}) {
            assertThat(NcclTestsParser.busBwFactor(c, n)).as("%s", c).isEqualTo(0.875);
        }
        for (Collective c : new Collective[] {Collective.BROADCAST, Collective.REDUCE, Collective.SENDRECV, Collective.HYPERCUBE}) {
            assertThat(NcclTestsParser.busBwFactor(c, n)).as("%s", c).isEqualTo(1.0);
        }
        assertThat(NcclTestsParser.busBwFactor(Collective.UNKNOWN, n)).isNull();
        assertThat(NcclTestsParser.busBwFactor(Collective.ALL_REDUCE, 0)).isNull();
        assertThat(NcclTestsParser.busBwFactor(null, 4)).isNull();
        assertThat(NcclTestsParser.busBwFactor(Collective.ALL_GATHER, 1)).isEqualTo(0.0);
    }

    @Test
    void inferRanksFromPrintedFigures() {
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, 276.03, 483.05)).isEqualTo(8);
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_GATHER, 201.11, 188.54)).isEqualTo(16);
        assertThat(NcclTestsParser.inferRanks(Collective.BROADCAST, 100, 100)).isNull();
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, 0.01, 0.01)).isNull(); // too small to tell
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, 100, 130)).isNull(); // no whole n fits
    }

    @Test
    void collectiveNamesAndVersionCodes() {
        assertThat(Collective.fromTestName("./build/all_reduce_perf")).isEqualTo(Collective.ALL_REDUCE);
        assertThat(Collective.fromTestName("reduce_scatter_perf_mpi")).isEqualTo(Collective.REDUCE_SCATTER);
        assertThat(Collective.fromTestName("alltoallv")).isEqualTo(Collective.ALLTOALLV);
        assertThat(Collective.fromTestName("foo_perf")).isEqualTo(Collective.UNKNOWN);
        assertThat(Collective.fromTestName(null)).isEqualTo(Collective.UNKNOWN);
        assertThat(Collective.ALL_REDUCE.toString()).isEqualTo("all_reduce");
        assertThat(NcclTestsParser.ncclVersionOf(22809)).isEqualTo("2.28.9");
        assertThat(NcclTestsParser.ncclVersionOf(23007)).isEqualTo("2.30.7");
        assertThat(NcclTestsParser.ncclVersionOf(2708)).isEqualTo("2.7.8");
        assertThat(NcclTestsParser.ncclVersionOf(0)).isNull();
    }

    @Test
    void sniffScores() {
        assertThat(P.sniff(NEW)).isEqualTo(98);
        assertThat(P.sniff("# nThread 1 nGpus 8 minBytes 8 maxBytes 128 step: 2(factor) warmup iters: 5 iters: 20\n")).isEqualTo(96);
        assertThat(P.sniff("#       size         count      type   redop    root     time   algbw   busbw #wrong\n")).isEqualTo(95);
        assertThat(P.sniff("# Avg bus bandwidth    : 12.3\n")).isEqualTo(92);
        assertThat(P.sniff("{\"version\":3,\"nccl_version\":22809,\"config\":{\"minimum_bytes\":8},\"results\":[]}")).isEqualTo(96);
        // Device lines alone open NCCL logs of a test run too: too weak to claim them.
        assertThat(P.sniff("# Using devices\n#  Rank  0 Group  0 Pid 11 on h device  0 [0000:11:00] NVIDIA H100\n")).isEqualTo(30);
        assertThat(P.sniff("host:1:1 [0] NCCL INFO NCCL version 2.28.9+cuda13.0\n")).isZero();
        assertThat(P.sniff("Flags: fpu vme arch_perfmon pebs\n")).isZero();
        assertThat(P.sniff(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n")).isZero();
        assertThat(P.sniff("")).isZero();
    }

    @Test
    void resultSerialisesWithDesignKeys() {
        String json = Json.write(P.parse(NEW));
        assertThat(json).contains("\"test\":\"all_reduce_perf\"", "\"version\":\"2.19.6\"", "\"avgBusBw\":12.3",
                "\"outOfPlace\":{\"timeUs\":10.0,\"algbw\":0.0,\"busbw\":0.0,\"wrong\":0}", "\"busId\":\"0000:1b:00\"",
                "\"redop\":\"sum\"", "\"root\":-1", "\"collective\":\"all_reduce\"");
    }

    @Test
    void warningsCarryLineAndExcerpt() {
        ParseResult<NcclTestsData> r = P.parse(NEW.replace("16             4     float     sum      -1    10.00",
                "16             4     float     sum      -1    1x.00"));
        ParseWarning w = r.warnings().stream().filter(x -> x.severity() == Severity.WARNING).findFirst().orElseThrow();
        assertThat(w.line()).isEqualTo(13);
        assertThat(w.excerpt()).startsWith("16             4");
    }

    @Test
    void ncclWarnLinesWithNccl228TimeStampsOrAHostWithATrailingSpaceAreKept() {
        // corpus-more nccl-logs/nccl-tests-324-1.txt (NCCL 2.28's '[date time] ' stamp), nccl-tests/nccl-tests-217-1.txt.
        String text = NEW.replace("# Avg bus", """
                [2025-06-20 02:14:03] host1:1234:1234 [0] allocator.cc:79 NCCL WARN Cuda failure 711 'peer mapping resources exhausted'
                NAME :70918:70927 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer localhost<56086>
                # Avg bus""");
        NcclTestsData d = ok(text);
        assertThat(d.ncclWarnings()).extracting(Note::text).anySatisfy(t -> assertThat(t).contains("Cuda failure 711"))
                .anySatisfy(t -> assertThat(t).startsWith("NAME :70918"));
    }
}
