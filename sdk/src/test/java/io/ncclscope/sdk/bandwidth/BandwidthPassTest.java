package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.file.Files;
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
    void everyNodesFindingsAreHandedOverWithItsSliceAndNoneWaitForFinish() throws Exception {
        // Our capture on four hosts: each node's eight single-rank runs are one finding, settled with its slice.
        Evidence ev = Evidence.builder().addPath(TestBundles.cluster(tmp, TestBundles.hosts(4))).build();
        Pass pass = analyzer.pass();
        List<Finding> drained = new ArrayList<>();
        for (Evidence s : ev.slices()) {
            pass.add(s);
            List<Finding> now = pass.drain();
            assertThat(now).as("findings of %s", s.sliceNode()).isNotEmpty()
                    .allSatisfy(f -> assertThat(f.subject().node()).isEqualTo(s.sliceNode()));
            drained.addAll(now);
        }
        assertThat(pass.finish()).isEmpty();
        assertThat(Diagnosis.of(drained).findings()).isEqualTo(Diagnosis.of(analyzer.analyze(ev)).findings());
    }

    @Test
    void thePassKeepsNoParsedRecordOfANode() throws Exception {
        java.nio.file.Path root = TestBundles.cluster(tmp, TestBundles.hosts(8));
        io.ncclscope.sdk.diagnose.Pass pass = analyzer.pass();
        assertThat(io.ncclscope.sdk.testing.PassChecks.factsKeptByKind(root, pass::add)).isEmpty();
    }

    @Test
    void aSingleRankTableFiledUnderAnotherNodeIsItsOwnFindingInAnySliceOrder() throws Exception {
        // The table names host vm but is given to node n1: its run is one finding of that slice, not merged with vm's
        // own runs (which settle with vm's slice, before or after n1's).
        Evidence ev = Evidence.builder()
                .addText("n1/all_reduce.txt", Files.readString(TestBundles.CAPTURE.resolve("tests/all_reduce.txt")), "n1")
                .addText("vm/broadcast.txt", Files.readString(TestBundles.CAPTURE.resolve("tests/broadcast.txt")))
                .addText("vm/sendrecv.txt", Files.readString(TestBundles.CAPTURE.resolve("tests/sendrecv.txt"))).build();
        assertThat(ev.nodes()).containsExactly("n1", "vm");
        List<Finding> singles = analyzer.analyze(ev).stream().filter(f -> f.code().equals(Judge.SINGLE)).toList();
        assertThat(singles).hasSize(2).allSatisfy(f -> assertThat(f.subject().node()).isEqualTo("vm"));
        assertThat(singles).extracting(f -> f.evidence().size()).containsExactlyInAnyOrder(2, 2);
        assertThat(singles).extracting(f -> f.detail().key()).containsExactlyInAnyOrder("single", "single.many");
        PassChecks.assertSameAsWhole(analyzer, ev);
    }

    @Test
    void aJobTableJudgedAtFinishQuotesTheNamedNodesHardwareUnderItsFolder() throws Exception {
        // examples/split/rails-slow: a job-wide table (no node) judged against gpu-01's IB ports, read from gpu-01/.
        Evidence ev = Evidence.builder().addPath(Path.of("../examples/split/rails-slow")).build();
        List<Finding> below = analyzer.analyze(ev).stream().filter(f -> f.code().equals("BUSBW_BELOW_EXPECTED")).toList();
        assertThat(below).hasSize(1);
        assertThat(below.get(0).evidence()).extracting(EvidenceLine::artifact).contains("gpu-01/ibstat.txt");
        PassChecks.assertSameAsWhole(analyzer, ev);
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
