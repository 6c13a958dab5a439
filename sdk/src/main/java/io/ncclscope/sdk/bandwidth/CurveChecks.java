package io.ncclscope.sdk.bandwidth;

import static io.ncclscope.sdk.bandwidth.Judge.*;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The health of an nccl-tests curve, whatever the hardware: dips, in-place disagreement, latency spikes, a sweep that
 * never reaches its plateau ({@code BW_CURVE_ANOMALY}), and wrong results ({@code RESULTS_WRONG}).
 */
final class CurveChecks {

    private CurveChecks() {
    }

    static void curve(Artifact a, NcclTestsData t, List<NcclTestsRow> rows, boolean reached, double plateau,
                              boolean multi, Subject subject, Map<String, String> params, String test, List<Finding> out) {
        // A dip: a large-size row more than 30% below both neighbours of its own sweep.
        dip(a, sweeps(t), subject, params, test, out);
        // In-place vs out-of-place at large sizes.
        for (NcclTestsRow r : rows) {
            if (r.size() < PLATEAU_MIN || r.inPlace() == null || r.inPlace().busbw() == null) continue;
            double o = r.outOfPlace().busbw(), ip = r.inPlace().busbw();
            double hi = Math.max(o, ip);
            if (hi > 0 && Math.abs(o - ip) / hi > 0.15) {
                out.add(new Finding("BW_CURVE_ANOMALY", FindingSeverity.WARNING, subject,
                        Message.of(BandwidthAnalyzer.class, "curve.inplace", "test", test, "size", size(r.size()),
                                "oop", fmt(o), "ip", fmt(ip)),
                        List.of(a.quote(r.line())), params));
                break;
            }
        }
        // Small-message latency: spikes far above the floor.
        List<NcclTestsRow> small = rows.stream().filter(r -> r.size() <= 65536 && r.outOfPlace().timeUs() != null).toList();
        if (small.size() >= 5) {
            double floor = median(small.stream().map(r -> r.outOfPlace().timeUs()).toList());
            List<NcclTestsRow> spikes = small.stream().filter(r -> r.outOfPlace().timeUs() > 3 * floor && r.outOfPlace().timeUs() > floor + 50).toList();
            if (!spikes.isEmpty()) {
                List<EvidenceLine> ev = new ArrayList<>();
                for (NcclTestsRow r : spikes) ev.add(a.quote(r.line()));
                out.add(new Finding("BW_CURVE_ANOMALY", multi ? FindingSeverity.WARNING : FindingSeverity.INFO, subject,
                        Message.of(BandwidthAnalyzer.class, "curve.latency", "test", test, "count", spikes.size(),
                                "max", fmt(spikes.stream().mapToDouble(r -> r.outOfPlace().timeUs()).max().orElse(0)),
                                "floor", fmt(floor)),
                        ev, params));
            }
        }
        // No plateau in the sweep.
        NcclTestsRow last = rows.get(rows.size() - 1);
        if (!reached && t.errors().isEmpty()) {
            out.add(new Finding("BW_CURVE_ANOMALY", FindingSeverity.INFO, subject,
                    Message.of(BandwidthAnalyzer.class, "curve.noPlateau", "test", test, "size", size(last.size())),
                    List.of(a.quote(last.line())), params));
        }
    }

    static void wrong(Artifact a, NcclTestsData t, List<NcclTestsRow> rows, Subject subject, Map<String, String> params,
                              String test, List<Finding> out) {
        // The errors analyzer reports an out-of-bounds FAILED footer; this covers #wrong > 0 it did not explain.
        if (t.outOfBounds() != null && !t.outOfBounds().ok() && t.outOfBounds().count() > 0) return;
        List<EvidenceLine> ev = new ArrayList<>();
        long total = 0;
        for (NcclTestsRow r : rows) {
            long w = wrong(r.outOfPlace()) + wrong(r.inPlace());
            if (w > 0) {
                total += w;
                ev.add(a.quote(r.line()));
            }
        }
        if (total > 0) {
            out.add(new Finding("RESULTS_WRONG", FindingSeverity.CRITICAL, subject,
                    Message.of(BandwidthAnalyzer.class, "wrong", "test", test, "rows", ev.size(), "count", total), ev, params));
        }
    }

    /** The first dip of any sweep: a large-size row more than 30% below both neighbours. */
    private static void dip(Artifact a, List<List<NcclTestsRow>> sweeps, Subject subject, Map<String, String> params, String test,
                            List<Finding> out) {
        for (List<NcclTestsRow> rows : sweeps) {
            for (int i = 1; i + 1 < rows.size(); i++) {
                NcclTestsRow r = rows.get(i);
                if (r.size() < DIP_MIN) continue;
                double b = r.outOfPlace().busbw(), p = rows.get(i - 1).outOfPlace().busbw(), n = rows.get(i + 1).outOfPlace().busbw();
                if (b < 0.7 * p && b < 0.7 * n) {
                    out.add(new Finding("BW_CURVE_ANOMALY", FindingSeverity.WARNING, subject,
                            Message.of(BandwidthAnalyzer.class, "curve.dip", "test", test, "size", size(r.size()),
                                    "busbw", fmt(b), "prev", fmt(p), "next", fmt(n)),
                            List.of(a.quote(r.line()), a.quote(rows.get(i - 1).line()), a.quote(rows.get(i + 1).line())), params));
                    return;
                }
            }
        }
    }

    /**
     * The table's rows with a busbw, in the order printed, cut into sweeps where the size stops growing: one binary's
     * run prints its sizes growing, so a size no larger than the row before starts another sweep (a second table pasted
     * below the first, another collective's, or a run cycle of {@code -N}). A row is compared with its neighbours in its
     * own sweep only: merged by size, two collectives' rows of one size read as a dip.
     */
    private static List<List<NcclTestsRow>> sweeps(NcclTestsData t) {
        List<List<NcclTestsRow>> sweeps = new ArrayList<>();
        List<NcclTestsRow> sweep = new ArrayList<>();
        for (NcclTestsRow r : t.rows()) {
            if (r.outOfPlace() == null || r.outOfPlace().busbw() == null) continue;
            if (!sweep.isEmpty() && r.size() <= sweep.get(sweep.size() - 1).size()) {
                sweeps.add(sweep);
                sweep = new ArrayList<>();
            }
            sweep.add(r);
        }
        if (!sweep.isEmpty()) sweeps.add(sweep);
        return sweeps;
    }

    private static long wrong(NcclTestsResult r) {
        return r == null || r.wrong() == null ? 0 : Math.max(0, r.wrong());
    }
}
