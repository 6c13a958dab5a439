package io.ncclscope.sdk.bandwidth;

import static io.ncclscope.sdk.bandwidth.Judge.*;

import io.ncclscope.parsers.nccl.NcclProcess;
import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.tests.NcclTestsParams;
import io.ncclscope.parsers.tests.NcclTestsParser;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.bandwidth.HardwareModel.Expectation;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Judges one nccl-tests table: its segment, plateau, expectation from the hardware and verdict. */
final class NcclTestsJudge {

    private NcclTestsJudge() {
    }

    /**
     * What {@link #table} gives: the slim table (curve pass) or the judgement (hardware pass); {@code noHardware}
     * when the judgement reads no hardware facts (a single-rank run), so that it can be made with any.
     */
    record TableStep(NcclTestsData slim, Judged judged, boolean noHardware) {
        TableStep(NcclTestsData slim, Judged judged) {
            this(slim, judged, false);
        }
    }

    /**
     * One nccl-tests table in two steps. Without {@code hw}: checks the curve into {@code out} and returns a slim copy
     * of the table (devices and the rows its plateau and largest size come from), enough for the second step. With
     * {@code hw}: judges the slim copy's plateau against the hardware, adding to {@code out}.
     */
    static TableStep table(Artifact a, NcclTestsData t, HardwareSummaries hw, List<Finding> out) {
        Shape s = Shape.of(a, t);
        if (hw == null) RepeatedRanks.check(a, t, out);
        if (s.ranks() != null && s.ranks() == 1) return singleRank(a, t, s, hw, out);
        if (s.rows().isEmpty()) return hw == null ? new TableStep(slim(t, List.of()), null) : new TableStep(null, new Judged(null, out));

        // Plateau: the median busbw of the (up to) three largest rows of 64 MiB or more.
        List<NcclTestsRow> rows = s.rows();
        List<NcclTestsRow> big = rows.stream().filter(r -> r.size() >= PLATEAU_MIN).toList();
        boolean reached = !big.isEmpty();
        List<NcclTestsRow> top = (reached ? big : rows).subList(Math.max(0, (reached ? big : rows).size() - 3), (reached ? big : rows).size());
        double plateau = median(top.stream().map(r -> r.outOfPlace().busbw()).toList());
        if (hw == null) {
            // Curve health needs every row; the judgement below needs only these rows (and the devices).
            CurveChecks.curve(a, t, rows, reached, plateau, s.multi(), s.subject(), withSegment(s.params(), s.seg()), s.test(), out);
            CurveChecks.wrong(a, t, rows, s.subject(), withSegment(s.params(), s.seg()), s.test(), out);
            List<NcclTestsRow> keep = new ArrayList<>(top);
            if (!keep.contains(s.largest())) keep.add(s.largest());
            return new TableStep(slim(t, keep), null);
        }
        List<EvidenceLine> rowLines = new ArrayList<>();
        for (int i = top.size() - 1; i >= 0; i--) rowLines.add(a.quote(top.get(i).line()));
        return judge(a, t, s, hw, top.size(), reached, plateau, rowLines, out);
    }

    /**
     * What a table is, before its figures are judged: its rows with a bus bandwidth (by size), hosts, ranks, largest
     * row, test, segment, subject, action values and {@code NCCL_TESTS_SPLIT} groups.
     */
    private record Shape(List<NcclTestsRow> rows, List<String> hosts, Integer ranks, NcclTestsRow largest, Map<String, String> params,
                         String test, boolean multi, Segment seg, Subject subject, Split split, List<String> commHosts) {
        static Shape of(Artifact a, NcclTestsData t) {
            List<NcclTestsRow> rows = new ArrayList<>();
            for (NcclTestsRow r : t.rows()) {
                if (r.outOfPlace() != null && r.outOfPlace().busbw() != null) rows.add(r);
            }
            // A lambda of ours, not Comparator.comparingLong: see Evidence.SLICE_ORDER.
            rows.sort((x, y) -> Long.compare(x.size(), y.size()));
            List<String> hosts = NcclTestsJudge.hosts(t);
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
            return new Shape(rows, hosts, ranks, largest, params, test, multi, seg, subject, split, commHosts);
        }
    }

    /**
     * A table without rows (its output cut, or the run stopped before its first size) that still shows a one-rank run:
     * one device line, one thread of one GPU ({@code nThread 1 nGpus 1}), and NCCL lines of one process only. A
     * listing cut after its first line is told apart by the NCCL lines: those of a run of several ranks come from
     * several processes, and a log with none proves nothing.
     */
    static boolean rowlessSingleRank(NcclTestsData t) {
        NcclTestsParams p = t.params();
        if (!t.rows().isEmpty() || t.devices().size() != 1 || p == null || !Integer.valueOf(1).equals(p.nThread())
                || !Integer.valueOf(1).equals(p.nGpus()) || t.ncclLog() == null) {
            return false;
        }
        Set<Long> pids = new HashSet<>();
        for (NcclProcess proc : t.ncclLog().processes()) pids.add(proc.pid());
        return pids.size() == 1;
    }

    /** A table run on one rank: context, not a problem ({@link Judge#SINGLE}). */
    private static TableStep singleRank(Artifact a, NcclTestsData t, Shape s, HardwareSummaries hw, List<Finding> out) {
        if (hw == null) return new TableStep(slim(t, s.largest() == null ? List.of() : List.of(s.largest())), null, true);
        List<EvidenceLine> ev = new ArrayList<>();
        if (!t.devices().isEmpty()) ev.add(a.quote(t.devices().get(0).line()));
        if (s.largest() != null) ev.add(a.quote(s.largest().line()));
        out.add(new Finding("SINGLE_RANK_RUN", FindingSeverity.INFO, s.subject(),
                Message.of(BandwidthAnalyzer.class, "single", "test", s.test()), ev, s.params()));
        return new TableStep(null, new Judged(new SegmentVerdict(Segment.INTRA_NODE, null, null, SegmentVerdict.NOT_MEASURED,
                a.name() + ": single rank, no communication", ev), out));
    }

    /** The second step: the plateau judged against the expectation from the hardware facts. */
    private static TableStep judge(Artifact a, NcclTestsData t, Shape s, HardwareSummaries hw, int topRows, boolean reached,
                                   double plateau, List<EvidenceLine> rowLines, List<Finding> out) {
        List<EvidenceLine> hwLines = new ArrayList<>();
        String gpuName = null;
        for (NcclTestsDevice d : t.devices()) {
            if (d.name() != null && HardwareModel.gpu(d.name()).isPresent()) {
                gpuName = d.name();
                hwLines.add(a.quote(d.line()));
                break;
            }
        }
        String hwNode = hwNode(a, s.hosts());
        NodeHardware facts = hw.of(hwNode);
        String gpuNode = hwNode;
        if (facts.gpu() == null && a.node().isPresent()) gpuNode = a.node().get();
        NodeHardware.Gpu nvsmi = hw.of(gpuNode).gpu();
        if (nvsmi != null) {
            if (gpuName == null) gpuName = nvsmi.name();
            hwLines.add(nvsmi.quote().on(gpuNode));
        }
        Integer links = facts.nvlinks();
        if (links != null && facts.nvlinkLine() != null) hwLines.add(facts.nvlinkLine().on(hwNode));
        Optional<GpuModel> model = HardwareModel.gpu(gpuName);
        Integer ranks = s.ranks();
        boolean multi = s.multi();
        // The GPU link as it is (NVLinks down, PCIe trained narrow) and healthy: the rule 'expect' lowers its figures by.
        GpuLink link = null;
        if (model.isPresent()) {
            int perNode = multi ? perNode(t, s.commHosts(), ranks) : ranks == null ? 0 : ranks;
            if (perNode >= 2 || !multi && ranks != null && ranks >= 2) {
                link = nvsmi == null ? GpuLink.of(model.get(), Math.max(perNode, 2), links, 0, null, null, null).orElse(null)
                        : GpuLink.of(model.get(), Math.max(perNode, 2), links, nvsmi.nvlinksDown(), nvsmi.pcieGen(), nvsmi.pcieWidth(),
                                nvsmi.pcieWidthMax()).orElse(null);
            }
        }
        Expectation intra = link == null ? null : link.healthy();
        Expectation exp = null;
        boolean reference = false;
        Degraded degraded = null;
        Rails rails = multi ? Rails.of(s.commHosts().isEmpty() ? List.of(hwNode) : s.commHosts(), hw) : null;
        List<NodeHardware.ActivePort> nics = rails == null ? List.of() : rails.first();
        if (!multi) {
            exp = intra;
            if (link != null && link.degraded()) degraded = gpuLinkPart(link, nvsmi, gpuNode, link.asIs().gbs());
        } else if (rails != null) {
            // Every rail counts, a slow one too: the ring crosses all of them in step, at the slowest one's rate.
            int count = s.seg() == Segment.INTER_NODE ? 1 : Math.min(rails.perNode(), Math.max(1, perNode(t, s.commHosts(), ranks)));
            exp = HardwareModel.endToEnd(intra, count, rails.siblingGbps());
            if (rails.degraded() && s.seg() != Segment.INTER_NODE) {
                Expectation capped = HardwareModel.endToEnd(intra, count, rails.slowest().rateGbps());
                if (capped.gbs() < exp.gbs()) degraded = rails.degradedPart(hw, count, capped.gbs());
            }
            if (degraded == null && link != null && link.degraded() && s.seg() != Segment.INTER_NODE) {
                Expectation capped = HardwareModel.endToEnd(link.asIs(), count, rails.siblingGbps());
                if (capped.gbs() < exp.gbs()) degraded = gpuLinkPart(link, nvsmi, gpuNode, capped.gbs());
            }
            for (NodeHardware.ActivePort p : nics) {
                if (hwLines.size() < 6) hwLines.add(p.quote().on(rails.firstNode()));
            }
        } else if (hw.socket() && facts.eth() != null) {
            NodeHardware.Ethernet e = facts.eth();
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
        if (degraded != null && exp != null) hwLines.addAll(degraded.evidence());
        return verdict(a, t, s, exp, reference, model, rails == null ? 0 : rails.perNode(), topRows, reached, plateau, rowLines, hwLines, degraded, out);
    }

    /** The verdict of a plateau against its expectation, and the finding when it falls short. */
    private static TableStep verdict(Artifact a, NcclTestsData t, Shape s, Expectation exp, boolean reference, Optional<GpuModel> model,
                                     int railsPerNode, int topRows, boolean reached, double plateau,
                                     List<EvidenceLine> rowLines, List<EvidenceLine> hwLines, Degraded degraded, List<Finding> out) {
        Split split = s.split();
        Segment seg = s.seg();
        if (split != null && exp != null) {
            exp = new Expectation(exp.gbs(), split.describe() + "; " + exp.basis());
        }
        String basis = a.name() + ": " + s.test() + " busbw, median of " + topRows + " largest rows" + (reached ? "" : " (below 64 MiB)")
                + (split != null ? "; " + split.describe() : "");
        // A sweep that stops below 16 MiB says nothing about the links' bandwidth: no verdict on it.
        if (exp == null || s.largest().size() < JUDGE_MIN) {
            List<EvidenceLine> ev = new ArrayList<>(rowLines);
            return new TableStep(null, new Judged(new SegmentVerdict(seg, plateau, null, SegmentVerdict.UNKNOWN, basis, ev), out));
        }
        double ratio = plateau / exp.gbs();
        String verdict = ratio < WARN_RATIO ? SegmentVerdict.SLOW : SegmentVerdict.OK;
        List<EvidenceLine> ev = new ArrayList<>(rowLines);
        ev.addAll(hwLines);
        if (ratio < WARN_RATIO && reference) {
            // A floor from another site's run: slow for sure, but how slow against this node's NICs is unknown.
            out.add(new Finding("BUSBW_BELOW_EXPECTED", FindingSeverity.WARNING, s.subject(),
                    Message.of(BandwidthAnalyzer.class, "below.reference", "segment", Segments.name(seg), "test", s.test(),
                            "measured", fmt(plateau), "expected", fmt(exp.gbs()), "pct", Math.round(ratio * 100),
                            "basis", exp.basis(), "family", model.get().family()),
                    ev, withSegment(s.params(), seg)));
        } else if (ratio < WARN_RATIO) {
            FindingSeverity sev = ratio < ERROR_RATIO ? FindingSeverity.ERROR : FindingSeverity.WARNING;
            boolean multi = s.multi();
            int nicCount = multi ? nicCount(seg, railsPerNode, t, s.commHosts(), s.ranks()) : 0;
            String key = degraded != null && degraded.gpuLink() ? "below." + degraded.kind()
                    : !multi ? "below" : degraded != null ? "below.degraded" : "below.multi";
            List<Object> args = new ArrayList<>(List.of("segment", Segments.name(seg), "test", s.test(), "measured", fmt(plateau),
                    "expected", fmt(exp.gbs()), "pct", Math.round(ratio * 100), "basis", exp.basis(),
                    "perNicGbps", multi ? fmt(plateau * 8 / nicCount) : "", "nics", nicCount));
            if (degraded != null) {
                int explained = Attribution.explainedPct(exp.gbs(), degraded.cappedGBs(), plateau);
                args.addAll(List.of("part", degraded.part(), "rate", fmt(degraded.rateGbps()), "sibling", fmt(degraded.siblingGbps()),
                        "capped", fmt(degraded.cappedGBs()), "explained", explained, "unexplained", 100 - explained));
                if (degraded.gpuLink()) {
                    args.addAll(List.of("width", degraded.width(), "full", degraded.fullWidth(),
                            "down", degraded.fullWidth() - degraded.width()));
                }
            }
            out.add(new Finding("BUSBW_BELOW_EXPECTED", sev, s.subject(), Message.of(BandwidthAnalyzer.class, key, args.toArray()),
                    ev, withSegment(s.params(), seg)));
        }
        return new TableStep(null, new Judged(new SegmentVerdict(seg, plateau, exp.gbs(), verdict, basis + "; expected " + exp.basis(), ev,
                degraded), out));
    }

    /**
     * {@return the GPU link's degraded part: the GPU of the narrowest PCIe link or of the most NVLinks down, the figure
     * it leaves the segment ({@code capped}) and the nvidia-smi query that shows it}
     */
    private static Degraded gpuLinkPart(GpuLink link, NodeHardware.Gpu nvsmi, String node, double capped) {
        boolean nvlink = Degraded.NVLINK_DOWN.equals(link.kind());
        String gpu = nvsmi == null ? null : nvlink ? nvsmi.downGpu() : nvsmi.narrowGpu();
        NodeHardware.Line line = nvsmi == null ? null : nvlink ? nvsmi.downLine() : nvsmi.narrowLine();
        String cmd = nvlink ? "nvidia-smi nvlink -s" : "nvidia-smi --query-gpu=index,pci.bus_id,pcie.link.gen.max,"
                + "pcie.link.width.current,pcie.link.width.max --format=csv";
        List<String> cmds = new ArrayList<>();
        cmds.add(node.isEmpty() ? cmd : "ssh " + node + " '" + cmd + "'");
        return new Degraded(node, gpu == null ? (nvlink ? "NVLink" : "GPU PCIe link") : gpu, null, link.asIs().gbs() * 8,
                link.healthy().gbs() * 8, 0, capped, cmds, line == null ? List.of() : List.of(line.on(node)), link.kind(), link.width(),
                link.full());
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

    private static Map<String, String> withSegment(Map<String, String> params, Segment seg) {
        Map<String, String> p = new LinkedHashMap<>(params);
        p.put("segment", Segments.name(seg));
        return p;
    }

    /** NICs per node a multi-node figure crosses: one on a rail or a 2-rank run, else one per rank up to the node's rails. */
    private static int nicCount(Segment seg, int rails, NcclTestsData t, List<String> hosts, Integer ranks) {
        if (seg == Segment.INTER_NODE) return 1;
        return Math.max(1, Math.min(rails, Math.max(1, perNode(t, hosts, ranks))));
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
}
