package io.ncclscope.sdk.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A/B and scaling pass over evidence in slices: the same findings as the whole in any slice order, and no
 * node's parsed tables kept once its slice is read (only slim copies of the runs).
 */
class ComparePassTest {

    @TempDir
    Path tmp;

    private final CompareAnalyzer analyzer = new CompareAnalyzer();

    @Test
    void theExamplesWithAbAndScalingFindingsGiveTheSameFindingsSliced() throws Exception {
        // No single corpus file gives A/B or scaling findings (CompareAnalyzerTest keeps the corpus silent): the
        // examples holding both sides, or a series, do.
        for (String folder : List.of("ab/rdma-suspect", "ab/congestion", "scaling")) {
            Evidence ev = Evidence.builder().addPath(Tables.EXAMPLES.resolve(folder)).build();
            assertThat(analyzer.analyze(ev)).as(folder).isNotEmpty();
            PassChecks.assertSameAsWhole(analyzer, ev);
        }
    }

    @Test
    void theCorpusNcclTestsFolderGivesTheSameFindingsSliced() throws Exception {
        Corpus.assumePresent();
        PassChecks.assertSameAsWhole(analyzer, Evidence.builder().addPath(Corpus.root().resolve("nccl-tests")).build());
    }

    @Test
    void aBundleOfNodesThatDifferGivesTheSameFindingsInAnySliceOrder() throws Exception {
        Evidence ev = Evidence.builder().addPath(TestBundles.mixed(tmp, 8)).build();
        PassChecks.assertSameAsWhole(analyzer, ev);
    }

    @Test
    void thePassKeepsNoNodesParsedFacts() throws Exception {
        Pass pass = analyzer.pass();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp, 8), pass::add)).isZero();
        pass.finish();
    }
}
