package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.Direction;
import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.nccl.TransportType;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One NCCL job as the transport checks read it: the logs that belong together (one log, or per-node logs sharing a
 * communicator id), each cut by {@link Log#of} to what the checks read, with their facts merged by host. The logs
 * are summarized as each slice is read; jobs are joined once every slice has been read. Not shared between threads.
 */
final class Job {

    /** Whether a job spans nodes. */
    enum Tri { YES, NO, UNKNOWN }

    /** The NCCL variables the checks read. */
    private static final Set<String> ENV = Set.of("NCCL_IB_DISABLE", "NCCL_NET", "NCCL_SOCKET_IFNAME",
            "NCCL_NET_GDR_LEVEL", "NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL", "NCCL_SHM_DISABLE");

    /** Lines of one kind a finding quotes per host ({@code TransportAnalyzer.LINES}). */
    private static final int LINES = 3;

    /**
     * A fact with its line, quoted when a finding shows it: from the artifact's text (re-read from its file, as a quote
     * made while the slice was read would be) when {@code quotable}, else from the parser's copy of the fact. A quote is
     * made only for the few lines a finding shows, so that a log's summary holds no line texts.
     *
     * @param value    the fact
     * @param src      a stub of the artifact it came from, shared by every fact of that artifact
     * @param quotable whether a finding quotes the artifact's text of the line (else the parser's copy)
     */
    record At<T>(T value, Artifact src, boolean quotable) {
        EvidenceLine quote(int line, String fallback) {
            return quotable ? src.quote(line, fallback) : new EvidenceLine(src.name(), line, fallback);
        }
    }

    /**
     * What one log says about one host, or (in a job) what all its logs say: the facts each check reads, cut to the
     * ones that can change a finding or show in one.
     */
    static final class Host {
        final String name;
        /** Every interface line; the first {@value #LINES} of each name (and the first socket one) quoted. */
        List<At<NcclInterface>> interfaces = new ArrayList<>();
        /** The first network, the first Socket one, the first other one and the first RDMA one, in line order. */
        List<At<NetworkChoice>> networks = new ArrayList<>();
        /** The events the checks read, only those that can change or show in a finding. */
        List<At<NcclEvent>> events = new ArrayList<>();
        /** The first IB device of each index. */
        List<At<IbDevice>> ibDevices = new ArrayList<>();
        /** What the host's connection lines say; null when the log has none for it (most logs of a bundle). */
        private Conn conn;
        /** A rank line shows more than one local rank. */
        boolean severalLocal;
        /** Rank to GPU (NVML index, else CUDA device): the first line of each rank. */
        Map<Integer, Integer> gpus = new HashMap<>();

        Host(String name) {
            this.name = name;
        }

        /** Adds what another log says about this host after what is here. */
        void merge(Host o) {
            interfaces.addAll(o.interfaces);
            networks.addAll(o.networks);
            events.addAll(o.events);
            ibDevices.addAll(o.ibDevices);
            if (o.conn != null) connW().merge(o.conn);
            severalLocal |= o.severalLocal;
            o.gpus.forEach(gpus::putIfAbsent);
        }

        /** Lets go of the room the lists grew into: a log's summary is kept until every slice has been read. */
        void freeze(Shared shared) {
            interfaces = List.copyOf(interfaces);
            networks = List.copyOf(networks);
            events = List.copyOf(events);
            ibDevices = List.copyOf(ibDevices);
            if (conn != null) conn.freeze(shared);
            gpus = shared.of(Map.copyOf(gpus));
        }

        /** {@return what the host's connection lines say (nothing when it has none)} */
        Conn conn() {
            return conn == null ? Conn.NONE : conn;
        }

        /** {@return the host's connections, to add to} */
        private Conn connW() {
            if (conn == null) conn = new Conn();
            return conn;
        }
    }

    /** What one host's connection lines ("Channel ... via ...") say, for the checks that read them. */
    static final class Conn {
        /** No connection line. */
        static final Conn NONE = new Conn();

        static {
            NONE.freeze(null);
        }

        /** Network connections over Socket, over another network. */
        boolean socketNet;
        boolean otherNet;
        /** The first connection over Socket, of any type. */
        At<NcclTransport> firstSocket;
        /** Network connections over Socket: the first of each device index. */
        List<At<NcclTransport>> socketDevs = new ArrayList<>();
        /** Receive connections over an RDMA network: lines and connections, all and those without GDRDMA. */
        int recvLines;
        int withoutLines;
        long recvCount;
        long withoutCount;
        /** The paths of receive connections without GDRDMA, in order. */
        List<String> withoutVias = new ArrayList<>();
        /** The first receive connections without GDRDMA. */
        List<At<NcclTransport>> without = new ArrayList<>();
        /** The first receive connection with GDRDMA. */
        At<NcclTransport> withGdr;
        /**
         * Connections that may join two GPUs of this host, in line order: SHM lines and network lines between ranks
         * the log puts on this host (the first {@value #LINES} of each pair and path, quoted), and network lines to a
         * rank the log does not place (the first of each rank pair), which the job's other logs may put here.
         */
        List<At<NcclTransport>> intra = new ArrayList<>();

        /** Adds what another log says about the host's connections after what is here. */
        private void merge(Conn o) {
            socketNet |= o.socketNet;
            otherNet |= o.otherNet;
            if (firstSocket == null) firstSocket = o.firstSocket;
            socketDevs.addAll(o.socketDevs);
            recvLines += o.recvLines;
            withoutLines += o.withoutLines;
            recvCount += o.recvCount;
            withoutCount += o.withoutCount;
            for (String v : o.withoutVias) if (!withoutVias.contains(v)) withoutVias.add(v);
            without.addAll(o.without);
            if (withGdr == null) withGdr = o.withGdr;
            intra.addAll(o.intra);
        }

        private void freeze(Shared shared) {
            socketDevs = List.copyOf(socketDevs);
            withoutVias = shared == null ? List.of() : shared.of(List.copyOf(withoutVias));
            without = List.copyOf(without);
            intra = List.copyOf(intra);
        }
    }

    /** One NCCL log (an nccl-log artifact, or the NCCL lines of an nccl-tests output) cut to what the checks read. */
    static final class Log {
        final String name;
        /** The pass's shared values, while the log is read. */
        private Shared shared;
        /** A stub of the log's artifact, to quote the few lines findings show once every slice has been read. */
        final Artifact src;
        /** For NCCL lines inside an nccl-tests output, that output's own multi-node verdict; else null. */
        final Boolean testsMultiNode;
        Collection<String> commIds = new LinkedHashSet<>();
        /** Hosts in order of appearance; a line without a host prefix counts for the log's own host, or null. */
        private Map<String, Host> byName = new LinkedHashMap<>();
        /** {@link #byName}'s hosts, once read. */
        List<Host> hosts;
        /** The NCCL variables the checks read: NCCL's own "set by environment" line first, else the first setting. */
        Map<String, At<EnvSetting>> env = new HashMap<>();
        /** Rank to host for the ranks of the log's largest communicator, the first line of each rank. */
        Map<Integer, String> rankHost = new HashMap<>();
        int maxNodes;
        int maxRanks;
        boolean localAll;
        boolean localFewer;
        /** A NET or COLLNET connection. */
        boolean net;
        /** The ranks of communicators of {@link #maxRanks} ranks. */
        List<Integer> ranksAtMax = List.of();

        private Log(Artifact src, Boolean testsMultiNode, Shared shared) {
            this.shared = shared;
            this.name = src.name();
            this.src = src;
            this.testsMultiNode = testsMultiNode;
        }

        /**
         * {@return the summary of log {@code l} of artifact {@code a}}
         *
         * @param a              the artifact, for its name, node and lines
         * @param l              the log
         * @param testsMultiNode an nccl-tests output's multi-node verdict; null for an NCCL log
         * @param shared         the pass's one instance of each equal value kept
         */
        static Log of(Artifact a, NcclLog l, Boolean testsMultiNode, Shared shared) {
            Log s = new Log(a.stub(), testsMultiNode, shared);
            String own = l.hosts().size() == 1 ? l.hosts().get(0) : a.node().orElse(null);
            for (String h : l.hosts()) s.host(h, own);
            // Hosts join in the order of their first fact of any kind, as the whole log would order them.
            for (NcclInterface i : l.interfaces()) s.host(i.host(), own);
            for (NetworkChoice c : l.networks()) s.host(c.host(), own);
            for (NcclTransport t : l.transports()) s.host(t.host(), own);
            for (NcclEvent e : l.events()) s.host(e.host(), own);
            for (IbDevice d : l.ibDevices()) s.host(d.host(), own);
            for (NcclRank r : l.ranks()) s.host(r.host(), own);
            s.ranks(l, own);
            s.interfaces(l, own);
            s.networks(l, own);
            s.events(l, own);
            s.ibDevices(l, own);
            s.transports(l, own);
            for (EnvSetting e : l.envSettings()) {
                if (ENV.contains(e.name()) && "nccl".equals(e.origin()) && !s.env.containsKey(e.name())) {
                    s.env.put(e.name(), new At<>(s.shared.of(new EnvSetting(s.shared.of(e.name()), s.shared.of(e.value()), s.shared.of(e.origin()), null, e.line())), s.src, true));
                }
            }
            for (EnvSetting e : l.envSettings()) {
                if (ENV.contains(e.name()) && !s.env.containsKey(e.name())) {
                    s.env.put(e.name(), new At<>(s.shared.of(new EnvSetting(s.shared.of(e.name()), s.shared.of(e.value()), s.shared.of(e.origin()), null, e.line())), s.src, true));
                }
            }
            s.hosts = List.copyOf(s.byName.values());
            s.byName = null;
            for (Host h : s.hosts) h.freeze(s.shared);
            s.commIds = s.shared.of(List.copyOf(s.commIds));
            s.env = Map.copyOf(s.env);
            s.rankHost = s.shared.of(Map.copyOf(s.rankHost));
            s.shared = null;
            return s;
        }

        private Host host(String lineHost, String own) {
            String n = lineHost != null ? lineHost : own;
            Host h = byName.get(n);
            if (h == null) byName.put(n, h = new Host(shared.of(n)));
            return h;
        }

        private void ranks(NcclLog l, String own) {
            int largest = 0;
            for (NcclRank r : l.ranks()) {
                if (r.commId() != null) commIds.add(shared.of(r.commId()));
                if (r.nranks() != null) largest = Math.max(largest, r.nranks());
                if (r.nNodes() != null) maxNodes = Math.max(maxNodes, r.nNodes());
                if (r.localRanks() != null && r.nranks() != null) {
                    if (r.localRanks() < r.nranks()) localFewer = true;
                    if (r.localRanks().equals(r.nranks())) localAll = true;
                }
                Host h = host(r.host(), own);
                if (r.localRanks() != null && r.localRanks() > 1) h.severalLocal = true;
                Integer g = r.nvmlDev() != null ? r.nvmlDev() : r.cudaDev();
                if (g != null) h.gpus.putIfAbsent(r.rank(), g);
            }
            maxRanks = largest;
            Set<Integer> atMax = new LinkedHashSet<>();
            for (NcclRank r : l.ranks()) {
                String h = r.host() != null ? r.host() : own;
                if (h != null && (r.nranks() == null || r.nranks() == largest)) rankHost.putIfAbsent(r.rank(), shared.of(h));
                if (r.nranks() != null && r.nranks() == largest) atMax.add(r.rank());
            }
            ranksAtMax = shared.of(List.copyOf(atMax));
        }

        private void interfaces(NcclLog l, String own) {
            Map<String, Integer> perName = new HashMap<>();
            Set<Host> socketSeen = new HashSet<>();
            Set<List<Object>> seen = new HashSet<>();
            for (NcclInterface i : l.interfaces()) {
                Host h = host(i.host(), own);
                boolean quote = i.kind() == io.ncclscope.parsers.nccl.InterfaceKind.SOCKET && socketSeen.add(h);
                boolean again = !seen.add(Arrays.asList(h, i.kind(), i.name(), i.address(), i.index()));
                if (i.name() != null && !i.name().isEmpty()) {
                    int n = perName.merge(h.name + '\u0000' + i.name(), 1, Integer::sum);
                    quote |= n <= LINES;
                    // A line that repeats one already kept, after the lines of its name a finding quotes (every
                    // process of a node prints the same "Bootstrap : Using"), adds nothing: its name's roles and
                    // addresses are known and its line is never quoted.
                    if (again && n > LINES) continue;
                }
                h.interfaces.add(new At<>(slim(i, shared), src, quote));
            }
        }

        private void networks(NcclLog l, String own) {
            Map<Host, boolean[]> seen = new HashMap<>();
            for (NetworkChoice c : l.networks()) {
                Host h = host(c.host(), own);
                // first, first Socket, first other, first RDMA
                boolean[] s = seen.computeIfAbsent(h, k -> new boolean[4]);
                boolean socket = c.name().equalsIgnoreCase("Socket");
                boolean first = !s[0];
                boolean firstSocket = socket && !s[1];
                boolean keep = first || firstSocket || (!socket && !s[2]) || (rdmaNet(c.name()) && !s[3]);
                s[0] = true;
                if (socket) s[1] = true;
                else s[2] = true;
                if (rdmaNet(c.name())) s[3] = true;
                if (keep) h.networks.add(new At<>(shared.of(new NetworkChoice(shared.of(c.name()), null, c.line())), src, first || firstSocket));
            }
        }

        private void events(NcclLog l, String own) {
            Map<Host, Set<String>> seen = new HashMap<>();
            Map<Host, int[]> gdrLines = new HashMap<>();
            for (NcclEvent e : l.events()) {
                EventKind k = e.kind();
                Host h = host(e.host(), own);
                Set<String> s = seen.computeIfAbsent(h, x -> new HashSet<>());
                boolean keep;
                boolean quote = true;
                switch (k) {
                    // The first reason NCCL cannot use IB; the first "no socket interface".
                    case NET_IB_NO_DEVICE, IB_VERBS_MISSING -> keep = s.add("ib");
                    case NO_SOCKET_INTERFACE -> keep = s.add("nosock");
                    // Socket trouble: the first of each peer (a match is by peer), and the first failure of each.
                    case SOCKET_CONNECT_FAILED, SOCKET_CONNECT_RETRY -> {
                        boolean a = s.add("peer\u0000" + e.peer());
                        boolean b = k == EventKind.SOCKET_CONNECT_FAILED && s.add("failed\u0000" + e.peer());
                        keep = a || b;
                    }
                    case GDR_DISABLED -> {
                        // The first lines of each form, and the first naming each HCA.
                        String m = e.message() == null ? "" : e.message();
                        int[] n = gdrLines.computeIfAbsent(h, x -> new int[2]);
                        int form = m.contains("distance") ? 1 : 0;
                        quote = n[form]++ < LINES;
                        keep = quote || (form == 0 && s.add("hca\u0000" + hcaOf(m)));
                        if (form == 0) s.add("hca\u0000" + hcaOf(m));
                    }
                    default -> keep = false;
                }
                if (keep) h.events.add(new At<>(slim(e, shared), src, quote));
            }
        }

        private void ibDevices(NcclLog l, String own) {
            Map<Host, Set<Integer>> seen = new HashMap<>();
            for (IbDevice d : l.ibDevices()) {
                Host h = host(d.host(), own);
                if (seen.computeIfAbsent(h, x -> new HashSet<>()).add(d.index())) {
                    h.ibDevices.add(new At<>(shared.of(new IbDevice(d.index(), shared.of(d.device()), d.port(), d.linkLayer(), d.sharp(), null, d.line())), src, true));
                }
            }
        }

        private void transports(NcclLog l, String own) {
            Map<Host, Map<String, Integer>> keys = new HashMap<>();
            Map<Host, Set<Integer>> devs = new HashMap<>();
            for (NcclTransport t : l.transports()) {
                Host h = host(t.host(), own);
                Conn c = h.connW();
                if (t.type() == TransportType.NET || t.type() == TransportType.COLLNET) net = true;
                boolean overSocket = "Socket".equalsIgnoreCase(t.net());
                if (overSocket && c.firstSocket == null) c.firstSocket = new At<>(slim(t, shared), src, true);
                if (t.type() == TransportType.NET && t.net() != null) {
                    if (overSocket) {
                        c.socketNet = true;
                        Integer dev = TransportAnalyzer.netDev(t.via());
                        if (dev != null && devs.computeIfAbsent(h, x -> new HashSet<>()).add(dev)) {
                            c.socketDevs.add(new At<>(slim(t, shared), src, true));
                        }
                    } else {
                        c.otherNet = true;
                    }
                }
                if (t.type() == TransportType.NET && rdmaNet(t.net()) && t.direction() != Direction.SEND) {
                    c.recvLines++;
                    c.recvCount += Math.max(1, t.count());
                    if (Boolean.TRUE.equals(t.gdrdma())) {
                        if (c.withGdr == null) c.withGdr = new At<>(slim(t, shared), src, true);
                    } else {
                        c.withoutLines++;
                        c.withoutCount += Math.max(1, t.count());
                        if (!c.withoutVias.contains(t.via())) c.withoutVias.add(shared.of(t.via()));
                        if (c.without.size() < LINES) c.without.add(new At<>(slim(t, shared), src, true));
                    }
                }
                Map<String, Integer> seen = keys.computeIfAbsent(h, x -> new HashMap<>());
                if (t.type() == TransportType.SHM) {
                    if (seen.merge(key(t), 1, Integer::sum) <= LINES) c.intra.add(new At<>(slim(t, shared), src, true));
                    continue;
                }
                if (t.type() != TransportType.NET || h.name == null) continue;
                String a = rankHost.get(t.fromRank());
                String b = rankHost.get(t.toRank());
                if (a != null && b != null) {
                    // Both ranks placed by this log: on this host or not (the job takes the first log's word).
                    if (a.equals(h.name) && b.equals(h.name) && seen.merge(key(t), 1, Integer::sum) <= LINES) {
                        c.intra.add(new At<>(slim(t, shared), src, true));
                    }
                } else if ((a == null || a.equals(h.name)) && (b == null || b.equals(h.name))
                        && seen.merge("? " + t.fromRank() + " " + t.toRank(), 1, Integer::sum) == 1) {
                    // A rank this log does not place: another log of the job may put it on this host.
                    c.intra.add(new At<>(slim(t, shared), src, false));
                }
            }
        }

        private static String key(NcclTransport t) {
            return t.type() + " " + t.fromRank() + " " + t.toRank() + " " + t.fromDev() + " " + t.toDev() + " " + t.via();
        }
    }

    /** {@return {@code i} without what no check reads (its host: the summary is by host already)} */
    private static NcclInterface slim(NcclInterface i, Shared shared) {
        return shared.of(new NcclInterface(i.kind(), shared.of(i.name()), shared.of(i.address()), null, i.index(), null, i.line()));
    }

    /** {@return {@code e} with what the checks read: kind, level, message, peer, line} */
    private static NcclEvent slim(NcclEvent e, Shared shared) {
        return shared.of(new NcclEvent(e.line(), null, null, null, null, null, e.level(), null, null, shared.of(e.message()),
                e.kind(), null, null, shared.of(e.peer()), e.count()));
    }

    /** {@return {@code t} with what the checks read: no bus ids, no host} */
    private static NcclTransport slim(NcclTransport t, Shared shared) {
        return shared.of(new NcclTransport(t.channel(), null, t.fromRank(), t.toRank(), t.fromDev(), t.toDev(), null, null,
                t.direction(), shared.of(t.via()), t.type(), shared.of(t.net()), t.gdrdma(), null, t.line(), t.count()));
    }

    /** The HCA named in quotes in a "GPU Direct RDMA Disabled for HCA 0 'mlx5_0'" message; null when none. */
    static String hcaOf(String m) {
        int q = m.indexOf('\'');
        int q2 = q < 0 ? -1 : m.indexOf('\'', q + 1);
        return q2 > q ? m.substring(q + 1, q2) : null;
    }

    static boolean rdmaNet(String net) {
        return net != null && net.toUpperCase(Locale.ROOT).startsWith("IB");
    }

    final List<Log> srcs;
    /** Hosts in order of appearance; a log without host prefixes contributes its artifact's node, or {@code null}. */
    final Map<String, Host> hosts = new LinkedHashMap<>();
    /** NCCL variables: the first log's setting of each name. */
    final Map<String, At<EnvSetting>> env = new LinkedHashMap<>();
    /** Rank to host, from the rank lines (ranks of the largest communicator win). */
    final Map<Integer, String> rankHost = new HashMap<>();
    final Tri multiNode;
    private List<String> names;
    private Map<Integer, Integer> gpus;

    private Job(List<Log> srcs) {
        this.srcs = List.copyOf(srcs);
        for (Log s : srcs) {
            for (Host h : s.hosts) hosts.computeIfAbsent(h.name, Host::new).merge(h);
            s.rankHost.forEach(rankHost::putIfAbsent);
            s.env.forEach(env::putIfAbsent);
        }
        this.multiNode = spans();
    }

    /** {@return the jobs of {@code logs} (in order): logs sharing a communicator id are one job} */
    static List<Job> of(List<Log> logs) {
        List<Job> out = new ArrayList<>();
        for (List<Log> g : byCommunicator(logs, l -> l.commIds)) out.add(new Job(g));
        return out;
    }

    /**
     * {@return {@code logs} grouped into jobs: logs that share a communicator id (directly or through others) are one
     * job; groups in the order of their first log, logs in their own order}
     */
    static <T> List<List<T>> byCommunicator(List<T> logs, java.util.function.Function<T, ? extends Iterable<String>> commIds) {
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

    /** The hosts with a name, in order. */
    List<String> hostNames() {
        if (names == null) {
            List<String> out = new ArrayList<>();
            for (String h : hosts.keySet()) if (h != null) out.add(h);
            names = List.copyOf(out);
        }
        return names;
    }

    /** The value of an NCCL variable; null when not set. */
    String env(String name) {
        At<EnvSetting> e = env.get(name);
        return e == null ? null : e.value().value();
    }

    /** True when an NCCL variable is set to a true integer ({@code 1}, {@code 2}...), NCCL's reading of booleans. */
    boolean envOn(String name) {
        return on(env(name));
    }

    /** True when {@code v} is a true integer ({@code 1}, {@code 2}...), NCCL's reading of a boolean variable. */
    static boolean on(String v) {
        if (v == null) return false;
        String s = v.strip();
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
        return !s.chars().allMatch(c -> c == '0');
    }

    private Tri spans() {
        int maxNodes = 0;
        int maxRanks = 0;
        boolean localAll = false;
        boolean localFewer = false;
        boolean net = false;
        Boolean testsMulti = null;
        for (Log s : srcs) {
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
        Set<String> named = new LinkedHashSet<>(hostNames());
        // NET between ranks means NCCL saw them on different hosts, unless P2P and SHM are both switched off.
        boolean netIntra = envOn("NCCL_P2P_DISABLE") && envOn("NCCL_SHM_DISABLE");
        if (maxNodes > 1 || named.size() > 1) return Tri.YES;
        if ((net && !netIntra) || localFewer || Boolean.TRUE.equals(testsMulti)) return Tri.YES;
        if (maxNodes == 1 || Boolean.FALSE.equals(testsMulti) || localAll || maxRanks == 1) return Tri.NO;
        // Every rank of the communicator seen, all on one host.
        if (maxRanks > 0 && named.size() <= 1) {
            Set<Integer> seen = new HashSet<>();
            for (Log s : srcs) if (s.maxRanks == maxRanks) for (int r : s.ranksAtMax) seen.add(r);
            if (seen.size() == maxRanks) return Tri.NO;
        }
        return Tri.UNKNOWN;
    }

    /** The GPU index ({@code 3} of {@code GPU3}) of a rank on a host: NVML index when printed, else the CUDA device. */
    Integer gpuOf(int rank) {
        if (gpus == null) {
            gpus = new HashMap<>();
            for (Host h : hosts.values()) h.gpus.forEach(gpus::putIfAbsent);
        }
        return gpus.get(rank);
    }

    /** Fallback text of a line when the artifact kept none. */
    static String text(NcclInterface i) {
        String a = i.address() == null ? "" : ":" + i.address();
        return switch (i.kind()) {
            case BOOTSTRAP -> "NCCL INFO Bootstrap : Using " + i.name() + a;
            case SOCKET -> "NCCL INFO NET/Socket : Using " + (i.index() == null ? "" : "[" + i.index() + "]") + i.name() + a;
            case OOB -> "NCCL INFO NET/IB : Using ... ; OOB " + i.name() + a;
            default -> "NCCL INFO " + i.name() + a;
        };
    }

    static String text(NetworkChoice c) {
        return "NCCL INFO Using network " + c.name();
    }

    static String text(NcclEvent e) {
        return "NCCL " + e.level() + " " + (e.message() == null ? "" : e.message());
    }

    static String text(EnvSetting e) {
        return e.name() + " set by environment to " + e.value();
    }

    static String text(NcclTransport t) {
        return String.format(Locale.ROOT, "NCCL INFO Channel %02d : %d -> %d%s via %s", t.channel(), t.fromRank(), t.toRank(),
                t.direction() == null ? "" : " [" + t.direction() + "]", t.via());
    }

    static String text(IbDevice d) {
        return "NCCL INFO NET/IB : Using [" + d.index() + "]" + d.device() + (d.port() == null ? "" : ":" + d.port()) + "/" + d.linkLayer();
    }

    @Override
    public String toString() {
        return "Job" + Arrays.toString(hostNames().toArray());
    }
}
