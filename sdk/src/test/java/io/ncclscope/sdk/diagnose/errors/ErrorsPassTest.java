package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.NodeStream;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The errors analyzer's pass: slice by slice, in any order, it finds what the whole evidence gives, and it keeps no
 * node's parsed logs or tables.
 */
class ErrorsPassTest {

    private final ErrorsAnalyzer analyzer = new ErrorsAnalyzer();

    @Test
    void everyCorpusFileWithFindingsGivesTheSameFindingsSliced() {
        Corpus.assumePresent();
        for (String file : ErrorsAnalyzerCorpusTest.TABLE.keySet()) {
            Evidence e = Evidence.builder().addText(file, Corpus.read(file)).build();
            assertThat(analyzer.analyze(e)).as(file).isNotEmpty();
            PassChecks.assertSameAsWhole(analyzer, e);
        }
    }

    @Test
    void corpusFailuresSpreadOverNodesGiveTheSameFindingsInAnyOrder() {
        Corpus.assumePresent();
        // Every reviewed failure put on one of a few nodes (a host named in the content wins, logs of several hosts
        // stay with no node), plus some files again with no node: the walk joins artifacts across slices, and the
        // order slices come in must not change who failed first.
        Evidence.Builder b = Evidence.builder();
        List<String> files = new ArrayList<>(ErrorsAnalyzerCorpusTest.TABLE.keySet());
        for (int i = 0; i < files.size(); i++) {
            String node = "node" + ((i * 7) % (files.size() / 2 + 1));
            b.addText(files.get(i), Corpus.read(files.get(i)), node);
            if (i % 5 == 0) b.addText("loose-" + files.get(i), Corpus.read(files.get(i)));
        }
        Evidence e = b.build();
        assertThat(e.nodes()).hasSizeGreaterThan(4);
        assertThat(e.unassigned()).isNotEmpty();
        assertThat(analyzer.analyze(e)).isNotEmpty();
        PassChecks.assertSameAsWhole(analyzer, e);
    }

    @Test
    void generatedMixedBundleGivesTheSameFindingsSliced(@TempDir Path tmp) throws Exception {
        Evidence e = Evidence.builder().addPath(TestBundles.mixed(tmp.resolve("m"), 12)).build();
        assertThat(analyzer.analyze(e)).isNotEmpty();
        PassChecks.assertSameAsWhole(analyzer, e);
    }

    @Test
    void nodesThatRanTheirOwnProcessesFindTheSameStreamedAndWhole(@TempDir Path tmp) throws Exception {
        // Every node its own pids, tids and communicator ids: each node's chains name it.
        Path root = TestBundles.distinct(tmp.resolve("d"), TestBundles.hosts(6));
        PassChecks.assertStreamedSameAsWhole(analyzer, root);
        PassChecks.assertSameAsWhole(analyzer, NcclScope.evidence(root));
        Pass pass = analyzer.pass();
        new NodeStream(Evidence.builder()).read(List.of(root), s -> {
            pass.add(s);
            pass.drain();
        });
        assertThat(pass.finish()).extracting(f -> f.subject().node()).contains(TestBundles.hosts(6));
    }

    @Test
    void passKeepsNoNodesParsedFacts(@TempDir Path tmp) throws Exception {
        Pass pass = analyzer.pass();
        List<Finding> found = new ArrayList<>();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp.resolve("k"), 8), s -> {
            pass.add(s);
            found.addAll(pass.drain());
        })).isZero();
        found.addAll(pass.finish());
        assertThat(found).isNotEmpty();
    }

    @Test
    void aNodesOwnSettingsAndTestsFailuresAreHandedOverRightAfterItsSlice() throws Exception {
        // A debug file and an nccl-tests run refused for its arguments or failed under its bandwidth floor are the
        // node's own: no other slice can change them. An invalid variable waits: a WARN finding of another slice may
        // name the same variable, and then it is not repeated.
        Path v = Path.of("../examples/captured/h200-1gpu-variants");
        Evidence.Builder b = Evidence.builder();
        for (String f : List.of("nccl/debug-file.log", "nccl/bad-algo.log", "tests/bad-arg.txt", "tests/min-bw-fail.txt")) {
            b.addText("gpu-node0001/" + f, Files.readString(v.resolve(f)), "gpu-node0001");
        }
        Evidence e = b.build();
        Pass pass = analyzer.pass();
        for (Evidence s : e.slices()) pass.add(s);
        List<Finding> drained = pass.drain();
        assertThat(drained).extracting(Finding::code)
                .containsExactlyInAnyOrder(Classifier.DEBUG_FILE, Classifier.TESTS, Classifier.TESTS);
        assertThat(pass.drain()).isEmpty();
        assertThat(pass.finish()).extracting(Finding::code).containsExactly(Classifier.ENV);
        PassChecks.assertSameAsWhole(analyzer, e);
    }
}
