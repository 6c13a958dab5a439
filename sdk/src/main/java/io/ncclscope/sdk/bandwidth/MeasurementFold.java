package io.ncclscope.sdk.bandwidth;

import static io.ncclscope.sdk.bandwidth.Judge.*;

import io.ncclscope.parsers.nvbandwidth.NvbandwidthData;
import io.ncclscope.parsers.nvbandwidth.NvbwTestcase;
import io.ncclscope.parsers.perftest.PerftestData;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.Evidence.Item;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
final class MeasurementFold {

    /** What a fold keeps of the measurements judged. */
    enum Keep {
        /** Each segment's most telling verdict ({@link Segments}). */
        VERDICTS,
        /** The findings ({@link BandwidthAnalyzer}), handed over by {@link #drain()} and {@link #findings()}. */
        FINDINGS
    }

    /**
     * The order of the whole evidence: nccl-tests, nvbandwidth, perftest; then slice order; then place in the slice.
     * One lambda of ours, not {@code Comparator.comparingInt(...).thenComparing(...)}: see {@link Evidence#SLICE_ORDER}.
     */
    private static final Comparator<Done> ORDER = (a, b) -> {
        int c = Integer.compare(a.kind(), b.kind());
        if (c == 0) c = Evidence.SLICE_NODE_ORDER.compare(a.node(), b.node());
        return c != 0 ? c : Integer.compare(a.index(), b.index());
    };

    private final Keep keep;
    /** Every node's hardware summary, for the tables judged at {@code finish} against a node they name. */
    private final Map<String, NodeHardware> hw = new java.util.HashMap<>();
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

    MeasurementFold(Keep keep) {
        this.keep = keep;
    }

    void add(Evidence slice) {
        read(slice).run();
    }

    /**
     * One nccl-tests table read apart: its slim copy and curve findings, and its judgement against its own node's
     * hardware without and with NCCL over sockets (which the fold picks by the sockets seen so far); {@code alone} is its
     * judgement when it needs no hardware, and {@code ownNode} whether it names the slice's node.
     */
    private record TableRead(Artifact artifact, NcclTestsData slim, List<Finding> curve, Judged alone, boolean ownNode,
                             Judged withoutSocket, Judged withSocket) {
    }

    /**
     * Reads {@code slice} apart from this fold's state (any thread, many slices at once): its hardware and every
     * judgement that needs only its own node. Running what it returns, on the fold's thread in slice order, is
     * {@link #add}.
     */
    Runnable read(Evidence slice) {
        String node = slice.sliceNode();
        HardwareSummaries own = HardwareSummaries.of(slice);
        String ownNode = node == null ? "" : node;
        List<TableRead> tables = new ArrayList<>();
        for (Item<NcclTestsData> it : slice.all(NcclTestsData.class)) {
            if (it.data().rows().isEmpty() && !NcclTestsJudge.rowlessSingleRank(it.data())) continue;
            List<Finding> curve = new ArrayList<>();
            NcclTestsJudge.TableStep step = NcclTestsJudge.table(it.artifact(), it.data(), null, curve);
            NcclTestsData slim = step.slim();
            if (step.noHardware()) {
                tables.add(new TableRead(it.artifact(), slim, curve, judge(it.artifact(), slim, own, curve), false, null, null));
            } else if (ownNode.equals(NcclTestsJudge.hwNode(it.artifact(), slim))) {
                tables.add(new TableRead(it.artifact(), slim, curve, null, true,
                        judge(it.artifact(), slim, own.withSocket(false), curve), judge(it.artifact(), slim, own.withSocket(true), curve)));
            } else {
                tables.add(new TableRead(it.artifact(), slim, curve, null, false, null, null));
            }
        }
        List<Judged> nvbw = new ArrayList<>();
        for (Item<NvbandwidthData> it : slice.all(NvbandwidthData.class)) {
            for (NvbwTestcase tc : it.data().testcases()) {
                Judged j = NvbandwidthJudge.judge(it.artifact(), it.data(), tc);
                if (j != null) nvbw.add(j);
            }
        }
        // perftest is judged against the ports of its own node, which come in the same slice.
        List<Judged> perftest = new ArrayList<>();
        for (Item<PerftestData> it : slice.all(PerftestData.class)) {
            Judged j = PerftestJudge.judge(it.artifact(), it.data(), own);
            if (j != null) perftest.add(j);
        }
        return () -> fold(node, own, tables, nvbw, perftest);
    }

    private void fold(String node, HardwareSummaries own, List<TableRead> tables, List<Judged> nvbw, List<Judged> perftest) {
        hw.putAll(own.nodes());
        socket |= own.socket();
        // A table naming this slice's node is judged against its hardware now, unless NCCL over sockets seen later
        // could still change its judgement.
        Map<String, Singles> singles = new LinkedHashMap<>();
        for (int index = 0; index < tables.size(); index++) {
            TableRead t = tables.get(index);
            Judged now = t.alone();
            if (t.ownNode()) {
                now = socket ? t.withSocket() : t.withoutSocket().equals(t.withSocket()) ? t.withoutSocket() : null;
            }
            if (now != null) {
                settle(new Done(0, node, index, now), singles);
            } else {
                pending.add(new Pending(node, index, t.artifact().stub(), t.slim(), keep == Keep.FINDINGS ? t.curve() : List.of()));
            }
        }
        for (int i = 0; i < nvbw.size(); i++) settle(new Done(1, node, i, nvbw.get(i)), singles);
        for (int i = 0; i < perftest.size(); i++) settle(new Done(2, node, i, perftest.get(i)), singles);
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
        HardwareSummaries all = new HardwareSummaries(hw, socket);
        for (Pending p : pending) settle(new Done(0, p.node(), p.index(), judge(p.stub(), p.slim(), all, p.curve())), null);
        pending.clear();
    }

    /** The second step of {@link #table}: the judgement, after the curve's findings. */
    private static Judged judge(Artifact a, NcclTestsData slim, HardwareSummaries hw, List<Finding> curve) {
        List<Finding> findings = new ArrayList<>(curve);
        Judged j = NcclTestsJudge.table(a, slim, hw, findings).judged();
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
}
