package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Scaling (seed: 逐步加节点, 观察从哪一跳开始掉速): nccl-tests results at 2, 3, ... N nodes, one plateau busbw per node
 * count, and the knee where it falls below what the model expects. Bus bandwidth is normalised so that a ring keeps
 * it flat as nodes are added; the model therefore expects each node count to hold the best level reached with fewer
 * nodes (at least two nodes: one node measures NVLink, another segment). A drop of {@value #KNEE_DROP} or more is a
 * knee: {@code SCALING_KNEE} ("2 nodes fine, 3 nodes start to drop": switch uplink oversubscription or one bad node).
 * Single-rank runs and runs whose node count is unknown are left out.
 *
 * @param collective the collective of the series
 * @param points     one per node count, ascending
 * @param knee       the first point below the model; null when none
 * @param findings   the knee finding, if any
 */
public record Scaling(String collective, List<ScalingPoint> points, ScalingPoint knee, List<Finding> findings) {

    /** Relative drop below the model that makes a knee. */
    public static final double KNEE_DROP = 0.15;

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param collective the collective of the series
     * @param points     one per node count, ascending
     * @param knee       the first point below the model; null when none
     * @param findings   the knee finding, if any
     */
    public Scaling {
        points = List.copyOf(points);
        findings = List.copyOf(findings);
    }

    /**
     * {@return the series of every nccl-tests table in the evidence sets (one run or several per set)}
     *
     * @param sets one evidence set per run
     */
    public static Scaling of(List<Evidence> sets) {
        List<Run> runs = new ArrayList<>();
        for (Evidence e : sets) runs.addAll(Comparison.runs(e));
        return ofRuns(runs);
    }

    /**
     * {@return the series of parsed tables; {@code labels} name them (same order)}
     *
     * @param labels names of the tables
     * @param data   the tables
     */
    public static Scaling ofData(List<String> labels, List<NcclTestsData> data) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) runs.add(new Run(labels.get(i), null, data.get(i)));
        return ofRuns(runs);
    }

    static Scaling ofRuns(List<Run> all) {
        // Collective: all_reduce when present, else the most common one.
        Map<Collective, Integer> count = new LinkedHashMap<>();
        for (Run r : all) if (r.judgeable()) count.merge(r.data().collective(), 1, Integer::sum);
        Collective coll = count.containsKey(Collective.ALL_REDUCE) ? Collective.ALL_REDUCE
                : count.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
        Integer gpn = null;
        for (Run r : all) if (r.gpusPerNode() != null && r.nodes() != null && r.nodes() > 1) gpn = r.gpusPerNode();
        TreeMap<Integer, List<Run>> byNodes = new TreeMap<>();
        for (Run r : all) {
            if (!r.judgeable() || r.data().collective() != coll) continue;
            Integer n = r.nodes();
            if (n == null && gpn != null && r.ranks() != null) n = Math.max(1, r.ranks() / gpn);
            if (n == null) continue;
            byNodes.computeIfAbsent(n, k -> new ArrayList<>()).add(r);
        }
        List<ScalingPoint> points = new ArrayList<>();
        double best = 0;
        ScalingPoint knee = null;
        for (Map.Entry<Integer, List<Run>> e : byNodes.entrySet()) {
            List<Double> plateaus = new ArrayList<>();
            for (Run r : e.getValue()) {
                Double p = plateau(r.data());
                if (p != null) plateaus.add(p);
            }
            if (plateaus.isEmpty()) continue;
            double p = Comparison.median(plateaus);
            boolean multi = e.getKey() > 1;
            Double expected = multi && best > 0 ? best : null;
            Run first = e.getValue().get(0);
            ScalingPoint sp = new ScalingPoint(e.getKey(), first.ranks(), p, expected, first.data().hosts(), e.getValue());
            points.add(sp);
            if (knee == null && expected != null && p < expected * (1 - KNEE_DROP)) knee = sp;
            if (multi) best = Math.max(best, p);
        }
        List<Finding> findings = new ArrayList<>();
        if (knee != null) findings.add(finding(coll, points, knee));
        return new Scaling(coll == null ? null : coll.toString(), points, knee, findings);
    }

    /** Median busbw of the three largest sizes of a table (out-of-place and in-place); null without rows. */
    static Double plateau(NcclTestsData d) {
        TreeMap<Long, List<Double>> by = new TreeMap<>();
        for (NcclTestsRow row : d.rows()) {
            List<Double> v = Run.busbw(row);
            if (!v.isEmpty()) by.computeIfAbsent(row.size(), k -> new ArrayList<>()).addAll(v);
        }
        if (by.isEmpty()) return null;
        List<Double> top = new ArrayList<>();
        int i = 0;
        for (List<Double> v : by.descendingMap().values()) {
            if (i++ == 3) break;
            top.addAll(v);
        }
        return Comparison.median(top);
    }

    private static Finding finding(Collective coll, List<ScalingPoint> points, ScalingPoint knee) {
        ScalingPoint before = null;
        for (ScalingPoint p : points) if (p.nodes() < knee.nodes() && p.nodes() > 1) before = p;
        StringJoiner curve = new StringJoiner(", ");
        for (ScalingPoint p : points) curve.add(p.nodes() + "→" + Comparison.gb(p.plateau()));
        // The node the knee run adds, when the hosts are printed.
        Set<String> added = new LinkedHashSet<>(knee.hosts());
        if (before != null) added.removeAll(before.hosts());
        String addedNodes = before == null || before.hosts().isEmpty() || added.isEmpty() || added.size() > 3
                ? null : String.join(", ", added);
        double drop = 1 - knee.plateau() / knee.expected();
        Message m = Message.of(Scaling.class, addedNodes == null ? "scaling.knee" : "scaling.knee.added",
                "collective", coll, "before", before == null ? "?" : before.nodes(), "beforeBw",
                Comparison.gb(before == null ? knee.expected() : before.plateau()), "nodes", knee.nodes(),
                "bw", Comparison.gb(knee.plateau()), "drop", Comparison.pct(drop), "curve", curve.toString(),
                "added", addedNodes);
        List<EvidenceLine> ev = new ArrayList<>();
        if (before != null) ev.add(largest(before.runs().get(0)));
        ev.add(largest(knee.runs().get(0)));
        for (ScalingPoint p : points) if (p != before && p != knee) ev.add(largest(p.runs().get(0)));
        Map<String, String> params = new LinkedHashMap<>();
        Subject subject = Subject.JOB;
        if (addedNodes != null && added.size() == 1) {
            subject = Subject.node(added.iterator().next());
            params.put("node", added.iterator().next());
        }
        FindingSeverity sev = drop >= 0.5 ? FindingSeverity.ERROR : FindingSeverity.WARNING;
        return new Finding("SCALING_KNEE", sev, subject, m, new ArrayList<>(new LinkedHashSet<>(ev)), params);
    }

    private static EvidenceLine largest(Run r) {
        NcclTestsRow row = r.data().largestRow().orElse(null);
        return row == null ? r.quote(0, r.source()) : r.quote(row);
    }
}
