package io.ncclscope.sdk.diagnose.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The topology pass finds what the whole analysis finds, whatever order the slices come in. */
class TopologyPassTest {

    static Stream<String> filesWithFindings() {
        Corpus.assumePresent();
        return TopologyCorpusTest.TABLE.keySet().stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("filesWithFindings")
    void passOverACorpusFileFindsWhatTheWholeAnalysisFinds(String file) {
        PassChecks.assertSameAsWhole(new TopologyAnalyzer(), Evidence.builder().addText(file, Corpus.read(file)).build());
    }

    @Test
    void passOverNodesThatDifferFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws IOException {
        // Nodes carry different corpus topo, lspci, ibstat and nvidia-smi outputs: counts, paths and models compared.
        PassChecks.assertSameAsWhole(new TopologyAnalyzer(), NcclScope.evidence(TestBundles.mixed(tmp, 12)));
    }

    @Test
    void passOverLooseFilesAndNodesTogetherFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws IOException {
        Corpus.assumePresent();
        Evidence.Builder b = Evidence.builder().addPath(TestBundles.mixed(tmp, 5));
        // Every other file on a node of its own, named out of natural order (host19, host17...): slices then come
        // in another order than the files were given.
        int[] n = {0};
        filesWithFindings().limit(12).forEach(f -> b.addText(f, Corpus.read(f), n[0]++ % 2 == 0 ? null : "host" + (20 - n[0])));
        PassChecks.assertSameAsWhole(new TopologyAnalyzer(), b.build());
    }

    @Test
    void passFedOneNodeFolderAtATimeFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws Exception {
        PassChecks.assertStreamedSameAsWhole(new TopologyAnalyzer(), TestBundles.mixed(tmp, 10));
    }

    @Test
    void passKeepsNoParsedFactsOfAnyNode(@TempDir Path tmp) throws Exception {
        // Findings and a few strings per node are kept; every node's parsed records go as its slice is read.
        Path root = Corpus.present() ? TestBundles.mixed(tmp, 8) : TestBundles.cluster(tmp, TestBundles.hosts(8));
        assertThat(PassChecks.factsKeptByKind(root, new TopologyAnalyzer().pass()::add)).isEmpty();
    }

    @Test
    void nodesSharingAFindingInAnyOrderAreListedTogetherWithTheFirstNodesLines() {
        Corpus.assumePresent();
        String file = "topo/arthurchiao-gpu-notes-1-h20-1.txt";
        Evidence e = Inputs.onNodes("node10", file, "node2", file, "node1", file);
        List<Evidence> slices = new ArrayList<>(e.slices());
        Collections.shuffle(slices, new Random(3));
        Pass pass = new TopologyAnalyzer().pass();
        slices.forEach(pass::add);
        Finding f = Inputs.withCode(pass.finish(), AffinityChecks.AFFINITY).get(0);
        assertThat(f.params()).containsEntry("node", "node1").containsEntry("nodes", "node1,node2,node10");
        assertThat(f.evidence()).allSatisfy(l -> assertThat(l.artifact()).isEqualTo(file)).isNotEmpty();
        PassChecks.assertSameAsWhole(new TopologyAnalyzer(), e);
    }
}
