package io.ncclscope.sdk.diagnose.links;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The link-health pass finds what the whole analysis finds, whatever order the slices come in. */
class LinkHealthPassTest {

    static Stream<String> filesWithFindings() {
        Corpus.assumePresent();
        return LinkHealthCorpusTest.TABLE.keySet().stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("filesWithFindings")
    void passOverACorpusFileFindsWhatTheWholeAnalysisFinds(String file) {
        PassChecks.assertSameAsWhole(new LinkHealthAnalyzer(), Evidence.builder().addText(file, Corpus.read(file)).build());
    }

    @Test
    void passOverNodesThatDifferFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws IOException {
        // Nodes carry different corpus ibstat, ethtool, ip and nvidia-smi outputs: rates, speeds and MTUs compared.
        PassChecks.assertSameAsWhole(new LinkHealthAnalyzer(), NcclScope.evidence(TestBundles.mixed(tmp, 12)));
    }

    @Test
    void passOverLooseFilesAndNodesTogetherFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws IOException {
        Corpus.assumePresent();
        Evidence.Builder b = Evidence.builder().addPath(TestBundles.mixed(tmp, 5));
        // Every other file on a node of its own, named out of natural order (host19, host17...): slices then come
        // in another order than the files were given.
        int[] n = {0};
        filesWithFindings().limit(12).forEach(f -> b.addText(f, Corpus.read(f), n[0]++ % 2 == 0 ? null : "host" + (20 - n[0])));
        PassChecks.assertSameAsWhole(new LinkHealthAnalyzer(), b.build());
    }

    @Test
    void passFedOneNodeFolderAtATimeFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws Exception {
        PassChecks.assertStreamedSameAsWhole(new LinkHealthAnalyzer(), TestBundles.mixed(tmp, 10));
    }

    @Test
    void passKeepsNoParsedFactsOfAnyNode(@TempDir Path tmp) throws Exception {
        // Findings and small per-link records are kept (their artifacts as stubs); parsed records go slice by slice.
        Path root = Corpus.present() ? TestBundles.mixed(tmp, 8) : TestBundles.cluster(tmp, TestBundles.hosts(8));
        assertThat(PassChecks.factsKeptByKind(root, new LinkHealthAnalyzer().pass()::add)).isEmpty();
    }
}
