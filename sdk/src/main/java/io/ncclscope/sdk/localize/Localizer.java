package io.ncclscope.sdk.localize;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Names the bad node from two-node tests (the seed's step 4, 点名): reads each two-node nccl-tests table
 * (hosts from its {@code # Rank N ... on HOST} lines, else from a file name {@code A__B.txt}), keeps the
 * plateau bus bandwidth of each pair, and separates a slow node (nearly all its pairs slow: {@code SLOW_NODE})
 * from a slow path (A–B slow while A and B are fine with other partners: {@code SLOW_PAIR}).
 *
 * <p>Slow means below {@code fraction} (default 0.8) of the expectation when one is given, else of the median
 * pair. Without an expectation at least 3 pairs are needed: the median of fewer says nothing.
 * Stateless and thread-safe; linear in the number of results (plus one sort for the median).
 */
public final class Localizer implements Analyzer.Streamed {

    /** Default share of the median (or of the expectation) below which a pair is slow. */
    public static final double DEFAULT_FRACTION = 0.8;
    /** Share of a node's pairs that must be slow for the node to be judged slow. */
    static final double NODE_SHARE = 0.75;
    /** Slow pairs quoted as evidence for one slow node. */
    static final int NODE_EVIDENCE = 6;

    private final Double expected;
    private final double fraction;

    /** Judges against the median pair with {@link #DEFAULT_FRACTION}. */
    public Localizer() {
        this(null, DEFAULT_FRACTION);
    }

    /**
     * @param expected expected pair busbw in GB/s, or null to judge against the median of the pairs
     * @param fraction share of the expectation (or median) below which a pair is slow, in (0, 1]
     */
    public Localizer(Double expected, double fraction) {
        if (!(fraction > 0 && fraction <= 1)) throw new IllegalArgumentException("fraction must be in (0, 1]: " + fraction);
        if (expected != null && !(expected > 0)) throw new IllegalArgumentException("expectation must be > 0: " + expected);
        this.expected = expected;
        this.fraction = fraction;
    }

    @Override
    public String name() {
        return "localize";
    }

    /**
     * {@return a pass keeping each slice's two-node results (hosts, plateau busbw, one quoted row, series): a few
     * hundred bytes a result} The campaign is judged at {@code finish}: a node's pairs come from many slices. Only a
     * campaign of pairwise tests is judged: some node in two or more two-node results of the same series. A folder of
     * unrelated two-node runs (other clusters, other sizes) is not a pair matrix.
     */
    @Override
    public Pass pass() {
        return new Pass() {
            private final SliceSummaries<List<PairResult>> kept = new SliceSummaries<>();

            @Override
            public void add(Evidence slice) {
                List<PairResult> rs = read(java.util.Objects.requireNonNull(slice, "slice"));
                if (!rs.isEmpty()) kept.put(slice.sliceNode(), rs);
            }

            @Override
            public List<Finding> finish() {
                // In the whole evidence's slice order: the most common series and the localization follow it.
                List<PairResult> all = new ArrayList<>();
                for (List<PairResult> rs : kept.inOrder()) all.addAll(rs);
                return judge(all);
            }
        };
    }

    /** The findings of a campaign of pairwise results; none when no node is in two results of the main series. */
    private List<Finding> judge(List<PairResult> results) {
        List<PairResult> rs = sameSeries(results);
        Map<String, Integer> seen = new HashMap<>();
        boolean campaign = false;
        for (PairResult r : rs) {
            campaign |= seen.merge(r.a(), 1, Integer::sum) > 1 | seen.merge(r.b(), 1, Integer::sum) > 1;
        }
        return campaign ? localize(rs).findings() : List.of();
    }

    /**
     * {@return the results of the most common series (test, ranks, largest size): only like is compared with like}
     *
     * @param results pair results
     */
    public static List<PairResult> sameSeries(List<PairResult> results) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (PairResult r : results) count.merge(String.valueOf(r.series()), 1, Integer::sum);
        String top = null;
        for (Map.Entry<String, Integer> e : count.entrySet()) if (top == null || e.getValue() > count.get(top)) top = e.getKey();
        final String keep = top;
        return results.stream().filter(r -> String.valueOf(r.series()).equals(keep)).toList();
    }

    /**
     * {@return the two-node results in {@code evidence}; runs of one node or of more than two are not pairwise tests}
     *
     * @param evidence the evidence read
     */
    public static List<PairResult> read(Evidence evidence) {
        List<PairResult> out = new ArrayList<>();
        for (Evidence.Item<NcclTestsData> item : evidence.all(NcclTestsData.class)) {
            NcclTestsData d = item.data();
            List<String> hosts = d.hosts();
            if (hosts.isEmpty()) hosts = hostsFromName(item.artifact().name());
            if (hosts.size() != 2) continue;
            NcclTestsRow row = plateauRow(d.rows());
            if (row == null) continue;
            double bw = plateau(d.rows());
            String series = (d.test() == null ? d.collective() : d.test()) + " " + (d.ranks() == null ? "?" : d.ranks())
                    + " ranks to " + row.size() + " B";
            out.add(new PairResult(hosts.get(0), hosts.get(1), bw, quote(item.artifact(), row), series));
        }
        return out;
    }

    private static EvidenceLine quote(Artifact a, NcclTestsRow row) {
        return a.quote(row.line());
    }

    /** {@code A__B} from a file name such as {@code pairs/round-3/gpu01__gpu07.txt}; empty when the name is not one. */
    static List<String> hostsFromName(String name) {
        String base = name.replace('\\', '/');
        base = base.substring(base.lastIndexOf('/') + 1);
        int dot = base.lastIndexOf('.');
        if (dot > 0) base = base.substring(0, dot);
        String[] parts = base.split("__", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty() || parts[0].equals(parts[1])) return List.of();
        return List.of(parts[0], parts[1]);
    }

    private static Double busbw(NcclTestsRow r) {
        NcclTestsResult x = r.outOfPlace() != null && r.outOfPlace().busbw() != null ? r.outOfPlace() : r.inPlace();
        return x == null ? null : x.busbw();
    }

    /** The rows within a factor 4 of the largest size that have a busbw. */
    private static List<NcclTestsRow> top(List<NcclTestsRow> rows) {
        long max = -1;
        for (NcclTestsRow r : rows) if (busbw(r) != null) max = Math.max(max, r.size());
        if (max <= 0) return List.of();
        long floor = max / 4;
        return rows.stream().filter(r -> busbw(r) != null && r.size() >= floor && r.size() > 0).toList();
    }

    /** The row quoted as evidence: the largest size. */
    static NcclTestsRow plateauRow(List<NcclTestsRow> rows) {
        NcclTestsRow best = null;
        for (NcclTestsRow r : top(rows)) if (best == null || r.size() >= best.size()) best = r;
        return best;
    }

    /**
     * The plateau: median out-of-place busbw of the sizes within a factor 4 of the largest (not {@code Avg bus
     * bandwidth}, which averages all sizes, latency-bound ones included). In-place is used only where
     * out-of-place is missing: in-place broadcast figures of one rank are not transfers.
     */
    static double plateau(List<NcclTestsRow> rows) {
        List<Double> v = new ArrayList<>();
        for (NcclTestsRow r : top(rows)) v.add(busbw(r));
        return median(v);
    }

    static double median(List<Double> values) {
        double[] a = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (a.length == 0) return Double.NaN;
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    /**
     * Judges {@code results} of the most common series (several results of one pair: the best one counts, a slow
     * run may be transient).
     *
     * @param results pair results, from {@link #read(Evidence)}
     * @return the localization: nodes, the matrix, the slow nodes and pairs, the findings
     */
    public Localization localize(Collection<PairResult> results) {
        Map<String, PairResult> best = new LinkedHashMap<>();
        for (PairResult r : sameSeries(List.copyOf(results))) {
            if (Double.isNaN(r.busbw())) continue;
            best.merge(Localization.key(r.a(), r.b()), r, (x, y) -> y.busbw() > x.busbw() ? y : x);
        }
        List<PairResult> rs = new ArrayList<>(best.values());
        // A hash set first: the natural-order comparison is too dear to run a million times.
        Set<String> nodeSet = new java.util.HashSet<>();
        for (PairResult r : rs) {
            nodeSet.add(r.a());
            nodeSet.add(r.b());
        }
        List<String> nodes = List.copyOf(sortNatural(nodeSet));
        Double median = rs.isEmpty() ? null : median(rs.stream().map(PairResult::busbw).toList());
        Double threshold = null;
        if (expected != null) threshold = expected * fraction;
        else if (rs.size() >= 3) threshold = median * fraction;
        if (threshold == null) {
            return new Localization(nodes, rs, median, expected, null, List.of(), List.of(), List.of(), List.of(), List.of());
        }
        final double bar = threshold;
        Map<String, List<PairResult>> byNode = new HashMap<>();
        for (PairResult r : rs) {
            byNode.computeIfAbsent(r.a(), k -> new ArrayList<>()).add(r);
            byNode.computeIfAbsent(r.b(), k -> new ArrayList<>()).add(r);
        }
        // Slow nodes: at least two slow pairs, and nearly all of its pairs slow.
        List<String> slowNodes = new ArrayList<>();
        for (String n : nodes) {
            List<PairResult> mine = byNode.get(n);
            long slow = mine.stream().filter(r -> r.busbw() < bar).count();
            if (slow >= 2 && slow >= NODE_SHARE * mine.size()) slowNodes.add(n);
        }
        // When most nodes look slow, the fabric or the expectation is the question, not one node.
        if (slowNodes.size() * 2 > nodes.size()) slowNodes.clear();
        Set<String> slowSet = new java.util.HashSet<>(slowNodes);
        List<Finding> findings = new ArrayList<>();
        for (String n : slowNodes) findings.add(nodeFinding(n, byNode.get(n), slowSet, byNode, bar, median));
        List<PairResult> slowPairs = new ArrayList<>();
        Set<String> suspects = new LinkedHashSet<>(slowNodes);
        List<PairResult> sortedSlow = rs.stream().filter(r -> r.busbw() < bar)
                .filter(r -> !slowSet.contains(r.a()) && !slowSet.contains(r.b()))
                .sorted(Comparator.comparingDouble(PairResult::busbw)).toList();
        for (PairResult r : sortedSlow) {
            PairResult fineA = bestOther(byNode.get(r.a()), r.a(), r.b(), bar);
            PairResult fineB = bestOther(byNode.get(r.b()), r.b(), r.a(), bar);
            slowPairs.add(r);
            if (fineA == null || fineB == null) {
                suspects.add(r.a());
                suspects.add(r.b());
            }
            findings.add(pairFinding(r, fineA, fineB, bar, median));
        }
        List<String> good = new ArrayList<>();
        for (String n : nodes) {
            if (suspects.contains(n)) continue;
            if (byNode.get(n).stream().anyMatch(r -> r.busbw() >= bar)) good.add(n);
        }
        return new Localization(nodes, rs, median, expected, threshold, slowNodes, slowPairs,
                List.copyOf(suspects), good, findings);
    }

    private static List<String> sortNatural(Set<String> nodes) {
        List<String> l = new ArrayList<>(nodes);
        l.sort(Evidence::compareNodes);
        return l;
    }

    /** {@code node}'s best fine pair with a partner other than {@code not}; null when none. */
    private static PairResult bestOther(List<PairResult> mine, String node, String not, double bar) {
        PairResult best = null;
        for (PairResult r : mine) {
            if (r.has(not) || r.busbw() < bar) continue;
            if (best == null || r.busbw() > best.busbw()) best = r;
        }
        return best;
    }

    private Finding nodeFinding(String n, List<PairResult> mine, Set<String> slowSet,
                                Map<String, List<PairResult>> byNode, double bar, double median) {
        List<PairResult> slow = mine.stream().filter(r -> r.busbw() < bar)
                .sorted(Comparator.comparingDouble(PairResult::busbw)).toList();
        double nodeMedian = median(slow.stream().map(PairResult::busbw).toList());
        List<EvidenceLine> ev = new ArrayList<>();
        for (PairResult r : slow) {
            if (ev.size() >= NODE_EVIDENCE) break;
            if (r.source() != null) ev.add(r.source());
        }
        // The other half of the proof: a partner of this node that is fine with someone else.
        for (PairResult r : slow) {
            String p = r.other(n);
            if (slowSet.contains(p)) continue;
            PairResult fine = bestOther(byNode.get(p), p, n, bar);
            if (fine != null && fine.source() != null) {
                ev.add(fine.source());
                break;
            }
        }
        Message detail = Message.of(Localizer.class, "node.slow", "node", n, "slow", slow.size(),
                "tested", mine.size(), "value", gb(nodeMedian), "median", gb(median), "threshold", gb(bar));
        Map<String, String> params = new LinkedHashMap<>();
        params.put("node", n);
        return new Finding("SLOW_NODE", FindingSeverity.ERROR, Subject.node(n), detail, dedup(ev), params);
    }

    private Finding pairFinding(PairResult r, PairResult fineA, PairResult fineB, double bar, double median) {
        List<EvidenceLine> ev = new ArrayList<>();
        if (r.source() != null) ev.add(r.source());
        if (fineA != null && fineA.source() != null) ev.add(fineA.source());
        if (fineB != null && fineB.source() != null) ev.add(fineB.source());
        Message detail;
        if (fineA != null && fineB != null) {
            detail = Message.of(Localizer.class, "pair.slow", "node", r.a(), "peer", r.b(), "value", gb(r.busbw()),
                    "threshold", gb(bar), "median", gb(median),
                    "nodeOther", fineA.other(r.a()), "nodeBest", gb(fineA.busbw()),
                    "peerOther", fineB.other(r.b()), "peerBest", gb(fineB.busbw()));
        } else {
            detail = Message.of(Localizer.class, "pair.unconfirmed", "node", r.a(), "peer", r.b(),
                    "value", gb(r.busbw()), "threshold", gb(bar), "median", gb(median));
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("node", r.a());
        params.put("peer", r.b());
        return new Finding("SLOW_PAIR", FindingSeverity.WARNING, Subject.node(r.a()).withPeer(r.b()), detail,
                dedup(ev), params);
    }

    private static List<EvidenceLine> dedup(List<EvidenceLine> ev) {
        return List.copyOf(new LinkedHashSet<>(ev));
    }

    static String gb(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
