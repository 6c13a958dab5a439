package io.ncclscope.sdk.localize;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The localizer's pass over evidence in slices: the same findings as the whole in any slice order, and only the
 * small pair results kept, not the tables they came from.
 */
class LocalizerPassTest {

    @TempDir
    Path tmp;

    private final Localizer analyzer = new Localizer();

    @Test
    void theExampleCampaignGivesTheSameFindingsSliced() throws Exception {
        for (Path p : new Path[] {LocalizerTest.EXAMPLE, Path.of("../examples/pairs")}) {
            Evidence ev = Evidence.builder().addPath(p).build();
            assertThat(analyzer.analyze(ev)).as(p.toString()).isNotEmpty();
            PassChecks.assertSameAsWhole(analyzer, ev);
        }
    }

    @Test
    void aBundleOfNodesThatDifferGivesTheSameFindingsInAnySliceOrder() throws Exception {
        PassChecks.assertSameAsWhole(analyzer, Evidence.builder().addPath(TestBundles.mixed(tmp, 8)).build());
    }

    @Test
    void thePassKeepsNoNodesParsedFacts() throws Exception {
        Pass pass = analyzer.pass();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp, 8), pass::add)).isZero();
        pass.finish();
    }
}
