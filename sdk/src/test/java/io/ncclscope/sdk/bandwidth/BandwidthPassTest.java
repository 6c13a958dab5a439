package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bandwidth pass and the segment fold over evidence in slices: the same findings and verdicts as the whole, in
 * any slice order, and no node's parsed facts kept once its slice is read.
 */
class BandwidthPassTest {

    @TempDir
    Path tmp;

    private final BandwidthAnalyzer analyzer = new BandwidthAnalyzer();

    @Test
    void everyCorpusFileWithBandwidthFindingsGivesTheSameFindingsSliced() throws Exception {
        Corpus.assumePresent();
        int checked = 0;
        for (Corpus.Entry e : Corpus.entries()) {
            Evidence ev = Evidence.builder().addPath(Corpus.root().resolve(e.file())).build();
            if (analyzer.analyze(ev).isEmpty()) continue;
            PassChecks.assertSameAsWhole(analyzer, ev);
            checked++;
        }
        assertThat(checked).as("corpus files with bandwidth findings").isGreaterThan(10);
    }

    @Test
    void aBundleOfNodesThatDifferGivesTheSameFindingsInAnySliceOrder() throws Exception {
        Evidence ev = Evidence.builder().addPath(TestBundles.mixed(tmp, 8)).build();
        assertThat(analyzer.analyze(ev)).isNotEmpty();
        PassChecks.assertSameAsWhole(analyzer, ev);
    }

    @Test
    void aTableJudgedWhenItsSliceComesWaitsWhenSocketsSeenLaterWouldChangeIt() throws Exception {
        Corpus.assumePresent();
        // The table and the TCP NIC are nid005471's; only another node's NCCL log says NCCL ran over sockets. Read
        // first, the table cannot be judged yet (sockets would make the NIC its expectation); read after, it can.
        Evidence e = Evidence.builder()
                .addText("nccl-tests/cscs-docs-nccl-gh200-2.txt", Corpus.read("nccl-tests/cscs-docs-nccl-gh200-2.txt"), "nid005471")
                .addText("ethtool.txt", Corpus.read("ethtool/jc-ethtool-default2-1.txt"), "nid005471")
                .addText("nccl.log", Corpus.read("captured/h200-1gpu/nccl/ib-disabled.log"), "zz-other").build();
        assertThat(e.nodes()).containsExactly("nid005471", "zz-other");
        SegmentVerdict whole = Segments.of(e).get(2);
        assertThat(whole.expectedGBs()).isEqualTo(4.0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(whole.basis()).contains("sockets");
        List<Evidence> slices = new ArrayList<>(e.slices());
        Collections.reverse(slices);
        Segments.Fold fold = Segments.fold();
        slices.forEach(fold::add);
        assertThat(fold.finish()).isEqualTo(Segments.of(e));
        PassChecks.assertSameAsWhole(analyzer, e);
    }

    @Test
    void segmentVerdictsFoldedInReverseEqualTheWholeEvidence() throws Exception {
        Evidence ev = Evidence.builder().addPath(TestBundles.mixed(tmp, 8)).build();
        List<Evidence> slices = new ArrayList<>(ev.slices());
        Collections.reverse(slices);
        Segments.Fold fold = Segments.fold();
        slices.forEach(fold::add);
        assertThat(fold.finish()).isEqualTo(Segments.of(ev));
    }

    @Test
    void thePassKeepsNoNodesParsedFacts() throws Exception {
        Pass pass = analyzer.pass();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp, 8), pass::add)).isZero();
        pass.finish();
    }

    @Test
    void theSegmentFoldKeepsNoNodesParsedFacts() throws Exception {
        Segments.Fold fold = Segments.fold();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp, 8), fold::add)).isZero();
        fold.finish();
    }
}
