package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The three segments of the method, each measured and judged from the evidence: one {@link SegmentVerdict}
 * per segment (intra-node, inter-node, end-to-end), the slowest measurement of each segment kept.
 */
public final class Segments {

    private Segments() {
    }

    /**
     * {@return the verdict of each of the three segments, in segment order}
     *
     * @param evidence the evidence read
     */
    public static List<SegmentVerdict> of(Evidence evidence) {
        Fold f = fold();
        for (Evidence s : evidence.slices()) f.add(s);
        return f.finish();
    }

    /** The verdicts of measurements judged in the order of the whole evidence (ties go to the first). */
    private static List<SegmentVerdict> verdicts(List<Judge.Judged> all) {
        List<SegmentVerdict> out = new ArrayList<>();
        for (Segment s : List.of(Segment.INTRA_NODE, Segment.INTER_NODE, Segment.END_TO_END)) {
            SegmentVerdict best = null;
            for (Judge.Judged j : all) {
                SegmentVerdict v = j.verdict();
                if (v == null || v.segment() != s) continue;
                if (best == null || rank(v) < rank(best)) best = v;
            }
            out.add(best != null ? best : new SegmentVerdict(s, null, null, SegmentVerdict.NOT_MEASURED, "no measurement", List.of()));
        }
        return out;
    }

    /**
     * {@return a fold that gives {@link #of(Evidence)} of evidence handed in slices ({@link Evidence#slices()})}
     */
    public static Fold fold() {
        return new Fold();
    }

    /**
     * The segment verdicts of evidence read one slice at a time, keeping each node's small hardware summary and
     * judged measurements, not its parsed facts. Not thread-safe.
     */
    public static final class Fold {
        private final MeasurementFold judge = new MeasurementFold(MeasurementFold.Keep.VERDICTS);

        private Fold() {
        }

        /**
         * Reads one slice.
         *
         * @param slice one node's artifacts, or the artifacts of no node
         */
        public void add(Evidence slice) {
            judge.add(java.util.Objects.requireNonNull(slice, "slice"));
        }

        /**
         * Reads one slice apart from this fold's state: safe to call from any thread, for many slices at once and while
         * the fold takes others. Folding what it returns, on the fold's thread in slice order, is {@link #add}.
         *
         * @param slice one node's artifacts, or the artifacts of no node
         * @return what was judged of the slice, to fold once
         */
        public Pass.SliceSummary read(Evidence slice) {
            return judge.read(java.util.Objects.requireNonNull(slice, "slice"))::run;
        }

        /** {@return the verdict of each of the three segments over every slice added, in segment order} */
        public List<SegmentVerdict> finish() {
            return verdicts(judge.verdicts());
        }
    }

    /** Lower is more telling: slow (lowest ratio first), then ok, then unknown, then not measured. */
    static double rank(SegmentVerdict v) {
        return switch (v.verdict()) {
            case SegmentVerdict.SLOW -> v.ratio() == null ? 0.99 : v.ratio();
            case SegmentVerdict.OK -> 1 + (v.ratio() == null ? 0.99 : Math.min(v.ratio(), 0.99));
            case SegmentVerdict.UNKNOWN -> 2 + (v.measuredGBs() == null ? 0.99 : v.measuredGBs() / (1 + v.measuredGBs()));
            default -> 3;
        };
    }

    /**
     * {@return the segment that bounds the job: the slow one furthest below its expectation; when none is slow, the
     * judged one closest to its expectation's ceiling (lowest ratio); empty when nothing was judged}
     *
     * @param verdicts the verdicts of {@link #of(Evidence)}
     */
    public static Optional<SegmentVerdict> bounding(List<SegmentVerdict> verdicts) {
        Optional<SegmentVerdict> slow = verdicts.stream().filter(v -> SegmentVerdict.SLOW.equals(v.verdict()))
                .min(Comparator.comparingDouble(v -> v.ratio() == null ? 1 : v.ratio()));
        if (slow.isPresent()) return slow;
        return verdicts.stream().filter(v -> v.ratio() != null).min(Comparator.comparingDouble(SegmentVerdict::ratio));
    }

    /**
     * The segment a report names as the bound of the run.
     *
     * @param segment the segment
     * @param implied whether it was not measured on its own but follows from the others (a healthy node and a slow
     *                end-to-end run put the loss between the nodes)
     */
    public record Bound(Segment segment, boolean implied) {}

    /**
     * {@return the bound of the run: the limiting segment of {@link Attribution} when a segment is slow, else the
     * {@link #bounding} one; empty when nothing was judged}
     *
     * @param verdicts the verdicts of {@link #of(Evidence)}
     */
    public static Optional<Bound> bound(List<SegmentVerdict> verdicts) {
        Optional<Attribution> a = Attribution.of(verdicts);
        if (a.isPresent()) return Optional.of(new Bound(a.get().limiting(), a.get().implied()));
        return bounding(verdicts).map(b -> new Bound(b.segment(), false));
    }

    /**
     * {@return one line for a report: {@code intra-node ok 230/240 GB/s; inter-node not-measured; ... bound: intra-node}}
     * The bound is the limiting segment of {@link Attribution} when a segment is slow ({@code bound: inter-node
     * (implied)} for a healthy node and a slow end-to-end run), else the segment closest to its ceiling.
     *
     * @param verdicts the verdicts of {@link #of(Evidence)}
     */
    public static String summary(List<SegmentVerdict> verdicts) {
        StringBuilder sb = new StringBuilder();
        for (SegmentVerdict v : verdicts) {
            if (sb.length() > 0) sb.append("; ");
            sb.append(name(v.segment())).append(' ').append(v.verdict());
            if (v.measuredGBs() != null) {
                sb.append(' ').append(String.format(Locale.ROOT, "%.1f", v.measuredGBs()));
                if (v.expectedGBs() != null) sb.append(String.format(Locale.ROOT, "/%.0f", v.expectedGBs()));
                sb.append(" GB/s");
            }
        }
        bound(verdicts).ifPresent(b -> sb.append("; bound: ").append(name(b.segment())).append(b.implied() ? " (implied)" : ""));
        return sb.toString();
    }

    /**
     * {@return {@code intra-node}, {@code inter-node}, {@code end-to-end}}
     *
     * @param s a segment
     */
    public static String name(Segment s) {
        return switch (s) {
            case INTRA_NODE -> "intra-node";
            case INTER_NODE -> "inter-node";
            case END_TO_END -> "end-to-end";
            case NONE -> "none";
        };
    }
}
