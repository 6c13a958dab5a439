package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The A/B method and the scaling knee inside one evidence set (for {@code ncclscope analyze}): the nccl-tests runs
 * are grouped by the switches each one shows (its command line, -J env, NCCL's "set by environment" lines, its file
 * or folder name); every group that differs from the default group in exactly one A/B switch is compared with it
 * ({@link Comparison}), and the default group's runs at two or more multi-node counts form a scaling series
 * ({@link Scaling}). Silent when the evidence holds a single group with one node count.
 */
public final class CompareAnalyzer implements Analyzer.Streamed {

    private static final List<String> AB = List.of("NCCL_IB_DISABLE", "NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE",
            "NCCL_NVLS_ENABLE", "NCCL_ALGO", "NCCL_IB_HCA", "NCCL_NET_GDR_LEVEL");

    /** True when every A/B switch is at NCCL's default. */
    private static boolean isDefault(Map<String, String> v) {
        for (String n : AB) if (!v.get(n).equals(Switches.effective(Map.of(), n))) return false;
        return true;
    }

    /** The one A/B switch in which two groups differ, or null when they differ in none, several or another one. */
    private static String onlyDifference(Map<String, String> a, Map<String, String> b) {
        String found = null;
        for (String n : a.keySet()) {
            if (a.get(n).equals(b.get(n))) continue;
            if (found != null || !AB.contains(n)) return null;
            found = n;
        }
        return found;
    }

    /** Same node count, and the same hosts where both runs print them (the fewest variables). */
    private static boolean sameSetup(Run a, Run b) {
        if (!java.util.Objects.equals(a.nodes(), b.nodes()) || !java.util.Objects.equals(a.ranks(), b.ranks())) return false;
        List<String> ha = a.data().hosts();
        List<String> hb = b.data().hosts();
        return ha.isEmpty() || hb.isEmpty() || new java.util.HashSet<>(ha).equals(new java.util.HashSet<>(hb));
    }

    @Override
    public String name() {
        return "compare";
    }

    /**
     * {@return a pass keeping each judgeable run slimmed to what the A/B and scaling checks read (identity, switches,
     * hosts, ranks and every row's size and busbw), with a stub of its artifact to quote} Runs are grouped and compared
     * at {@code finish}: the runs of one switch setting, or of a scaling series, come from several nodes' slices.
     */
    @Override
    public Pass pass() {
        return new Pass() {
            private final SliceSummaries<List<Run>> kept = new SliceSummaries<>();

            @Override
            public void add(Evidence slice) {
                List<Run> judgeable = new ArrayList<>();
                for (Run r : Comparison.runs(java.util.Objects.requireNonNull(slice, "slice"))) {
                    if (r.judgeable()) judgeable.add(new Run(r.source(), r.artifact().stub(), slim(r.data())));
                }
                if (!judgeable.isEmpty()) kept.put(slice.sliceNode(), judgeable);
            }

            @Override
            public List<Finding> finish() {
                // The order of the whole evidence's runs: groups, comparisons and scaling points follow it.
                List<Run> runs = new ArrayList<>();
                for (List<Run> ofSlice : kept.inOrder()) runs.addAll(ofSlice);
                return compare(runs);
            }
        };
    }

    /**
     * {@return the part of a table the A/B and scaling checks read: collective, command, env, hosts, ranks, NCCL log
     * line count, and each row's size, busbw (algbw for the rank count) and line}
     */
    private static NcclTestsData slim(NcclTestsData t) {
        List<NcclTestsRow> rows = new ArrayList<>(t.rows().size());
        for (NcclTestsRow r : t.rows()) {
            rows.add(new NcclTestsRow(r.size(), null, null, null, null, slim(r.outOfPlace()), slim(r.inPlace()), null,
                    null, r.line()));
        }
        return new NcclTestsData(t.format(), t.test(), t.collective(), t.command(), null, null, null, null, null, null,
                null, t.env(), null, List.of(), t.ranks(), t.hosts(), t.multiNode(), t.layout(), rows, null, null, null,
                null, List.of(), null, List.of(), List.of(), t.ncclLogLines(), t.started(), t.concluded());
    }

    private static NcclTestsResult slim(NcclTestsResult r) {
        return r == null ? null : new NcclTestsResult(null, r.algbw(), r.busbw(), null, null, null);
    }

    /** The A/B comparisons and the scaling series of judgeable runs, in the whole evidence's order. */
    private static List<Finding> compare(List<Run> runs) {
        if (runs.size() < 2) return List.of();
        Map<String, List<Run>> groups = new LinkedHashMap<>();
        Map<String, Map<String, String>> values = new LinkedHashMap<>();
        for (Run r : runs) {
            Map<String, Setting> s = Switches.read(null, null, List.of(r));
            Map<String, String> v = new LinkedHashMap<>();
            StringJoiner key = new StringJoiner(" ");
            for (String name : Switches.DEFAULTS.keySet()) {
                String e = Switches.effective(s, name);
                v.put(name, e);
                if (!e.equals(Switches.effective(Map.of(), name))) key.add(name + "=" + e);
            }
            String k = key.toString();
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
            values.put(k, v);
        }
        List<Finding> out = new ArrayList<>();
        List<String> keys = new ArrayList<>(groups.keySet());
        List<Run> scalingBase = null;
        for (String k : keys) {
            if (isDefault(values.get(k)) && (scalingBase == null || groups.get(k).size() > scalingBase.size())) {
                scalingBase = groups.get(k);
            }
        }
        for (String kb : keys) {
            for (String ko : keys) {
                if (kb.equals(ko)) continue;
                String differing = onlyDifference(values.get(kb), values.get(ko));
                // kb must hold that switch at its default; ko sets it.
                if (differing == null || !values.get(kb).get(differing).equals(Switches.effective(Map.of(), differing))) continue;
                List<Run> sameNodes = new ArrayList<>();
                for (Run b : groups.get(kb)) {
                    for (Run o : groups.get(ko)) {
                        if (sameSetup(b, o) && !sameNodes.contains(b)) sameNodes.add(b);
                    }
                }
                if (sameNodes.isEmpty()) continue;
                String label = differing + "=" + values.get(ko).get(differing);
                out.addAll(Comparison.ofRuns("default", sameNodes, label, groups.get(ko)).findings());
            }
        }
        if (scalingBase != null) out.addAll(Scaling.ofRuns(scalingBase).findings());
        return out;
    }
}
