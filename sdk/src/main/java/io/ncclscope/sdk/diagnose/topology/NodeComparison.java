package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiFailure;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.pci.LspciTree;
import io.ncclscope.parsers.pci.TreeDevice;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.diagnose.topology.AspectSeries.Fact;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.Evidence.Item;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.ToIntFunction;

/**
 * The comparison of nodes, one node at a time: what each node shows of every aspect (a count, a profile of paths
 * or models) is kept as a few shared strings, and lines only of the nodes a finding can quote: the first two
 * nodes of each value (in node order), and for the aspects compared after the counts, of each value among the
 * nodes whose counts are alike (only they can be left to compare). Not thread-safe.
 */
final class NodeComparison {

    private static final String NVSMI = "nvidia-smi -q";
    private static final String IBSTAT = "ibstat";

    /** Aspects compared across nodes: counts first, then what is compared on the nodes not odd by count. */
    private static final String[] ASPECTS = {"gpus", "nics", "gpus", "nics", "gpus", "nics", "models", "paths", "nvlink"};
    private static final String[] SOURCES = {Layouts.TOPO, Layouts.TOPO, NVSMI, IBSTAT, Layouts.TREE, Layouts.TREE, NVSMI,
            Layouts.TOPO, Layouts.TOPO};
    private static final int TOPO_GPUS = 0, TOPO_NICS = 1, SMI_GPUS = 2, IB_NICS = 3, TREE_GPUS = 4, TREE_NICS = 5,
            SMI_MODELS = 6, TOPO_PATHS = 7, TOPO_NVLINK = 8, COUNTS = 6;

    private static AspectSeries[] series() {
        AspectSeries[] s = new AspectSeries[ASPECTS.length];
        for (int i = 0; i < s.length; i++) s[i] = new AspectSeries(ASPECTS[i], SOURCES[i]);
        return s;
    }

    /** One node's values, by aspect (null where it showed none). */
    private record Node(String name, String[] values) {
    }

    /** The nodes read, in the order they came; sorted in node order at finish. */
    private final List<Node> nodes = new ArrayList<>();
    private final Map<String, String> shared = new HashMap<>();
    /** The lines of the first two nodes of each value of an aspect, by node, in the {@link #bucket} of the value. */
    private final Map<List<Object>, TreeMap<String, List<Quote>>> lines = new HashMap<>();
    private int named;

    /** What one node shows of every aspect, by aspect (null where it showed none), read apart from the comparison's state. */
    record NodeAspects(String node, Fact[] facts) {
    }

    /**
     * {@return what {@code node} shows of every aspect} Reads only the artifacts: safe on any thread, for many nodes at
     * once; {@link #add(NodeAspects)} then keeps it.
     */
    static NodeAspects read(String node, List<Artifact> artifacts) {
        Fact[] facts = new Fact[ASPECTS.length];
        nodeFacts(artifacts, facts);
        return new NodeAspects(node, facts);
    }

    /** Keeps what one node shows, read by {@link #read}. */
    void add(NodeAspects aspects) {
        named++;
        String node = aspects.node;
        Fact[] facts = aspects.facts;
        String[] values = new String[facts.length];
        boolean any = false;
        for (int i = 0; i < facts.length; i++) {
            if (facts[i] != null) {
                values[i] = shared.computeIfAbsent(facts[i].value(), v -> v);
                any = true;
            }
        }
        if (!any) return;
        for (int i = 0; i < facts.length; i++) {
            if (values[i] == null) continue;
            TreeMap<String, List<Quote>> first = lines.computeIfAbsent(bucket(i, values), k -> new TreeMap<>(Evidence.SLICE_NODE_ORDER));
            if (first.size() >= 2 && Evidence.SLICE_NODE_ORDER.compare(node, first.lastKey()) > 0) continue;
            List<Quote> read = new ArrayList<>();
            for (Quote q : facts[i].lines()) read.add(q.resolved());
            first.put(node, List.copyOf(read));
            if (first.size() > 2) first.pollLastEntry();
        }
        nodes.add(new Node(node, values));
    }

    /**
     * {@return where the lines of the first two nodes of a value are kept: the aspect and its value, and for the aspects
     * compared after the counts the node's counts (null for a count)} A list, not a record: a record's equals and
     * hashCode go through invokedynamic (java.lang.runtime.ObjectMethods), slow without C2, and every aspect of every
     * node looks its bucket up on the thread that folds a bundle's nodes in order.
     */
    private static List<Object> bucket(int aspect, String[] values) {
        return Arrays.asList(aspect, values[aspect], aspect < COUNTS ? null : Arrays.asList(Arrays.copyOf(values, COUNTS)));
    }

    /** Compares the nodes read, when there were two or more. */
    void finish(MergedFindings out) {
        if (named < 2) return;
        AspectSeries[] s = series();
        nodes.sort((a, b) -> Evidence.SLICE_NODE_ORDER.compare(a.name(), b.name()));
        for (Node n : nodes) {
            for (int i = 0; i < s.length; i++) {
                String v = n.values()[i];
                if (v == null) continue;
                TreeMap<String, List<Quote>> first = lines.get(bucket(i, n.values()));
                List<Quote> ls = first == null ? null : first.get(n.name());
                s[i].byNode.put(n.name(), new Fact(v, i < COUNTS ? Long.valueOf(v) : null, ls == null ? List.of() : ls));
            }
        }
        acrossNodes(s, out);
    }

    /** What one node shows of every aspect, put into {@code f} by aspect. */
    private static void nodeFacts(List<Artifact> artifacts, Fact[] f) {
        Item<Topology> topo = pick(artifacts, Topology.class,
                (t, now) -> now == null && !t.matrixType().isP2p() && !t.gpus().isEmpty());
        Item<NvidiaSmiData> smi = pick(artifacts, NvidiaSmiData.class,
                (d, now) -> now == null || d.gpus().size() > now.gpus().size());
        Item<IbstatData> ib = pick(artifacts, IbstatData.class,
                (d, now) -> now == null || d.devices().size() > now.devices().size());
        Item<LspciTree> tree = pick(artifacts, LspciTree.class, (t, now) -> now == null && !t.devices().isEmpty());
        if (topo != null) topoFacts(topo.artifact(), topo.data(), f);
        if (smi != null && !smi.data().gpus().isEmpty()) smiFacts(smi.artifact(), smi.data(), f);
        else if (smi != null) {
            smi.data().firstFailure(NvsmiFailure.NO_DEVICES).ifPresent(m -> f[SMI_GPUS] = noneFound(smi.artifact(), m.line(), m.text()));
        }
        if (ib != null && ib.data().devices().isEmpty()) {
            ib.data().noDevicesFound().ifPresent(m -> f[IB_NICS] = noneFound(ib.artifact(), m.line(), m.text()));
        } else if (ib != null) {
            List<IbDevice> devices = ib.data().devices();
            f[IB_NICS] = Fact.count(devices.size(), firstLines(ib.artifact(), devices, 3, IbDevice::line));
        }
        if (tree != null) treeFacts(tree.artifact(), tree.data(), f);
    }

    /** The data of {@code type} that {@code better(data, found so far)} prefers, over the artifacts in order; null when none. */
    private static <T> Item<T> pick(List<Artifact> artifacts, Class<T> type, BiPredicate<T, T> better) {
        Item<T> found = null;
        for (Artifact a : artifacts) {
            Optional<T> d = a.data(type);
            if (d.isPresent() && better.test(d.get(), found == null ? null : found.data())) found = new Item<>(a, d.get());
        }
        return found;
    }

    private static void acrossNodes(AspectSeries[] s, MergedFindings out) {
        // Counts first: a node that is odd by count is not reported again for its paths or NVLink layout.
        Set<String> oddByCount = new HashSet<>();
        for (int i = 0; i < COUNTS; i++) oddByCount.addAll(AspectSeries.compare(s[i], out));
        for (int i = COUNTS; i < s.length; i++) {
            s[i].byNode.keySet().removeAll(oddByCount);
            AspectSeries.compare(s[i], out);
        }
    }

    /** A tool that found nothing ({@code No devices were found}, {@code No IB devices found}): a count of 0. */
    private static Fact noneFound(Artifact a, int line, String text) {
        return Fact.count(0, List.of(Quote.of(a, line, text)));
    }

    private static void topoFacts(Artifact a, Topology t, Fact[] f) {
        List<Quote> header = t.line() > 0 ? List.of(Quote.of(a, t.line())) : List.of();
        f[TOPO_GPUS] = Fact.count(t.gpus().size(), header);
        f[TOPO_NICS] = Fact.count(t.nics().size(), header);
        List<TopoGpu> g = t.gpus();
        // How the GPUs reach their nearest NIC: "8×PIX", "4×SYS, 3×NODE, 1×PHB"; the row of the first worst one.
        PathProfile nearest = new PathProfile();
        List<Quote> lines = new ArrayList<>();
        for (int i = 0; i < g.size() && !t.nics().isEmpty(); i++) {
            String gpu = g.get(i).name();
            TopoPath p = t.nearestNic(gpu).flatMap(n -> t.path(gpu, n.name())).orElse(null);
            if (p == null) continue;
            if (nearest.worst() < p.type().rank()) lines = new ArrayList<>(List.of(Quote.of(a, g.get(i).line())));
            nearest.add(p.word(), p.type());
        }
        if (!nearest.isEmpty()) {
            lines.addAll(header);
            f[TOPO_PATHS] = new Fact(nearest.toString(), null, lines);
        }
        // How the GPUs reach each other: "28×NV18".
        PathProfile peers = new PathProfile();
        for (int i = 0; i < g.size(); i++) {
            for (int k = i + 1; k < g.size(); k++) {
                t.path(g.get(i).name(), g.get(k).name()).filter(p -> p.type().isPath())
                        .ifPresent(p -> peers.add(p.word(), p.type()));
            }
        }
        if (!peers.isEmpty()) {
            List<Quote> first = new ArrayList<>();
            first.add(Quote.of(a, g.get(0).line()));
            first.addAll(header);
            f[TOPO_NVLINK] = new Fact(peers.toString(), null, first);
        }
    }

    /** How many connections of each path word: {@code "28×NV18"}, or {@code "4×SYS, 3×NODE"} worst first. */
    private static final class PathProfile {
        private final Map<String, Integer> rank = new HashMap<>();
        /** The count of each word, in the order shown: the worst (highest rank) first, then by word. */
        private final Map<String, Integer> counts = new TreeMap<>((x, y) -> {
            int c = Integer.compare(rank.get(y), rank.get(x));
            return c != 0 ? c : x.compareTo(y);
        });
        private int worst = -1;

        void add(String word, PathType type) {
            rank.put(word, type.rank());
            counts.merge(word, 1, Integer::sum);
            worst = Math.max(worst, type.rank());
        }

        int worst() {
            return worst;
        }

        boolean isEmpty() {
            return counts.isEmpty();
        }

        @Override
        public String toString() {
            List<String> parts = new ArrayList<>();
            counts.forEach((w, n) -> parts.add(n + "×" + w));
            return String.join(", ", parts);
        }
    }

    private static void smiFacts(Artifact a, NvidiaSmiData d, Fact[] f) {
        List<Quote> lines = new ArrayList<>();
        lines.add(Quote.of(a, d.gpus().get(0).line()));
        if (d.gpus().size() > 1) lines.add(Quote.of(a, d.gpus().get(d.gpus().size() - 1).line()));
        f[SMI_GPUS] = Fact.count(d.gpus().size(), lines);
        String profile = AspectSeries.modelProfile(d.gpus().stream().map(NvsmiGpu::name));
        if (profile != null) f[SMI_MODELS] = new Fact(profile, null, lines.subList(0, 1));
    }

    private static void treeFacts(Artifact a, LspciTree tree, Fact[] f) {
        List<TreeDevice> gpus = tree.gpus();
        List<TreeDevice> nics = tree.nics();
        if (!gpus.isEmpty()) f[TREE_GPUS] = Fact.count(gpus.size(), firstLines(a, gpus, 2, TreeDevice::line));
        if (!nics.isEmpty() || !gpus.isEmpty()) f[TREE_NICS] = Fact.count(nics.size(), firstLines(a, nics, 2, TreeDevice::line));
    }

    /** The lines of the first {@code n} of {@code items}, each at its {@code line}. */
    private static <T> List<Quote> firstLines(Artifact a, List<T> items, int n, ToIntFunction<T> line) {
        return items.stream().limit(n).map(d -> Quote.of(a, line.applyAsInt(d))).toList();
    }
}
