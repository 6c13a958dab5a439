package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.ethtool.EthtoolData;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nvbandwidth.NvbandwidthData;
import io.ncclscope.parsers.nvbandwidth.NvbwTestcase;
import io.ncclscope.parsers.perftest.PerftestBwRow;
import io.ncclscope.parsers.perftest.PerftestData;
import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.tests.NcclTestsParser;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.bandwidth.HardwareModel.Expectation;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.Evidence.Item;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Judges every bandwidth measurement in the evidence: its segment, plateau, expectation, verdict and curve health. */
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

    /**
     * The measurements of evidence handed in slices ({@link Evidence#slices()}), judged as the slices of the whole
     * evidence give them, whatever order they come in. A table is judged against the hardware of the host it names:
     * when that is its own slice's node (and whether NCCL ran over sockets anywhere cannot change the judgement), or
     * when its judgement reads no hardware (a single-rank run), it is judged when it comes; otherwise (a job-wide
     * table, a table copied to a neighbour) its curve is checked when it comes, and a slim copy (devices and the rows
     * that make its plateau) waits for {@code finish} with the small hardware summary of every node. nvbandwidth and
     * perftest runs only need their own node's facts and are judged at once. Of what is judged, a fold keeps only what
     * its reader asks for ({@link Keep}): findings judged are handed over by {@link #drain()} as they settle, so that
     * what it holds does not grow with the measurements of healthy nodes. Not thread-safe.
     */
    static final class Fold {

        /** What a fold keeps of the measurements judged. */
        enum Keep {
            /** Each segment's most telling verdict ({@link Segments}). */
            VERDICTS,
            /** The findings ({@link BandwidthAnalyzer}), handed over by {@link #drain()} and {@link #findings()}. */
            FINDINGS
        }

        /** The order of the whole evidence: nccl-tests, nvbandwidth, perftest; then slice order; then place in the slice. */
        private static final Comparator<Done> ORDER = Comparator.comparingInt(Done::kind)
                .thenComparing(Done::node, Evidence.SLICE_NODE_ORDER)
                .thenComparingInt(Done::index);

        private final Keep keep;
        /**
         * Every node's hardware summary, for the tables judged at {@code finish} against a node they name. The nodes of
         * a bundle mostly have the same hardware, quoted from the same lines of files named alike under their folders:
         * their summaries are one shared instance, so a node costs its name and a map entry.
         */
        private final Map<String, NodeHw> hw = new java.util.HashMap<>();
        /** One instance of each equal hardware value kept ({@link NodeHw} and its parts). */
        private final Map<Object, Object> shared = new java.util.HashMap<>();
        private boolean socket;
        private final List<Pending> pending = new ArrayList<>();
        /** Each segment's most telling verdict so far (VERDICTS). */
        private final List<Done> done = new ArrayList<>();
        /** Findings settled and not handed over yet (FINDINGS). */
        private List<Finding> settled = new ArrayList<>();
        /** Single-rank runs that name no one host (FINDINGS): one finding for the job, made at {@code finish}. */
        private Singles jobSingles;

        /**
         * The single-rank runs of one node as they come: the first one's finding (shown as it is when it is the only
         * one), and each run's test and first line in the whole evidence's order (what the node's one finding lists).
         */
        private static final class Singles {
            private Done first;
            private Finding firstFinding;
            private final java.util.TreeMap<Done, Run> runs = new java.util.TreeMap<>(ORDER);

            /** What the node's one finding reads of a run: its test and its first line. */
            private record Run(String test, EvidenceLine first) {
            }

            void add(Done judged, Finding f) {
                Done d = new Done(judged.kind(), judged.node(), judged.index(), null); // where it stands, not what it held
                if (first == null || ORDER.compare(d, first) < 0) {
                    first = d;
                    firstFinding = f;
                }
                runs.put(d, new Run(f.detail().args().get("test"), f.evidence().isEmpty() ? null : f.evidence().get(0)));
            }

            Finding finding() {
                if (runs.size() == 1) return firstFinding;
                List<String> tests = new ArrayList<>();
                List<EvidenceLine> ev = new ArrayList<>();
                for (Run r : runs.values()) {
                    if (r.test() != null && !tests.contains(r.test())) tests.add(r.test());
                    if (r.first() != null) ev.add(r.first());
                }
                return new Finding(SINGLE, FindingSeverity.INFO, firstFinding.subject(),
                        Message.of(BandwidthAnalyzer.class, "single.many", "count", runs.size(), "tests", String.join(", ", tests)),
                        ev, firstFinding.params());
            }
        }

        /** A table waiting for another node's hardware. */
        private record Pending(String node, int index, Artifact stub, NcclTestsData slim, List<Finding> curve) {
        }

        /** One measurement judged, where it stands in the whole evidence's order. */
        private record Done(int kind, String node, int index, Judged judged) {
        }

        Fold(Keep keep) {
            this.keep = keep;
        }

        void add(Evidence slice) {
            String node = slice.sliceNode();
            Hw own = Hw.of(slice);
            own.nodes().forEach((n, h) -> hw.put(n, keep(h)));
            socket |= own.socket();
            // The hardware of this slice's node alone, with the sockets seen so far: a table naming this node is judged
            // against it now, unless NCCL over sockets seen later could still change its judgement.
            String ownNode = node == null ? "" : node;
            Map<String, Singles> singles = new LinkedHashMap<>();
            int i = 0;
            for (Item<NcclTestsData> it : slice.all(NcclTestsData.class)) {
                if (it.data().rows().isEmpty()) continue;
                int index = i++;
                List<Finding> curve = new ArrayList<>();
                TableStep step = table(it.artifact(), it.data(), null, curve);
                NcclTestsData slim = step.slim();
                Judged now = null;
                if (step.noHardware()) {
                    now = judge(it.artifact(), slim, own, curve);
                } else if (ownNode.equals(hwNode(it.artifact(), slim))) {
                    now = judge(it.artifact(), slim, own.withSocket(socket), curve);
                    if (!socket && !now.equals(judge(it.artifact(), slim, own.withSocket(true), curve))) now = null;
                }
                if (now != null) {
                    settle(new Done(0, node, index, now), singles);
                } else {
                    pending.add(new Pending(node, index, it.artifact().stub(), slim, keep == Keep.FINDINGS ? curve : List.of()));
                }
            }
            i = 0;
            for (Item<NvbandwidthData> it : slice.all(NvbandwidthData.class)) {
                for (NvbwTestcase tc : it.data().testcases()) {
                    Judged j = nvbandwidth(it.artifact(), it.data(), tc);
                    if (j != null) settle(new Done(1, node, i++, j), singles);
                }
            }
            // perftest is judged against the ports of its own node, which come in the same slice.
            i = 0;
            for (Item<PerftestData> it : slice.all(PerftestData.class)) {
                Judged j = perftest(it.artifact(), it.data(), own);
                if (j != null) settle(new Done(2, node, i++, j), singles);
            }
            // A host's single-rank runs in this slice are all there are of them here: one finding, settled now.
            for (Singles g : singles.values()) settled.add(g.finding());
        }

        /**
         * {@return the findings settled since the last call (FINDINGS), each handed over once} A table judged when its
         * slice comes, an nvbandwidth or perftest run, and the single-rank runs of one host in one slice are settled
         * with their slice; the rest comes from {@link #findings()}.
         */
        List<Finding> drain() {
            if (settled.isEmpty()) return List.of();
            List<Finding> out = settled;
            settled = new ArrayList<>();
            return out;
        }

        /**
         * {@return the findings not handed over by {@link #drain()} (FINDINGS): the tables that waited for another
         * node's hardware, the job's single-rank runs that name no one host (one finding, where the first of them
         * stands), and whatever settled since the last drain}
         */
        List<Finding> findings() {
            judgePending();
            if (jobSingles != null) settled.add(jobSingles.finding());
            jobSingles = null;
            return drain();
        }

        /** {@return the measurements kept (VERDICTS): each segment's most telling verdict, in the order of the whole evidence} */
        List<Judged> verdicts() {
            judgePending();
            List<Done> sorted = new ArrayList<>(done);
            sorted.sort(ORDER);
            List<Judged> out = new ArrayList<>(sorted.size());
            for (Done d : sorted) out.add(d.judged());
            return out;
        }

        /** Judges the tables that waited for the hardware of every node. */
        private void judgePending() {
            Hw all = new Hw(hw, socket);
            for (Pending p : pending) settle(new Done(0, p.node(), p.index(), judge(p.stub(), p.slim(), all, p.curve())), null);
            pending.clear();
        }

        /** The second step of {@link #table}: the judgement, after the curve's findings. */
        private static Judged judge(Artifact a, NcclTestsData slim, Hw hw, List<Finding> curve) {
            List<Finding> findings = new ArrayList<>(curve);
            Judged j = table(a, slim, hw, findings).judged;
            return new Judged(j.verdict(), findings);
        }

        /**
         * Keeps what this fold's reader needs of a judged measurement: its findings (a single-rank run's into
         * {@code singles}, this slice's runs by the host they name, or the job's when they name none), or its verdict
         * when it is its segment's most telling so far.
         */
        private void settle(Done d, Map<String, Singles> singles) {
            if (keep == Keep.FINDINGS) {
                for (Finding f : d.judged().findings()) {
                    if (!f.code().equals(SINGLE)) {
                        settled.add(f);
                    } else if (f.subject().node() == null) {
                        if (jobSingles == null) jobSingles = new Singles();
                        jobSingles.add(d, f);
                    } else {
                        singles.computeIfAbsent(f.subject().node(), k -> new Singles()).add(d, f);
                    }
                }
                return;
            }
            SegmentVerdict v = d.judged().verdict();
            if (v == null) return;
            for (int k = 0; k < done.size(); k++) {
                Done cur = done.get(k);
                if (cur.judged().verdict().segment() != v.segment()) continue;
                double r = Segments.rank(v), rc = Segments.rank(cur.judged().verdict());
                if (r < rc || r == rc && ORDER.compare(d, cur) < 0) done.set(k, new Done(d.kind(), d.node(), d.index(), new Judged(v, List.of())));
                return;
            }
            done.add(new Done(d.kind(), d.node(), d.index(), new Judged(v, List.of())));
        }

        /** {@return how many nodes' hardware summaries are kept, and how many distinct instances they are (for tests)} */
        int[] summariesKept() {
            Set<NodeHw> distinct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            distinct.addAll(hw.values());
            return new int[] {hw.size(), distinct.size()};
        }

        /** {@return {@code h} made of the instances kept of its equal parts, itself the instance kept of it} */
        private NodeHw keep(NodeHw h) {
            HwGpu g = h.gpu() == null ? null : share(new HwGpu(share(h.gpu().name()), h.gpu().pcieGen(), h.gpu().pcieWidth(), keep(h.gpu().quote())));
            List<HwPort> ps = new ArrayList<>(h.ports().size());
            for (HwPort p : h.ports()) ps.add(share(new HwPort(share(p.device()), p.port(), p.rateGbps(), keep(p.quote()))));
            HwEth e = h.eth() == null ? null : share(new HwEth(share(h.eth().name()), h.eth().speedMbps(), keep(h.eth().quote())));
            return share(new NodeHw(g, h.nvlinks(), h.nvlinkLine() == null ? null : keep(h.nvlinkLine()), share(List.copyOf(ps)), e));
        }

        private Quote keep(Quote q) {
            return share(new Quote(share(q.name()), q.underNode(), q.line(), share(q.text())));
        }

        /** {@return the instance kept equal to {@code v}, keeping {@code v} when it is the first} */
        @SuppressWarnings("unchecked")
        private <T> T share(T v) {
            if (v == null) return null;
            Object o = shared.putIfAbsent(v, v);
            return o == null ? v : (T) o;
        }
    }

    // ---- hardware facts, per node ----

    /**
     * A line of a node's hardware facts, quoted when a table is judged against them: its artifact's name (relative to
     * the node's folder when it is under one named after the node, as in a bundle, so that nodes share it), line number
     * and text.
     */
    record Quote(String name, boolean underNode, int line, String text) {
        /** {@return line {@code n} of {@code a}, an artifact of {@code node} ("" for none)} */
        static Quote of(Artifact a, String node, int n) {
            EvidenceLine l = a.quote(n);
            String prefix = node + "/";
            boolean under = !node.isEmpty() && l.artifact().startsWith(prefix);
            return new Quote(under ? l.artifact().substring(prefix.length()) : l.artifact(), under, n, l.text());
        }

        /** {@return the evidence line, as {@link Artifact#quote(int)} gave it, of this line of {@code node}'s facts} */
        EvidenceLine on(String node) {
            return new EvidenceLine(underNode ? node + "/" + name : name, line, text);
        }
    }

    /** A node's GPU as the expectation reads it: model, PCIe generation and width at most, and its line. */
    record HwGpu(String name, Integer pcieGen, Integer pcieWidth, Quote quote) {
        static HwGpu of(Artifact a, String node, NvsmiGpu g) {
            return new HwGpu(g.name(), g.pcie() == null ? null : g.pcie().genMax(), g.pcie() == null ? null : g.pcie().widthMax(),
                    Quote.of(a, node, g.line()));
        }
    }

    /** An active IB port: its HCA, number, rate and line. */
    record HwPort(String device, Integer port, double rateGbps, Quote quote) {
    }

    /** A node's fastest Ethernet link: its name, speed and line. */
    record HwEth(String name, int speedMbps, Quote quote) {
    }

    /**
     * One node's hardware summary: its first named GPU, NVLinks per GPU (and the topology line they come from), active
     * IB ports and fastest Ethernet link; each null (ports empty) when the node's evidence lacks it.
     */
    record NodeHw(HwGpu gpu, Integer nvlinks, Quote nvlinkLine, List<HwPort> ports, HwEth eth) {
        static final NodeHw NONE = new NodeHw(null, null, null, List.of(), null);
    }

    /** The hardware summaries of nodes, by node ("" for artifacts of no node), and whether NCCL ran over sockets. */
    record Hw(Map<String, NodeHw> nodes, boolean socket) {

        /** {@return these facts, NCCL over sockets or not as {@code s} says} */
        Hw withSocket(boolean s) {
            return s == socket ? this : new Hw(nodes, s);
        }

        /** {@return {@code node}'s summary; {@link NodeHw#NONE} when its evidence holds none} */
        NodeHw of(String node) {
            NodeHw h = node == null ? null : nodes.get(node);
            return h == null ? NodeHw.NONE : h;
        }

        static Hw of(Evidence ev) {
            Map<String, HwGpu> gpus = new LinkedHashMap<>();
            for (Item<NvidiaSmiData> it : ev.all(NvidiaSmiData.class)) {
                String node = it.artifact().node().orElse("");
                for (NvsmiGpu g : it.data().gpus()) {
                    if (g.name() != null && !gpus.containsKey(node)) gpus.put(node, HwGpu.of(it.artifact(), node, g));
                }
            }
            Map<String, Integer> links = new LinkedHashMap<>();
            Map<String, Quote> linkLine = new LinkedHashMap<>();
            for (Item<Topology> it : ev.all(Topology.class)) {
                Topology t = it.data();
                if (t.gpus().size() < 2) continue;
                TopoGpu g0 = t.gpus().get(0);
                int max = 0, sum = 0;
                for (TopoGpu g : t.gpus()) {
                    if (g == g0) continue;
                    int n = t.nvLinks(g0.name(), g.name()).orElse(0);
                    max = Math.max(max, n);
                    sum += n;
                }
                // NVSwitch systems print NV# (the GPU's whole link count) to every peer; meshes split the links.
                boolean allSame = true;
                for (TopoGpu g : t.gpus()) {
                    if (g != g0 && t.nvLinks(g0.name(), g.name()).orElse(0) != max) allSame = false;
                }
                String node = it.artifact().node().orElse("");
                links.put(node, allSame ? max : sum);
                linkLine.put(node, Quote.of(it.artifact(), node, g0.line()));
            }
            Map<String, List<HwPort>> ports = new LinkedHashMap<>();
            for (Item<IbstatData> it : ev.all(IbstatData.class)) {
                String node = it.artifact().node().orElse("");
                for (IbDevice d : it.data().devices()) {
                    for (IbPort p : d.ports()) {
                        if (p.state() == PortState.ACTIVE && p.rateGbps() != null && p.rateGbps() > 0)
                            ports.computeIfAbsent(node, k -> new ArrayList<>())
                                    .add(new HwPort(d.name(), p.port(), p.rateGbps(), Quote.of(it.artifact(), node, p.line())));
                    }
                }
            }
            // NCCL over sockets (from its own log): the TCP NIC's speed is the network expectation.
            boolean socket = false;
            for (Item<NcclLog> it : ev.all(NcclLog.class)) {
                if ("Socket".equalsIgnoreCase(it.data().network())) socket = true;
            }
            Map<String, HwEth> eth = new LinkedHashMap<>();
            for (Item<EthtoolData> it : ev.all(EthtoolData.class)) {
                String node = it.artifact().node().orElse("");
                for (EthtoolInterface i : it.data().interfaces()) {
                    if (i.speedMbps() == null || i.speedMbps() <= 0 || Boolean.FALSE.equals(i.linkDetected())) continue;
                    HwEth cur = eth.get(node);
                    if (cur == null || i.speedMbps() > cur.speedMbps())
                        eth.put(node, new HwEth(i.name(), i.speedMbps(), Quote.of(it.artifact(), node, i.line())));
                }
            }
            Set<String> nodes = new LinkedHashSet<>();
            nodes.addAll(gpus.keySet());
            nodes.addAll(links.keySet());
            nodes.addAll(ports.keySet());
            nodes.addAll(eth.keySet());
            Map<String, NodeHw> out = new LinkedHashMap<>();
            for (String n : nodes) {
                out.put(n, new NodeHw(gpus.get(n), links.get(n), linkLine.get(n), List.copyOf(ports.getOrDefault(n, List.of())), eth.get(n)));
            }
            return new Hw(out, socket);
        }
    }

    // ---- nccl-tests ----

    /**
     * What {@link #table} gives: the slim table (curve pass) or the judgement (hardware pass); {@code noHardware}
     * when the judgement reads no hardware facts (a single-rank run), so that it can be made with any.
     */
    private record TableStep(NcclTestsData slim, Judged judged, boolean noHardware) {
        TableStep(NcclTestsData slim, Judged judged) {
            this(slim, judged, false);
        }
    }

    /**
     * One nccl-tests table in two steps. Without {@code hw}: checks the curve into {@code out} and returns a slim copy
     * of the table (devices and the rows its plateau and largest size come from), enough for the second step. With
     * {@code hw}: judges the slim copy's plateau against the hardware, adding to {@code out}.
     */
    static TableStep table(Artifact a, NcclTestsData t, Hw hw, List<Finding> out) {
        List<NcclTestsRow> rows = new ArrayList<>();
        for (NcclTestsRow r : t.rows()) {
            if (r.outOfPlace() != null && r.outOfPlace().busbw() != null) rows.add(r);
        }
        rows.sort(Comparator.comparingLong(NcclTestsRow::size));
        List<String> hosts = hosts(t);
        Integer ranks = t.ranks();
        if (ranks == null && !t.devices().isEmpty()) ranks = t.devices().size();
        NcclTestsRow largest = rows.isEmpty() ? null : rows.get(rows.size() - 1);
        if (ranks == null && largest != null && largest.outOfPlace().algbw() != null && largest.outOfPlace().algbw() > 0) {
            ranks = NcclTestsParser.inferRanks(t.collective(), largest.outOfPlace().algbw(), largest.outOfPlace().busbw());
        }
        String node = hosts.size() == 1 ? hosts.get(0) : a.node().orElse(null);
        Map<String, String> params = new LinkedHashMap<>();
        if (node != null && hosts.size() <= 1) params.put("node", node);
        String test = t.collective() != null && t.collective() != Collective.UNKNOWN ? t.collective().toString()
                : t.test() != null ? t.test() : "nccl-tests";
        boolean multi = hosts.size() > 1 || Boolean.TRUE.equals(t.multiNode());
        Segment seg = !multi && !hosts.isEmpty() ? Segment.INTRA_NODE
                : multi && hosts.size() == 2 && ranks != null && ranks == 2 ? Segment.INTER_NODE : Segment.END_TO_END;
        Subject subject = hosts.size() == 1 ? Subject.node(hosts.get(0)) : Subject.JOB;
        // NCCL_TESTS_SPLIT (or _MASK) ran the ranks as several communicators at once; the table's figures are one
        // communicator's (nccl-tests computes busbw with the group's rank count, averaged over all groups).
        Split split = Split.of(t.devices());
        List<String> commHosts = hosts;
        if (split != null) {
            ranks = split.ranks();
            commHosts = split.hosts();
            multi = commHosts.size() > 1;
            // Rails (one GPU per node in every group, "MOD <gpus per node>"): NIC to NIC, segment 2.
            seg = split.rails() ? Segment.INTER_NODE : multi ? Segment.END_TO_END : Segment.INTRA_NODE;
        }

        if (ranks != null && ranks == 1) {
            List<EvidenceLine> ev = new ArrayList<>();
            if (!t.devices().isEmpty()) ev.add(a.quote(t.devices().get(0).line()));
            if (largest != null) ev.add(a.quote(largest.line()));
            if (hw == null) return new TableStep(slim(t, largest == null ? List.of() : List.of(largest)), null, true);
            out.add(new Finding("SINGLE_RANK_RUN", FindingSeverity.INFO, subject,
                    Message.of(BandwidthAnalyzer.class, "single", "test", test), ev, params));
            return new TableStep(null, new Judged(new SegmentVerdict(Segment.INTRA_NODE, null, null, SegmentVerdict.NOT_MEASURED,
                    a.name() + ": single rank, no communication", ev), out));
        }
        if (rows.isEmpty()) return hw == null ? new TableStep(slim(t, List.of()), null) : new TableStep(null, new Judged(null, out));

        // Plateau: the median busbw of the (up to) three largest rows of 64 MiB or more.
        List<NcclTestsRow> big = rows.stream().filter(r -> r.size() >= PLATEAU_MIN).toList();
        boolean reached = !big.isEmpty();
        List<NcclTestsRow> top = (reached ? big : rows).subList(Math.max(0, (reached ? big : rows).size() - 3), (reached ? big : rows).size());
        double plateau = median(top.stream().map(r -> r.outOfPlace().busbw()).toList());
        List<EvidenceLine> rowLines = new ArrayList<>();
        for (int i = top.size() - 1; i >= 0; i--) rowLines.add(a.quote(top.get(i).line()));

        if (hw == null) {
            // Curve health needs every row; the judgement below needs only these rows (and the devices).
            curve(a, t, rows, reached, plateau, multi, subject, withSegment(params, seg), test, out);
            wrong(a, t, rows, subject, withSegment(params, seg), test, out);
            List<NcclTestsRow> keep = new ArrayList<>(top);
            if (!keep.contains(largest)) keep.add(largest);
            return new TableStep(slim(t, keep), null);
        }

        // Expectation from the hardware facts.
        List<EvidenceLine> hwLines = new ArrayList<>();
        String gpuName = null;
        for (NcclTestsDevice d : t.devices()) {
            if (d.name() != null && HardwareModel.gpu(d.name()).isPresent()) {
                gpuName = d.name();
                hwLines.add(a.quote(d.line()));
                break;
            }
        }
        String hwNode = hwNode(a, hosts);
        NodeHw facts = hw.of(hwNode);
        String gpuNode = hwNode;
        if (facts.gpu() == null && a.node().isPresent()) gpuNode = a.node().get();
        HwGpu nvsmi = hw.of(gpuNode).gpu();
        Integer pcieGen = null, pcieWidth = null;
        if (nvsmi != null) {
            if (gpuName == null) gpuName = nvsmi.name();
            pcieGen = nvsmi.pcieGen();
            pcieWidth = nvsmi.pcieWidth();
            hwLines.add(nvsmi.quote().on(gpuNode));
        }
        Integer links = facts.nvlinks();
        if (links != null && facts.nvlinkLine() != null) hwLines.add(facts.nvlinkLine().on(hwNode));
        Optional<GpuModel> model = HardwareModel.gpu(gpuName);
        Expectation intra = null;
        if (model.isPresent()) {
            int perNode = multi ? perNode(t, commHosts, ranks) : ranks == null ? 0 : ranks;
            if (perNode >= 2 || !multi && ranks != null && ranks >= 2)
                intra = HardwareModel.intraNode(model.get(), Math.max(perNode, 2), links, pcieGen, pcieWidth).orElse(null);
        }
        Expectation exp = null;
        boolean reference = false;
        List<HwPort> nics = rails(facts.ports());
        if (!multi) {
            exp = intra;
        } else if (!nics.isEmpty()) {
            double rate = nics.stream().mapToDouble(HwPort::rateGbps).min().orElse(0);
            int count = seg == Segment.INTER_NODE ? 1 : Math.min(nics.size(), Math.max(1, perNode(t, commHosts, ranks)));
            exp = HardwareModel.endToEnd(intra, count, rate);
            for (HwPort p : nics) {
                if (hwLines.size() < 6) hwLines.add(p.quote().on(hwNode));
            }
        } else if (hw.socket() && facts.eth() != null) {
            HwEth e = facts.eth();
            double net = HardwareModel.tcpGBs(e.speedMbps());
            String nb = String.format(Locale.ROOT, "NCCL over sockets on %s at %d Mb/s x %.1f = %.1f GB/s",
                    e.name(), e.speedMbps(), HardwareModel.SOCKET_EFFICIENCY, net);
            exp = intra != null && intra.gbs() < net ? intra : new Expectation(net, nb);
            hwLines.add(e.quote().on(hwNode));
        } else if (model.isPresent()) {
            // No NIC or socket facts: hold the run against a healthy run measured on the same GPU platform over
            // one NIC, a floor that any working network of that platform clears.
            Optional<Expectation> floor = HardwareModel.networkFloor(model.get());
            if (floor.isPresent() && (intra == null || floor.get().gbs() <= intra.gbs())) {
                exp = floor.get();
                reference = true;
            }
        }
        if (split != null && exp != null) {
            exp = new Expectation(exp.gbs(), split.describe() + "; " + exp.basis());
        }
        String basis = a.name() + ": " + test + " busbw, median of " + top.size() + " largest rows" + (reached ? "" : " (below 64 MiB)")
                + (split != null ? "; " + split.describe() : "");
        // A sweep that stops below 16 MiB says nothing about the links' bandwidth: no verdict on it.
        if (exp == null || largest.size() < JUDGE_MIN) {
            List<EvidenceLine> ev = new ArrayList<>(rowLines);
            return new TableStep(null, new Judged(new SegmentVerdict(seg, plateau, null, SegmentVerdict.UNKNOWN, basis, ev), out));
        }
        double ratio = plateau / exp.gbs();
        String verdict = ratio < WARN_RATIO ? SegmentVerdict.SLOW : SegmentVerdict.OK;
        List<EvidenceLine> ev = new ArrayList<>(rowLines);
        ev.addAll(hwLines);
        if (ratio < WARN_RATIO && reference) {
            // A floor from another site's run: slow for sure, but how slow against this node's NICs is unknown.
            out.add(new Finding("BUSBW_BELOW_EXPECTED", FindingSeverity.WARNING, subject,
                    Message.of(BandwidthAnalyzer.class, "below.reference", "segment", Segments.name(seg), "test", test,
                            "measured", fmt(plateau), "expected", fmt(exp.gbs()), "pct", Math.round(ratio * 100),
                            "basis", exp.basis(), "family", model.get().family()),
                    ev, withSegment(params, seg)));
        } else if (ratio < WARN_RATIO) {
            FindingSeverity sev = ratio < ERROR_RATIO ? FindingSeverity.ERROR : FindingSeverity.WARNING;
            out.add(new Finding("BUSBW_BELOW_EXPECTED", sev, subject,
                    Message.of(BandwidthAnalyzer.class, multi ? "below.multi" : "below", "segment", Segments.name(seg),
                            "test", test, "measured", fmt(plateau), "expected", fmt(exp.gbs()),
                            "pct", Math.round(ratio * 100), "basis", exp.basis(),
                            "perNicGbps", multi ? fmt(plateau * 8 / nicCount(seg, nics, t, commHosts, ranks)) : "",
                            "nics", multi ? nicCount(seg, nics, t, commHosts, ranks) : 0),
                    ev, withSegment(params, seg)));
        }
        return new TableStep(null, new Judged(new SegmentVerdict(seg, plateau, exp.gbs(), verdict, basis + "; expected " + exp.basis(), ev), out));
    }

    /** {@return the node whose hardware a table is judged against: its first host, else its own node ("" for none)} */
    private static String hwNode(Artifact a, List<String> hosts) {
        return hosts.isEmpty() ? a.node().orElse("") : hosts.get(0);
    }

    /** {@link #hwNode(Artifact, List)} of a table. */
    static String hwNode(Artifact a, NcclTestsData t) {
        return hwNode(a, hosts(t));
    }

    /** {@return a table's hosts: those of its device lines, else those it names otherwise} */
    private static List<String> hosts(NcclTestsData t) {
        Set<String> hostSet = new LinkedHashSet<>();
        for (NcclTestsDevice d : t.devices()) if (d.host() != null) hostSet.add(d.host());
        if (hostSet.isEmpty()) hostSet.addAll(t.hosts());
        return new ArrayList<>(hostSet);
    }

    /**
     * {@return the part of {@code t} that judging its plateau reads: identity, devices, hosts and ranks, and
     * {@code rows}; the other rows, notes, errors and usage are left out so the full table can go}
     */
    private static NcclTestsData slim(NcclTestsData t, List<NcclTestsRow> rows) {
        return new NcclTestsData(t.format(), t.test(), t.collective(), null, null, null, null, null, null, null, null,
                List.of(), null, t.devices(), t.ranks(), t.hosts(), t.multiNode(), t.layout(), List.copyOf(rows), null,
                null, null, null, List.of(), null, List.of(), List.of(), 0, t.started(), t.concluded());
    }

    /** The node's rail ports: the most common active rate (ties: the faster), leaving frontend ports aside. */
    static List<HwPort> rails(List<HwPort> ports) {
        Map<Double, List<HwPort>> byRate = new LinkedHashMap<>();
        for (HwPort p : ports) byRate.computeIfAbsent(p.rateGbps(), k -> new ArrayList<>()).add(p);
        List<HwPort> best = List.of();
        double bestRate = 0;
        for (Map.Entry<Double, List<HwPort>> e : byRate.entrySet()) {
            if (e.getValue().size() > best.size() || e.getValue().size() == best.size() && e.getKey() > bestRate) {
                best = e.getValue();
                bestRate = e.getKey();
            }
        }
        return best;
    }

    private static Map<String, String> withSegment(Map<String, String> params, Segment seg) {
        Map<String, String> p = new LinkedHashMap<>(params);
        p.put("segment", Segments.name(seg));
        return p;
    }

    /** NICs per node a multi-node figure crosses: one on a rail or a 2-rank run, else one per rank up to the node's rails. */
    private static int nicCount(Segment seg, List<HwPort> nics, NcclTestsData t, List<String> hosts, Integer ranks) {
        if (seg == Segment.INTER_NODE) return 1;
        return Math.max(1, Math.min(nics.size(), Math.max(1, perNode(t, hosts, ranks))));
    }

    /**
     * The groups of an {@code NCCL_TESTS_SPLIT} run, from the {@code Group} column of the device lines
     * (nccl-tests src/common.cu: {@code color = proc & mask}, or {@code AND/OR/MOD/DIV n}; one communicator per colour).
     *
     * @param groups how many groups ran at once
     * @param ranks  ranks in the group of rank 0 (the communicator the figures describe)
     * @param hosts  that group's hosts
     * @param rails  true when every group holds one rank on each of at least two hosts
     */
    record Split(int groups, int ranks, List<String> hosts, boolean rails) {

        /** The split of {@code devices}; null when they show no group or a single one. */
        static Split of(List<NcclTestsDevice> devices) {
            Map<Integer, List<NcclTestsDevice>> byGroup = new LinkedHashMap<>();
            for (NcclTestsDevice d : devices) {
                if (d.group() == null) return null;
                byGroup.computeIfAbsent(d.group(), k -> new ArrayList<>()).add(d);
            }
            if (byGroup.size() < 2) return null;
            boolean rails = true;
            for (List<NcclTestsDevice> g : byGroup.values()) {
                Set<String> hs = new LinkedHashSet<>();
                for (NcclTestsDevice d : g) {
                    if (d.host() == null || !hs.add(d.host())) rails = false;
                }
                if (hs.size() < 2) rails = false;
            }
            List<NcclTestsDevice> first = byGroup.get(devices.get(0).group());
            Set<String> hosts = new LinkedHashSet<>();
            for (NcclTestsDevice d : first) if (d.host() != null) hosts.add(d.host());
            return new Split(byGroup.size(), first.size(), List.copyOf(hosts), rails);
        }

        /** For a person: {@code NCCL_TESTS_SPLIT: 4 groups of 2 ranks at once, one GPU per node (rails)}. */
        String describe() {
            return String.format(Locale.ROOT, "NCCL_TESTS_SPLIT: %d groups of %d ranks at once%s", groups, ranks,
                    rails ? ", one GPU per node (rails)" : "");
        }
    }

    private static int perNode(NcclTestsData t, List<String> hosts, Integer ranks) {
        if (hosts.size() > 0 && ranks != null) return Math.max(1, ranks / hosts.size());
        return 0;
    }

    private static void curve(Artifact a, NcclTestsData t, List<NcclTestsRow> rows, boolean reached, double plateau,
                              boolean multi, Subject subject, Map<String, String> params, String test, List<Finding> out) {
        // A dip: a large-size row more than 30% below both neighbours.
        for (int i = 1; i + 1 < rows.size(); i++) {
            NcclTestsRow r = rows.get(i);
            if (r.size() < DIP_MIN) continue;
            double b = r.outOfPlace().busbw(), p = rows.get(i - 1).outOfPlace().busbw(), n = rows.get(i + 1).outOfPlace().busbw();
            if (b < 0.7 * p && b < 0.7 * n) {
                out.add(new Finding("BW_CURVE_ANOMALY", FindingSeverity.WARNING, subject,
                        Message.of(BandwidthAnalyzer.class, "curve.dip", "test", test, "size", size(r.size()),
                                "busbw", fmt(b), "prev", fmt(p), "next", fmt(n)),
                        List.of(a.quote(r.line()), a.quote(rows.get(i - 1).line()), a.quote(rows.get(i + 1).line())), params));
                break;
            }
        }
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

    private static void wrong(Artifact a, NcclTestsData t, List<NcclTestsRow> rows, Subject subject, Map<String, String> params,
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

    private static long wrong(NcclTestsResult r) {
        return r == null || r.wrong() == null ? 0 : Math.max(0, r.wrong());
    }

    // ---- nvbandwidth ----

    /**
     * Segment 1 from an nvbandwidth matrix: the weakest unidirectional copy against the GPU's PCIe (host copies)
     * or NVLink/PCIe (device-to-device) model. Bidirectional and all-to-one tests are not line rates: not judged.
     */
    static Judged nvbandwidth(Artifact a, NvbandwidthData d, NvbwTestcase tc) {
        String name = tc.name();
        if (name == null || tc.matrix().isEmpty() || name.contains("bidirectional") || !name.contains("memcpy")) return null;
        boolean d2d = name.startsWith("device_to_device");
        boolean host = name.startsWith("host_to_device") || name.startsWith("device_to_host");
        if (!d2d && !host) return null;
        Double min = null;
        int minRow = -1;
        for (int r = 0; r < tc.matrix().size(); r++) {
            for (Double v : tc.matrix().get(r)) {
                if (v != null && v > 0 && (min == null || v < min)) {
                    min = v;
                    minRow = r;
                }
            }
        }
        if (min == null) return null;
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(tc.line()));
        String basis = a.name() + ": " + name + " weakest pair " + fmt(min) + " GB/s";
        Optional<GpuModel> model = d.devices().stream().map(x -> HardwareModel.gpu(x.name())).flatMap(Optional::stream).findFirst();
        // GH200 reaches host memory over NVLink-C2C, not PCIe: the model has no figure for it.
        if (host && model.isPresent() && model.get().family().contains("GH200")) model = Optional.empty();
        if (model.isEmpty()) return new Judged(new SegmentVerdict(Segment.INTRA_NODE, min, null, SegmentVerdict.UNKNOWN, basis, ev), List.of());
        GpuModel g = model.get();
        double exp;
        String eb;
        if (d2d && g.hasNvlink()) {
            exp = HardwareModel.nvlinkGBs(g.nvlink(), g.nvlinks());
            eb = g.family() + ": " + g.nvlinks() + " " + g.nvlink() + " links";
        } else {
            exp = HardwareModel.pcieGBs(g.pcieGen(), 16);
            eb = g.family() + ": PCIe Gen" + g.pcieGen() + " x16";
        }
        double ratio = min / exp;
        d.devices().stream().filter(x -> x.name() != null).findFirst().ifPresent(x -> ev.add(a.quote(x.line())));
        List<Finding> out = new ArrayList<>();
        if (ratio < WARN_RATIO) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("segment", "intra-node");
            a.node().ifPresent(n -> params.put("node", n));
            out.add(new Finding("BUSBW_BELOW_EXPECTED", ratio < ERROR_RATIO ? FindingSeverity.ERROR : FindingSeverity.WARNING,
                    a.node().map(Subject::node).orElse(Subject.JOB),
                    Message.of(BandwidthAnalyzer.class, "below.nvbandwidth", "test", name, "measured", fmt(min),
                            "expected", fmt(exp), "pct", Math.round(ratio * 100), "basis", eb),
                    ev, params));
        }
        return new Judged(new SegmentVerdict(Segment.INTRA_NODE, min, exp, ratio < WARN_RATIO ? SegmentVerdict.SLOW : SegmentVerdict.OK,
                basis + "; expected " + eb, ev), out);
    }

    // ---- perftest ----

    static Judged perftest(Artifact a, PerftestData d, Hw hw) {
        PerftestBwRow best = null;
        for (PerftestBwRow r : d.rows()) {
            if (r.bytes() >= 65536 && r.bwAverageGbps() != null && (best == null || r.bwAverageGbps() > best.bwAverageGbps())) best = r;
        }
        if (best == null) return null;
        String node = a.node().orElse("");
        HwPort port = null;
        for (HwPort p : hw.of(node).ports()) {
            if (d.device() != null && d.device().equals(p.device())) port = p;
        }
        double measured = best.bwAverageGbps() / 8.0;
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(best.line()));
        String basis = a.name() + ": " + d.test() + " best BW average " + fmt(best.bwAverageGbps()) + " Gb/s";
        List<Finding> out = new ArrayList<>();
        if (port == null) {
            return new Judged(new SegmentVerdict(Segment.INTER_NODE, measured, null, SegmentVerdict.UNKNOWN, basis, ev), out);
        }
        ev.add(port.quote().on(node));
        double rate = port.rateGbps();
        double ratio = best.bwAverageGbps() / rate;
        Map<String, String> params = new LinkedHashMap<>();
        if (!node.isEmpty()) params.put("node", node);
        params.put("hca", port.device());
        params.put("segment", "inter-node");
        if (ratio < WARN_RATIO) {
            out.add(new Finding("BUSBW_BELOW_EXPECTED", ratio < ERROR_RATIO ? FindingSeverity.ERROR : FindingSeverity.WARNING,
                    new Subject(node.isEmpty() ? null : node, null, null, port.device(), port.port(), null, null),
                    Message.of(BandwidthAnalyzer.class, "below.perftest", "test", d.test(), "measured", fmt(best.bwAverageGbps()),
                            "rate", fmt(rate), "hca", port.device(), "pct", Math.round(ratio * 100)),
                    ev, params));
        }
        return new Judged(new SegmentVerdict(Segment.INTER_NODE, measured, HardwareModel.lineGBs(rate),
                ratio < WARN_RATIO ? SegmentVerdict.SLOW : SegmentVerdict.OK, basis + "; port " + fmt(rate) + " Gb/s", ev), out);
    }

    // ---- helpers ----

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
