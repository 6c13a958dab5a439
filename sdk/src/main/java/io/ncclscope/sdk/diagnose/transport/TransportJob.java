package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.sdk.diagnose.internal.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One NCCL job as the transport checks read it: the logs that belong together (one log, or per-node logs sharing a
 * communicator id, {@link #byCommunicator}), their facts merged by host, its NCCL variables, where its ranks run and
 * whether it spans nodes. Made at finish from the logs' summaries; not shared between threads.
 */
final class TransportJob {

    /** Whether a job spans nodes. */
    enum Span { MULTI_NODE, SINGLE_NODE, UNKNOWN }

    /** Hosts named in a detail before {@code (+N)}. */
    static final int HOSTS_SHOWN = 8;

    final List<LogSummary> logs;
    /** Hosts in order of appearance, each with its logs' summaries of it; a log without host prefixes gives its artifact's node, or {@code null}. */
    private final Map<String, List<HostFacts>> parts = new LinkedHashMap<>();
    /** NCCL variables: the first log's setting of each name. */
    final Map<String, LogFact<EnvSetting>> env = new LinkedHashMap<>();
    /** Rank to host, from the rank lines (ranks of the largest communicator win). */
    final Map<Integer, String> rankHost = new HashMap<>();
    final Span span;
    private final List<String> names;
    private Map<Integer, Integer> gpus;

    /** @param logs the job's logs, in order */
    TransportJob(List<LogSummary> logs) {
        this.logs = List.copyOf(logs);
        for (LogSummary s : logs) {
            for (HostFacts h : s.hosts) parts.computeIfAbsent(h.name, k -> new ArrayList<>()).add(h);
            s.rankHost.forEach(rankHost::putIfAbsent);
            s.env.forEach(env::putIfAbsent);
        }
        this.names = parts.keySet().stream().filter(Objects::nonNull).toList();
        this.span = spans();
    }

    /**
     * {@return {@code logs} grouped into jobs: logs that share a communicator id (directly or through others) are one
     * job; groups in the order of their first log, logs in their own order}
     */
    static <T> List<List<T>> byCommunicator(List<T> logs, Function<T, ? extends Iterable<String>> commIds) {
        int n = logs.size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        Map<String, Integer> byComm = new HashMap<>();
        for (int i = 0; i < n; i++) {
            for (String c : commIds.apply(logs.get(i))) {
                if (c == null) continue;
                Integer j = byComm.putIfAbsent(c, i);
                if (j != null) union(parent, i, j);
            }
        }
        Map<Integer, List<T>> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) groups.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(logs.get(i));
        return new ArrayList<>(groups.values());
    }

    private static int find(int[] p, int i) {
        while (p[i] != i) {
            p[i] = p[p[i]];
            i = p[i];
        }
        return i;
    }

    private static void union(int[] p, int a, int b) {
        int x = find(p, a), y = find(p, b);
        if (x != y) p[Math.max(x, y)] = Math.min(x, y);
    }

    /** {@return the host named {@code name}: what every log of the job says about it, merged in log order} */
    private HostFacts host(String name) {
        List<HostFacts> ps = parts.get(name);
        if (ps.size() == 1) return ps.get(0); // frozen, and the checks only read: merged alone, it would be its copy
        HostFacts h = new HostFacts(name);
        for (HostFacts p : ps) h.merge(p);
        return h;
    }

    /** {@return the job's hosts in order, each merged when reached and let go after} */
    Iterable<HostFacts> hosts() {
        return () -> parts.keySet().stream().map(this::host).iterator();
    }

    /** {@return whether the job has no host} */
    boolean noHosts() {
        return parts.isEmpty();
    }

    /** {@return whether the job runs on one host at most: then a record of no node is read as that host's} */
    boolean alone() {
        return names.size() <= 1;
    }

    /** The job's only host; null when it has several or none. */
    String onlyHost() {
        return names.size() == 1 ? names.get(0) : null;
    }

    /** How a detail names where: the hosts, else the log's name. */
    String where() {
        return names.isEmpty() ? logs.get(0).name : Names.upTo(names, HOSTS_SHOWN);
    }

    /**
     * {@return the IB device of NCCL index {@code index} that host {@code h} names, else the first any host of the job
     * names, in host order; null when none or no index}
     */
    LogFact<IbDevice> ibDevice(HostFacts h, OptionalInt index) {
        if (index.isEmpty()) return null;
        return Stream.concat(Stream.of(h), parts.values().stream().flatMap(List::stream)).flatMap(p -> p.ibDevices.stream())
                .filter(d -> d.value().index() == index.getAsInt()).findFirst().orElse(null);
    }

    /** The value of an NCCL variable, stripped; null when not set. */
    String env(String name) {
        LogFact<EnvSetting> e = env.get(name);
        String v = e == null ? null : e.value().value();
        return v == null ? null : v.strip();
    }

    /** True when an NCCL variable is set to a true integer ({@code 1}, {@code 2}...), NCCL's reading of booleans. */
    boolean envOn(String name) {
        return TransportTerms.isOn(env(name));
    }

    /**
     * {@return whether path level {@code level} ({@code NCCL_P2P_LEVEL}, {@code NCCL_NET_GDR_LEVEL}) keeps NCCL from
     * using P2P or GDR over {@code path}: every path at {@code LOC} or {@code NVL}, else a {@code topo -m} path farther
     * than the level; false for no level}
     *
     * @param level the level the variable names; null when unset or no level
     * @param path  the devices' path; null when not known (then kept off only at {@code LOC} or {@code NVL})
     */
    static boolean levelKeepsOff(PathType level, TopoPath path) {
        if (level == null) return false;
        if (level.rank() <= PathType.NV.rank()) return true;
        return path != null && path.type().isPath() && path.type().rank() > level.rank();
    }

    /** {@return {@code NAME=value} of a setting} */
    static String setting(LogFact<EnvSetting> e) {
        return e.value().name() + "=" + e.value().value();
    }

    private Span spans() {
        int maxNodes = 0;
        int maxRanks = 0;
        boolean localAll = false;
        boolean localFewer = false;
        boolean net = false;
        Boolean testsMulti = null;
        for (LogSummary s : logs) {
            maxNodes = Math.max(maxNodes, s.maxNodes);
            maxRanks = Math.max(maxRanks, s.maxRanks);
            localAll |= s.localAll;
            localFewer |= s.localFewer;
            net |= s.net;
            if (s.testsMultiNode != null) {
                // Its "on HOST" names need not match the NCCL prefixes (localhost vs hostname): only its verdict counts.
                testsMulti = testsMulti == null ? s.testsMultiNode : testsMulti || s.testsMultiNode;
            }
        }
        // NET between ranks means NCCL saw them on different hosts, unless P2P and SHM are both switched off.
        boolean netIntra = envOn("NCCL_P2P_DISABLE") && envOn("NCCL_SHM_DISABLE");
        if (maxNodes > 1 || names.size() > 1) return Span.MULTI_NODE;
        if ((net && !netIntra) || localFewer || Boolean.TRUE.equals(testsMulti)) return Span.MULTI_NODE;
        if (maxNodes == 1 || Boolean.FALSE.equals(testsMulti) || localAll || maxRanks == 1) return Span.SINGLE_NODE;
        // Every rank of the communicator seen, all on one host.
        if (maxRanks > 0 && names.size() <= 1) {
            Set<Integer> seen = new HashSet<>();
            for (LogSummary s : logs) if (s.maxRanks == maxRanks) seen.addAll(s.ranksAtMax);
            if (seen.size() == maxRanks) return Span.SINGLE_NODE;
        }
        return Span.UNKNOWN;
    }

    /** The GPU index ({@code 3} of {@code GPU3}) of a rank on a host: NVML index when printed, else the CUDA device. */
    Integer gpuOf(int rank) {
        if (gpus == null) {
            gpus = new HashMap<>();
            for (List<HostFacts> ps : parts.values()) for (HostFacts p : ps) p.gpus.forEach(gpus::putIfAbsent);
        }
        return gpus.get(rank);
    }

    @Override
    public String toString() {
        return "TransportJob" + names;
    }
}
