package io.ncclscope.sdk.diagnose.hangs;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.dmesg.DmesgEvent;
import io.ncclscope.parsers.dmesg.DmesgEventType;
import io.ncclscope.parsers.flightrec.FlightRecorderDump;
import io.ncclscope.parsers.flightrec.FlightRecorderEntry;
import io.ncclscope.parsers.flightrec.ProcessGroupConfig;
import io.ncclscope.parsers.flightrec.ProcessGroupStatus;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.HangReport;
import io.ncclscope.parsers.nccl.HangReportKind;
import io.ncclscope.parsers.nccl.LauncherError;
import io.ncclscope.parsers.nccl.LauncherErrorKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLevel;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.ras.RasCommunicators;
import io.ncclscope.parsers.ras.RasIssue;
import io.ncclscope.parsers.ras.RasProcess;
import io.ncclscope.parsers.ras.RasStatus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hang analyzer's pass: per node, it folds every trace of a hang into small per-rank summaries
 * ({@link RankProgress}: watchdog timeouts, dump-signal progress, Flight Recorder dumps), the rank to host and GPU
 * map of the NCCL logs ({@link RankPlace}), gloo monitored-barrier and mismatch reports, and the node's host evidence
 * (Xid, IB ports not active, mlx5 link down); across nodes, {@link HangChecks} joins them into one finding per hang.
 * The errors pass feeds it and lets its findings replace the per-log watchdog findings they explain. Not
 * thread-safe; the findings do not depend on the order slices come in.
 */
public final class HangPass {

    /** The code of a rank whose process died: its peers lost their connections to it, it left no trace of its own. */
    public static final String DIED = HangChecks.DIED;

    /** The codes of the hang analyzer's findings. */
    private static final java.util.Set<String> CODES = java.util.Set.of(HangChecks.NOT_ENTERED, HangChecks.MISMATCH,
            HangChecks.STUCK, HangChecks.DIED);

    /**
     * {@return whether {@code code} is one of the hang analyzer's findings}
     *
     * @param code a finding code
     */
    public static boolean isHangCode(String code) {
        return CODES.contains(code);
    }

    /** A Flight Recorder dump's rank: the trailing digits of its file name ({@code nccl_trace_rank_3}). */
    private static final Pattern TRAILING_RANK = Pattern.compile("(\\d+)(?:\\.(?:pkl|pickle|json))?$");
    /** A per-rank file's rank: {@code rank2.log}, {@code logs/rank_12.txt}, {@code nccl_trace_rank_3}. */
    private static final Pattern FILE_RANK = Pattern.compile("(?i)(?:^|[^a-z])rank[_-]?(\\d{1,7})(?:\\.[a-z0-9]{1,8})?$");

    /** Per process group ({@code "0"}), per rank. */
    private final Map<String, Map<Integer, RankProgress>> groups = new TreeMap<>();
    /** Per global rank, where it ran. */
    private final Map<Integer, RankPlace> places = new TreeMap<>();
    /** Monitored-barrier failures and collective mismatches, each with its quoted line, in rank order. */
    private final Map<String, Reported> reports = new TreeMap<>();
    /** Per node, the first lines of host evidence that can hold a collective on the GPU or network side. */
    private final Map<String, List<EvidenceLine>> hostEvidence = new TreeMap<>();
    /** Per rank, what NCCL's RAS says of it: missing, in error, or behind in launched collectives. */
    private final Map<Integer, RasFact> ras = new TreeMap<>();
    /** Per process group, per rank, the group's description and members as that rank's dump lists them. */
    private final Map<String, Map<Integer, Member>> members = new TreeMap<>();
    /** The versions each rank's dump was written with. */
    private final DumpVersions versions = new DumpVersions();
    /** Lost connections to peer processes, and the ranks that left traces of their own. */
    private final LostConnections lostConnections = new LostConnections();

    /**
     * What the issues of NCCL's RAS say of one rank.
     *
     * @param kind         the gravest issue naming it ({@code INCOMPLETE}, {@code ERROR}, {@code DEAD}, ...; an error
     *                     outranks {@code MISMATCH}), quoted by {@code line}
     * @param line         that issue, quoted
     * @param launched     when a {@code MISMATCH} names it: the operation count most ranks launched up to, and the
     *                     lowest; else null
     * @param launchedLine that {@code MISMATCH} issue, quoted; null with {@code launched}
     */
    record RasFact(String kind, EvidenceLine line, long[] launched, EvidenceLine launchedLine) {

        RasFact merge(RasFact other) {
            boolean mine = !"MISMATCH".equals(kind) || "MISMATCH".equals(other.kind);
            RasFact grave = mine ? this : other;
            RasFact counted = launched != null ? this : other;
            return new RasFact(grave.kind, grave.line, counted.launched, counted.launchedLine);
        }
    }

    /**
     * A process group as one rank's dump describes it ({@code pg_config}).
     *
     * @param members  its description and member ranks, {@code default_pg [0, 1, 2, 3]}: what the ranks must agree on
     * @param ranks    its member ranks alone, {@code [0, 1, 2, 3]}
     * @param artifact the dump's name
     * @param name     the group's name in the dump
     */
    record Member(String members, String ranks, String artifact, String name) {

        /** {@return the dump's entry for the group, quoted} */
        EvidenceLine line() {
            return new EvidenceLine(artifact, 0, "pg_config " + name + ": " + members);
        }
    }

    /** One instance of each group listing: every rank of a large group writes the same long list. */
    private final Map<String, String> listings = new java.util.HashMap<>();

    private String pooled(String listing) {
        String had = listings.putIfAbsent(listing, listing);
        return had != null ? had : listing;
    }

    /** A report line and what it says. */
    record Reported(HangReport report, EvidenceLine line) {
    }

    /**
     * A RAS {@code MISMATCH} whose listed ranks are ahead: RAS lists the smaller group, here the ranks that launched one
     * operation more, so the many unlisted ranks never entered it (corpus-more nccl-logs/nccl-1911-1: ranks 12 and 13
     * at operation 641, 30 ranks at 640).
     *
     * @param ahead       the listed ranks
     * @param aheadOp     the operation they launched up to
     * @param behindOp    the operation the others stopped at
     * @param behindCount how many ranks stopped there
     * @param commSize    the communicator's rank count as RAS prints it; null when not shown
     * @param line        the issue, quoted
     */
    record RasAhead(List<Integer> ahead, long aheadOp, long behindOp, int behindCount, Integer commSize, EvidenceLine line) {
    }

    private RasAhead rasAhead;

    /** Creates an empty pass. */
    public HangPass() {
    }

    /**
     * Reads one slice's traces of a hang and its host evidence.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     */
    public void add(Evidence slice) {
        Objects.requireNonNull(slice, "slice");
        for (Artifact a : slice.artifacts()) {
            Integer fileRank = fileRank(a);
            if (fileRank != null) lostConnections.known(fileRank);
            a.data(NcclLog.class).ifPresent(log -> addLog(a, log, fileRank));
            a.data(FlightRecorderDump.class).ifPresent(dump -> addDump(a, dump));
            a.data(DmesgData.class).ifPresent(d -> addDmesg(a, d));
            a.data(IbstatData.class).ifPresent(d -> addIbstat(a, d));
            a.data(RasStatus.class).ifPresent(d -> addRas(a, d));
        }
    }

    /**
     * {@return one finding per hang the traces explain (a rank that never entered, a mismatch, or a collective all
     * ranks entered that never completed); empty when they explain none, and the watchdog findings then stand}
     */
    public List<Finding> finish() {
        List<Finding> out = new ArrayList<>();
        HangChecks checks = new HangChecks(places, hostEvidence, ras, lostConnections, members);
        checks.rasAhead(rasAhead);
        checks.versions(versions.disagreements());
        for (Reported r : reports.values()) checks.report(r);
        for (Map.Entry<String, Map<Integer, RankProgress>> g : groups.entrySet()) checks.group(g.getKey(), g.getValue());
        checks.finish(out::add);
        return out;
    }

    private RankProgress rank(String group, int rank) {
        Map<Integer, RankProgress> ranks = groups.computeIfAbsent(group, k -> new TreeMap<>());
        return ranks.computeIfAbsent(rank, RankProgress::new);
    }

    /** {@code 0(default_pg)}, {@code ID 0 PG GUID 0(default_pg)}, {@code 1}: the group's number; {@code "0"} when none. */
    static String groupOf(String printed) {
        if (printed == null || printed.isBlank()) return "0";
        String p = printed;
        int guid = p.indexOf("GUID ");
        if (guid >= 0) p = p.substring(guid + 5);
        else if (p.startsWith("ID ")) p = p.substring(3);
        int end = 0;
        while (end < p.length() && Character.isDigit(p.charAt(end))) end++;
        return end == 0 ? p.trim() : p.substring(0, end);
    }

    /** {@return the rank a per-rank file's name ends with; null when it names none} */
    private static Integer fileRank(Artifact a) {
        // Most names hold no "rank" at all: the pattern runs on those that do (it ran on every file of a bundle).
        if (!containsRank(a.name())) return null;
        Matcher m = FILE_RANK.matcher(a.name());
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    /** {@return whether {@code name} holds "rank" in any case, as {@link #FILE_RANK} needs} */
    private static boolean containsRank(String name) {
        for (int i = name.length() - 4; i >= 0; i--) {
            if (name.regionMatches(true, i, "rank", 0, 4)) return true;
        }
        return false;
    }

    private void addLog(Artifact a, NcclLog log, Integer fileRank) {
        int size = 0;
        for (NcclRank r : log.ranks()) if (r.nranks() != null) size = Math.max(size, r.nranks());
        for (NcclRank r : log.ranks()) {
            if (r.nranks() == null || r.nranks() != size) continue;
            String host = r.host() != null ? r.host() : a.node().orElse(null);
            places.merge(r.rank(), new RankPlace(host, r.pid(), r.cudaDev(), r.busId(), size),
                    (had, now) -> now.size() > had.size() ? now : had);
            lostConnections.known(r.rank());
        }
        addConnections(a, log, fileRank);
        for (LauncherError e : log.launcherErrors()) {
            if (e.rank() == null || e.seqNum() == null) continue;
            EvidenceLine line = a.quote(e.line(), e.text());
            RankProgress p = rank(groupOf(e.processGroup()), e.rank());
            if (e.kind() == LauncherErrorKind.WATCHDOG_TIMEOUT) {
                p.timedOut(e.seqNum(), e.opType(), line);
            } else if (e.kind() == LauncherErrorKind.WATCHDOG_EXCEPTION) {
                p.timedOut(e.seqNum(), null, line);
            }
            p.progress(e.lastEnqueued(), e.lastCompleted(), line);
        }
        for (HangReport h : log.hangReports()) {
            EvidenceLine line = a.quote(h.line(), h.text());
            Integer who = h.rank() != null ? h.rank() : fileRank;
            if (who != null && h.kind() == HangReportKind.PEER_CONNECTION_LOST) lostConnections.lost(who, h.peer(), line);
            else if (who != null && h.kind() == HangReportKind.PEER_TIMEOUT) lostConnections.timedOut(who, h.timeoutMs(), line);
            else if (who != null) lostConnections.traced(who);
            if (h.kind() == HangReportKind.DUMP_SIGNAL && h.rank() != null) {
                rank(groupOf(h.processGroup()), h.rank()).progress(h.lastEnqueued(), h.lastCompleted(), line);
            } else if (h.kind() == HangReportKind.MONITORED_BARRIER_FAILED
                    || h.kind() == HangReportKind.COLLECTIVE_MISMATCH) {
                String key = h.kind() + "|" + String.format(java.util.Locale.ROOT, "%08d", h.rank() == null ? 0 : h.rank())
                        + "|" + h.ranks();
                reports.merge(key, new Reported(h, line), (had, now) -> before(now.line(), had.line()) ? now : had);
            }
        }
    }

    /**
     * The NCCL side of lost connections: a rank's {@code Connection closed by remote peer host<port>} or {@code
     * Connection reset by peer} (with the peer's address), its other WARN lines (a trace of its own), the launcher's
     * errors (torchrun's failure table names a rank that exited), and the addresses NCCL bound on each host.
     */
    private void addConnections(Artifact a, NcclLog log, Integer fileRank) {
        for (NcclEvent e : log.events()) {
            if (e.rank() == null) continue;
            if (e.kind() == EventKind.CONNECTION_LOST && e.peer() != null) {
                lostConnections.lost(e.rank(), e.peer(), a.quote(e.line(), e.message()));
            } else if (e.level() == NcclLevel.WARN) {
                lostConnections.traced(e.rank());
            }
        }
        for (LauncherError e : log.launcherErrors()) {
            // An error in a rank's own file is that rank's, unless it is the launcher's report of a child.
            if (e.rank() == null && fileRank != null && e.kind() != LauncherErrorKind.CHILD_FAILED) lostConnections.traced(fileRank);
            if (e.rank() == null) continue;
            if (e.kind() == LauncherErrorKind.CHILD_FAILED) lostConnections.exited(e.rank(), a.quote(e.line(), e.text()));
            else lostConnections.traced(e.rank());
        }
        for (NcclInterface i : log.interfaces()) {
            if (i.address() != null && i.host() != null) lostConnections.address(i.address(), i.host());
        }
    }

    private void addDump(Artifact a, FlightRecorderDump dump) {
        Matcher m = TRAILING_RANK.matcher(a.name());
        if (!m.find() || m.group(1).length() > 7) return;
        int rank = Integer.parseInt(m.group(1));
        lostConnections.traced(rank);
        versions.add(rank, dump.version(), dump.commLibVersion(), a.name());
        Map<String, Integer> sizes = new java.util.HashMap<>();
        for (ProcessGroupConfig c : dump.processGroups()) {
            lostConnections.rankList(c.ranks());
            Integer count = rankCount(c.ranks());
            String group = groupOf(c.name());
            if (count == null || sizes.putIfAbsent(group, count) != null) continue;
            String ranks = pooled(rankList(c.ranks()));
            String listed = pooled((c.desc() == null ? "" : c.desc() + " ") + ranks);
            members.computeIfAbsent(group, k -> new TreeMap<>()).put(rank, new Member(listed, ranks, a.name(), c.name()));
        }
        for (ProcessGroupStatus s : dump.status()) {
            EvidenceLine line = new EvidenceLine(a.name(), 0, "pg_status " + s.pgId() + ": last_enqueued_collective="
                    + s.lastEnqueued() + ", last_started_collective=" + s.lastStarted() + ", last_completed_collective="
                    + s.lastCompleted());
            if (s.lastEnqueued() != null && s.lastEnqueued() >= 0) {
                rank(groupOf(s.pgId()), rank).progress(s.lastEnqueued(), s.lastCompleted(), line);
            }
        }
        // Newest first: the fingerprints of the last collectives of each group, and the first one not completed.
        List<FlightRecorderEntry> entries = dump.entries();
        Map<String, Integer> kept = new java.util.HashMap<>();
        Map<String, FlightRecorderEntry> incomplete = new java.util.HashMap<>();
        for (int i = entries.size() - 1; i >= 0; i--) {
            FlightRecorderEntry e = entries.get(i);
            if (Boolean.TRUE.equals(e.p2p()) || e.collectiveSeqId() == null || e.collectiveSeqId() <= 0) continue;
            String group = e.pgId() != null ? String.valueOf(e.pgId()) : groupOf(e.processGroup());
            if (!e.completed()) incomplete.put(group, e);
            // The size by the group's name, as pg_config keys it (pg_id counts only the groups this process is in).
            OwnRules.Broken broken = OwnRules.check(e, sizes.get(e.processGroup() != null ? groupOf(e.processGroup()) : group));
            if (broken != null) rank(group, rank).broken(e.collectiveSeqId(), broken, fingerprint(e), new EvidenceLine(a.name(), e.index(), entryText(e)));
            if (kept.merge(group, 1, Integer::sum) <= RankProgress.FINGERPRINTS) {
                rank(group, rank).fingerprint(e.collectiveSeqId(), fingerprint(e), new EvidenceLine(a.name(), e.index(), entryText(e)));
            }
        }
        // A backend that never marks work completed (gloo: every entry stays "scheduled") says nothing by its states.
        boolean states = false;
        for (FlightRecorderEntry e : entries) {
            if (e.completed()) {
                states = true;
                break;
            }
        }
        if (!states) return;
        incomplete.forEach((group, e) -> rank(group, rank).incomplete(e.collectiveSeqId(), e.state(),
                new EvidenceLine(a.name(), e.index(), entryText(e))));
        for (String group : kept.keySet()) rank(group, rank).statesRecorded = true;
        // The group's size as the dump's pg_config lists it, for the groups this rank recorded collectives in: with
        // states recorded, a dump alone can tell a collective all ranks entered from one some ranks never entered.
        for (ProcessGroupConfig c : dump.processGroups()) {
            Integer members = rankCount(c.ranks());
            String group = groupOf(c.name());
            if (members != null && kept.containsKey(group)) rank(group, rank).dumpedSize = members;
        }
    }

    /**
     * {@return how many ranks a dump's {@code pg_config} list names ({@code [0, 1, 2, 3]}: 4); null when none, or when
     * the list is elided ({@code ...})}
     */
    static Integer rankCount(String list) {
        if (list == null || list.contains("..")) return null;
        int count = 0;
        boolean inNumber = false;
        for (int i = 0; i < list.length(); i++) {
            boolean digit = Character.isDigit(list.charAt(i));
            if (digit && !inNumber) count++;
            inNumber = digit;
        }
        return count == 0 ? null : count;
    }

    /** {@return the ranks a {@code pg_config} list names, as {@code [0, 1, 2, 3]} whatever its spacing} */
    static String rankList(String list) {
        StringBuilder sb = new StringBuilder("[");
        boolean inNumber = false;
        for (int i = 0; i < list.length(); i++) {
            char ch = list.charAt(i);
            boolean digit = Character.isDigit(ch);
            if (digit && !inNumber && sb.length() > 1) sb.append(", ");
            if (digit) sb.append(ch);
            inNumber = digit;
        }
        return sb.append(']').toString();
    }

    /** {@code entry 12: collective_seq_id=120 nccl:all_reduce in [[1024]] Float -> [[1024]] Float, started}. */
    static String entryText(FlightRecorderEntry e) {
        return "entry " + e.index() + ": collective_seq_id=" + e.collectiveSeqId() + " " + fingerprint(e)
                + (e.state() != null ? ", " + e.state() : "")
                + (e.frames().isEmpty() ? "" : " at " + e.frames().get(0));
    }

    static String fingerprint(FlightRecorderEntry e) {
        return e.profilingName() + " in " + e.inputSizes() + " " + String.join(",", e.inputDtypes()) + " -> "
                + e.outputSizes() + " " + String.join(",", e.outputDtypes());
    }

    /** The ranks RAS names, with where they run (RAS knows each rank's node, process and GPU). */
    private void addRas(Artifact a, RasStatus status) {
        for (RasIssue issue : status.issues()) {
            long[] launched = null;
            if (!issue.launchedUpTo().isEmpty()) {
                long most = issue.launchedUpTo().keySet().iterator().next();
                long least = issue.launchedUpTo().keySet().stream().mapToLong(Long::longValue).min().orElse(most);
                launched = new long[] {most, least};
            }
            EvidenceLine line = new EvidenceLine(a.name(), issue.line(), (issue.comm() == null ? "" : issue.comm() + " ")
                    + issue.kind() + ": " + issue.text());
            if (rasAhead == null) rasAhead = ahead(status, issue, line);
            for (RasProcess p : issue.processes()) {
                if (p.rank() == null) continue;
                ras.merge(p.rank(), new RasFact(issue.kind(), line, launched, launched == null ? null : line), RasFact::merge);
                if (p.node() != null) places.putIfAbsent(p.rank(), new RankPlace(p.node(), p.pid(), p.gpu(), null, 0));
            }
        }
    }

    /** The issue as a {@link RasAhead} when its listed ranks launched more operations than the rest; else null. */
    private static RasAhead ahead(RasStatus status, RasIssue issue, EvidenceLine line) {
        if (!"MISMATCH".equals(issue.kind()) || issue.launchedUpTo().size() != 2) return null;
        List<Map.Entry<Long, Integer>> counts = new ArrayList<>(issue.launchedUpTo().entrySet());
        counts.sort(Map.Entry.comparingByValue());
        Map.Entry<Long, Integer> few = counts.get(0);
        Map.Entry<Long, Integer> many = counts.get(1);
        List<Integer> listed = new ArrayList<>();
        for (RasProcess p : issue.processes()) if (p.rank() != null) listed.add(p.rank());
        if (few.getValue() >= many.getValue() || few.getKey() <= many.getKey() || listed.size() != few.getValue()) return null;
        Integer size = null;
        for (RasCommunicators c : status.communicators()) {
            if (c.errors() != null && c.errors().contains("MISMATCH") && c.ranksPerComm() != null
                    && c.ranksPerComm().strip().matches("\\d{1,7}")) {
                size = Integer.valueOf(c.ranksPerComm().strip());
                break;
            }
        }
        return new RasAhead(List.copyOf(listed), few.getKey(), many.getKey(), many.getValue(), size, line);
    }

    private void addDmesg(Artifact a, DmesgData d) {
        String node = a.node().orElse(null);
        if (node == null) return;
        for (DmesgEvent e : d.events()) {
            boolean holds = e.type() == DmesgEventType.XID || e.type() == DmesgEventType.GPU_FALLEN_OFF_BUS
                    || e.type() == DmesgEventType.OOM_KILL
                    || e.type() == DmesgEventType.MLX5_PORT && e.state() != null && e.state().toUpperCase(java.util.Locale.ROOT).contains("DOWN");
            if (holds) host(node, a.quote(e.line(), e.message()));
        }
    }

    private void addIbstat(Artifact a, IbstatData d) {
        String node = a.node().orElse(null);
        if (node == null) return;
        for (IbDevice dev : d.devices()) {
            for (IbPort p : dev.ports()) {
                if (p.state() != null && p.state() != PortState.ACTIVE) host(node, a.quote(p.line(), dev.name() + " port " + p.port() + " " + p.state()));
            }
        }
    }

    private void host(String node, EvidenceLine line) {
        List<EvidenceLine> lines = hostEvidence.computeIfAbsent(node, k -> new ArrayList<>());
        if (lines.size() < 4) lines.add(line);
    }

    static boolean before(EvidenceLine a, EvidenceLine b) {
        int c = a.artifact().compareTo(b.artifact());
        return c < 0 || c == 0 && a.line() < b.line();
    }
}
