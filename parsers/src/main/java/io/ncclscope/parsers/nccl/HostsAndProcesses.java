package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_HOSTS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_PROCESSES;

import io.ncclscope.parsers.nccl.LimitNotices.CappedList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The hosts and processes named by the {@code host:pid:tid} prefixes of an NCCL log, interned so that a line of a known
 * process costs a comparison, and the messages already seen per process (for fact lines NCCL prints again and again).
 */
final class HostsAndProcesses {

    /** Most line hashes remembered to skip idempotent fact lines (rank, env, interface lines) cheaply. */
    private static final int MAX_SEEN_LINES = 1 << 16;
    /** Direct-mapped cache of recent processes by pid, for interleaved ranks. */
    private static final int PROCESS_CACHE = 256;

    private final NcclLinePrefix prefix;
    private final LimitNotices limits;
    private final List<String> hosts = new ArrayList<>();
    private final LongIntMap hostIndex = new LongIntMap(16);
    private final List<ProcessEntry> processes = new ArrayList<>();
    private final LongIntMap processIndex = new LongIntMap(16);
    private final ProcessEntry[] processCache = new ProcessEntry[PROCESS_CACHE];
    private final LongIntMap seenLines = new LongIntMap(32);
    /** The line being read (for the host of an event when the process cap was reached). */
    String currentLine;
    /** Where the message starts whose hash {@link #knownMessageHash} is, in the line being read; -1 when none is known. */
    int knownMessageStart = -1;
    /** The {@link LineRegions#messageHash} of the line being read from {@link #knownMessageStart}, a chunk thread's. */
    long knownMessageHash;

    HostsAndProcesses(NcclLinePrefix prefix, LimitNotices limits) {
        this.prefix = prefix;
        this.limits = limits;
    }

    void noteProcess(String line, int no) {
        prefix.process = null;
        if (prefix.pid < 0 || prefix.hostStart < 0) {
            // A libfabric line names its pid only: it is the process of the NCCL line before it when the pids match.
            ProcessEntry lp = prefix.lastProcess;
            if (prefix.libfabricAt >= 0 && lp != null && lp.pid == prefix.pid) prefix.process = lp;
            return;
        }
        ProcessEntry lp = prefix.lastProcess;
        int hl = prefix.hostEnd - prefix.hostStart;
        if (lp != null && lp.pid == prefix.pid && lp.host.length() == hl && line.regionMatches(prefix.hostStart, lp.host, 0, hl)) {
            prefix.process = lp;
            return;
        }
        int slot = (int) (prefix.pid ^ (prefix.pid >>> 7)) & (PROCESS_CACHE - 1);
        ProcessEntry cp = processCache[slot];
        if (cp != null && cp.pid == prefix.pid && cp.host.length() == hl && line.regionMatches(prefix.hostStart, cp.host, 0, hl)) {
            prefix.process = cp;
            prefix.lastProcess = cp;
            return;
        }
        long h = mix(mix(SEED, line, prefix.hostStart, prefix.hostEnd), prefix.pid);
        int idx = processIndex.get(h);
        if (idx >= 0) {
            prefix.process = processes.get(idx);
            prefix.lastProcess = prefix.process;
            processCache[slot] = prefix.process;
            return;
        }
        String host = hostOf(line);
        if (processes.size() >= MAX_PROCESSES) {
            limits.reached(CappedList.PROCESSES, no, "more than " + MAX_PROCESSES + " processes: the rest are not listed");
            return;
        }
        ProcessEntry p = new ProcessEntry(host, prefix.pid, prefix.cudaDev >= 0 ? prefix.cudaDev : null, no, h, mix(SEED, line, prefix.hostStart, prefix.hostEnd));
        processes.add(p);
        processIndex.put(h, processes.size() - 1);
        prefix.process = p;
        prefix.lastProcess = p;
        processCache[slot] = p;
    }

    /** The host of the current line's prefix as an interned string; null when the line has none. */
    String host(String line) {
        if (prefix.process != null) return prefix.process.host;
        return prefix.hostStart >= 0 ? hostOf(line) : null;
    }

    String hostOf(String line) {
        long h = mix(SEED, line, prefix.hostStart, prefix.hostEnd);
        int idx = hostIndex.get(h);
        if (idx >= 0) return hosts.get(idx);
        String host = line.substring(prefix.hostStart, prefix.hostEnd);
        if (hosts.size() < MAX_HOSTS) {
            hosts.add(host);
            hostIndex.put(h, hosts.size() - 1);
        } else {
            limits.reached(CappedList.HOSTS, 0, "more than " + MAX_HOSTS + " hosts: the rest are not listed");
        }
        return host;
    }

    /** True when this exact message was already seen from this host and pid (for idempotent fact lines). */
    boolean seenBefore(String line) {
        long h = lineKey(line) ^ 0x5bd1e995L;
        if (seenLines.contains(h)) return true;
        if (seenLines.size() < MAX_SEEN_LINES) seenLines.put(h, 0);
        return false;
    }

    /**
     * {@return {@link #seenBefore}'s answer for a line of {@code process} whose message has {@code messageHash}, when that
     * line is seen before; false (and nothing remembered) when not}
     *
     * @param process     the line's process
     * @param messageHash its message's {@link LineRegions#messageHash}
     */
    boolean seen(ProcessEntry process, long messageHash) {
        return seenLines.contains(lineKey(process, messageHash) ^ 0x5bd1e995L);
    }

    /** {@link #lineKey} of a line of {@code process} whose message has {@code messageHash}. */
    static long lineKey(ProcessEntry process, long messageHash) {
        return mix(process.hash, messageHash);
    }

    /** Hash of host, pid and message of the current NCCL line. */
    long lineKey(String line) {
        if (prefix.process != null) return lineKey(prefix.process, messageHash(line));
        long h = SEED;
        if (prefix.hostStart >= 0) h = mix(h, line, prefix.hostStart, prefix.hostEnd);
        h = mix(h, prefix.pid);
        return mix(h, messageHash(line));
    }

    /** The {@link LineRegions#messageHash} of the current NCCL line's message. */
    long messageHash(String line) {
        int m = prefix.msgStart;
        return m == knownMessageStart ? knownMessageHash : LineRegions.messageHash(line, m, line.length());
    }

    List<String> hosts() {
        return hosts;
    }

    /**
     * The processes, each with its rank in the largest communicator it initialised ({@code rankOfProcess}, keyed
     * {@code host|pid}), and the host of every pid.
     */
    List<NcclProcess> processes(Map<String, int[]> rankOfProcess, Map<String, String> pidHosts) {
        List<NcclProcess> procs = new ArrayList<>(processes.size());
        for (ProcessEntry p : processes) {
            int[] r = rankOfProcess.get(p.host + "|" + p.pid);
            procs.add(new NcclProcess(p.host, p.pid, r == null ? null : r[0], p.cudaDev, p.line));
            pidHosts.putIfAbsent(Long.toString(p.pid), p.host);
        }
        return procs;
    }
}
