package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which segment limits the job, from the three segment verdicts, and how much of the shortfall the degraded parts
 * found explain. A segment not measured can still be named: a healthy intra-node run and a slow end-to-end one put the
 * loss between the nodes ({@link #implied()}).
 *
 * @param limiting      the segment that limits the job
 * @param implied       true when that segment was not measured but follows from the others
 * @param reason        how it was placed: {@code measured} (the segment itself was slow), {@code implied} (intra-node
 *                      ok, end-to-end slow), {@code implied.part} (end-to-end slow over a degraded rail, intra-node not
 *                      measured), {@code implied.link} (end-to-end slow over a degraded GPU link, intra-node not
 *                      measured), {@code collective} (both parts ok, end-to-end slow) or {@code unplaced}
 * @param measuredGBs   the slow figure the shortfall is counted on, in GB/s
 * @param expectedGBs   what the hardware gives with every part healthy, in GB/s
 * @param cause         the degraded part found; null when none
 * @param explainedPct  the share of the shortfall ({@code expected - measured}) the cause explains, 0 to 100
 * @param commands      the measurement that proves it: perftest pairs per rail for the network, nvbandwidth inside
 *                      the node
 */
public record Attribution(Segment limiting, boolean implied, String reason, double measuredGBs, double expectedGBs, Degraded cause,
                          int explainedPct, List<String> commands) {

    /** nvbandwidth's copy-engine tests between every pair of GPUs, one way and both ways (segment 1). */
    public static final List<String> NVBANDWIDTH = List.of("nvbandwidth -t device_to_device_memcpy_read_ce",
            "nvbandwidth -t device_to_device_bidirectional_memcpy_read_ce");

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param limiting     the segment that limits the job
     * @param implied      true when that segment was not measured but follows from the others
     * @param reason       how it was placed ({@code measured}, {@code implied}, {@code implied.part}, {@code implied.link}, {@code collective},
     *                     {@code unplaced})
     * @param measuredGBs  the slow figure, in GB/s
     * @param expectedGBs  what the hardware gives with every part healthy, in GB/s
     * @param cause        the degraded part found; null when none
     * @param explainedPct the share of the shortfall the cause explains, 0 to 100
     * @param commands     the measurement that proves it
     */
    public Attribution {
        commands = List.copyOf(commands);
    }

    /** {@return the share of the shortfall left unexplained, 0 to 100} */
    public int unexplainedPct() {
        return 100 - explainedPct;
    }

    /**
     * {@return the attribution of the segment verdicts; empty when no segment is slow}
     *
     * @param verdicts the verdicts of {@link Segments#of}, one per segment
     */
    public static Optional<Attribution> of(List<SegmentVerdict> verdicts) {
        SegmentVerdict intra = find(verdicts, Segment.INTRA_NODE), inter = find(verdicts, Segment.INTER_NODE),
                e2e = find(verdicts, Segment.END_TO_END);
        SegmentVerdict slow;
        Segment limiting;
        String reason = "measured";
        if (slow(intra)) {
            slow = intra;
            limiting = Segment.INTRA_NODE;
        } else if (slow(inter)) {
            slow = inter;
            limiting = Segment.INTER_NODE;
        } else if (slow(e2e)) {
            slow = e2e;
            boolean intraOk = intra != null && SegmentVerdict.OK.equals(intra.verdict());
            boolean interOk = inter != null && SegmentVerdict.OK.equals(inter.verdict());
            boolean gpuLink = e2e.degraded() != null && e2e.degraded().gpuLink();
            if (!interOk && !intraOk && gpuLink) {
                // A GPU link down or narrow on a node, the node not measured alone: the loss starts inside the node.
                limiting = Segment.INTRA_NODE;
                reason = "implied.link";
            } else if (!interOk && (intraOk || e2e.degraded() != null)) {
                limiting = Segment.INTER_NODE;
                reason = intraOk ? "implied" : "implied.part";
            } else {
                limiting = Segment.END_TO_END;
                reason = intraOk && interOk ? "collective" : "unplaced";
            }
        } else {
            return Optional.empty();
        }
        Degraded cause = slow.degraded();
        int explained = cause == null ? 0 : explainedPct(slow.expectedGBs(), cause.cappedGBs(), slow.measuredGBs());
        List<String> cmds = new ArrayList<>();
        if (cause != null) cmds.addAll(cause.commands());
        if (limiting == Segment.INTRA_NODE) cmds.addAll(NVBANDWIDTH);
        return Optional.of(new Attribution(limiting, reason.startsWith("implied"), reason, slow.measuredGBs(), slow.expectedGBs(), cause, explained, cmds));
    }

    /**
     * {@return the share (0 to 100) of the shortfall {@code expected - measured} that a cap at {@code capped} explains}
     *
     * @param expected what healthy hardware gives
     * @param capped   what it gives with the degraded part
     * @param measured the measured figure
     */
    public static int explainedPct(double expected, double capped, double measured) {
        double loss = expected - measured;
        if (loss <= 0) return 100;
        return (int) Math.round(Math.max(0, Math.min(1, (expected - capped) / loss)) * 100);
    }

    /**
     * {@return the attribution for a person, in {@code locale}: the limiting segment and why, then what each cause
     * explains and what remains}
     *
     * @param locale the language
     */
    public String text(Locale locale) {
        List<Message> parts = new ArrayList<>();
        String seg = Segments.name(limiting);
        String measured = Judge.fmt(measuredGBs), expected = Judge.fmt(expectedGBs);
        parts.add(Message.of(BandwidthAnalyzer.class, "attribution." + reason, "segment", seg, "measured", measured, "expected", expected));
        if (cause != null && cause.gpuLink()) {
            int width = cause.width() == null ? 0 : cause.width(), full = cause.fullWidth() == null ? 0 : cause.fullWidth();
            parts.add(Message.of(BandwidthAnalyzer.class, "attribution.cause." + cause.kind() + (explainedPct >= 100 ? ".all" : ""),
                    "part", cause.part(), "width", width, "full", full, "down", full - width, "capped", Judge.fmt(cause.cappedGBs()),
                    "expected", expected, "measured", measured, "explained", explainedPct, "unexplained", unexplainedPct()));
        } else if (cause != null) {
            parts.add(Message.of(BandwidthAnalyzer.class, explainedPct >= 100 ? "attribution.cause.all" : "attribution.cause",
                    "part", cause.part(), "rate", Judge.fmt(cause.rateGbps()), "sibling", Judge.fmt(cause.siblingGbps()),
                    "rails", cause.rails(), "capped", Judge.fmt(cause.cappedGBs()), "expected", expected, "measured", measured,
                    "explained", explainedPct, "unexplained", unexplainedPct()));
        } else {
            parts.add(Message.of(BandwidthAnalyzer.class, "attribution.none"));
        }
        // Chinese sentences follow one another without a space.
        String gap = "zh".equals(locale.getLanguage()) ? "" : " ";
        StringBuilder sb = new StringBuilder();
        for (Message m : parts) sb.append(sb.length() == 0 ? "" : gap).append(m.render(locale));
        return sb.toString();
    }

    private static SegmentVerdict find(List<SegmentVerdict> verdicts, Segment s) {
        for (SegmentVerdict v : verdicts) if (v.segment() == s) return v;
        return null;
    }

    private static boolean slow(SegmentVerdict v) {
        return v != null && SegmentVerdict.SLOW.equals(v.verdict()) && v.measuredGBs() != null && v.expectedGBs() != null;
    }
}
