package io.ncclscope.sdk.diagnose.hangs;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which ranks lost their connection to a peer process, and which ranks of the job left a trace of their own: the
 * question "did a rank's process die?". gloo prints {@code Connection closed by peer [10.0.0.2]:19133} or {@code Read
 * error [..]: Connection reset by peer} (tcp/pair.cc), NCCL {@code socketProgress: Connection closed by remote peer
 * node2<42830>}: the peer's kernel closed or reset the socket, which it does when the process exits or is killed, not
 * when a cable or switch fails (a network fault leaves the peers waiting until a timeout). A rank whose peers lost it
 * while it left no Flight Recorder dump, no watchdog line and no error of its own is the process that died (the real
 * capture examples/hangs/captured-2.11/gloo-killed: rank 2 SIGKILLed, ranks 0, 1 and 3 lost it). Small: a line per
 * reporting rank, the ranks seen, and the distinct rank lists of the dumps' {@code pg_config}.
 */
final class LostConnections {

    /** Most ranks a job is taken to have (the rank lists of {@code pg_config} are read up to it). */
    static final int MAX_RANKS = 1 << 16;
    /** Most distinct {@code pg_config} rank lists and NCCL interface addresses kept. */
    private static final int MAX_LISTS = 256;

    /** A rank's first lost connection: the peer's address as printed, and the line. */
    record Lost(String peer, EvidenceLine line) {
    }

    /** A rank's first timeout waiting for its peers, and the line. */
    record TimedOut(Long timeoutMs, EvidenceLine line) {
    }

    private final Map<Integer, Lost> lost = new TreeMap<>();
    private final Map<Integer, TimedOut> timeouts = new TreeMap<>();
    private final Set<Integer> known = new HashSet<>();
    private final Set<Integer> traced = new HashSet<>();
    private final Set<String> rankLists = new HashSet<>();
    private final Map<String, String> addressHost = new HashMap<>();
    /** A launcher's report that a rank's process failed (torchrun's {@code exitcode: -9}), quoted when it died. */
    private final Map<Integer, EvidenceLine> exits = new TreeMap<>();

    void lost(int rank, String peer, EvidenceLine line) {
        lost.merge(rank, new Lost(peer, line), (had, now) -> HangPass.before(now.line(), had.line()) ? now : had);
        known(rank);
    }

    /** A rank the job has: it left a file, an NCCL init line, or a dump names it. */
    void known(int rank) {
        if (rank >= 0 && known.size() < MAX_RANKS) known.add(rank);
    }

    /** A rank that left a trace of its own (a dump, a watchdog line, an error): alive at the hang, or failing visibly. */
    void traced(int rank) {
        if (traced.size() < MAX_RANKS) traced.add(rank);
        known(rank);
    }

    /** A rank that gave up waiting for its peers in a collective (gloo's {@code Timed out waiting 10000ms for recv}). */
    void timedOut(int rank, Long timeoutMs, EvidenceLine line) {
        timeouts.merge(rank, new TimedOut(timeoutMs, line), (had, now) -> HangPass.before(now.line(), had.line()) ? now : had);
        traced(rank);
    }

    /** {@return the ranks that timed out waiting for their peers, by rank, with their first such line} */
    Map<Integer, TimedOut> timeouts() {
        return timeouts;
    }

    /**
     * {@return the ranks that came late, lowest first: ranks that lost their connections but never timed out while
     * other ranks timed out waiting for their peers. The others waited, gave up and closed their sockets; the late
     * rank reached the collective afterwards and found its peers gone (the real capture
     * examples/hangs/captured-2.11/gloo-sleep: rank 1 slept 40 s in Python, ranks 0, 2 and 3 timed out after 10 s).
     * Empty when no rank timed out, or when more ranks lost connections than timed out (a death, not a late rank)}
     */
    List<Integer> late() {
        if (timeouts.isEmpty()) return List.of();
        List<Integer> late = new ArrayList<>();
        for (Integer r : lost.keySet()) if (!timeouts.containsKey(r)) late.add(r);
        return late.size() > timeouts.size() ? List.of() : late;
    }

    void exited(int rank, EvidenceLine line) {
        exits.putIfAbsent(rank, line);
        known(rank);
    }

    /** A dump's {@code pg_config} ranks ({@code [0, 1, 2, 3]}), read only when a connection was lost. */
    void rankList(String ranks) {
        if (ranks != null && rankLists.size() < MAX_LISTS) rankLists.add(ranks);
    }

    /** An address NCCL bound on a host ({@code Bootstrap : Using eth0:10.0.0.2<0>}). */
    void address(String address, String host) {
        if (addressHost.size() < MAX_LISTS * 16) addressHost.putIfAbsent(address, host);
    }

    /** {@return the lines of the ranks that lost a connection, by rank} */
    Map<Integer, Lost> reporters() {
        return lost;
    }

    EvidenceLine exit(int rank) {
        return exits.get(rank);
    }

    /**
     * {@return the ranks whose process died, lowest first: ranks of the job that neither lost a connection nor left a
     * trace, narrowed to the hosts the lost connections name where the rank to host map says; empty when fewer than two
     * ranks lost a connection, none is silent, or more are silent than lost them (the logs of part of the job only)}
     *
     * @param places where each rank ran
     */
    List<Integer> dead(Map<Integer, RankPlace> places) {
        // Several ranks must have lost it: one rank's lost connection (a two-rank job, a peer whose own log is
        // elsewhere) names no death.
        if (lost.size() < 2) return List.of();
        for (String list : rankLists) ranksOf(list);
        TreeSet<Integer> silent = new TreeSet<>(known);
        silent.removeAll(lost.keySet());
        silent.removeAll(traced);
        Set<String> hosts = new HashSet<>();
        for (Lost l : lost.values()) {
            if (l.peer() != null && !loopback(l.peer())) hosts.add(addressHost.getOrDefault(l.peer(), l.peer()));
        }
        List<Integer> there = new ArrayList<>();
        for (Integer r : silent) {
            RankPlace p = places.get(r);
            if (p != null && p.host() != null && hosts.contains(p.host())) there.add(r);
        }
        List<Integer> dead = there.isEmpty() ? new ArrayList<>(silent) : there;
        return dead.isEmpty() || dead.size() > lost.size() ? List.of() : dead;
    }

    /** {@return the peers' addresses the reporters name, distinct, in rank order} */
    List<String> peers() {
        List<String> out = new ArrayList<>();
        for (Lost l : lost.values()) if (l.peer() != null && !out.contains(l.peer()) && out.size() < 4) out.add(l.peer());
        return out;
    }

    /** {@return true when every lost connection names a loopback address: the dead rank ran on the reporters' host} */
    boolean allLoopback() {
        for (Lost l : lost.values()) if (l.peer() == null || !loopback(l.peer())) return false;
        return !lost.isEmpty();
    }

    private static boolean loopback(String address) {
        return address.startsWith("127.") || address.equals("::1") || address.equals("localhost");
    }

    /** {@code [0, 1, 2, 3]}, and {@code [0, ..., 1023]} as a range. */
    private void ranksOf(String list) {
        int previous = -1;
        boolean gap = false;
        int i = 0;
        int n = list.length();
        while (i < n && known.size() < MAX_RANKS) {
            char c = list.charAt(i);
            if (c >= '0' && c <= '9') {
                int j = i;
                long v = 0;
                while (j < n && j - i < 7 && Character.isDigit(list.charAt(j))) v = v * 10 + (list.charAt(j++) - '0');
                if (gap && previous >= 0 && v - previous <= MAX_RANKS) {
                    for (long r = previous + 1; r < v && known.size() < MAX_RANKS; r++) known.add((int) r);
                }
                known((int) v);
                previous = (int) v;
                gap = false;
                i = j;
            } else {
                if (c == '.') gap = true;
                i++;
            }
        }
    }
}
