package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Finding;
import java.util.List;
import java.util.Locale;

/**
 * What every bandwidth judgement shares: its result ({@link Judged}), the ratios and sizes it judges by, and how it
 * writes figures. The judgements: {@link NcclTestsJudge}, {@link CurveChecks}, {@link NvbandwidthJudge},
 * {@link PerftestJudge}; {@link MeasurementFold} runs them slice by slice.
 */
final class Judge {

    /** Rows at or above this size count as large (the plateau region). */
    static final long PLATEAU_MIN = 64L << 20;
    /** Dips are looked for at or above this size (below, latency dominates). */
    static final long DIP_MIN = 1L << 20;
    /** A sweep must reach this size before its plateau is held against an expectation. */
    static final long JUDGE_MIN = 16L << 20;
    static final double WARN_RATIO = 0.7;
    static final double ERROR_RATIO = 0.4;

    record Judged(SegmentVerdict verdict, List<Finding> findings) {
    }

    /** A table run on one rank: context, not a problem. */
    static final String SINGLE = "SINGLE_RANK_RUN";

    private Judge() {
    }

    static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        if (s.isEmpty()) return 0;
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    static String size(long b) {
        if (b >= 1L << 30 && b % (1L << 30) == 0) return (b >> 30) + " GiB";
        if (b >= 1L << 20 && b % (1L << 20) == 0) return (b >> 20) + " MiB";
        if (b >= 1L << 10 && b % (1L << 10) == 0) return (b >> 10) + " KiB";
        return b + " B";
    }
}
