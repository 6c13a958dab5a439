package io.ncclscope.sdk.report;

import io.ncclscope.sdk.bandwidth.Attribution;
import io.ncclscope.sdk.bandwidth.Degraded;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.rules.Segment;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The bandwidth attribution of a report as its JSON carries it: the segment that limits the job, the share of the
 * shortfall each cause found explains, the share left unexplained, the sentence a person reads (in the report's
 * language) and the commands that prove it. Built from {@link Attribution}, the one place that reasons about it.
 *
 * @param limiting       the segment that limits the job ({@code INTRA_NODE}, {@code INTER_NODE} or {@code END_TO_END})
 * @param implied        true when that segment was not measured on its own but follows from the others
 * @param reason         how it was placed: {@code measured}, {@code implied}, {@code implied.part}, {@code implied.link},
 *                       {@code collective} or
 *                       {@code unplaced}
 * @param measuredGBs    the slow figure the shortfall is counted on, in GB/s
 * @param expectedGBs    what the hardware gives with every part healthy, in GB/s
 * @param causes         the causes found, each with the share of the shortfall it explains; empty when none
 * @param unexplainedPct the share of the shortfall ({@code expected - measured}) no cause explains, 0 to 100
 * @param text           the attribution for a person, in the report's language
 * @param commands       the measurement that proves it
 */
public record BandwidthAttribution(Segment limiting, boolean implied, String reason, double measuredGBs, double expectedGBs,
                                   List<Cause> causes, int unexplainedPct, String text, List<String> commands) {

    /**
     * One cause of the shortfall: a degraded part ({@link Degraded}).
     *
     * @param part         the part for a person ({@code h100-b mlx5_3:1})
     * @param node         its node ("" when the evidence names none)
     * @param device       the RDMA device ({@code mlx5_3}), or the GPU of a GPU link
     * @param rateGbps     the rate it runs at, in Gb/s (a GPU link: NCCL's model of it as it is, GB/s x 8)
     * @param siblingGbps  the rate of its sibling rails, in Gb/s (a GPU link: its healthy figure, GB/s x 8)
     * @param rails        rails per node the measured run crosses (0 for a GPU link)
     * @param cappedGBs    the segment's expectation with the part as it is, in GB/s
     * @param explainedPct the share of the shortfall it explains, 0 to 100
     * @param kind         {@code port-rate}, {@code pcie-width} or {@code nvlink-down}
     */
    public record Cause(String part, String node, String device, double rateGbps, double siblingGbps, int rails,
                        double cappedGBs, int explainedPct, String kind) {
    }

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param limiting       the segment that limits the job
     * @param implied        true when that segment was not measured on its own
     * @param reason         how it was placed
     * @param measuredGBs    the slow figure, in GB/s
     * @param expectedGBs    what the hardware gives with every part healthy, in GB/s
     * @param causes         the causes found; empty when none
     * @param unexplainedPct the share of the shortfall no cause explains, 0 to 100
     * @param text           the attribution for a person
     * @param commands       the measurement that proves it
     */
    public BandwidthAttribution {
        causes = List.copyOf(causes);
        commands = List.copyOf(commands);
    }

    /**
     * {@return the attribution of {@code segments} in {@code locale}; empty when no segment is slow}
     *
     * @param segments the segment verdicts of a report
     * @param locale   the report's language
     */
    public static Optional<BandwidthAttribution> of(List<SegmentVerdict> segments, Locale locale) {
        return Attribution.of(segments).map(a -> of(a, locale));
    }

    /**
     * {@return {@code a} as the report carries it, its sentence in {@code locale}}
     *
     * @param a      the attribution
     * @param locale the report's language
     */
    public static BandwidthAttribution of(Attribution a, Locale locale) {
        Degraded d = a.cause();
        List<Cause> causes = d == null ? List.of()
                : List.of(new Cause(d.part(), d.node(), d.device(), d.rateGbps(), d.siblingGbps(), d.rails(),
                        round(d.cappedGBs()), a.explainedPct(), d.kind()));
        return new BandwidthAttribution(a.limiting(), a.implied(), a.reason(), round(a.measuredGBs()),
                round(a.expectedGBs()), causes, a.unexplainedPct(), a.text(locale), a.commands());
    }

    private static double round(double gbs) {
        return Math.round(gbs * 10) / 10.0;
    }
}
