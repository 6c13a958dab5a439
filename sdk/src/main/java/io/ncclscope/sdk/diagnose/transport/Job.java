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
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
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

    /** The name of the artifact a fact came from: one instance for every fact of one summary. */
    record Src(String name) {
    }

    /**
     * A fact with its line as a finding quotes it: the artifact's text of the line, quoted as the slice was read (for
     * the facts a finding may show), else the parser's copy of the fact. The text is kept in two parts, the NCCL line
     * prefix ({@code host:pid:tid [dev] }, equal on the lines of one process) and the rest (equal on the nodes of one
     * job), so that each part is kept once for the lines and nodes that print it.
     *
     * @param value  the fact
     * @param src    the artifact it came from
     * @param prefix the NCCL prefix of the artifact's text of its line; null when none
     * @param text   the rest of the artifact's text of its line (the parser's copy when the artifact kept no text);
     *               null when no finding quotes the artifact's text of it
     */
    record At<T>(T value, Src src, String prefix, String text) {
        EvidenceLine quote(int line, String fallback) {
            return new EvidenceLine(src.name(), line, text == null ? fallback : prefix == null ? text : prefix + text);
        }

        /** {@return this fact of artifact {@code to}, the node's own put back where it was cut} */
        At<T> back(Cut.Back b, Src to) {
            return new At<>(b.of(value), to, b.of(prefix), b.of(text));
        }
    }

    /** The prefix NCCL puts before a line's message: {@code [time] host:pid:tid [dev] }; groups pid and tid. */
    private static final java.util.regex.Pattern PREFIX = java.util.regex.Pattern.compile("(?:\\[[^\\]]*\\] )?\\S+:(\\d+):(\\d+) \\[[^\\]]*\\] ");

    /** {@return every fact of {@code l} of artifact {@code to}, the node's own put back where it was cut} */
    private static <T> List<At<T>> back(List<At<T>> l, Cut.Back b, Src to) {
        List<At<T>> out = new ArrayList<>(l.size());
        for (At<T> a : l) out.add(a.back(b, to));
        return out;
    }

    private static <T> At<T> back(At<T> a, Cut.Back b, Src to) {
        return a == null ? null : a.back(b, to);
    }

    /**
     * What one log says about one host, or (in a job) what all its logs say: the facts each check reads, cut to the
     * ones that can change a finding or show in one. A log's hosts are equal (and kept once) when they say the same.
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
            gpus = Map.copyOf(gpus);
        }

        /** {@return this host of artifact {@code to}, the node's own put back where it was cut} */
        Host back(Cut.Back b, Src to) {
            Host h = new Host(b.of(name));
            h.interfaces = Job.back(interfaces, b, to);
            h.networks = Job.back(networks, b, to);
            h.events = Job.back(events, b, to);
            h.ibDevices = Job.back(ibDevices, b, to);
            h.conn = conn == null ? null : conn.back(b, to);
            h.severalLocal = severalLocal;
            h.gpus = gpus;
            return h;
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

        @Override
        public boolean equals(Object o) {
            return o instanceof Host h && Objects.equals(name, h.name) && interfaces.equals(h.interfaces) && networks.equals(h.networks)
                    && events.equals(h.events) && ibDevices.equals(h.ibDevices) && Objects.equals(conn, h.conn)
                    && severalLocal == h.severalLocal && gpus.equals(h.gpus);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, interfaces, networks, events, ibDevices, conn, severalLocal, gpus);
        }
    }

    /** What one host's connection lines ("Channel ... via ...") say, for the checks that read them. */
    static final class Conn {
        /** No connection line. */
        static final Conn NONE = new Conn().freeze(null);

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
         * the log puts on this host (the first {@value #LINES} of each pair and path, quoted), and network lines
         * between ranks the log does not place, or places apart (the first of each rank pair), which the job's other
         * logs may put here.
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

        private Conn freeze(Shared shared) {
            socketDevs = List.copyOf(socketDevs);
            withoutVias = List.copyOf(withoutVias);
            without = List.copyOf(without);
            intra = List.copyOf(intra);
            return this;
        }

        private Conn back(Cut.Back b, Src to) {
            Conn c = new Conn();
            c.socketNet = socketNet;
            c.otherNet = otherNet;
            c.firstSocket = Job.back(firstSocket, b, to);
            c.socketDevs = Job.back(socketDevs, b, to);
            c.recvLines = recvLines;
            c.withoutLines = withoutLines;
            c.recvCount = recvCount;
            c.withoutCount = withoutCount;
            c.withoutVias = new ArrayList<>(withoutVias.size());
            for (String v : withoutVias) c.withoutVias.add(b.of(v));
            c.without = Job.back(without, b, to);
            c.withGdr = Job.back(withGdr, b, to);
            c.intra = Job.back(intra, b, to);
            return c;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Conn c && socketNet == c.socketNet && otherNet == c.otherNet && Objects.equals(firstSocket, c.firstSocket)
                    && socketDevs.equals(c.socketDevs) && recvLines == c.recvLines && withoutLines == c.withoutLines
                    && recvCount == c.recvCount && withoutCount == c.withoutCount && withoutVias.equals(c.withoutVias)
                    && without.equals(c.without) && Objects.equals(withGdr, c.withGdr) && intra.equals(c.intra);
        }

        @Override
        public int hashCode() {
            return Objects.hash(socketNet, otherNet, firstSocket, socketDevs, recvLines, withoutLines, recvCount, withoutCount,
                    withoutVias, without, withGdr, intra);
        }
    }

    /**
     * One NCCL log (an nccl-log artifact, or the NCCL lines of an nccl-tests output) cut to what the checks read, its
     * node's name and own values (pids, tids, communicator ids and pointers) {@link Cut cut out}: nodes whose logs say
     * the same apart from their own name and numbers keep one summary, and each its {@link #owns} values. Equal
     * summaries are equal objects; {@link #back(Cut.Back)} gives a node's own.
     */
    static final class Log {
        final String name;
        /** The artifact, the pass's shared values and the cut, while the log is read. */
        private Artifact art;
        private Shared shared;
        private Cut cut;
        /** The node's name was cut out of a string: {@link #back(Cut.Back)} must put it back. */
        private boolean named;
        /** How many own values were cut out: {@link #back(Cut.Back)} puts them back from the node's table. */
        int owns;
        /** The name, for the facts to quote. */
        private final Src src;
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
        private int hash;

        private Log(String name, Src src, Boolean testsMultiNode) {
            this.name = name;
            this.src = src;
            this.testsMultiNode = testsMultiNode;
        }

        /**
         * {@return the summary of log {@code l} of artifact {@code a}, the name of the artifact's node cut out; the kept
         * instance of an equal summary}
         *
         * @param a              the artifact, for its name, node and lines
         * @param l              the log
         * @param testsMultiNode an nccl-tests output's multi-node verdict; null for an NCCL log
         * @param shared         the pass's one instance of each equal value kept
         * @param own            where the log's own values go, {@link #owns} of them, in placeholder order
         */
        static Log of(Artifact a, NcclLog l, Boolean testsMultiNode, Shared shared, Cut.Longs own) {
            Log s = of(a, l, testsMultiNode, shared, new Cut(a.node().orElse(null), shared, true));
            // A line that printed the mark or a placeholder itself: cut nothing.
            if (s.cut.clash()) s = of(a, l, testsMultiNode, shared, new Cut(null, shared));
            s.named = s.cut.cut();
            long[] values = s.cut.values();
            s.owns = values.length;
            own.addAll(values);
            s.art = null;
            s.shared = null;
            s.cut = null;
            s.hash = Objects.hash(s.name, s.testsMultiNode, s.commIds, s.hosts, s.env, s.rankHost, s.maxNodes, s.maxRanks,
                    s.localAll, s.localFewer, s.net, s.ranksAtMax, s.named, s.owns);
            return shared.of(s);
        }

        private static Log of(Artifact a, NcclLog l, Boolean testsMultiNode, Shared shared, Cut cut) {
            // The values of this node's own processes and communicators, cut out of every string from the first (a
            // debug file's name may hold its pid: NCCL_DEBUG_FILE=%h.%p); line prefixes add theirs as they are read.
            for (NcclRank r : l.ranks()) {
                cut.own(r.commId());
                cut.own(r.comm());
                if (r.pid() != null) cut.own(Long.toString(r.pid()));
            }
            for (NcclEvent e : l.events()) {
                if (e.pid() != null) cut.own(Long.toString(e.pid()));
                if (e.tid() != null) cut.own(Long.toString(e.tid()));
            }
            String name = cut.of(a.name());
            Log s = new Log(name, shared.of(new Src(name)), testsMultiNode);
            s.art = a;
            s.shared = shared;
            s.cut = cut;
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
                if (ENV.contains(e.name()) && "nccl".equals(e.origin()) && !s.env.containsKey(e.name())) s.env.put(e.name(), s.env(e));
            }
            for (EnvSetting e : l.envSettings()) {
                if (ENV.contains(e.name()) && !s.env.containsKey(e.name())) s.env.put(e.name(), s.env(e));
            }
            s.hosts = List.copyOf(s.byName.values());
            s.byName = null;
            for (Host h : s.hosts) h.freeze(shared);
            s.commIds = List.copyOf(s.commIds);
            s.env = Map.copyOf(s.env);
            s.rankHost = Map.copyOf(s.rankHost);
            return s;
        }

        /**
         * {@return this summary as its node's log says it: the node's name and own values put back where they were cut
         * (the summary itself when nothing was cut)}
         *
         * @param b the node of the log's artifact (null for a log of no node) and its own values
         */
        Log back(Cut.Back b) {
            if ((!named || b.node() == null) && owns == 0) return this;
            String n = b.of(name);
            Src to = new Src(n);
            Log s = new Log(n, to, testsMultiNode);
            List<String> ids = new ArrayList<>(commIds.size());
            for (String c : commIds) ids.add(b.of(c));
            s.commIds = ids;
            List<Host> hs = new ArrayList<>(hosts.size());
            for (Host h : hosts) hs.add(h.back(b, to));
            s.hosts = hs;
            s.byName = null;
            Map<String, At<EnvSetting>> e = new HashMap<>();
            env.forEach((k, v) -> e.put(k, v.back(b, to)));
            s.env = e;
            Map<Integer, String> rh = new HashMap<>();
            rankHost.forEach((k, v) -> rh.put(k, b.of(v)));
            s.rankHost = rh;
            s.maxNodes = maxNodes;
            s.maxRanks = maxRanks;
            s.localAll = localAll;
            s.localFewer = localFewer;
            s.net = net;
            s.ranksAtMax = ranksAtMax;
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Log s && hash == s.hash && name.equals(s.name) && Objects.equals(testsMultiNode, s.testsMultiNode)
                    && commIds.equals(s.commIds) && hosts.equals(s.hosts) && env.equals(s.env) && rankHost.equals(s.rankHost)
                    && maxNodes == s.maxNodes && maxRanks == s.maxRanks && localAll == s.localAll && localFewer == s.localFewer
                    && net == s.net && ranksAtMax.equals(s.ranksAtMax) && named == s.named && owns == s.owns;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        /** {@return {@code v} at its line, the artifact's text of the line quoted when {@code quote}} */
        private <T> At<T> at(T v, int line, String fallback, boolean quote) {
            if (!quote) return new At<>(v, src, null, null);
            String t = art.quote(line, fallback).text();
            java.util.regex.Matcher m = PREFIX.matcher(t);
            if (!m.lookingAt()) return new At<>(v, src, null, cut.of(t));
            cut.own(m.group(1));
            cut.own(m.group(2));
            return new At<>(v, src, cut.of(t.substring(0, m.end())), cut.of(t.substring(m.end())));
        }

        private At<EnvSetting> env(EnvSetting e) {
            return at(shared.of(new EnvSetting(cut.of(e.name()), cut.of(e.value()), cut.of(e.origin()), null, e.line())), e.line(), text(e), true);
        }

        private Host host(String lineHost, String own) {
            String n = lineHost != null ? lineHost : own;
            Host h = byName.get(n);
            if (h == null) byName.put(n, h = new Host(cut.of(n)));
            return h;
        }

        private void ranks(NcclLog l, String own) {
            int largest = 0;
            for (NcclRank r : l.ranks()) {
                if (r.commId() != null) commIds.add(cut.of(r.commId()));
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
                if (h != null && (r.nranks() == null || r.nranks() == largest)) rankHost.putIfAbsent(r.rank(), cut.of(h));
                if (r.nranks() != null && r.nranks() == largest) atMax.add(r.rank());
            }
            ranksAtMax = List.copyOf(atMax);
        }

        private void interfaces(NcclLog l, String own) {
            Map<String, Integer> perName = new HashMap<>();
            Set<Host> socketSeen = Collections.newSetFromMap(new IdentityHashMap<>());
            Set<List<Object>> seen = new HashSet<>();
            for (NcclInterface i : l.interfaces()) {
                Host h = host(i.host(), own);
                boolean quote = i.kind() == io.ncclscope.parsers.nccl.InterfaceKind.SOCKET && socketSeen.add(h);
                boolean again = !seen.add(Arrays.asList(h.name, i.kind(), i.name(), i.address(), i.index()));
                if (i.name() != null && !i.name().isEmpty()) {
                    int n = perName.merge(h.name + '\u0000' + i.name(), 1, Integer::sum);
                    quote |= n <= LINES;
                    // A line that repeats one already kept, after the lines of its name a finding quotes (every
                    // process of a node prints the same "Bootstrap : Using"), adds nothing: its name's roles and
                    // addresses are known and its line is never quoted.
                    if (again && n > LINES) continue;
                }
                h.interfaces.add(at(slim(i), i.line(), text(i), quote));
            }
        }

        private void networks(NcclLog l, String own) {
            Map<Host, boolean[]> seen = new IdentityHashMap<>();
            for (NetworkChoice c : l.networks()) {
                Host h = host(c.host(), own);
                // first, first Socket, first other, first RDMA
                boolean[] s = seen.computeIfAbsent(h, x -> new boolean[4]);
                boolean socket = c.name().equalsIgnoreCase("Socket");
                boolean first = !s[0];
                boolean firstSocket = socket && !s[1];
                boolean keep = first || firstSocket || (!socket && !s[2]) || (rdmaNet(c.name()) && !s[3]);
                s[0] = true;
                if (socket) s[1] = true;
                else s[2] = true;
                if (rdmaNet(c.name())) s[3] = true;
                if (keep) h.networks.add(at(shared.of(new NetworkChoice(cut.of(c.name()), null, c.line())), c.line(), text(c), first || firstSocket));
            }
        }

        private void events(NcclLog l, String own) {
            Map<Host, Set<String>> seen = new IdentityHashMap<>();
            Map<Host, int[]> gdrLines = new IdentityHashMap<>();
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
                if (keep) h.events.add(at(slim(e), e.line(), text(e), quote));
            }
        }

        private void ibDevices(NcclLog l, String own) {
            Map<Host, Set<Integer>> seen = new IdentityHashMap<>();
            for (IbDevice d : l.ibDevices()) {
                Host h = host(d.host(), own);
                if (seen.computeIfAbsent(h, x -> new HashSet<>()).add(d.index())) {
                    h.ibDevices.add(at(shared.of(new IbDevice(d.index(), cut.of(d.device()), d.port(), d.linkLayer(), d.sharp(), null, d.line())),
                            d.line(), text(d), true));
                }
            }
        }

        private void transports(NcclLog l, String own) {
            Map<Host, Map<String, Integer>> keys = new IdentityHashMap<>();
            Map<Host, Set<Integer>> devs = new IdentityHashMap<>();
            for (NcclTransport t : l.transports()) {
                Host h = host(t.host(), own);
                Conn c = h.connW();
                if (t.type() == TransportType.NET || t.type() == TransportType.COLLNET) net = true;
                boolean overSocket = "Socket".equalsIgnoreCase(t.net());
                if (overSocket && c.firstSocket == null) c.firstSocket = at(slim(t), t.line(), text(t), true);
                if (t.type() == TransportType.NET && t.net() != null) {
                    if (overSocket) {
                        c.socketNet = true;
                        Integer dev = TransportAnalyzer.netDev(t.via());
                        if (dev != null && devs.computeIfAbsent(h, x -> new HashSet<>()).add(dev)) {
                            c.socketDevs.add(at(slim(t), t.line(), text(t), true));
                        }
                    } else {
                        c.otherNet = true;
                    }
                }
                if (t.type() == TransportType.NET && rdmaNet(t.net()) && t.direction() != Direction.SEND) {
                    c.recvLines++;
                    c.recvCount += Math.max(1, t.count());
                    if (Boolean.TRUE.equals(t.gdrdma())) {
                        if (c.withGdr == null) c.withGdr = at(slim(t), t.line(), text(t), true);
                    } else {
                        c.withoutLines++;
                        c.withoutCount += Math.max(1, t.count());
                        String via = cut.of(t.via());
                        if (!c.withoutVias.contains(via)) c.withoutVias.add(via);
                        if (c.without.size() < LINES) c.without.add(at(slim(t), t.line(), text(t), true));
                    }
                }
                Map<String, Integer> seen = keys.computeIfAbsent(h, x -> new HashMap<>());
                if (t.type() == TransportType.SHM) {
                    if (seen.merge(key(t), 1, Integer::sum) <= LINES) c.intra.add(at(slim(t), t.line(), text(t), true));
                    continue;
                }
                if (t.type() != TransportType.NET || h.name == null) continue;
                String a = rankHost.get(t.fromRank());
                String b = rankHost.get(t.toRank());
                if (a != null && a.equals(h.name) && b != null && b.equals(h.name)) {
                    // Both ranks placed on this host by this log.
                    if (seen.merge(key(t), 1, Integer::sum) <= LINES) c.intra.add(at(slim(t), t.line(), text(t), true));
                } else if (seen.merge("? " + t.fromRank() + " " + t.toRank(), 1, Integer::sum) == 1) {
                    // A rank this log does not place, or places on another host: the job takes the first log's word for
                    // each rank, and another log of the job may put both here.
                    c.intra.add(at(slim(t), t.line(), text(t), false));
                }
            }
        }

        private static String key(NcclTransport t) {
            return t.type() + " " + t.fromRank() + " " + t.toRank() + " " + t.fromDev() + " " + t.toDev() + " " + t.via();
        }

        /** {@return {@code i} without what no check reads (its host: the summary is by host already)} */
        private NcclInterface slim(NcclInterface i) {
            return shared.of(new NcclInterface(i.kind(), cut.of(i.name()), cut.of(i.address()), null, i.index(), null, i.line()));
        }

        /** {@return {@code e} with what the checks read: kind, level, message, peer, line} */
        private NcclEvent slim(NcclEvent e) {
            return shared.of(new NcclEvent(e.line(), null, null, null, null, null, e.level(), null, null, cut.of(e.message()),
                    e.kind(), null, null, cut.of(e.peer()), e.count()));
        }

        /** {@return {@code t} with what the checks read: no bus ids, no host} */
        private NcclTransport slim(NcclTransport t) {
            return shared.of(new NcclTransport(t.channel(), null, t.fromRank(), t.toRank(), t.fromDev(), t.toDev(), null, null,
                    t.direction(), cut.of(t.via()), t.type(), cut.of(t.net()), t.gdrdma(), null, t.line(), t.count()));
        }
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

    /**
     * A log of a job as its node wrote it: the kept summary and what puts the node's name and own values back. The
     * node's own copy is made only for the host a check reads at the time, so that a job of many nodes never holds
     * every node's copy at once.
     *
     * @param log    the log's kept summary
     * @param node   the node of the log's artifact; null for none
     * @param own    the own values of the artifact's slice
     * @param offset where the log's own values start in {@code own}
     */
    record Ref(Log log, String node, long[] own, int offset) {
        /** {@return what puts the node's name and own values back} */
        Cut.Back back() {
            return new Cut.Back(node, own, offset);
        }

        /** {@return the log's name as its node wrote it} */
        String name() {
            return back().of(log.name);
        }

        /** {@return the artifact name for the facts of this log} */
        Src src() {
            return new Src(name());
        }

        /** {@return the log's communicator ids as its node wrote them} */
        List<String> commIds() {
            Cut.Back b = back();
            List<String> ids = new ArrayList<>(log.commIds.size());
            for (String c : log.commIds) ids.add(b.of(c));
            return ids;
        }
    }

    /** A log's summary of one host of the job. */
    private record Part(Host host, Ref ref) {
    }

    final List<Ref> srcs;
    /** Hosts in order of appearance, each with its logs' summaries of it; a log without host prefixes contributes its artifact's node, or {@code null}. */
    private final Map<String, List<Part>> parts = new LinkedHashMap<>();
    /** NCCL variables: the first log's setting of each name. */
    final Map<String, At<EnvSetting>> env = new LinkedHashMap<>();
    /** Rank to host, from the rank lines (ranks of the largest communicator win). */
    final Map<Integer, String> rankHost = new HashMap<>();
    final Tri multiNode;
    private List<String> names;
    private Map<Integer, Integer> gpus;

    /** @param srcs the job's logs, in order */
    Job(List<Ref> srcs) {
        this.srcs = List.copyOf(srcs);
        for (Ref r : srcs) {
            Log s = r.log();
            Cut.Back b = r.back();
            for (Host h : s.hosts) parts.computeIfAbsent(b.of(h.name), k -> new ArrayList<>()).add(new Part(h, r));
            s.rankHost.forEach((k, v) -> rankHost.putIfAbsent(k, b.of(v)));
            Src to = null;
            for (Map.Entry<String, At<EnvSetting>> e : s.env.entrySet()) {
                if (env.containsKey(e.getKey())) continue;
                if (to == null) to = r.src();
                env.put(e.getKey(), e.getValue().back(b, to));
            }
        }
        this.multiNode = spans();
    }

    /** {@return the host named {@code name}: what every log of the job says about it, merged in log order} */
    private Host host(String name) {
        Host h = new Host(name);
        for (Part p : parts.get(name)) h.merge(p.host().back(p.ref().back(), p.ref().src()));
        return h;
    }

    /** {@return the job's hosts in order, each made when reached and let go after} */
    Iterable<Host> hosts() {
        return () -> new java.util.Iterator<>() {
            private final java.util.Iterator<String> names = parts.keySet().iterator();

            @Override
            public boolean hasNext() {
                return names.hasNext();
            }

            @Override
            public Host next() {
                return host(names.next());
            }
        };
    }

    /** {@return whether the job has no host} */
    boolean noHosts() {
        return parts.isEmpty();
    }

    /** {@return the first IB device of NCCL index {@code index} of any host of the job, in host order; null when none} */
    At<IbDevice> ibDevice(int index) {
        for (List<Part> ps : parts.values()) {
            for (Part p : ps) {
                for (At<IbDevice> d : p.host().ibDevices) if (d.value().index() == index) return d.back(p.ref().back(), p.ref().src());
            }
        }
        return null;
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
            for (String h : parts.keySet()) if (h != null) out.add(h);
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
        for (Ref r : srcs) {
            Log s = r.log();
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
            for (Ref s : srcs) if (s.log().maxRanks == maxRanks) for (int r : s.log().ranksAtMax) seen.add(r);
            if (seen.size() == maxRanks) return Tri.NO;
        }
        return Tri.UNKNOWN;
    }

    /** The GPU index ({@code 3} of {@code GPU3}) of a rank on a host: NVML index when printed, else the CUDA device. */
    Integer gpuOf(int rank) {
        if (gpus == null) {
            gpus = new HashMap<>();
            for (List<Part> ps : parts.values()) for (Part p : ps) p.host().gpus.forEach(gpus::putIfAbsent);
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
