package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.nvsmi.NvsmiMessage;
import io.ncclscope.parsers.pci.LspciTree;
import io.ncclscope.parsers.pci.TreeDevice;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.FindingCollector;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.diagnose.internal.PerSlice;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * TOPOLOGY_ASYMMETRIC: nodes of one job that do not share one topology (GPU or NIC counts, GPU models,
 * GPU-NIC paths, NVLink layout, ranks per host), and gaps one node's own evidence shows (an HCA that ibstat
 * lists but {@code topo -m} does not, GPUs that {@code nvidia-smi -q} counts but cannot describe).
 * Across nodes it speaks only when at least two nodes show the same kind of evidence. Stateless.
 */
final class AsymmetryChecks {

    static final String CODE = "TOPOLOGY_ASYMMETRIC";

    private static final String NVSMI = "nvidia-smi -q";
    private static final String IBSTAT = "ibstat";
    private static final String TESTS = "nccl-tests";
    private static final String LOG = "NCCL_DEBUG=INFO";

    /** Nodes listed per value in a message before {@code +N}. */
    private static final int NODES_PER_VALUE = 6;

    private AsymmetryChecks() {
    }

    /** What one node (or host) shows for one aspect: the value compared, its number when it is a count, the lines. */
    record Fact(String value, Long number, List<Quote> lines) {
    }

    /** One aspect read from one source, node by node in natural order. */
    private static final class Series {
        final String aspect;
        final String source;
        final Map<String, Fact> byNode = new LinkedHashMap<>();

        Series(String aspect, String source) {
            this.aspect = aspect;
            this.source = source;
        }
    }

    // ------------------------------------------------------------------ across nodes

    /** Aspects compared across nodes: counts first, then what is compared on the nodes not odd by count. */
    private static final String[] ASPECTS = {"gpus", "nics", "gpus", "nics", "gpus", "nics", "models", "paths", "nvlink"};
    private static final String[] SOURCES = {Layouts.TOPO, Layouts.TOPO, NVSMI, IBSTAT, Layouts.TREE, Layouts.TREE, NVSMI,
            Layouts.TOPO, Layouts.TOPO};
    private static final int TOPO_GPUS = 0, TOPO_NICS = 1, SMI_GPUS = 2, IB_NICS = 3, TREE_GPUS = 4, TREE_NICS = 5,
            SMI_MODELS = 6, TOPO_PATHS = 7, TOPO_NVLINK = 8, COUNTS = 6;

    private static Series[] series() {
        Series[] s = new Series[ASPECTS.length];
        for (int i = 0; i < s.length; i++) s[i] = new Series(ASPECTS[i], SOURCES[i]);
        return s;
    }

    /**
     * The comparison of nodes, one node at a time: what each node shows of every aspect (a count, a profile of paths
     * or models) is kept as a few shared strings, and lines only of the nodes a finding can quote: the first two
     * nodes of each value (in node order), and for the aspects compared after the counts, of each value among the
     * nodes whose counts are alike (only they can be left to compare). Not thread-safe.
     */
    static final class Across {

        /** One node's values, by aspect (null where it showed none). */
        private record Node(String name, String[] values) {
        }

        private final PerSlice<Node> nodes = new PerSlice<>();
        private final Map<String, String> shared = new HashMap<>();
        /** The lines of the first two nodes of each value of an aspect, by node. */
        private final Map<String, TreeMap<String, List<Quote>>> lines = new HashMap<>();
        private int named;

        /**
         * Reads what one node shows.
         *
         * @param node      the node
         * @param artifacts its artifacts
         */
        void add(String node, List<Artifact> artifacts) {
            named++;
            Series[] s = series();
            nodeFacts(node, artifacts, s);
            String[] values = new String[s.length];
            boolean any = false;
            for (int i = 0; i < s.length; i++) {
                Fact f = s[i].byNode.get(node);
                if (f != null) {
                    values[i] = shared.computeIfAbsent(f.value(), v -> v);
                    any = true;
                }
            }
            if (!any) return;
            String counts = signature(values);
            for (int i = 0; i < s.length; i++) {
                if (values[i] == null) continue;
                String bucket = i + "\u0000" + values[i] + (i < COUNTS ? "" : "\u0000" + counts);
                TreeMap<String, List<Quote>> first = lines.computeIfAbsent(bucket, k -> new TreeMap<>(Evidence.SLICE_NODE_ORDER));
                if (first.size() >= 2 && Evidence.SLICE_NODE_ORDER.compare(node, first.lastKey()) > 0) continue;
                List<Quote> read = new ArrayList<>();
                for (Quote q : s[i].byNode.get(node).lines()) read.add(q.resolved());
                first.put(node, List.copyOf(read));
                if (first.size() > 2) first.pollLastEntry();
            }
            nodes.put(node, new Node(node, values));
        }

        private static String signature(String[] values) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < COUNTS; i++) b.append(values[i]).append('\u0000');
            return b.toString();
        }

        /**
         * Compares the nodes read, when there were two or more.
         *
         * @param out where findings go
         */
        void finish(FindingCollector out) {
            if (named < 2) return;
            Series[] s = series();
            for (Node n : nodes.inOrder()) {
                String counts = signature(n.values());
                for (int i = 0; i < s.length; i++) {
                    String v = n.values()[i];
                    if (v == null) continue;
                    TreeMap<String, List<Quote>> first = lines.get(i + "\u0000" + v + (i < COUNTS ? "" : "\u0000" + counts));
                    List<Quote> ls = first == null ? null : first.get(n.name());
                    s[i].byNode.put(n.name(), new Fact(v, i < COUNTS ? Long.valueOf(v) : null, ls == null ? List.of() : ls));
                }
            }
            acrossNodes(s, out);
        }
    }

    /** What one node shows of every aspect, put into {@code s}. */
    private static void nodeFacts(String node, List<Artifact> artifacts, Series[] s) {
        Artifact topoA = null;
        Topology topo = null;
        Artifact smiA = null;
        NvidiaSmiData smi = null;
        Artifact ibA = null;
        IbstatData ib = null;
        Artifact treeA = null;
        LspciTree tree = null;
        for (Artifact a : artifacts) {
            Optional<Topology> t = a.data(Topology.class);
            if (topo == null && t.isPresent() && !t.get().matrixType().isP2p() && !t.get().gpus().isEmpty()) {
                topoA = a;
                topo = t.get();
            }
            Optional<NvidiaSmiData> sm = a.data(NvidiaSmiData.class);
            if (sm.isPresent() && (smi == null || sm.get().gpus().size() > smi.gpus().size())) {
                smiA = a;
                smi = sm.get();
            }
            Optional<IbstatData> i = a.data(IbstatData.class);
            if (i.isPresent() && (ib == null || i.get().devices().size() > ib.devices().size())) {
                ibA = a;
                ib = i.get();
            }
            Optional<LspciTree> tr = a.data(LspciTree.class);
            if (tree == null && tr.isPresent() && !tr.get().devices().isEmpty()) {
                treeA = a;
                tree = tr.get();
            }
        }
        if (topo != null) topoFacts(node, topoA, topo, s[TOPO_GPUS], s[TOPO_NICS], s[TOPO_PATHS], s[TOPO_NVLINK]);
        if (smi != null && !smi.gpus().isEmpty()) smiFacts(node, smiA, smi, s[SMI_GPUS], s[SMI_MODELS]);
        else if (smi != null) {
            noneFound(node, smiA, smi.toolErrors().stream().map(m -> new Said(m.text(), m.line())).toList(),
                    "no devices were found", s[SMI_GPUS]);
        }
        if (ib != null && ib.devices().isEmpty()) {
            noneFound(node, ibA, ib.toolErrors().stream().map(m -> new Said(m.text(), m.line())).toList(),
                    "no ib devices", s[IB_NICS]);
        }
        if (ib != null && !ib.devices().isEmpty()) {
            List<Quote> lines = new ArrayList<>();
            for (IbDevice d : ib.devices()) {
                if (lines.size() < 3) lines.add(Quote.of(ibA, d.line()));
            }
            s[IB_NICS].byNode.put(node, new Fact(String.valueOf(ib.devices().size()), (long) ib.devices().size(), lines));
        }
        if (tree != null) treeFacts(node, treeA, tree, s[TREE_GPUS], s[TREE_NICS]);
    }

    private static void acrossNodes(Series[] s, FindingCollector out) {
        // Counts first: a node that is odd by count is not reported again for its paths or NVLink layout.
        Set<String> oddByCount = new HashSet<>();
        for (int i = 0; i < COUNTS; i++) oddByCount.addAll(compare(s[i], out));
        s[TOPO_PATHS].byNode.keySet().removeAll(oddByCount);
        s[TOPO_NVLINK].byNode.keySet().removeAll(oddByCount);
        s[SMI_MODELS].byNode.keySet().removeAll(oddByCount);
        for (int i : new int[] {SMI_MODELS, TOPO_PATHS, TOPO_NVLINK}) compare(s[i], out);
    }

    /**
     * Compares the hosts inside one multi-host artifact: ranks and GPU models per host of nccl-tests device lines,
     * ranks per host of each communicator an NCCL log shows whole.
     *
     * @param a   an artifact
     * @param out where findings go
     */
    static void acrossHosts(Artifact a, FindingCollector out) {
        a.data(NcclTestsData.class).ifPresent(t -> acrossTestHosts(a, t, out));
        a.data(NcclLog.class).ifPresent(l -> acrossLogHosts(a, l, out));
    }

    /** A line a tool printed instead of data. */
    private record Said(String text, int line) {
    }

    /** A tool that found nothing ({@code No devices were found}, {@code No IB devices found}): a count of 0. */
    private static void noneFound(String node, Artifact a, List<Said> errors, String marker, Series s) {
        for (Said e : errors) {
            if (e.text() != null && e.text().toLowerCase(Locale.ROOT).contains(marker)) {
                s.byNode.put(node, new Fact("0", 0L, List.of(Quote.of(a, e.line(), e.text()))));
                return;
            }
        }
    }

    private static void topoFacts(String node, Artifact a, Topology t, Series gpus, Series nics, Series paths, Series nvlink) {
        List<Quote> header = t.line() > 0 ? List.of(Quote.of(a, t.line())) : List.of();
        gpus.byNode.put(node, new Fact(String.valueOf(t.gpus().size()), (long) t.gpus().size(), header));
        nics.byNode.put(node, new Fact(String.valueOf(t.nics().size()), (long) t.nics().size(), header));
        if (!t.nics().isEmpty()) {
            // How the GPUs reach their nearest NIC: "8×PIX", "4×SYS, 3×NODE, 1×PHB".
            Map<String, Integer> words = new TreeMap<>();
            Map<String, Integer> rank = new LinkedHashMap<>();
            List<Quote> lines = new ArrayList<>();
            int worst = -1;
            for (GpuNicAffinity f : TopologyAnalyzer.affinity(t)) {
                if (f.path() == null) continue;
                words.merge(f.path().word(), 1, Integer::sum);
                rank.put(f.path().word(), f.path().type().rank());
                if (f.path().type().rank() > worst) {
                    worst = f.path().type().rank();
                    lines.clear();
                    lines.add(Quote.of(a, f.gpu().line()));
                }
            }
            if (!words.isEmpty()) {
                lines.addAll(header);
                paths.byNode.put(node, new Fact(profile(words, rank), null, lines));
            }
        }
        if (t.gpus().size() >= 2) {
            Map<String, Integer> words = new TreeMap<>();
            Map<String, Integer> rank = new LinkedHashMap<>();
            List<TopoGpu> g = t.gpus();
            for (int i = 0; i < g.size(); i++) {
                for (int k = i + 1; k < g.size(); k++) {
                    String w = Layouts.cell(t, g.get(i).name(), g.get(k).name());
                    PathType type = PathType.fromWord(w);
                    if (!type.isPath()) continue;
                    words.merge(w.strip(), 1, Integer::sum);
                    rank.put(w.strip(), type.rank());
                }
            }
            if (!words.isEmpty()) {
                List<Quote> lines = new ArrayList<>();
                lines.add(Quote.of(a, g.get(0).line()));
                lines.addAll(header);
                nvlink.byNode.put(node, new Fact(profile(words, rank), null, lines));
            }
        }
    }

    /** {@code "28×NV18"}, or {@code "4×SYS, 3×NODE"} worst first. */
    private static String profile(Map<String, Integer> counts, Map<String, Integer> rank) {
        List<String> ws = new ArrayList<>(counts.keySet());
        ws.sort((x, y) -> {
            int c = Integer.compare(rank.getOrDefault(y, 0), rank.getOrDefault(x, 0));
            return c != 0 ? c : x.compareTo(y);
        });
        List<String> parts = new ArrayList<>();
        for (String w : ws) parts.add(counts.get(w) + "×" + w);
        return String.join(", ", parts);
    }

    private static void smiFacts(String node, Artifact a, NvidiaSmiData d, Series gpus, Series models) {
        List<Quote> lines = new ArrayList<>();
        lines.add(Quote.of(a, d.gpus().get(0).line()));
        if (d.gpus().size() > 1) lines.add(Quote.of(a, d.gpus().get(d.gpus().size() - 1).line()));
        gpus.byNode.put(node, new Fact(String.valueOf(d.gpus().size()), (long) d.gpus().size(), lines));
        Map<String, Integer> names = new TreeMap<>();
        for (NvsmiGpu g : d.gpus()) {
            if (g.name() != null) names.merge(g.name(), 1, Integer::sum);
        }
        if (!names.isEmpty()) models.byNode.put(node, new Fact(modelProfile(names), null, lines.subList(0, 1)));
    }

    /** {@code "8× NVIDIA H100 80GB HBM3"}. */
    private static String modelProfile(Map<String, Integer> names) {
        List<String> parts = new ArrayList<>();
        names.forEach((n, c) -> parts.add(c + "× " + n));
        return String.join(", ", parts);
    }

    private static void treeFacts(String node, Artifact a, LspciTree tree, Series gpus, Series nics) {
        List<Quote> gl = new ArrayList<>();
        List<Quote> nl = new ArrayList<>();
        long g = 0;
        long n = 0;
        for (TreeDevice d : tree.devices()) {
            if (d.bridge()) continue;
            if (Layouts.isGpu(d.description(), d.bdf())) {
                g++;
                if (gl.size() < 2) gl.add(Quote.of(a, d.line()));
            } else if (Layouts.isNic(d.description())) {
                n++;
                if (nl.size() < 2) nl.add(Quote.of(a, d.line()));
            }
        }
        if (g > 0) gpus.byNode.put(node, new Fact(String.valueOf(g), g, gl));
        if (n > 0 || g > 0) nics.byNode.put(node, new Fact(String.valueOf(n), n, nl));
    }

    /**
     * Reports the nodes of {@code s} that differ from the others and returns them. The value most nodes share
     * is the reference; with no such value a count's reference is the largest, and other values are reported
     * as one mixed finding.
     */
    private static Set<String> compare(Series s, FindingCollector out) {
        Set<String> odd = new LinkedHashSet<>();
        if (s.byNode.size() < 2) return odd;
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        s.byNode.forEach((node, f) -> byValue.computeIfAbsent(f.value(), k -> new ArrayList<>()).add(node));
        if (byValue.size() < 2) return odd;
        String ref = null;
        int top = 0;
        boolean unique = false;
        for (Map.Entry<String, List<String>> v : byValue.entrySet()) {
            int c = v.getValue().size();
            if (c > top) {
                top = c;
                ref = v.getKey();
                unique = true;
            } else if (c == top) {
                unique = false;
            }
        }
        boolean numeric = s.byNode.values().stream().allMatch(f -> f.number() != null);
        if (!unique && numeric) {
            long max = Long.MIN_VALUE;
            for (Fact f : s.byNode.values()) {
                if (f.number() > max) {
                    max = f.number();
                    ref = f.value();
                }
            }
            unique = true;
        }
        if (!unique) {
            mixed(s, byValue, out);
            odd.addAll(s.byNode.keySet());
            return odd;
        }
        List<String> refNodes = byValue.get(ref);
        for (Map.Entry<String, List<String>> v : byValue.entrySet()) {
            if (v.getKey().equals(ref)) continue;
            List<String> oddNodes = v.getValue();
            odd.addAll(oddNodes);
            List<Quote> ev = new ArrayList<>();
            for (String n : oddNodes.subList(0, Math.min(2, oddNodes.size()))) ev.addAll(s.byNode.get(n).lines());
            ev.addAll(s.byNode.get(refNodes.get(0)).lines());
            Message detail = Message.of(TopologyAnalyzer.class, "asym." + s.aspect,
                    "nodes", Names.list(oddNodes), "value", v.getKey(), "peer", ref, "source", s.source);
            String node = oddNodes.get(0);
            out.add("across|" + s.aspect + "|" + String.join(",", oddNodes), CODE, FindingSeverity.WARNING,
                    new Subject(oddNodes.size() == 1 ? node : null, null, null, null, null, null, null), detail, ev,
                    "node", node);
        }
        return odd;
    }

    private static void mixed(Series s, Map<String, List<String>> byValue, FindingCollector out) {
        List<String> parts = new ArrayList<>();
        List<Quote> ev = new ArrayList<>();
        for (Map.Entry<String, List<String>> v : byValue.entrySet()) {
            List<String> ns = v.getValue();
            String shown = ns.size() > NODES_PER_VALUE
                    ? String.join(", ", ns.subList(0, NODES_PER_VALUE)) + ", +" + (ns.size() - NODES_PER_VALUE)
                    : String.join(", ", ns);
            parts.add(shown + ": " + v.getKey());
            ev.addAll(s.byNode.get(ns.get(0)).lines());
        }
        Message detail = Message.of(TopologyAnalyzer.class, "asym.mixed." + s.aspect,
                "values", String.join("; ", parts), "source", s.source);
        out.add("mixed|" + s.aspect, CODE, FindingSeverity.WARNING, Subject.JOB, detail, ev);
    }

    // ------------------------------------------------------------------ across the hosts of one artifact

    /** nccl-tests device lines: ranks and GPU models per host. */
    private static void acrossTestHosts(Artifact a, NcclTestsData t, FindingCollector out) {
        if (t.hosts().size() < 2) return;
        Map<String, List<NcclTestsDevice>> byHost = new LinkedHashMap<>();
        for (NcclTestsDevice d : t.devices()) {
            if (d.host() != null) byHost.computeIfAbsent(d.host(), k -> new ArrayList<>()).add(d);
        }
        if (byHost.size() < 2) return;
        Series ranks = new Series("ranks", TESTS);
        Series models = new Series("models", TESTS);
        byHost.forEach((host, ds) -> {
            List<Quote> lines = List.of(Quote.of(a, ds.get(0).line()));
            ranks.byNode.put(host, new Fact(String.valueOf(ds.size()), (long) ds.size(), lines));
            Map<String, Integer> names = new TreeMap<>();
            for (NcclTestsDevice d : ds) {
                if (d.name() != null) names.merge(d.name(), 1, Integer::sum);
            }
            if (!names.isEmpty()) models.byNode.put(host, new Fact(modelProfile(names), null, lines));
        });
        Set<String> odd = compare(ranks, out);
        models.byNode.keySet().removeAll(odd);
        compare(models, out);
    }

    /**
     * NCCL log ranks per host, for each communicator whose every rank the log shows (a log cut short shows some
     * ranks of some hosts only, which says nothing about the job).
     */
    private static void acrossLogHosts(Artifact a, NcclLog l, FindingCollector out) {
        if (l.ranks().size() < 2) return;
        Map<String, List<NcclRank>> byComm = new LinkedHashMap<>();
        for (NcclRank r : l.ranks()) {
            String comm = r.commId() != null ? r.commId() : r.comm();
            if (comm == null || r.nranks() == null || r.host() == null) continue;
            byComm.computeIfAbsent(comm, k -> new ArrayList<>()).add(r);
        }
        for (List<NcclRank> rs : byComm.values()) {
            Set<Integer> seen = new HashSet<>();
            rs.forEach(r -> seen.add(r.rank()));
            if (seen.size() != rs.get(0).nranks()) continue;
            Map<String, Set<Integer>> byHost = new LinkedHashMap<>();
            Map<String, NcclRank> firstOf = new LinkedHashMap<>();
            for (NcclRank r : rs) {
                byHost.computeIfAbsent(r.host(), k -> new HashSet<>()).add(r.rank());
                firstOf.putIfAbsent(r.host(), r);
            }
            if (byHost.size() < 2) continue;
            Series ranks = new Series("ranks", LOG);
            byHost.forEach((host, set) -> {
                NcclRank r = firstOf.get(host);
                String text = host + " rank " + r.rank() + " nranks " + r.nranks()
                        + (r.cudaDev() != null ? " cudaDev " + r.cudaDev() : "") + (r.busIdRaw() != null ? " busId " + r.busIdRaw() : "");
                ranks.byNode.put(host, new Fact(String.valueOf(set.size()), (long) set.size(), List.of(Quote.of(a, r.line(), text))));
            });
            compare(ranks, out);
        }
    }

    // ------------------------------------------------------------------ within one node

    /**
     * Gaps one node's own evidence shows: HCAs that ibstat lists but the topo matrix (with a complete NIC
     * Legend) does not show, and GPUs that nvidia-smi -q counts but cannot describe.
     *
     * @param scope problem-instance scope (the node, or the artifact names when there is none)
     */
    static void withinNode(String node, String scope, List<Artifact> artifacts, FindingCollector out) {
        Artifact topoA = null;
        Topology topo = null;
        for (Artifact a : artifacts) {
            Optional<Topology> t = a.data(Topology.class);
            if (t.isPresent() && !t.get().nics().isEmpty() && t.get().nics().stream().allMatch(n -> n.device() != null)) {
                topoA = a;
                topo = t.get();
                break;
            }
        }
        for (Artifact a : artifacts) {
            if (topo != null) {
                Artifact ta = topoA;
                Topology tt = topo;
                a.data(IbstatData.class).ifPresent(ib -> legend(node, scope, ta, tt, a, ib, out));
            }
            a.data(NvidiaSmiData.class).ifPresent(d -> missingGpus(node, scope, a, d, out));
        }
    }

    private static void legend(String node, String scope, Artifact topoA, Topology topo, Artifact ibA, IbstatData ib, FindingCollector out) {
        Set<String> shown = new LinkedHashSet<>();
        for (TopoNic n : topo.nics()) shown.add(n.device());
        List<IbDevice> missing = new ArrayList<>();
        boolean active = false;
        for (IbDevice d : ib.devices()) {
            if (d.name() == null || shown.contains(d.name())) continue;
            missing.add(d);
            for (IbPort p : d.ports()) {
                if (p.state() == PortState.ACTIVE) active = true;
            }
        }
        if (missing.isEmpty()) return;
        List<String> names = missing.stream().map(IbDevice::name).toList();
        List<Quote> ev = new ArrayList<>();
        missing.stream().limit(3).forEach(d -> ev.add(Quote.of(ibA, d.line())));
        if (topo.line() > 0) ev.add(Quote.of(topoA, topo.line()));
        topo.nics().stream().filter(n -> n.legendLine() != null).limit(2).forEach(n -> ev.add(Quote.of(topoA, n.legendLine())));
        Message detail = Message.of(TopologyAnalyzer.class, "asym.legend",
                "missing", Names.list(names), "legend", Names.list(new ArrayList<>(shown)));
        out.addForNode(node, scope + "|legend", CODE, active ? FindingSeverity.WARNING : FindingSeverity.INFO,
                new Subject(node, null, null, Names.csv(names), null, null, null), detail, ev,
                "node", node, "hca", names.get(0));
    }

    private static void missingGpus(String node, String scope, Artifact a, NvidiaSmiData d, FindingCollector out) {
        // A GPU nvidia-smi cannot reach is GPU_LOST (diagnose.tools), not a count that differs between nodes.
        for (NvsmiMessage m : d.toolErrors()) {
            String t = m.text().toLowerCase(Locale.ROOT);
            if (t.contains("unable to determine the device handle") || t.contains("fallen off the bus")) return;
        }
        Integer attached = d.attachedGpus();
        if (attached == null || d.gpus().size() >= attached || d.gpus().isEmpty()) return;
        // A paste cut short lists fewer GPUs than it attaches: that is the reporter's scissors, not a lost GPU.
        for (ParseWarning w : a.result().warnings()) {
            if (w.message() != null && w.message().toLowerCase(Locale.ROOT).contains("cut")) return;
        }
        List<Quote> ev = new ArrayList<>();
        ev.add(Quote.of(a, d.gpus().get(0).line()));
        ev.add(Quote.of(a, d.gpus().get(d.gpus().size() - 1).line()));
        Message detail = Message.of(TopologyAnalyzer.class, "asym.gpuMissing", "attached", attached, "listed", d.gpus().size());
        out.add(scope + "|gpuMissing|" + a.name(), CODE, FindingSeverity.WARNING, Subject.node(node), detail, ev, "node", node);
    }
}
