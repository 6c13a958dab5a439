package io.ncclscope.parsers.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every nccl-tests file of the corpus (manifest kind {@code nccl-tests}): parsed without an error, and every fact
 * its manifest row states, one test per file. Our own H200 captures are read from the test classpath
 * ({@code /captured}), the public files from the corpus (skipped where it is absent).
 */
class NcclTestsCorpusTest {

    private static final NcclTestsParser P = new NcclTestsParser();

    /** The manifest files this class has a test for. */
    static final Set<String> COVERED = Set.of(
            "captured/h200-1gpu/tests/all_reduce.txt", "captured/h200-1gpu/tests/all_reduce.json",
            "captured/h200-1gpu/tests/all_gather.txt", "captured/h200-1gpu/tests/reduce_scatter.txt",
            "captured/h200-1gpu/tests/sendrecv.txt", "captured/h200-1gpu/tests/broadcast.txt",
            "captured/h200-1gpu/tests/alltoall.txt", "captured/h200-1gpu/tests/all_reduce_info.txt",
            "captured/h200-1gpu-variants/tests/min-bw-fail.txt", "captured/h200-1gpu-variants/tests/no-check.txt",
            "captured/h200-1gpu-variants/tests/graph.txt", "captured/h200-1gpu-variants/tests/blocking.txt",
            "captured/h200-1gpu-variants/tests/gather.txt", "captured/h200-1gpu-variants/tests/scatter.txt",
            "captured/h200-1gpu-variants/tests/reduce.txt", "captured/h200-1gpu-variants/tests/alltoallv.txt",
            "captured/h200-1gpu-variants/tests/hypercube.txt", "captured/h200-1gpu-variants/tests/half.txt",
            "captured/h200-1gpu-variants/tests/timeout-opt.txt", "captured/h200-1gpu-variants/tests/bad-arg.txt",
            "captured/h200-1gpu-variants/tests/help.txt", "captured/h200-1gpu-variants/tests/json-iter.txt",
            "captured/h200-1gpu-variants/tests/iter.json",
            "nccl-tests/superbenchmark-testdata-nccl_allgather.txt", "nccl-tests/superbenchmark-testdata-nccl_alltoall.txt",
            "nccl-tests/superbenchmark-testdata-nccl_reduce.txt", "nccl-tests/oci-hpc-oke-readme-1.txt",
            "nccl-tests/eks-blueprints-eks-efa-1.txt", "nccl-tests/eks-blueprints-nvidia-gpu-efa-1.txt",
            "nccl-tests/anthony-hoo-autodl-2080ti-3.txt", "nccl-tests/anthony-hoo-autodl-2080ti-4.txt",
            "nccl-tests/nccl-473-1.txt", "nccl-tests/dstack-docs-lambda-b200-1.txt",
            "nccl-tests/dstack-docs-gcp-a3mega-1.txt", "nccl-tests/dstack-docs-gcp-a3high-1.txt",
            "nccl-tests/cscs-docs-nccl-gh200-2.txt", "nccl-tests/cscs-docs-sarus-gh200-1.txt",
            "nccl-tests/awsome-distributed-training-p4de-1.txt", "nccl-tests/awsome-distributed-training-p5-1.txt",
            "nccl-tests/awsome-distributed-training-aws-batch-1.txt", "nccl-tests/awsome-distributed-training-eks-p5-1.txt",
            "nccl-tests/nccl-tests-37-1.txt", "nccl-tests/nccl-tests-252-2.txt", "nccl-tests/nccl-tests-119-1.txt",
            "nccl-tests/nccl-445-1.txt", "nccl-tests/aws-ofi-nccl-65-1.txt", "nccl-tests/nccl-tests-219-1.txt",
            "nccl-tests/nccl-tests-280-1.txt", "nccl-tests/unidentified-5kpro-spcx-report-1.txt",
            "nccl-tests/nccl-tests-214-1.txt");

    // ------------------------------------------------------------ helpers

    static String capturedText(String path) {
        try (InputStream in = NcclTestsCorpusTest.class.getResourceAsStream("/" + path)) {
            assertThat(in).as("classpath /%s", path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static NcclTestsData parseOk(String text, String what) {
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.warnings()).as("warnings of %s", what).noneMatch(w -> w.severity() == Severity.ERROR);
        return r.data();
    }

    static NcclTestsData captured(String path) {
        return parseOk(capturedText(path), path);
    }

    static NcclTestsData corpus(String file) {
        return parseOk(Corpus.read(file), file);
    }

    static NcclTestsRow row(NcclTestsData d, long size) {
        NcclTestsRow found = null;
        for (NcclTestsRow r : d.rows()) {
            if (r.size() == size) found = r;
        }
        assertThat(found).as("row of size %d", size).isNotNull();
        return found;
    }

    static NcclTestsRow last(NcclTestsData d) {
        assertThat(d.rows()).isNotEmpty();
        return d.rows().get(d.rows().size() - 1);
    }

    static void assertSingleRankH200(NcclTestsData d, String test, Collective c) {
        assertThat(d.test()).isEqualTo(test);
        assertThat(d.collective()).isEqualTo(c);
        assertThat(d.version()).isEqualTo("2.19.6");
        assertThat(d.ncclVersion()).isEqualTo("2.28.9");
        assertThat(d.ncclHeaders()).isEqualTo(22809);
        assertThat(d.params().nGpus()).isEqualTo(1);
        assertThat(d.params().nThread()).isEqualTo(1);
        assertThat(d.ranks()).isEqualTo(1);
        assertThat(d.multiNode()).isFalse();
        assertThat(d.hosts()).containsExactly("vm");
        NcclTestsDevice dev = d.devices().get(0);
        assertThat(dev.rank()).isZero();
        assertThat(dev.group()).isZero();
        assertThat(dev.name()).isEqualTo("NVIDIA H200");
        assertThat(dev.busId()).isEqualTo("0000:00:06");
        assertThat(dev.pciAddress()).isEqualTo("0000:00:06.0");
        assertThat(dev.line()).isEqualTo(7);
        assertThat(d.started()).isTrue();
        assertThat(d.concluded()).isTrue();
        assertThat(d.outOfBounds().count()).isZero();
        assertThat(d.outOfBounds().ok()).isTrue();
        assertThat(d.errors()).isEmpty();
    }

    static void assertBusBwZero(NcclTestsData d) {
        for (NcclTestsRow r : d.rows()) {
            assertThat(r.outOfPlace().busbw()).as("out-of-place busbw line %d", r.line()).isZero();
            assertThat(r.inPlace().busbw()).as("in-place busbw line %d", r.line()).isZero();
        }
    }

    static void assertBusBwEqualsAlgBw(NcclTestsData d) {
        for (NcclTestsRow r : d.rows()) {
            assertThat(r.outOfPlace().busbw()).as("line %d", r.line()).isEqualTo(r.outOfPlace().algbw());
            assertThat(r.inPlace().busbw()).as("line %d", r.line()).isEqualTo(r.inPlace().algbw());
        }
    }

    // ------------------------------------------------------------ the whole manifest

    static Stream<Corpus.Entry> entries() {
        List<Corpus.Entry> all = Corpus.entries("nccl-tests");
        return all.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "nccl-tests", "", "", "", "")) : all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void everyCorpusFileParsesWithoutErrorAndIsSniffedAsNcclTests(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(P.sniff(text)).as("sniff of %s", e.file()).isBetween(90, 98);
        assertThat(COVERED).as("a per-file test for %s", e.file()).contains(e.file());
    }

    // ------------------------------------------------------------ captured H200, one rank

    @Test
    void capturedAllReduceTxt() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/all_reduce.txt");
        assertSingleRankH200(d, "all_reduce_perf", Collective.ALL_REDUCE);
        assertThat(d.command()).isEqualTo("./build/all_reduce_perf -b 8 -e 1G -f 2 -g 1");
        assertThat(d.params().minBytes()).isEqualTo(8L);
        assertThat(d.params().maxBytes()).isEqualTo(1073741824L);
        assertThat(d.params().stepFactor()).isEqualTo(2L);
        assertThat(d.rows()).hasSize(28);
        assertThat(d.rows().get(0).size()).isEqualTo(8);
        assertBusBwZero(d);
        NcclTestsRow gb = row(d, 1073741824L);
        assertThat(gb.outOfPlace().algbw()).isEqualTo(2111.8);
        assertThat(gb.inPlace().algbw()).isEqualTo(1e6); // printed "1e+06": no data moved in place
        assertThat(d.avgBusBw()).isEqualTo(0.0);
        assertThat(d.avgBusBwFailed()).isNull();
        // 2(n-1)/n with n = 1 is 0: nothing was communicated.
        assertThat(NcclTestsParser.busBwFactor(Collective.ALL_REDUCE, d.ranks())).isEqualTo(0.0);
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, gb.outOfPlace().algbw(), 0.0)).isEqualTo(1);
    }

    @Test
    void capturedAllReduceJson() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/all_reduce.json");
        assertThat(d.format()).isEqualTo(SourceFormat.JSON);
        assertThat(d.jsonVersion()).isEqualTo(3);
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.collective()).isEqualTo(Collective.ALL_REDUCE);
        assertThat(d.params().minBytes()).isEqualTo(1048576L);
        assertThat(d.params().maxBytes()).isEqualTo(268435456L);
        assertThat(d.params().nGpus()).isEqualTo(1);
        assertThat(d.ranks()).isEqualTo(1);
        assertThat(d.ncclVersion()).isEqualTo("2.28.9");
        assertThat(d.devices().get(0).name()).isEqualTo("NVIDIA H200");
        // env list trimmed to NCCL/CUDA keys
        assertThat(d.env()).contains("NCCL_NVLS_ENABLE=0", "CUDA_VERSION=13.0.2").hasSize(7);
        assertThat(d.rows()).extracting(NcclTestsRow::size)
                .containsExactly(1048576L, 4194304L, 16777216L, 67108864L, 268435456L);
        assertBusBwZero(d);
        assertThat(d.rows().get(0).outOfPlace().wrong()).isZero();
        assertThat(d.rows().get(0).root()).isEqualTo(-1);
        assertThat(d.rows().get(0).actualIterations()).isEqualTo(20);
        assertThat(d.outOfBounds().ok()).isTrue();
        assertThat(d.avgBusBw()).isEqualTo(0.0);
        assertThat(d.avgBusBwFailed()).isNull(); // "unchecked"
        assertThat(d.errors()).isEmpty(); // the JSON's errors [""] holds no message
    }

    @Test
    void capturedAllGather() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/all_gather.txt");
        assertSingleRankH200(d, "all_gather_perf", Collective.ALL_GATHER);
        assertThat(d.rows()).hasSize(14);
        assertThat(d.rows().get(0).size()).isZero();
        assertThat(d.rows().get(0).redop()).isEqualTo("none");
        assertBusBwZero(d);
        assertThat(d.avgBusBw()).isEqualTo(0.0);
    }

    @Test
    void capturedReduceScatter() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/reduce_scatter.txt");
        assertSingleRankH200(d, "reduce_scatter_perf", Collective.REDUCE_SCATTER);
        assertThat(d.rows()).hasSize(14);
        assertThat(d.rows().get(0).redop()).isEqualTo("sum");
        assertBusBwZero(d);
    }

    @Test
    void capturedSendrecvBusBwEqualsAlgBw() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/sendrecv.txt");
        assertSingleRankH200(d, "sendrecv_perf", Collective.SENDRECV);
        assertThat(d.rows()).hasSize(14);
        assertBusBwEqualsAlgBw(d);
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.inPlace().wrong()).isNull()); // N/A
        assertThat(row(d, 536870912L).outOfPlace().algbw()).isEqualTo(1817.0);
        assertThat(d.avgBusBw()).isEqualTo(11198.8);
        assertThat(NcclTestsParser.busBwFactor(Collective.SENDRECV, 1)).isEqualTo(1.0);
    }

    @Test
    void capturedBroadcast() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/broadcast.txt");
        assertSingleRankH200(d, "broadcast_perf", Collective.BROADCAST);
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.root()).isZero());
        assertBusBwEqualsAlgBw(d);
        assertThat(d.avgBusBw()).isEqualTo(37038.5);
    }

    @Test
    void capturedAlltoall() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/alltoall.txt");
        assertSingleRankH200(d, "alltoall_perf", Collective.ALLTOALL);
        assertBusBwZero(d);
        assertThat(d.rows()).allSatisfy(r -> {
            assertThat(r.outOfPlace().wrong()).isZero();
            assertThat(r.inPlace().wrong()).isNull();
        });
    }

    @Test
    void capturedAllReduceWithNcclInfoLinesInterleaved() {
        NcclTestsData d = captured("captured/h200-1gpu/tests/all_reduce_info.txt");
        assertSingleRankH200(d, "all_reduce_perf", Collective.ALL_REDUCE);
        assertThat(d.rows()).extracting(NcclTestsRow::size).containsExactly(8L, 64L, 512L, 4096L, 32768L, 262144L,
                2097152L, 16777216L, 134217728L);
        assertThat(d.ncclLogLines()).isGreaterThan(90);
        assertThat(d.rows().get(0).line()).isEqualTo(106);
        assertThat(d.outOfBounds().line()).isEqualTo(116);
        assertBusBwZero(d);
    }

    @Test
    void capturedMinBwFail() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/min-bw-fail.txt");
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.command()).startsWith("env NCCL_TESTS_MIN_BW=5000 ");
        assertThat(d.avgBusBw()).isEqualTo(0.0);
        assertThat(d.avgBusBwFailed()).isTrue();
        assertThat(d.errors()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(TestError.Kind.TEST_FAILURE);
            assertThat(e.host()).isEqualTo("vm");
            assertThat(e.pid()).isEqualTo(1572);
            assertThat(e.location()).isEqualTo("common.cu:1454");
        });
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedNoCheckWrongIsNa() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/no-check.txt");
        assertThat(d.params().validation()).isZero();
        assertThat(d.rows()).hasSize(4).allSatisfy(r -> {
            assertThat(r.outOfPlace().wrong()).isNull();
            assertThat(r.inPlace().wrong()).isNull();
        });
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedGraphMode() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/graph.txt");
        assertThat(d.params().graph()).isEqualTo(5);
        assertThat(d.rows()).hasSize(4);
        assertThat(row(d, 67108864L).inPlace().algbw()).isEqualTo(1e6);
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedBlockingMode() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/blocking.txt");
        assertThat(d.params().blockingMode()).isEqualTo(1);
        assertThat(d.notes()).anySatisfy(n -> assertThat(n.text()).startsWith("Blocking Enabled"));
        assertThat(d.rows()).hasSize(4);
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedGather() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/gather.txt");
        assertSingleRankH200(d, "gather_perf", Collective.GATHER);
        assertThat(d.rows()).hasSize(8).allSatisfy(r -> assertThat(r.root()).isZero());
        assertBusBwZero(d);
    }

    @Test
    void capturedScatter() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/scatter.txt");
        assertSingleRankH200(d, "scatter_perf", Collective.SCATTER);
        assertThat(d.rows()).hasSize(8);
        assertBusBwZero(d);
    }

    @Test
    void capturedReduce() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/reduce.txt");
        assertSingleRankH200(d, "reduce_perf", Collective.REDUCE);
        assertThat(d.rows()).hasSize(8);
        assertBusBwEqualsAlgBw(d);
        assertThat(d.avgBusBw()).isEqualTo(3443.93);
    }

    @Test
    void capturedAlltoallv() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/alltoallv.txt");
        assertSingleRankH200(d, "alltoallv_perf", Collective.ALLTOALLV);
        assertThat(d.rows()).hasSize(8);
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.inPlace().wrong()).isNull());
    }

    @Test
    void capturedHypercubeBlankRedop() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/hypercube.txt");
        assertSingleRankH200(d, "hypercube_perf", Collective.HYPERCUBE);
        assertThat(d.rows()).hasSize(8).allSatisfy(r -> {
            assertThat(r.redop()).isNull();
            assertThat(r.root()).isEqualTo(-1);
            assertThat(r.outOfPlace().algbw()).isZero(); // (n-1) transfers with n = 1
        });
    }

    @Test
    void capturedHalfMax() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/half.txt");
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.rows()).hasSize(4).allSatisfy(r -> {
            assertThat(r.type()).isEqualTo("half");
            assertThat(r.redop()).isEqualTo("max");
            assertThat(r.count()).isEqualTo(r.size() / 2);
        });
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedTimeoutOption() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/timeout-opt.txt");
        assertThat(d.rows()).extracting(NcclTestsRow::size).containsExactly(1073741824L, 2147483648L, 4294967296L);
        assertThat(d.rows().get(0).inPlace().algbw()).isEqualTo(1e6);
        assertThat(d.rows().get(2).inPlace().algbw()).isEqualTo(4e6); // printed "4e+06"
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedBadArgIsAnArgumentErrorNotAFailure() {
        String text = capturedText("captured/h200-1gpu-variants/tests/bad-arg.txt");
        ParseResult<NcclTestsData> r = P.parse(text);
        assertThat(r.hasErrors()).isFalse();
        NcclTestsData d = r.data();
        assertThat(d.rows()).isEmpty();
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.errors()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(TestError.Kind.ARGUMENT);
            assertThat(e.text()).isEqualTo("invalid sizes for 'minbytes' and 'maxbytes': 67108864 > 1048576");
            assertThat(e.line()).isEqualTo(2);
        });
        assertThat(d.params()).isNull();
        assertThat(d.devices()).isEmpty();
    }

    @Test
    void capturedHelpIsUsageTextNotAFailure() {
        ParseResult<NcclTestsData> r = P.parse(capturedText("captured/h200-1gpu-variants/tests/help.txt"));
        assertThat(r.hasErrors()).isFalse();
        NcclTestsData d = r.data();
        assertThat(d.rows()).isEmpty();
        assertThat(d.usage().program()).isEqualTo("all_reduce_perf");
        assertThat(d.usage().line()).isEqualTo(2);
        assertThat(d.usage().options()).hasSize(32).first().isEqualTo("[-t,--nthreads <num threads>]");
        assertThat(d.usage().options()).contains("[-h,--help]");
        assertThat(d.usage().options()).anySatisfy(o -> assertThat(o).startsWith("[-I,--per_iter_timing").contains("i_p99"));
        assertThat(d.errors()).isEmpty();
    }

    @Test
    void capturedJsonIterTextHasPerIterationColumns() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/json-iter.txt");
        assertThat(d.layout().perIteration()).isTrue();
        assertThat(d.params().perIterTiming()).isTrue();
        assertThat(d.params().stepBytes()).isEqualTo(1048576L);
        assertThat(d.params().stepFactor()).isNull();
        assertThat(d.notes()).anySatisfy(n -> assertThat(n.text()).startsWith("Writing JSON output to"));
        NcclTestsRow r = d.rows().get(0);
        assertThat(d.rows()).hasSize(1);
        assertThat(r.size()).isEqualTo(16777216L);
        assertThat(r.outOfPlace().timeUs()).isEqualTo(10.35);
        assertThat(r.outOfPlace().algbw()).isEqualTo(1621.2);
        assertThat(r.outOfPlace().perIter().minUs()).isEqualTo(7.74);
        assertThat(r.outOfPlace().perIter().maxUs()).isEqualTo(17.73);
        assertThat(r.outOfPlace().perIter().p99Us()).isEqualTo(17.73);
        assertThat(r.outOfPlace().perIter().cvPct()).isEqualTo(31.21);
        assertThat(r.inPlace().perIter().minUs()).isEqualTo(1.79);
        assertThat(r.inPlace().perIter().cvPct()).isEqualTo(32.68);
        assertThat(d.ranks()).isEqualTo(1);
    }

    @Test
    void capturedIterJsonHasPerIterationSamples() {
        NcclTestsData d = captured("captured/h200-1gpu-variants/tests/iter.json");
        assertThat(d.format()).isEqualTo(SourceFormat.JSON);
        assertThat(d.params().perIterTiming()).isTrue();
        assertThat(d.params().stepBytes()).isEqualTo(1048576L);
        assertThat(d.env()).hasSize(4).contains("NCCL_NVLS_ENABLE=0");
        NcclTestsRow r = d.rows().get(0);
        IterStats it = r.outOfPlace().perIter();
        assertThat(it.timesUs()).hasSize(10);
        assertThat(it.avgUs()).isEqualTo(9.2032);
        assertThat(it.minUs()).isEqualTo(7.744);
        assertThat(it.cvPct()).isCloseTo(31.21, within(0.01));
        assertThat(it.skippedIterations()).isZero();
        assertThat(r.inPlace().perIter().p99Us()).isEqualTo(4.448);
        assertThat(r.actualIterations()).isEqualTo(10);
        assertThat(d.ranks()).isEqualTo(1);
    }

    // ------------------------------------------------------------ public corpus

    @Test
    void superbenchmarkAllGatherOldLayout() {
        NcclTestsData d = corpus("nccl-tests/superbenchmark-testdata-nccl_allgather.txt");
        assertThat(d.layout().redopColumn()).isFalse();
        assertThat(d.layout().rootColumn()).isFalse();
        assertThat(d.layout().wrongColumn()).isEqualTo("error");
        assertThat(d.params().validation()).isZero();
        assertThat(d.params().aggIters()).isNull(); // older header has no agg iters
        assertThat(d.ranks()).isEqualTo(8);
        assertThat(d.devices().get(0).group()).isNull();
        assertThat(d.devices().get(0).name()).isEqualTo("A100-SXM4-40GB");
        assertThat(d.multiNode()).isFalse();
        // size-0 rows (per-rank count rounds to 0) are real rows
        assertThat(d.rows().subList(0, 5)).allSatisfy(r -> assertThat(r.size()).isZero());
        NcclTestsRow big = row(d, 8589934592L);
        assertThat(big.outOfPlace().busbw()).isEqualTo(223.39);
        assertThat(big.inPlace().busbw()).isEqualTo(230.07);
        assertThat(big.outOfPlace().wrong()).isNull();
        assertThat(big.outOfPlace().error()).isNull(); // N/A
        assertThat(d.avgBusBw()).isEqualTo(58.2651);
    }

    @Test
    void superbenchmarkAlltoallBlankRedop() {
        NcclTestsData d = corpus("nccl-tests/superbenchmark-testdata-nccl_alltoall.txt");
        assertThat(d.layout().redopColumn()).isTrue();
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.redop()).isNull());
        assertThat(row(d, 8589934592L).outOfPlace().busbw()).isEqualTo(224.31);
        assertThat(d.rows().get(0).size()).isZero();
        assertThat(d.rows().get(1).outOfPlace().timeUs()).isCloseTo(1.3, within(0.1));
        assertThat(row(d, 32L).outOfPlace().timeUs()).isCloseTo(86, within(4.0));
        assertThat(d.ranks()).isEqualTo(8);
    }

    @Test
    void superbenchmarkReduceRedopAndRoot() {
        NcclTestsData d = corpus("nccl-tests/superbenchmark-testdata-nccl_reduce.txt");
        assertThat(d.layout().redopColumn()).isTrue();
        assertThat(d.layout().rootColumn()).isTrue();
        assertThat(d.rows()).allSatisfy(r -> {
            assertThat(r.redop()).isEqualTo("sum");
            assertThat(r.root()).isZero();
        });
        assertThat(row(d, 4294967296L).outOfPlace().busbw()).isEqualTo(230.99);
        assertThat(row(d, 2147483648L).outOfPlace().busbw()).isEqualTo(230.33);
        assertThat(d.ncclLogLines()).isEqualTo(1);
    }

    @Test
    void ociMultiNodeRoce() {
        NcclTestsData d = corpus("nccl-tests/oci-hpc-oke-readme-1.txt");
        assertThat(d.ranks()).isEqualTo(16);
        assertThat(d.hosts()).containsExactly("nccl-allreduce-job0-mpiworker-0", "nccl-allreduce-job0-mpiworker-1");
        assertThat(d.multiNode()).isTrue();
        assertThat(row(d, 8589934592L).outOfPlace().busbw()).isEqualTo(237.94);
        assertThat(row(d, 536870912L).outOfPlace().busbw()).isEqualTo(156.41); // the dip
        assertThat(row(d, 1073741824L).outOfPlace().busbw()).isEqualTo(219.12);
        assertThat(d.avgBusBw()).isEqualTo(66.4834);
        assertThat(d.devices().get(0).busId()).isEqualTo("0x0f");
        assertThat(d.devices().get(0).pciBus()).isEqualTo(0x0f);
    }

    @Test
    void eksEfaWithLauncherPrefixesAndInfoLines() {
        NcclTestsData d = corpus("nccl-tests/eks-blueprints-eks-efa-1.txt");
        assertThat(d.ranks()).isEqualTo(2);
        assertThat(d.hosts()).containsExactly("test-nccl-efa-worker-0", "test-nccl-efa-worker-1");
        assertThat(d.devices()).allSatisfy(dev -> assertThat(dev.name()).isEqualTo("Tesla T4"));
        assertThat(d.ncclVersion()).isEqualTo("2.12.7");
        assertThat(d.ncclLogLines()).isGreaterThan(40);
        assertThat(d.rows()).hasSize(31);
        assertThat(row(d, 134217728L).outOfPlace().busbw()).isCloseTo(3.1, within(0.05));
        assertThat(row(d, 1073741824L).outOfPlace().busbw()).isEqualTo(3.11);
        assertThat(d.avgBusBw()).isEqualTo(1.15327);
        assertThat(d.outOfBounds().ok()).isTrue();
    }

    @Test
    void eksNvidiaGpuEfaTruncatedIndentedPaste() {
        NcclTestsData d = corpus("nccl-tests/eks-blueprints-nvidia-gpu-efa-1.txt");
        assertThat(d.params()).isNull();
        assertThat(d.devices()).isEmpty();
        assertThat(d.ranks()).isNull();
        assertThat(last(d).size()).isEqualTo(17179869184L);
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(480.87);
        assertThat(d.avgBusBw()).isEqualTo(123.343); // the log's figure, not the README prose
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, last(d).outOfPlace().algbw(),
                last(d).outOfPlace().busbw())).isEqualTo(16);
    }

    @Test
    void anthonyHooSingleGpuReduceAbsurdInPlace() {
        NcclTestsData d = corpus("nccl-tests/anthony-hoo-autodl-2080ti-3.txt");
        assertThat(d.test()).isEqualTo("reduce_perf");
        assertThat(d.ranks()).isEqualTo(1);
        assertThat(d.rows()).hasSize(28).allSatisfy(r -> assertThat(r.inPlace().timeUs()).isBetween(0.18, 0.19));
        NcclTestsRow gb = row(d, 1073741824L);
        assertThat(gb.inPlace().algbw()).isEqualTo(5706839.35);
        assertThat(gb.inPlace().busbw()).isEqualTo(5706839.35);
        assertThat(gb.outOfPlace().busbw()).isEqualTo(267.37);
        assertThat(d.avgBusBw()).isEqualTo(202818.0);
    }

    @Test
    void anthonyHooAlltoallTwoGpusNa() {
        NcclTestsData d = corpus("nccl-tests/anthony-hoo-autodl-2080ti-4.txt");
        assertThat(d.test()).isEqualTo("alltoall_perf");
        assertThat(d.params().nGpus()).isEqualTo(2);
        assertThat(d.ranks()).isEqualTo(2);
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.inPlace().wrong()).isNull());
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(4.61);
        assertThat(row(d, 67108864L).outOfPlace().busbw()).isCloseTo(4.6, within(0.05));
        assertThat(d.avgBusBw()).isEqualTo(2.06935);
    }

    @Test
    void nccl473OldHeaderThenSystemError() {
        ParseResult<NcclTestsData> r = P.parse(Corpus.read("nccl-tests/nccl-473-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        NcclTestsData d = r.data();
        assertThat(d.params().nGpus()).isEqualTo(4);
        assertThat(d.params().aggIters()).isNull();
        assertThat(d.ranks()).isEqualTo(4);
        assertThat(d.devices()).allSatisfy(dev -> {
            assertThat(dev.group()).isNull();
            assertThat(dev.host()).isEqualTo("fastmoe");
            assertThat(dev.pid()).isEqualTo(1688);
        });
        assertThat(d.devices().get(1).busId()).isEqualTo("0x3b");
        assertThat(d.rows()).isEmpty();
        assertThat(d.errors()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(TestError.Kind.NCCL_FAILURE);
            assertThat(e.host()).isEqualTo("fastmoe");
            assertThat(e.location()).isEqualTo("common.cu:777");
            assertThat(e.message()).isEqualTo("unhandled system error");
        });
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.message().startsWith("no result rows"));
    }

    @Test
    void dstackLambdaB200HashesStripped() {
        NcclTestsData d = corpus("nccl-tests/dstack-docs-lambda-b200-1.txt");
        assertThat(d.version()).isEqualTo("2.17.6");
        assertThat(d.ncclHeaders()).isEqualTo(22602);
        assertThat(d.ncclVersion()).isEqualTo("2.26.2");
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.layout()).isNotNull();
        NcclTestsRow r = row(d, 2147483648L);
        assertThat(r.outOfPlace().busbw()).isEqualTo(696.06);
        assertThat(r.inPlace().busbw()).isEqualTo(702.91);
        assertThat(r.outOfPlace().algbw()).isCloseTo(371, within(1.0));
        assertThat(d.outOfBounds().ok()).isTrue();
        assertThat(d.avgBusBw()).isEqualTo(137.179);
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, r.outOfPlace().algbw(), r.outOfPlace().busbw()))
                .isEqualTo(16);
    }

    @Test
    void dstackGcpA3MegaValidationOff() {
        NcclTestsData d = corpus("nccl-tests/dstack-docs-gcp-a3mega-1.txt");
        assertThat(d.params().minBytes()).isEqualTo(8388608L);
        assertThat(d.params().maxBytes()).isEqualTo(8589934592L);
        assertThat(d.params().validation()).isZero();
        assertThat(d.params().iters()).isEqualTo(200);
        assertThat(d.rows()).hasSize(11).allSatisfy(r -> {
            assertThat(r.outOfPlace().wrong()).isNull();
            assertThat(r.inPlace().wrong()).isNull();
        });
        NcclTestsRow big = row(d, 8589934592L);
        assertThat(big.outOfPlace().busbw()).isEqualTo(188.54);
        // busbw = algbw * 15/16: 16 ranks of all_gather
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_GATHER, big.outOfPlace().algbw(), big.outOfPlace().busbw()))
                .isEqualTo(16);
        assertThat(d.avgBusBw()).isEqualTo(146.948);
    }

    @Test
    void dstackGcpA3HighPlateau() {
        NcclTestsData d = corpus("nccl-tests/dstack-docs-gcp-a3high-1.txt");
        assertThat(d.params().iters()).isEqualTo(200);
        for (NcclTestsRow r : d.rows()) {
            if (r.size() >= 134217728L) {
                assertThat(r.outOfPlace().busbw()).isCloseTo(50, within(1.0));
                assertThat(r.outOfPlace().algbw()).isCloseTo(53.5, within(1.0));
            }
        }
        assertThat(row(d, 134217728L).outOfPlace().busbw()).isEqualTo(49.99);
        assertThat(d.avgBusBw()).isEqualTo(40.6043);
    }

    @Test
    void cscsGh200WithoutCxiHook() {
        NcclTestsData d = corpus("nccl-tests/cscs-docs-nccl-gh200-2.txt");
        assertThat(d.test()).isEqualTo("all_reduce_perf");
        assertThat(d.started()).isTrue();
        assertThat(d.concluded()).isTrue();
        assertThat(d.ranks()).isEqualTo(8);
        assertThat(d.hosts()).containsExactly("nid005471", "nid005487");
        assertThat(d.devices().get(1).busId()).isEqualTo("0019:01:00");
        assertThat(d.devices().get(1).pciAddress()).isEqualTo("0019:01:00.0");
        assertThat(row(d, 134217728L).outOfPlace().busbw()).isEqualTo(5.43);
        assertThat(row(d, 512L).outOfPlace().timeUs()).isEqualTo(163.2);
        assertThat(row(d, 1024L).outOfPlace().timeUs()).isEqualTo(373.0);
        assertThat(d.avgBusBw()).isEqualTo(1.58767);
    }

    @Test
    void cscsSarusNewestLayout() {
        NcclTestsData d = corpus("nccl-tests/cscs-docs-sarus-gh200-1.txt");
        assertThat(d.version()).isEqualTo("2.18.2");
        assertThat(d.ncclHeaders()).isEqualTo(23007);
        assertThat(d.ncclVersion()).isEqualTo("2.30.7");
        assertThat(d.started()).isTrue();
        assertThat(d.concluded()).isTrue();
        assertThat(d.params().unalign()).isZero();
        assertThat(d.ranks()).isEqualTo(2);
        assertThat(d.multiNode()).isTrue();
        NcclTestsRow r = row(d, 134217728L);
        assertThat(r.outOfPlace().busbw()).isEqualTo(22.86);
        assertThat(r.inPlace().busbw()).isEqualTo(22.88);
        assertThat(d.avgBusBw()).isEqualTo(14.9966);
    }

    @Test
    void awsP4deSrunPrefixTableOnly() {
        NcclTestsData d = corpus("nccl-tests/awsome-distributed-training-p4de-1.txt");
        assertThat(d.params()).isNull();
        assertThat(d.devices()).isEmpty();
        assertThat(d.outOfBounds()).isNull();
        assertThat(d.rows().get(0).size()).isEqualTo(8);
        assertThat(last(d).size()).isEqualTo(2147483648L);
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(78.33);
        assertThat(last(d).outOfPlace().algbw()).isEqualTo(41.78);
    }

    @Test
    void awsP5SrunPrefix() {
        NcclTestsData d = corpus("nccl-tests/awsome-distributed-training-p5-1.txt");
        assertThat(d.rows().get(0).size()).isEqualTo(8);
        assertThat(last(d).size()).isEqualTo(17179869184L);
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(487.09);
        assertThat(last(d).outOfPlace().algbw()).isEqualTo(259.78);
    }

    @Test
    void awsBatchRatioShowsOneNode() {
        NcclTestsData d = corpus("nccl-tests/awsome-distributed-training-aws-batch-1.txt");
        assertThat(d.layout()).isNotNull();
        NcclTestsRow r = last(d);
        assertThat(r.size()).isEqualTo(17179869184L);
        assertThat(r.outOfPlace().busbw()).isEqualTo(483.05);
        assertThat(r.outOfPlace().algbw()).isEqualTo(276.03);
        // busbw/algbw = 1.75 = 2(n-1)/n: n = 8, one node
        assertThat(NcclTestsParser.inferRanks(Collective.ALL_REDUCE, r.outOfPlace().algbw(), r.outOfPlace().busbw()))
                .isEqualTo(8);
        assertThat(d.avgBusBw()).isEqualTo(156.742);
        assertThat(d.outOfBounds().ok()).isTrue();
    }

    @Test
    void awsEksP5ElidedRows() {
        NcclTestsData d = corpus("nccl-tests/awsome-distributed-training-eks-p5-1.txt");
        assertThat(d.rows().get(0).size()).isZero();
        assertThat(last(d).size()).isEqualTo(2147483648L);
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(437.79);
        assertThat(d.rows()).hasSize(7);
        assertThat(d.outOfBounds().ok()).isTrue();
        // The manifest cites "Avg bus bandwidth 52.98"; this excerpt ends before that line.
        assertThat(d.avgBusBw()).isNull();
    }

    @Test
    void ncclTests37ErrorColumnAndFailedOutOfBounds() {
        NcclTestsData d = corpus("nccl-tests/nccl-tests-37-1.txt");
        assertThat(d.test()).isEqualTo("all_gather_perf");
        assertThat(d.layout().wrongColumn()).isEqualTo("error");
        NcclTestsRow r = d.rows().get(0);
        assertThat(d.rows()).hasSize(1);
        assertThat(r.size()).isEqualTo(4294967296L);
        assertThat(r.outOfPlace().error()).isEqualTo(1.0);
        assertThat(r.inPlace().error()).isEqualTo(1.0);
        assertThat(r.outOfPlace().wrong()).isNull();
        assertThat(r.outOfPlace().busbw()).isEqualTo(129.05);
        assertThat(d.outOfBounds().count()).isEqualTo(2);
        assertThat(d.outOfBounds().ok()).isFalse();
        assertThat(d.avgBusBw()).isEqualTo(128.942);
    }

    @Test
    void ncclTests252TruncatedHeader() {
        NcclTestsData d = corpus("nccl-tests/nccl-tests-252-2.txt");
        assertThat(d.rows()).hasSize(5);
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.outOfPlace().busbw()).isBetween(93.0, 98.0));
        assertThat(row(d, 8589934592L).outOfPlace().busbw()).isEqualTo(95.10);
        assertThat(d.avgBusBw()).isEqualTo(95.3009);
    }

    @Test
    void ncclTests119LinearSteps() {
        NcclTestsData d = corpus("nccl-tests/nccl-tests-119-1.txt");
        assertThat(d.layout()).isNull();
        assertThat(d.rows()).extracting(NcclTestsRow::size).containsExactly(127926280L, 128974856L, 130023432L,
                131072008L, 132120584L, 133169160L);
        assertThat(d.rows()).allSatisfy(r -> assertThat(r.outOfPlace().busbw()).isCloseTo(96, within(0.5)));
        assertThat(d.avgBusBw()).isEqualTo(84.8558);
        assertThat(d.outOfBounds().ok()).isTrue();
    }

    @Test
    void nccl445OutOfPlaceOnly() {
        ParseResult<NcclTestsData> res = P.parse(Corpus.read("nccl-tests/nccl-445-1.txt"));
        assertThat(res.hasErrors()).isFalse();
        NcclTestsData d = res.data();
        assertThat(d.layout().wrongColumn()).isEqualTo("error");
        assertThat(d.layout().rootColumn()).isFalse();
        assertThat(d.rows()).hasSize(12).allSatisfy(r -> {
            assertThat(r.inPlace()).isNull();
            assertThat(r.redop()).isEqualTo("sum");
            assertThat(r.outOfPlace().error()).isNull(); // N/A
        });
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(4.88);
        assertThat(row(d, 16777216L).outOfPlace().busbw()).isCloseTo(4.9, within(0.05));
        assertThat(res.warnings()).filteredOn(w -> w.severity() == Severity.WARNING)
                .extracting(ParseWarning::message).containsExactly(
                        "result rows hold only the out-of-place half (in-place columns missing)");
    }

    @Test
    void awsOfi65ErrorColumnAndInfoLines() {
        NcclTestsData d = corpus("nccl-tests/aws-ofi-nccl-65-1.txt");
        assertThat(d.layout().wrongColumn()).isEqualTo("error");
        assertThat(d.ncclLogLines()).isEqualTo(3);
        assertThat(d.rows()).hasSize(7).allSatisfy(r -> {
            assertThat(r.outOfPlace().error()).isEqualTo(5e-7);
            assertThat(r.outOfPlace().busbw()).isCloseTo(33, within(1.1));
        });
        assertThat(d.rows().get(0).size()).isEqualTo(33554432L);
        assertThat(d.rows().get(1).size() - d.rows().get(0).size()).isEqualTo(2097152L);
        assertThat(last(d).size()).isEqualTo(46137344L);
    }

    @Test
    void ncclTests219InternalErrorAcrossTwoHosts() {
        NcclTestsData d = corpus("nccl-tests/nccl-tests-219-1.txt");
        assertThat(d.params().validation()).isZero();
        assertThat(d.ranks()).isEqualTo(4);
        assertThat(d.hosts()).containsExactly("fengyun416", "fengyun");
        assertThat(d.multiNode()).isTrue();
        assertThat(d.rows()).isEmpty();
        assertThat(d.errors()).hasSize(2);
        TestError e = d.errors().get(0);
        assertThat(e.kind()).isEqualTo(TestError.Kind.NCCL_FAILURE);
        assertThat(e.host()).isEqualTo("fengyun");
        assertThat(e.location()).isEqualTo("common.cu:959");
        assertThat(e.message()).isEqualTo("internal error - please report this issue to the NCCL developers");
        assertThat(d.errors().get(1).kind()).isEqualTo(TestError.Kind.TEST_FAILURE);
        assertThat(d.errors().get(1).pid()).isEqualTo(3164639);
    }

    @Test
    void ncclTests280CollapsedWhitespaceAndCudaError() {
        NcclTestsData d = corpus("nccl-tests/nccl-tests-280-1.txt");
        assertThat(d.errors()).hasSize(2);
        assertThat(d.errors().get(0).message()).isEqualTo("unhandled CUDA error");
        assertThat(d.errors().get(0).location()).isEqualTo("common.cu:1005");
        assertThat(d.errors().get(0).host()).isEqualTo("c2211f46f318");
        assertThat(d.devices()).hasSize(3).allSatisfy(dev -> assertThat(dev.name()).isEqualTo("NVIDIA GeForce RTX 4090"));
        assertThat(d.rows()).extracting(NcclTestsRow::size).containsExactly(8L, 16L, 32L);
        assertThat(d.rows().get(0).outOfPlace().timeUs()).isEqualTo(97.98);
    }

    @Test
    void spectrumXReportP2pAndShmOff() {
        NcclTestsData d = corpus("nccl-tests/unidentified-5kpro-spcx-report-1.txt");
        assertThat(d.version()).isEqualTo("2.18.3");
        assertThat(d.ncclHeaders()).isEqualTo(23003);
        assertThat(d.ncclVersion()).isEqualTo("2.30.3");
        assertThat(d.ranks()).isEqualTo(16);
        assertThat(d.hosts()).containsExactly("R6KD-CX8aaS-GPU-14", "R6KD-CX8aaS-GPU-15");
        assertThat(d.devices().get(0).name()).isEqualTo("NVIDIA Graphics Device");
        for (NcclTestsRow r : d.rows()) {
            if (r.size() >= 8388608L) assertThat(r.outOfPlace().busbw()).isBetween(30.0, 40.0);
        }
        assertThat(last(d).outOfPlace().busbw()).isEqualTo(35.08);
        assertThat(row(d, 4194304L).inPlace().timeUs()).isEqualTo(1638.94);
        assertThat(row(d, 4194304L).outOfPlace().timeUs()).isEqualTo(638.57);
        assertThat(d.avgBusBw()).isEqualTo(17.8413);
    }

    @Test
    void ncclTests214SendrecvTwoNodes() {
        NcclTestsData d = corpus("nccl-tests/nccl-tests-214-1.txt");
        assertThat(d.ranks()).isEqualTo(2);
        assertThat(d.hosts()).containsExactly("gpu23", "gpu24");
        assertThat(d.devices()).allSatisfy(dev -> assertThat(dev.name()).isEqualTo("NVIDIA A40"));
        assertThat(d.rows()).hasSize(5).allSatisfy(r -> {
            assertThat(r.inPlace().wrong()).isNull();
            assertThat(r.outOfPlace().wrong()).isZero();
            assertThat(r.outOfPlace().timeUs()).isBetween(30.0, 35.0);
        });
        assertThat(last(d).size()).isEqualTo(4096L);
    }
}
