package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Facts of many slices merged as {@link Facts#merge} would merge them in slice order ({@link Evidence#SLICE_NODE_ORDER}),
 * whatever order they come in, holding no more than a {@link Facts} does: lists keep their first
 * {@link Facts#MAX_ENTRIES} names, a scalar the value of the first slice that has one, an NCCL variable the value and
 * place of the first slice that sets it. Not thread-safe.
 */
final class FactsFold {

    /** Natural node order, then plain string order, so that names the natural order ties are both kept, in a fixed order. */
    private static final Comparator<String> NODES = FactsFold::compareNames;

    /** A value and the slice it came from. */
    private record From(String slice, String value, int place) {
    }

    private final TreeSet<String> nodes = new TreeSet<>(NODES);
    private Integer gpusPerNode;
    private final Names gpuModels = new Names();
    private final Names interfaces = new Names();
    private final Names netdevs = new Names();
    private final Names hcas = new Names();
    private List<String> activeHcas = List.of();
    private From network;
    private From launcher;
    private From ncclVersion;
    private final Map<String, From> env = new HashMap<>();

    /** Adds host names (facts' nodes). */
    void hosts(List<String> hosts) {
        for (String h : hosts) {
            nodes.add(h);
            if (nodes.size() > Facts.MAX_ENTRIES) nodes.pollLast();
        }
    }

    /**
     * Adds the facts of one slice.
     *
     * @param slice the slice's node, null for the slice of no node
     * @param f     its facts
     */
    void add(String slice, Facts f) {
        hosts(f.nodes());
        if (f.gpusPerNode() != null && (gpusPerNode == null || f.gpusPerNode() > gpusPerNode)) gpusPerNode = f.gpusPerNode();
        gpuModels.add(slice, f.gpuModels());
        interfaces.add(slice, f.interfaces());
        netdevs.add(slice, f.netdevs());
        hcas.add(slice, f.hcas());
        if (!f.activeHcas().isEmpty()) {
            java.util.TreeSet<String> all = new java.util.TreeSet<>(NODES);
            all.addAll(activeHcas);
            all.addAll(f.activeHcas());
            activeHcas = List.copyOf(all);
        }
        network = first(network, slice, f.network(), 0);
        launcher = first(launcher, slice, f.launcher(), 0);
        ncclVersion = first(ncclVersion, slice, f.ncclVersion(), 0);
        int place = 0;
        for (Map.Entry<String, String> e : f.env().entrySet()) {
            env.put(e.getKey(), first(env.get(e.getKey()), slice, e.getValue(), place++));
        }
    }

    /**
     * {@return natural node order, then plain string order} A method of ours, not {@code Comparator} chains: the
     * JDK's lambdas there are linked at their first call in every run (see {@code Diagnosis.ORDER}).
     */
    static int compareNames(String a, String b) {
        int c = Evidence.compareNodes(a, b);
        return c != 0 ? c : a.compareTo(b);
    }

    /** {@return the facts of every slice added} */
    Facts facts() {
        // A variable sits where the first slice that set it put it: that slice's place, then its own place in it.
        List<Map.Entry<String, From>> vars = new ArrayList<>(env.entrySet());
        vars.sort((a, b) -> {
            int c = Evidence.SLICE_NODE_ORDER.compare(a.getValue().slice(), b.getValue().slice());
            return c != 0 ? c : Integer.compare(a.getValue().place(), b.getValue().place());
        });
        Map<String, String> e = new LinkedHashMap<>();
        for (Map.Entry<String, From> v : vars) e.put(v.getKey(), v.getValue().value());
        return new Facts(List.copyOf(nodes), gpusPerNode, gpuModels.list(), interfaces.list(), netdevs.list(), hcas.list(),
                value(network), value(launcher), e, value(ncclVersion), activeHcas);
    }

    private static String value(From f) {
        return f == null ? null : f.value();
    }

    /** The earlier (by slice) of {@code cur} and a new value; the one held on a tie. */
    private static From first(From cur, String slice, String value, int place) {
        if (value == null) return cur;
        if (cur == null || Evidence.SLICE_NODE_ORDER.compare(slice, cur.slice()) < 0) return new From(slice, value, place);
        return cur;
    }

    /**
     * A list of names in natural order, as {@link Facts#merge} joins them: names the natural order ties are one, spelt
     * as the first slice spells it; the first {@link Facts#MAX_ENTRIES} kept.
     */
    private static final class Names {
        private final TreeMap<String, String> bySpelling = new TreeMap<>(Evidence::compareNodes);

        void add(String slice, List<String> names) {
            for (String n : names) {
                Map.Entry<String, String> cur = bySpelling.floorEntry(n);
                if (cur != null && Evidence.compareNodes(cur.getKey(), n) == 0) {
                    if (Evidence.SLICE_NODE_ORDER.compare(slice, cur.getValue()) >= 0) continue;
                    bySpelling.remove(cur.getKey());
                }
                bySpelling.put(n, slice);
                if (bySpelling.size() > Facts.MAX_ENTRIES) bySpelling.pollLastEntry();
            }
        }

        List<String> list() {
            return List.copyOf(bySpelling.keySet());
        }
    }
}
