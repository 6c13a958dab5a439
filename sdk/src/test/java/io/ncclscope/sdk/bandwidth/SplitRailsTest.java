package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * {@code NCCL_TESTS_SPLIT} runs: the device lines' {@code Group} column tells the communicators apart, and the table's
 * figures are one group's. No corpus file holds a split run (every real table has a single group), so these tests
 * use the synthetic examples in {@code examples/split} (2 nodes x 4 A100, {@code MOD 4}, one HDR port per GPU).
 */
class SplitRailsTest {

    static final Path SPLIT = Path.of("../examples/split");

    static List<Finding> below(Evidence e) {
        return BandwidthAnalyzerTest.of(e, "BUSBW_BELOW_EXPECTED");
    }

    @Test
    void slowRailsAreSlowOnTheInterNodeSegmentAgainstOnePort() throws Exception {
        Evidence e = Evidence.builder().addPath(SPLIT.resolve("rails-slow")).build();
        List<Finding> fs = below(e);
        assertThat(fs).hasSize(1);
        Finding f = fs.get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.params()).containsEntry("segment", "inter-node");
        String text = f.detail().render(Locale.ENGLISH);
        assertThat(text).contains("11.9 GB/s", "24.0 GB/s", "NCCL_TESTS_SPLIT: 4 groups of 2 ranks", "rails", "1 NIC(s)");
        SegmentVerdict inter = Segments.of(e).get(1);
        assertThat(inter.segment()).isEqualTo(Segment.INTER_NODE);
        assertThat(inter.verdict()).isEqualTo(SegmentVerdict.SLOW);
        assertThat(inter.expectedGBs()).isCloseTo(24.0, within(0.01));
        assertThat(Segments.bounding(Segments.of(e)).orElseThrow().segment()).isEqualTo(Segment.INTER_NODE);
    }

    @Test
    void healthyRailsAreOkThoughEightRanksOnFourNicsWouldLookSlow() throws Exception {
        Evidence e = Evidence.builder().addPath(SPLIT.resolve("rails-healthy")).build();
        assertThat(below(e)).isEmpty();
        assertThat(BandwidthAnalyzerTest.A.analyze(e)).isEmpty();
        SegmentVerdict inter = Segments.of(e).get(1);
        assertThat(inter.verdict()).isEqualTo(SegmentVerdict.OK);
        assertThat(inter.measuredGBs()).isCloseTo(23.4, within(0.05));
        assertThat(inter.basis()).contains("NCCL_TESTS_SPLIT", "rails");
        // The same rows without the Group column: one 8-rank communicator over 4 NICs per node, 96 GB/s expected.
        Evidence unsplit = withGroups(SPLIT.resolve("rails-healthy"), new int[] {0, 0, 0, 0, 0, 0, 0, 0});
        assertThat(below(unsplit)).extracting(f -> f.params().get("segment")).containsExactly("end-to-end");
    }

    @Test
    void groupsWithinOneNodeAreTheIntraNodeSegment() throws Exception {
        // "DIV 4": each node's 4 GPUs are one group, so the figures are NVLink's, not the NICs'.
        Evidence e = withGroups(SPLIT.resolve("rails-slow"), new int[] {0, 0, 0, 0, 1, 1, 1, 1});
        List<Finding> fs = below(e);
        assertThat(fs).hasSize(1);
        assertThat(fs.get(0).params()).containsEntry("segment", "intra-node");
        assertThat(fs.get(0).severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(fs.get(0).detail().render(Locale.ENGLISH)).contains("NVLINK3");
    }

    @Test
    void aSingleGroupIsNoSplit() {
        assertThat(NcclTestsJudge.Split.of(List.of())).isNull();
    }

    /** The folder's table with the Group column set per rank, and the nodes' ibstat, as evidence. */
    static Evidence withGroups(Path folder, int[] groups) throws Exception {
        String table = Files.readString(folder.resolve("all_reduce.txt"));
        StringBuilder sb = new StringBuilder();
        for (String line : table.split("\n", -1)) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(#  Rank +(\\d+) Group +)(\\d+)(.*)$").matcher(line);
            if (m.matches()) {
                line = m.group(1) + groups[Integer.parseInt(m.group(2))] + m.group(4);
            }
            sb.append(line).append('\n');
        }
        return Evidence.builder().addText("all_reduce.txt", sb.toString())
                .addText("gpu-01/ibstat.txt", Files.readString(folder.resolve("gpu-01/ibstat.txt")), "gpu-01")
                .addText("gpu-02/ibstat.txt", Files.readString(folder.resolve("gpu-02/ibstat.txt")), "gpu-02").build();
    }
}
