package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_RANKS;

import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.nccl.LimitNotices.CappedList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The communicator lines: {@code comm 0x... rank 0 nranks 16 cudaDev 0 ... - Init START}, the {@code nRanks 1 nNodes 1
 * localRanks 1 localRank 0} line, {@code - Destroy COMPLETE}, and 2.3's {@code rank 0 nranks 8}; one rank per host,
 * process, communicator and rank.
 */
final class CommunicatorLines {

    private final NcclLinePrefix prefix;
    private final HostsAndProcesses hostsAndProcesses;
    private final LimitNotices limits;
    private final Map<String, RankEntry> ranks = new LinkedHashMap<>();
    private long ranksDropped;

    CommunicatorLines(NcclLinePrefix prefix, HostsAndProcesses hostsAndProcesses, LimitNotices limits) {
        this.prefix = prefix;
        this.hostsAndProcesses = hostsAndProcesses;
        this.limits = limits;
    }

    /**
     * {@code comm 0x... rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1c000 commId 0x... - Init START}, the
     * {@code nRanks 1 nNodes 1 localRanks 1 localRank 0} line, {@code - Destroy COMPLETE}, and 2.3's {@code rank 0 nranks 8}.
     */
    void onComm(String line, int no, int p) {
        if (hostsAndProcesses.seenBefore(line)) return;
        // The words of line.substring(p).trim().split(" "), read where they lie: a word is copied only as the value
        // of a key read here, not every word of every communicator line (a paste's biggest parse allocation after its lines).
        int from = p;
        int to = line.length();
        while (from < to && line.charAt(from) <= ' ') from++;
        while (to > from && line.charAt(to - 1) <= ' ') to--;
        String comm = null;
        Integer rank = null;
        Integer nranks = null;
        Integer cdev = null;
        Integer nvml = null;
        String bus = null;
        String commId = null;
        Integer nNodes = null;
        Integer localRank = null;
        Integer localRanks = null;
        Boolean complete = null;
        boolean destroyed = false;
        for (int k = from; k <= to; ) {
            int kEnd = wordEnd(line, k, to);
            String key = key(line, k, kEnd);
            if (key != null) {
                // The value is the next word (empty between two spaces), or none after the last word.
                String v = kEnd < to ? line.substring(kEnd + 1, wordEnd(line, kEnd + 1, to)) : null;
                switch (key) {
                    case "comm" -> comm = v;
                    case "rank" -> rank = ToolValues.integer(v);
                    case "nranks", "nRanks" -> nranks = ToolValues.integer(v);
                    case "cudaDev" -> cdev = ToolValues.integer(v);
                    case "nvmlDev" -> nvml = ToolValues.integer(v);
                    case "busId" -> bus = v;
                    case "commId" -> commId = v;
                    case "nNodes" -> nNodes = ToolValues.integer(v);
                    case "localRank" -> localRank = ToolValues.integer(v);
                    case "localRanks" -> localRanks = ToolValues.integer(v);
                    case "Init" -> complete = "COMPLETE".equals(v) ? Boolean.TRUE : "START".equals(v) ? Boolean.FALSE : complete;
                    case "Destroy" -> destroyed = true;
                    default -> throw new IllegalStateException(key); // KEYS and the cases name the same words
                }
            }
            k = kEnd + 1;
        }
        if (rank == null) return;
        String host = hostsAndProcesses.host(line);
        Long pidL = prefix.pid >= 0 ? prefix.pid : null;
        String key = host + "|" + pidL + "|" + comm + "|" + rank;
        RankEntry r = ranks.get(key);
        if (r == null) {
            if (ranks.size() >= MAX_RANKS) {
                ranksDropped++;
                limits.reached(CappedList.RANKS, no, "more than " + MAX_RANKS + " communicator ranks: the rest are counted");
                return;
            }
            r = new RankEntry();
            r.host = host;
            r.pid = pidL;
            r.rank = rank;
            r.comm = comm;
            r.line = no;
            ranks.put(key, r);
        }
        if (r.nranks == null) r.nranks = nranks;
        if (r.cudaDev == null) r.cudaDev = cdev != null ? cdev : null;
        if (r.nvmlDev == null) r.nvmlDev = nvml;
        if (r.busIdRaw == null) r.busIdRaw = bus;
        if (r.commId == null) r.commId = commId;
        if (r.nNodes == null) r.nNodes = nNodes;
        if (r.localRank == null) r.localRank = localRank;
        if (r.localRanks == null) r.localRanks = localRanks;
        if (complete != null && !Boolean.TRUE.equals(r.initComplete)) r.initComplete = complete;
        r.destroyed |= destroyed;
    }

    /** The words {@link #onComm} reads the value after. */
    private static final String[] KEYS = {"comm", "rank", "nranks", "nRanks", "cudaDev", "nvmlDev", "busId", "commId",
        "nNodes", "localRank", "localRanks", "Init", "Destroy"};

    /** {@return the one of {@link #KEYS} that {@code line} holds from {@code from} to {@code to}, or null} */
    private static String key(String line, int from, int to) {
        for (String k : KEYS) {
            if (k.length() == to - from && line.startsWith(k, from)) return k;
        }
        return null;
    }

    /** {@return where the word of {@code line} that starts at {@code from} ends: the next space, or {@code to}} */
    private static int wordEnd(String line, int from, int to) {
        int sp = line.indexOf(' ', from);
        return sp < 0 || sp > to ? to : sp;
    }

    /** The ranks as records; fills {@code rankOfProcess} ({@code host|pid}: rank and size of its largest communicator). */
    List<NcclRank> ranks(Map<String, int[]> rankOfProcess) {
        List<NcclRank> rankList = new ArrayList<>(ranks.size());
        for (RankEntry r : ranks.values()) {
            String bus = r.busIdRaw == null ? null : ToolValues.ncclInt64BusId(r.busIdRaw);
            rankList.add(new NcclRank(r.host, r.pid, r.rank, r.nranks, r.cudaDev, r.nvmlDev, bus, r.busIdRaw, r.comm,
                    r.commId, r.nNodes, r.localRank, r.localRanks, r.initComplete, r.destroyed, r.line));
            if (r.host != null && r.pid != null) {
                String k = r.host + "|" + r.pid;
                int size = r.nranks == null ? 0 : r.nranks;
                int[] best = rankOfProcess.get(k);
                if (best == null || size > best[1]) rankOfProcess.put(k, new int[] {r.rank, size});
            }
        }
        return rankList;
    }

    long ranksDropped() {
        return ranksDropped;
    }
}
