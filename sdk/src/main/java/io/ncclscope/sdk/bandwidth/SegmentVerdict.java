package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Segment;
import java.util.List;

/**
 * One bandwidth segment measured against its expectation.
 *
 * @param segment     intra-node, inter-node or end-to-end
 * @param measuredGBs the measured figure in GB/s (1e9; nccl-tests busbw plateau, perftest average); null when not measured
 * @param expectedGBs what the hardware found should give, in GB/s; null when the evidence lacks the hardware facts
 * @param verdict     {@code ok}, {@code slow}, {@code unknown} (measured, no expectation) or {@code not-measured}
 * @param basis       which artifact, rows and hardware facts the figures come from
 * @param evidence    the lines behind the figures
 * @param degraded    the degraded part that lowers what this hardware gives below {@code expectedGBs} (the figure with
 *                    every part healthy); null when none was found
 */
public record SegmentVerdict(Segment segment, Double measuredGBs, Double expectedGBs, String verdict, String basis,
                             List<EvidenceLine> evidence, Degraded degraded) {

    /** Measured, at or above the expectation's share. */
    public static final String OK = "ok";
    /** Measured, below the expectation's share. */
    public static final String SLOW = "slow";
    /** Measured, with no expectation to hold it against. */
    public static final String UNKNOWN = "unknown";
    /** Not measured in the evidence. */
    public static final String NOT_MEASURED = "not-measured";

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param segment     intra-node, inter-node or end-to-end
     * @param measuredGBs the measured figure in GB/s (1e9; nccl-tests busbw plateau, perftest average); null when not measured
     * @param expectedGBs what the hardware found should give, in GB/s; null when the evidence lacks the hardware facts
     * @param verdict     {@code ok}, {@code slow}, {@code unknown} (measured, no expectation) or {@code not-measured}
     * @param basis       which artifact, rows and hardware facts the figures come from
     * @param evidence    the lines behind the figures
     * @param degraded    the degraded part that lowers the expectation; null when none was found
     */
    public SegmentVerdict {
        evidence = List.copyOf(evidence);
    }

    /**
     * Creates a verdict with no degraded part found.
     *
     * @param segment     intra-node, inter-node or end-to-end
     * @param measuredGBs the measured figure in GB/s; null when not measured
     * @param expectedGBs what the hardware found should give, in GB/s; null when unknown
     * @param verdict     {@code ok}, {@code slow}, {@code unknown} or {@code not-measured}
     * @param basis       which artifact, rows and hardware facts the figures come from
     * @param evidence    the lines behind the figures
     */
    public SegmentVerdict(Segment segment, Double measuredGBs, Double expectedGBs, String verdict, String basis,
                          List<EvidenceLine> evidence) {
        this(segment, measuredGBs, expectedGBs, verdict, basis, evidence, null);
    }

    /** {@return measured / expected, or null when either is missing} */
    public Double ratio() {
        return measuredGBs == null || expectedGBs == null || expectedGBs <= 0 ? null : measuredGBs / expectedGBs;
    }
}
