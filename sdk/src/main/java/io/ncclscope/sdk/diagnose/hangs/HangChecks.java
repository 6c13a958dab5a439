package io.ncclscope.sdk.diagnose.hangs;

import io.ncclscope.parsers.nccl.HangReport;
import io.ncclscope.parsers.nccl.HangReportKind;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The checks across ranks, one finding per hang, first match wins per process group:
 * <ol>
 *   <li>{@code HANG_COLLECTIVE_MISMATCH}: a mismatch report, or two ranks whose Flight Recorder entries at the same
 *       sequence number differ in operation, sizes or data types, both sides quoted;</li>
 *   <li>{@code HANG_RANK_NOT_ENTERED}: ranks whose traces say they never enqueued the collective the others timed out
 *       or stand in (or that a gloo monitored barrier names): the CPU side, not the network;</li>
 *   <li>{@code HANG_COLLECTIVE_STUCK}: every rank of the group entered it and some never completed: the GPU or network
 *       side, with the host evidence of their nodes (Xid, IB ports, mlx5 link down) naming a suspect; a group of one
 *       rank has neither peer nor network to wait for, so its own GPU holds the collective.</li>
 * </ol>
 * Before all three, {@code HANG_RANK_DIED}: a rank whose peers lost their connections to it ({@code Connection closed
 * by peer}) while it left no trace of its own; its process died ({@link LostConnections}).
 */
final class HangChecks {

    static final String NOT_ENTERED = "HANG_RANK_NOT_ENTERED";
    static final String MISMATCH = "HANG_COLLECTIVE_MISMATCH";
    static final String STUCK = "HANG_COLLECTIVE_STUCK";
    static final String DIED = "HANG_RANK_DIED";

    private final Map<Integer, RankPlace> places;
    private final Map<String, List<EvidenceLine>> hostEvidence;
    private final Map<Integer, HangPass.RasFact> ras;
    private final LostConnections lostConnections;
    private final Map<String, Map<Integer, HangPass.Member>> members;
    private final List<Finding> made = new ArrayList<>();
    private boolean barrierMade;

    HangChecks(Map<Integer, RankPlace> places, Map<String, List<EvidenceLine>> hostEvidence,
               Map<Integer, HangPass.RasFact> ras, LostConnections lostConnections,
               Map<String, Map<Integer, HangPass.Member>> members) {
        this.places = places;
        this.members = members;
        this.lostConnections = lostConnections;
        this.hostEvidence = hostEvidence;
        this.ras = ras;
    }

    void report(HangPass.Reported r) {
        HangReport h = r.report();
        if (h.kind() == HangReportKind.COLLECTIVE_MISMATCH && h.rank() != null && !h.ranks().isEmpty()) {
            if (made.stream().anyMatch(f -> f.code().equals(MISMATCH))) return;
            int other = h.ranks().get(0);
            made.add(finding(MISMATCH, other, List.of(r.line()), "detail.reported", "rank", h.rank(), "collective",
                    h.collective(), "other", other, "otherCollective", h.otherCollective(), "where", where(other)));
        } else if (h.kind() == HangReportKind.MONITORED_BARRIER_FAILED && !h.ranks().isEmpty() && !barrierMade) {
            barrierMade = true;
            int first = h.ranks().get(0);
            made.add(finding(NOT_ENTERED, first, List.of(r.line()), "detail.barrier", "ranks", join(h.ranks()),
                    "where", where(first), "reporter", h.rank() == null ? "?" : h.rank(),
                    "timeout", h.timeoutMs() == null ? "?" : h.timeoutMs() + " ms"));
        }
    }

    void group(String group, Map<Integer, RankProgress> ranks) {
        if (membersDisagree(group) || mismatch(group, ranks) || ownRule(group, ranks)) return;
        int size = groupSize(ranks);
        if (ranks.size() < 2 && size != 1) return;
        // The collective the group hangs in: the lowest one a watchdog timed out in or the recorder saw not complete.
        Long hang = null;
        for (RankProgress p : ranks.values()) {
            Long at = p.timedOut != null ? p.timedOut : p.firstIncomplete;
            if (at != null && (hang == null || at < hang)) hang = at;
        }
        // Only when nothing else explains the hang: a mismatch report (gloo's fingerprint check) already has.
        if (hang == null && made.isEmpty()) hang = furthestRecorded(ranks);
        if (hang == null) return;
        List<RankProgress> behind = new ArrayList<>();
        List<Integer> waiting = new ArrayList<>();
        for (RankProgress p : ranks.values()) {
            Long entered = p.entered();
            if (entered != null && entered < hang) behind.add(p);
            else if (entered != null || p.timedOut != null) waiting.add(p.rank);
        }
        if (!behind.isEmpty() && !waiting.isEmpty()) {
            behind.sort((a, b) -> Long.compare(a.entered(), b.entered()) != 0 ? Long.compare(a.entered(), b.entered())
                    : Integer.compare(a.rank, b.rank));
            notEntered(group, hang, behind, waiting, ranks);
            return;
        }
        if (behind.isEmpty() && size > 0 && waiting.size() == size && !lagging(group, hang, ranks)) {
            stuck(group, hang, size, ranks);
        }
    }

    /**
     * All ranks entered the collective the group hangs in, and some completed it and went on while the others did not:
     * what holds it is on the side of those that did not (their GPU or their own link). PyTorch's {@code fr_trace}
     * reports this as a state mismatch with the rank that did not complete as the culprit.
     * {@return whether it made that finding}
     */
    private boolean lagging(String group, long hang, Map<Integer, RankProgress> ranks) {
        List<RankProgress> open = new ArrayList<>();
        List<Integer> done = new ArrayList<>();
        for (RankProgress p : ranks.values()) {
            if (p.completed(hang)) done.add(p.rank);
            else open.add(p);
        }
        if (done.isEmpty() || open.isEmpty()) return false;
        RankProgress first = open.get(0);
        RankProgress finisher = ranks.get(done.get(0));
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(first.timedOutLine);
        ev.add(first.firstIncompleteLine != null ? first.firstIncompleteLine : first.progressLine);
        EvidenceLine finished = finisher.fingerprintLines.get(hang);
        ev.add(finished != null ? finished : finisher.progressLine);
        RankPlace place = places.get(first.rank);
        if (place != null && place.host() != null) ev.addAll(hostEvidence.getOrDefault(place.host(), List.of()));
        String state = first.firstIncompleteState != null ? first.firstIncompleteState : "not completed";
        made.add(finding(STUCK, first.rank, ev, "detail.lagging", "seq", hang, "op", op(finisher, hang), "pg", group,
                "ranks", join(open.stream().map(p -> p.rank).toList()), "rank", first.rank, "where", where(first.rank),
                "state", state, "done", join(done), "count", done.size()));
        return true;
    }

    /**
     * Without a watchdog line or a state the recorder kept (gloo leaves every entry {@code scheduled}), the dumps
     * taken after the failure still say how far each rank enqueued: when every rank of the group left a dump and they
     * stop at different collectives, the furthest one is the one the others never entered (as PyTorch's
     * {@code fr_trace} reads them). {@return that collective, or null when the dumps agree or a rank left none}
     */
    private static Long furthestRecorded(Map<Integer, RankProgress> ranks) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (RankProgress p : ranks.values()) {
            if (p.fingerprints.isEmpty() || p.statesRecorded) return null;
            long entered = p.entered();
            min = Math.min(min, entered);
            max = Math.max(max, entered);
        }
        return ranks.size() >= 2 && min < max ? max : null;
    }

    private void notEntered(String group, long hang, List<RankProgress> behind, List<Integer> waiting,
                            Map<Integer, RankProgress> ranks) {
        RankProgress first = behind.get(0);
        List<EvidenceLine> ev = new ArrayList<>();
        for (RankProgress p : behind) {
            if (ev.size() < 4 && p.progressLine != null) ev.add(p.progressLine);
            else if (ev.size() < 4 && !p.fingerprintLines.isEmpty()) ev.add(p.fingerprintLines.lastEntry().getValue());
        }
        RankProgress witness = ranks.get(waiting.get(0));
        EvidenceLine waitLine = witness.timedOutLine != null ? witness.timedOutLine
                : witness.firstIncompleteLine != null ? witness.firstIncompleteLine : witness.fingerprintLines.get(hang);
        if (waitLine != null) ev.add(waitLine);
        HangPass.RasFact told = ras.get(first.rank);
        if (told != null) ev.add(told.line());
        List<Integer> behindRanks = behind.stream().map(p -> p.rank).toList();
        made.add(finding(NOT_ENTERED, first.rank, ev, behind.size() == 1 ? "detail.one" : "detail.many",
                "ranks", join(behindRanks), "rank", first.rank, "where", where(first.rank), "seq", hang,
                "op", op(witness, hang), "pg", group, "entered", first.entered(), "waiting", join(waiting),
                "count", waiting.size()));
    }

    private void stuck(String group, long hang, int size, Map<Integer, RankProgress> ranks) {
        List<EvidenceLine> ev = new ArrayList<>();
        Integer suspect = null;
        String suspectNode = null;
        for (RankProgress p : ranks.values()) {
            RankPlace place = places.get(p.rank);
            if (place == null || place.host() == null) continue;
            List<EvidenceLine> host = hostEvidence.get(place.host());
            if (host != null && suspect == null) {
                suspect = p.rank;
                suspectNode = place.host();
                ev.addAll(host);
            }
        }
        String rasKind = null;
        if (suspect == null) {
            for (RankProgress p : ranks.values()) {
                HangPass.RasFact f = ras.get(p.rank);
                if (f != null && !"MISMATCH".equals(f.kind())) {
                    suspect = p.rank;
                    rasKind = f.kind();
                    ev.add(f.line());
                    break;
                }
            }
        }
        RankProgress lead = ranks.values().iterator().next();
        EvidenceLine line = lead.timedOutLine != null ? lead.timedOutLine : lead.firstIncompleteLine;
        if (line != null) ev.add(0, line);
        if (lead.firstIncompleteLine != null && line != lead.firstIncompleteLine) ev.add(1, lead.firstIncompleteLine);
        TreeSet<Integer> started = new TreeSet<>();
        for (RankProgress p : ranks.values()) if ("started".equals(p.firstIncompleteState)) started.add(p.rank);
        Integer subject = suspect != null ? suspect : lead.rank;
        // One rank alone has no peer and no network to wait for: what holds its collective is its own GPU.
        String detail = rasKind != null ? "detail.ras" : suspect != null ? "detail.suspect" : size == 1 ? "detail.alone"
                : "detail.none";
        List<Object> args = new ArrayList<>(List.of("seq", hang,
                "op", op(lead, hang), "pg", group, "count", ranks.size(), "node", suspectNode == null ? "?" : suspectNode,
                "rank", subject, "where", where(subject), "started", started.isEmpty() ? "-" : join(started)));
        if (rasKind != null) args.addAll(List.of("ras", rasKind));
        made.add(finding(STUCK, subject, ev, detail, args.toArray()));
    }

    /** Ranks whose recorded collectives at one sequence number differ: the first such number, both sides quoted. */
    private boolean mismatch(String group, Map<Integer, RankProgress> ranks) {
        Map<Long, Map<String, Integer>> bySeq = new TreeMap<>();
        for (RankProgress p : ranks.values()) {
            p.fingerprints.forEach((seq, print) -> bySeq.computeIfAbsent(seq, k -> new LinkedHashMap<>()).putIfAbsent(print, p.rank));
        }
        for (Map.Entry<Long, Map<String, Integer>> e : bySeq.entrySet()) {
            if (e.getValue().size() < 2) continue;
            if (made.stream().anyMatch(f -> f.code().equals(MISMATCH))) return true;
            List<Map.Entry<String, Integer>> sides = new ArrayList<>(e.getValue().entrySet());
            // The odd one out: the print the fewest ranks hold is the other side.
            Map<String, Integer> counts = new LinkedHashMap<>();
            for (RankProgress p : ranks.values()) {
                String print = p.fingerprints.get(e.getKey());
                if (print != null) counts.merge(print, 1, Integer::sum);
            }
            sides.sort((a, b) -> Integer.compare(counts.get(b.getKey()), counts.get(a.getKey())));
            int rank = sides.get(0).getValue();
            int other = sides.get(sides.size() - 1).getValue();
            List<EvidenceLine> ev = List.of(ranks.get(rank).fingerprintLines.get(e.getKey()),
                    ranks.get(other).fingerprintLines.get(e.getKey()));
            made.add(finding(MISMATCH, other, ev, "detail.recorded", "seq", e.getKey(), "pg", group, "rank", rank,
                    "collective", sides.get(0).getKey(), "other", other, "otherCollective",
                    sides.get(sides.size() - 1).getKey(), "where", where(other)));
            return true;
        }
        return false;
    }

    /**
     * Ranks whose dumps describe the group differently ({@code pg_config}: another description or other members) while
     * one of them counts the other a member: the group was created differently on them ({@code new_group} with other
     * ranks, or groups created in another order), so its collectives wait for ranks that never join. Disjoint member
     * lists under one name are the subgroups {@code split_group} makes, not a disagreement (as {@code fr_trace} keys
     * them, by name and members). The rank in the minority is named. {@return whether it made that finding}
     */
    private boolean membersDisagree(String group) {
        Map<Integer, HangPass.Member> listed = members.get(group);
        if (listed == null || listed.size() < 2 || made.stream().anyMatch(f -> f.code().equals(MISMATCH))) return false;
        Map<String, List<Integer>> byList = new LinkedHashMap<>();
        Map<String, java.util.Set<Integer>> sets = new java.util.HashMap<>();
        listed.forEach((rank, m) -> {
            byList.computeIfAbsent(m.members(), k -> new ArrayList<>()).add(rank);
            sets.computeIfAbsent(m.members(), k -> numbers(m.ranks()));
        });
        List<Map.Entry<String, List<Integer>>> sides = new ArrayList<>(byList.entrySet());
        for (int i = 0; i < sides.size(); i++) {
            for (int j = i + 1; j < sides.size(); j++) {
                Map.Entry<String, List<Integer>> a = sides.get(i);
                Map.Entry<String, List<Integer>> b = sides.get(j);
                if (!overlaps(sets.get(a.getKey()), b.getValue()) && !overlaps(sets.get(b.getKey()), a.getValue())) continue;
                Map.Entry<String, List<Integer>> few = b.getValue().size() <= a.getValue().size() ? b : a;
                Map.Entry<String, List<Integer>> many = few == b ? a : b;
                int rank = many.getValue().get(0);
                int other = few.getValue().get(0);
                made.add(finding(MISMATCH, other, List.of(listed.get(rank).line(), listed.get(other).line()),
                        "detail.members", "pg", group, "rank", rank, "members", many.getKey(), "other", other,
                        "where", where(other), "otherMembers", few.getKey(), "count", few.getValue().size()));
                return true;
            }
        }
        return false;
    }

    private static boolean overlaps(java.util.Set<Integer> members, List<Integer> ranks) {
        for (Integer r : ranks) if (members.contains(r)) return true;
        return false;
    }

    /** {@return the ranks of a normalized list, {@code [0, 1, 2, 3]}} */
    private static java.util.Set<Integer> numbers(String list) {
        java.util.Set<Integer> out = new java.util.HashSet<>();
        int value = -1;
        for (int i = 0; i < list.length(); i++) {
            char ch = list.charAt(i);
            if (Character.isDigit(ch) && value < 100_000_000) value = (value < 0 ? 0 : value * 10) + (ch - '0');
            else if (value >= 0) {
                out.add(value);
                value = -1;
            }
        }
        if (value >= 0) out.add(value);
        return out;
    }

    /**
     * A rank that recorded a collective breaking its operation's own rules ({@link OwnRules}): its peers cannot match
     * it, whether or not their dumps are here to compare with. The lowest such collective of the group.
     * {@return whether it made that finding}
     */
    private boolean ownRule(String group, Map<Integer, RankProgress> ranks) {
        RankProgress first = null;
        for (RankProgress p : ranks.values()) {
            if (p.brokenSeq != null && (first == null || p.brokenSeq < first.brokenSeq)) first = p;
        }
        if (first == null || made.stream().anyMatch(f -> f.code().equals(MISMATCH))) return false;
        OwnRules.Broken b = first.broken;
        made.add(finding(MISMATCH, first.rank, List.of(first.brokenLine), b.rule().detail, "seq", first.brokenSeq,
                "pg", group, "rank", first.rank, "where", where(first.rank), "collective", first.brokenPrint,
                "input", b.input(), "output", b.output(), "size", b.size(),
                "expected", b.rule() == OwnRules.Rule.ALL_GATHER_SIZES ? b.input() * b.size() : b.output() * b.size()));
        return true;
    }

    /** {@return the group's size from the NCCL logs' rank lines, else from the dumps' pg_config; 0 when unknown} */
    private int groupSize(Map<Integer, RankProgress> ranks) {
        int size = 0;
        int dumped = 0;
        for (Map.Entry<Integer, RankProgress> r : ranks.entrySet()) {
            RankPlace p = places.get(r.getKey());
            if (p != null) size = Math.max(size, p.size());
            if (r.getValue().dumpedSize != null) dumped = Math.max(dumped, r.getValue().dumpedSize);
        }
        return size > 0 ? size : dumped;
    }

    private static String op(RankProgress p, long seq) {
        if (p.timedOutOp != null && p.timedOut != null && p.timedOut == seq) return p.timedOutOp;
        String print = p.fingerprints.get(seq);
        if (print != null) return print.substring(0, print.indexOf(" in ") > 0 ? print.indexOf(" in ") : print.length());
        return "?";
    }

    /** {@code node-b, GPU 2 (0000:1b:00.0), pid 4242}, or {@code host unknown}. */
    private String where(int rank) {
        RankPlace p = places.get(rank);
        if (p == null || p.host() == null) return "?";
        StringBuilder sb = new StringBuilder(p.host());
        if (p.gpu() != null) sb.append(", GPU ").append(p.gpu());
        if (p.busId() != null) sb.append(" (").append(p.busId()).append(')');
        if (p.pid() != null) sb.append(", pid ").append(p.pid());
        return sb.toString();
    }

    private Finding finding(String code, int rank, List<EvidenceLine> ev, String detail, Object... args) {
        RankPlace p = places.get(rank);
        Subject s = new Subject(p == null ? null : p.host(), rank, p == null || p.gpu() == null ? null : "GPU" + p.gpu(),
                null, null, null, null);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("rank", String.valueOf(rank));
        if (p != null && p.host() != null) params.put("node", p.host());
        if (p != null && p.gpu() != null) params.put("gpu", String.valueOf(p.gpu()));
        if (p != null && p.pid() != null) params.put("pid", String.valueOf(p.pid()));
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) values.put((String) args[i], String.valueOf(args[i + 1]));
        List<EvidenceLine> lines = new ArrayList<>();
        for (EvidenceLine l : ev) if (l != null && !lines.contains(l)) lines.add(l);
        return new Finding(code, FindingSeverity.CRITICAL, s, new Message(RuleCatalog.BUNDLE_BASE_NAME,
                code + "." + detail, values), lines, params);
    }

    private static String join(java.util.Collection<Integer> ranks) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (Integer r : ranks) {
            if (n == 8) {
                sb.append(" and ").append(ranks.size() - 8).append(" more");
                break;
            }
            sb.append(n++ > 0 ? ", " : "").append(r);
        }
        return sb.toString();
    }

    private HangPass.RasAhead rasAhead;

    void rasAhead(HangPass.RasAhead ahead) {
        this.rasAhead = ahead;
    }

    private List<EvidenceLine> versions = List.of();

    /** Ranks' dumps written by different builds ({@link DumpVersions}): quoted last in every finding made. */
    void versions(List<EvidenceLine> disagreements) {
        this.versions = disagreements;
    }

    void finish(Consumer<Finding> out) {
        if (made.isEmpty()) rasBehind();
        if (made.isEmpty()) rasAhead();
        died();
        if (made.isEmpty()) late();
        for (Finding f : made) {
            if (versions.isEmpty()) {
                out.accept(f);
                continue;
            }
            List<EvidenceLine> ev = new ArrayList<>(f.evidence());
            while (!ev.isEmpty() && ev.size() + versions.size() > Finding.MAX_EVIDENCE) ev.remove(ev.size() - 1);
            ev.addAll(versions);
            out.accept(new Finding(f.code(), f.severity(), f.subject(), f.detail(), ev, f.params()));
        }
    }

    /**
     * Ranks whose peers lost their connections to them while they left no trace of their own: their processes died
     * (killed, out of host memory, a crash), which is neither the network nor a hang inside a collective. First in the
     * report: what the other ranks then did (time out, abort) follows from it.
     */
    private void died() {
        List<Integer> dead = lostConnections.dead(places);
        if (dead.isEmpty()) return;
        int first = dead.get(0);
        List<EvidenceLine> ev = new ArrayList<>();
        EvidenceLine exit = lostConnections.exit(first);
        if (exit != null) ev.add(exit);
        List<Integer> reporters = new ArrayList<>();
        for (Map.Entry<Integer, LostConnections.Lost> e : lostConnections.reporters().entrySet()) {
            reporters.add(e.getKey());
            if (ev.size() < 4) ev.add(e.getValue().line());
        }
        String where = where(first);
        // Peers that reached it over loopback share its host, whatever the host is called.
        String detail = dead.size() > 1 ? "detail.many" : !"?".equals(where) ? "detail.one"
                : lostConnections.allLoopback() ? "detail.local" : "detail.address";
        made.add(0, finding(DIED, first, ev, detail, "ranks", join(dead), "rank", first, "where", where,
                "peer", String.join(", ", lostConnections.peers()), "count", reporters.size(), "reporters", join(reporters)));
    }

    /**
     * With no other trace of the hang: ranks that timed out waiting for their peers, and a rank that did not time out
     * but lost its connections to them afterwards. It reached the collective only after the others had given up: held
     * on its CPU side (data loading, a long Python step, a checkpoint), not the network.
     */
    private void late() {
        List<Integer> late = lostConnections.late();
        if (late.isEmpty()) return;
        int first = late.get(0);
        Map<Integer, LostConnections.TimedOut> timeouts = lostConnections.timeouts();
        LostConnections.TimedOut firstTimeout = timeouts.values().iterator().next();
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(lostConnections.reporters().get(first).line());
        for (LostConnections.TimedOut t : timeouts.values()) if (ev.size() < 4) ev.add(t.line());
        made.add(finding(NOT_ENTERED, first, ev, "detail.late", "ranks", join(late), "rank", first, "where", where(first),
                "waiting", join(timeouts.keySet()), "count", timeouts.size(),
                "timeout", firstTimeout.timeoutMs() == null ? "?" : firstTimeout.timeoutMs() + " ms"));
    }

    /**
     * NCCL's RAS listing the few ranks that launched one operation more than the rest: the many others never entered
     * it. Raised only when the communicator's size says which ranks those are: the finding is about a rank behind,
     * and a rank that RAS lists is ahead.
     */
    private void rasAhead() {
        if (rasAhead == null || rasAhead.commSize() == null
                || rasAhead.commSize() != rasAhead.ahead().size() + rasAhead.behindCount()) return;
        List<Integer> behind = new ArrayList<>();
        for (int r = 0; r < rasAhead.commSize(); r++) if (!rasAhead.ahead().contains(r)) behind.add(r);
        if (behind.isEmpty()) return;
        String aheadFirst = String.valueOf(rasAhead.ahead().get(0));
        made.add(finding(NOT_ENTERED, behind.get(0), List.of(rasAhead.line()), "detail.rasAhead",
                "ranks", join(behind), "count", rasAhead.behindCount(), "ahead", join(rasAhead.ahead()),
                "where", where(rasAhead.ahead().get(0)), "aheadRank", aheadFirst, "aheadOp", rasAhead.aheadOp(),
                "behindOp", rasAhead.behindOp()));
    }

    /**
     * With no other trace of the hang, NCCL's RAS alone: the ranks that launched fewer collectives than most of the
     * communicator never entered the one the others wait in (the CPU side, as with the Flight Recorder).
     */
    private void rasBehind() {
        List<Integer> behind = new ArrayList<>();
        HangPass.RasFact fact = null;
        for (Map.Entry<Integer, HangPass.RasFact> e : ras.entrySet()) {
            HangPass.RasFact f = e.getValue();
            if (f.launched() != null && f.launched()[1] < f.launched()[0]) {
                behind.add(e.getKey());
                if (fact == null) fact = f;
            }
        }
        if (fact == null) return;
        int first = behind.get(0);
        made.add(finding(NOT_ENTERED, first, List.of(fact.launchedLine(), fact.line()), "detail.ras", "ranks", join(behind), "rank", first,
                "where", where(first), "behind", fact.launched()[1], "ahead", fact.launched()[0]));
    }
}
