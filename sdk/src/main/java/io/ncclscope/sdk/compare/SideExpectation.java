package io.ncclscope.sdk.compare;

import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Segment;
import java.util.List;
import java.util.Objects;

/**
 * One side of an A/B comparison on the same footing as {@code analyze}: the bandwidth segment its runs measure and what
 * the hardware found should give there, beside the measured figure. Judged by {@link Segments#of}, the one place
 * expectations are counted, over the side's own evidence (its tables and any hardware facts beside them).
 *
 * @param segment     the widest segment the side measures ({@code END_TO_END} before {@code INTER_NODE} before
 *                    {@code INTRA_NODE}); null when it measures none
 * @param measuredGBs the segment's measured busbw, GB/s; null when none
 * @param expectedGBs what the hardware should give there, GB/s; null when the side holds no hardware facts to count it
 * @param verdict     {@code ok}, {@code slow}, {@code unknown} (no expectation) or {@code not-measured}
 * @param basis       where the expectation comes from, or why there is none
 */
public record SideExpectation(Segment segment, Double measuredGBs, Double expectedGBs, String verdict, String basis) {

    /**
     * Creates the record.
     *
     * @param segment     the segment the side measures; null when none
     * @param measuredGBs measured busbw, GB/s; null when none
     * @param expectedGBs expected busbw, GB/s; null when not counted
     * @param verdict     the segment verdict
     * @param basis       where the expectation comes from
     * @throws NullPointerException when the verdict or the basis is null
     */
    public SideExpectation {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(basis, "basis");
    }

    /**
     * {@return the segment and expectation of the side read as {@code side}}
     *
     * @param side the evidence of one side
     */
    public static SideExpectation of(Evidence side) {
        List<SegmentVerdict> verdicts = Segments.of(side);
        for (Segment s : List.of(Segment.END_TO_END, Segment.INTER_NODE, Segment.INTRA_NODE)) {
            for (SegmentVerdict v : verdicts) {
                if (v.segment() == s && v.measuredGBs() != null) {
                    return new SideExpectation(s, v.measuredGBs(), v.expectedGBs(), v.verdict(), v.basis());
                }
            }
        }
        return new SideExpectation(null, null, null, SegmentVerdict.NOT_MEASURED, "no measurement");
    }

    /** {@return measured over expected, 0.5 for half; null when either is missing} */
    public Double ratio() {
        return measuredGBs == null || expectedGBs == null || expectedGBs <= 0 ? null : measuredGBs / expectedGBs;
    }
}
