package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.NodeStream;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streamed analysis ({@link NcclScope#analyze(Options, Path...)}: one node read at a time, its facts let go)
 * writes the same report, byte for byte, as the analysis of the whole evidence, over every corpus file, every example
 * folder and generated bundles whose nodes differ; and the report does not depend on the order slices come in.
 */
class StreamingTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> corpusFiles() {
        if (!Corpus.present()) return Stream.of(Arguments.of("(corpus absent)"));
        return Corpus.entries().stream().map(e -> Arguments.of(e.file()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusFiles")
    void everyCorpusFileReadsTheSameStreamed(String file) throws Exception {
        Corpus.assumePresent();
        assertSame(Corpus.root().resolve(file));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleFolderReadsTheSameStreamed(String folder) throws Exception {
        assertSame(Path.of(folder));
    }

    static Stream<String> examples() {
        return Stream.of("../examples/captured/h200-1gpu", "../examples/captured/h200-1gpu-variants",
                "../examples/captured/h200-bundle", "../examples/split/rails-healthy", "../examples/split/rails-slow",
                "../examples/pairs", "../examples/ab", "../examples/scaling", "../examples/captured");
    }

    @Test
    void aClusterOfAlikeNodesReadsTheSameStreamed() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("c"), TestBundles.hosts(45));
        assertSame(root);
        // 45 nodes of 25 inputs: the first 1,000 listed, node by node, every one counted.
        Report r = NcclScope.analyze(Options.DEFAULTS, root);
        assertThat(r.inputs().count()).isEqualTo(45 * 25);
        assertThat(r.inputs().kinds().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(45 * 25);
        assertThat(r.artifacts()).hasSize(Report.MAX_ARTIFACTS_LISTED);
        assertThat(r.artifacts().get(0).node()).isEqualTo("gpu-node0001");
        assertThat(r.artifacts().get(999).node()).isEqualTo("gpu-node0040");
    }

    @Test
    void aClusterOfNodesThatDifferReadsTheSameStreamed() throws Exception {
        Corpus.assumePresent();
        assertSame(TestBundles.mixed(tmp.resolve("m"), 12));
    }

    @Test
    void nodesNamedOutOfFolderOrderReadTheSameStreamed() throws Exception {
        // Folders sort node10 before node2; nodes are listed node2 first.
        assertSame(TestBundles.cluster(tmp.resolve("n"), "node10", "node2", "node1", "zeta", "alpha"));
    }

    @Test
    void aKillOnOneNodeYieldingToAnotherNodesCauseReadsTheSameStreamed() throws Exception {
        // Node b's rank was killed by a signal (mpirun's line, help-orterun.txt); node a's NCCL error is the cause.
        Path root = tmp.resolve("k");
        Files.createDirectories(root.resolve("node-a"));
        Files.createDirectories(root.resolve("node-b"));
        Files.writeString(root.resolve("node-b/train.log"), "node-b:5001:5001 [1] NCCL INFO Init COMPLETE\n"
                + "mpirun noticed that process rank 3 with PID 5001 on node node-b exited on signal 9 (Killed).\n");
        Files.writeString(root.resolve("node-a/train.log"),
                "node-a:10:20 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n");
        assertSame(root);
        assertThat(NcclScope.diagnose(NcclScope.evidence(root)).findings())
                .extracting(io.ncclscope.sdk.diagnose.Finding::code).doesNotContain("RANK_KILLED_BY_SIGNAL");
    }

    @Test
    void twoCollectBundlesOfOneNodeAreHeldTogetherAndReadTheSame() throws Exception {
        Path root = tmp.resolve("b");
        TestBundles.cluster(root, "gpu-a", "gpu-b");
        copyTree(Path.of("../examples/captured/h200-bundle/before"), root.resolve("x-before"));
        copyTree(Path.of("../examples/captured/h200-bundle/after"), root.resolve("y-after"));
        assertSame(root);
        // Both bundles reach the delta check together: the streamed report has its counter findings too.
        Report r = NcclScope.analyze(Options.DEFAULTS, root);
        assertThat(r.artifacts()).extracting(Report.ArtifactSummary::name).anyMatch(n -> n.startsWith("x-before/"))
                .anyMatch(n -> n.startsWith("y-after/"));
    }

    @Test
    void aFolderNamingANodeWhoseOwnFolderComesLaterIsHeldForItAndStreams() throws Exception {
        Path root = tmp.resolve("moved");
        TestBundles.node(root.resolve("a-folder"), "gpu-x");  // content names gpu-x: folder a-folder is node gpu-x
        TestBundles.node(root.resolve("gpu-x"), "gpu-x");     // a later folder of the same node
        TestBundles.node(root.resolve("gpu-y"), "gpu-y");
        List<Evidence> slices = new ArrayList<>();
        new NodeStream(Evidence.builder()).read(List.of(root), slices::add);
        assertThat(slices).filteredOn(s -> "gpu-x".equals(s.sliceNode())).singleElement()
                .satisfies(s -> assertThat(s.artifacts()).extracting(Artifact::name)
                        .anyMatch(n -> n.startsWith("a-folder/")).anyMatch(n -> n.startsWith("gpu-x/")));
        assertSame(root);
    }

    @Test
    void aNodeWhoseFilesTurnUpAfterItsOwnFolderFallsBackToTheWholeRead() throws Exception {
        Path root = tmp.resolve("late");
        TestBundles.node(root.resolve("gpu-x"), "gpu-x");     // the node's own folder, handed on at once
        TestBundles.node(root.resolve("z-folder"), "gpu-x");  // content names gpu-x, read after it
        TestBundles.node(root.resolve("gpu-y"), "gpu-y");
        assertThatThrownBy(() -> new NodeStream(Evidence.builder()).read(List.of(root), s -> { }))
                .isInstanceOf(NodeStream.UnstreamableException.class).hasMessageContaining("gpu-x");
        assertSame(root);
    }

    @Test
    void theFileLimitStopsAtTheSameFileStreamed() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("l"), TestBundles.hosts(8));
        Options o = Options.builder().maxFiles(100).build();
        Report streamed = NcclScope.analyze(o, root);
        assertThat(streamed.problems()).singleElement().satisfies(p -> assertThat(p.message()).contains("more than 100 files"));
        assertThat(NcclScope.render(streamed, Format.JSON))
                .isEqualTo(NcclScope.render(NcclScope.analyze(NcclScope.evidence(o, root), o), Format.JSON));
    }

    @Test
    void theAnalyzersLetGoOfEveryNodesLogsAndTablesAndKeepOnlyTheHardwareRecordsTheyCompare() throws Exception {
        Path root = Corpus.present() ? TestBundles.mixed(tmp.resolve("f"), 8) : TestBundles.cluster(tmp.resolve("f"), TestBundles.hosts(8));
        ReportPass pass = new ReportPass(NcclScope.analyzers());
        // The checks that compare nodes (link rates and MTUs, topology asymmetry, each host's NICs against NCCL's
        // choice) keep these small records until finish; NCCL logs, nccl-tests tables and the rest go slice by slice.
        assertThat(PassChecks.factsKeptByKind(root, pass::add)).doesNotContainKeys("nccl-log", "nccl-tests", "unknown",
                "nvbandwidth", "perftest", "lscpu").allSatisfy((kind, n) -> assertThat(kind).isIn("dmesg", "ethtool",
                "gids", "ibstat", "iplink", "lspci-tree", "lspci-verbose", "nccl-topo-xml", "numactl", "nvidia-smi-q",
                "nvidia-smi", "topo"));
        assertThat(pass.finish(List.of(), Locale.ENGLISH).nodes()).hasSizeGreaterThanOrEqualTo(8);
    }

    @Test
    void streamedSlicesAreTheSlicesOfTheWholeEvidence() throws Exception {
        Path root = TestBundles.mixed(tmp.resolve("s"), 6);
        List<String> streamed = new ArrayList<>();
        new NodeStream(Evidence.builder()).read(List.of(root), s -> streamed.add(describe(s)));
        List<String> whole = NcclScope.evidence(root).slices().stream().map(StreamingTest::describe).toList();
        assertThat(streamed).containsExactlyInAnyOrderElementsOf(whole);
    }

    @Test
    void theReportDoesNotDependOnTheOrderOfSlices() throws Exception {
        Evidence e = NcclScope.evidence(Corpus.present() ? TestBundles.mixed(tmp.resolve("o"), 8)
                : TestBundles.cluster(tmp.resolve("o"), TestBundles.hosts(8)));
        List<Evidence> slices = new ArrayList<>(e.slices());
        String forward = json(slices, e.problems());
        Collections.reverse(slices);
        assertThat(json(slices, e.problems())).isEqualTo(forward);
        Collections.shuffle(slices, new java.util.Random(7));
        assertThat(json(slices, e.problems())).isEqualTo(forward);
    }

    private static String json(List<Evidence> slices, List<Evidence.Problem> problems) {
        ReportPass p = new ReportPass(NcclScope.analyzers());
        for (Evidence s : slices) p.add(s);
        return NcclScope.render(p.finish(problems, Locale.ENGLISH), Format.JSON);
    }

    /** A slice as text: its nodes and artifact names with kinds. */
    private static String describe(Evidence s) {
        StringBuilder b = new StringBuilder(s.nodes().toString());
        for (Artifact a : s.artifacts()) b.append('\n').append(a.name()).append(' ').append(a.kind()).append(' ').append(a.node());
        return b.toString();
    }

    /** Streamed and whole reports of {@code path} agree in JSON and Markdown, in English and Chinese. */
    private static void assertSame(Path path) throws Exception {
        for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Options o = Options.builder().locale(l).build();
            Report streamed = NcclScope.analyze(o, path);
            Report whole = NcclScope.analyze(NcclScope.evidence(o, path), o);
            assertThat(NcclScope.render(streamed, Format.JSON)).isEqualTo(NcclScope.render(whole, Format.JSON));
            assertThat(NcclScope.render(streamed, Format.MARKDOWN)).isEqualTo(NcclScope.render(whole, Format.MARKDOWN));
        }
        // And the diagnosis alone, through the analyzers' passes, is the whole one's.
        Evidence e = NcclScope.evidence(path);
        assertThat(diagnoseBySlices(e).findings()).isEqualTo(NcclScope.diagnose(e).findings());
    }

    private static Diagnosis diagnoseBySlices(Evidence e) {
        List<io.ncclscope.sdk.diagnose.Finding> all = new ArrayList<>();
        for (var a : NcclScope.analyzers()) all.addAll(a.pass().run(e));
        return Diagnosis.of(all);
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Path d = to.resolve(from.relativize(p).toString());
                Files.createDirectories(d.getParent());
                Files.writeString(d, Files.readString(p, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
            }
        }
    }
}
