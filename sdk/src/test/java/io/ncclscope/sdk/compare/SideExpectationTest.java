package io.ncclscope.sdk.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Segment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A compare side's segment and expectation, counted as analyze counts them (issue 24). */
class SideExpectationTest {

    static final Path CASE = Path.of("../examples/attribution/h100-slow-port");

    @Test
    void aTwoNodeSideWithItsHardwareIsJudgedEndToEnd() throws Exception {
        SideExpectation e = SideExpectation.of(Evidence.builder().addPath(CASE).build());
        assertThat(e.segment()).isEqualTo(Segment.END_TO_END);
        assertThat(e.verdict()).isEqualTo(SegmentVerdict.SLOW);
        assertThat(e.measuredGBs()).isEqualTo(96.1, org.assertj.core.data.Offset.offset(0.05));
        assertThat(e.expectedGBs()).isEqualTo(370.8, org.assertj.core.data.Offset.offset(0.05));
        assertThat(e.ratio()).isBetween(0.25, 0.27);
    }

    @Test
    void aOneNodeSideIsIntraNodeAndASideWithoutHardwareHasNoExpectation() throws Exception {
        Evidence oneNode = Evidence.builder().addPath(CASE.resolve("all_reduce-1node.txt")).addPath(CASE.resolve("h100-a")).build();
        SideExpectation one = SideExpectation.of(oneNode);
        assertThat(one.segment()).isEqualTo(Segment.INTRA_NODE);
        assertThat(one.verdict()).isEqualTo(SegmentVerdict.OK);
        SideExpectation bare = SideExpectation.of(Evidence.builder().addPath(Path.of("../examples/ab/congestion/default")).build());
        assertThat(bare.segment()).isEqualTo(Segment.END_TO_END);
        assertThat(bare.expectedGBs()).isNull();
        assertThat(bare.ratio()).isNull();
        assertThat(bare.verdict()).isEqualTo(SegmentVerdict.UNKNOWN);
    }
}
