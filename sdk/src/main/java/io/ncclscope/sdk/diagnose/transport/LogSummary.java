package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.env.EnvData;
import io.ncclscope.parsers.nccl.Direction;
import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLineFact;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.parsers.nccl.TransportType;
import io.ncclscope.sdk.evidence.Artifact;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One NCCL log (an nccl-log artifact, or the NCCL lines of an nccl-tests output) cut to what the transport checks
 * read: per host the facts that can change a finding or show in one ({@link HostFacts}), the NCCL variables the checks
 * read, the communicators and where their ranks run. Made while the log's slice is at hand, with the text of each line
 * a finding may quote; the log itself is let go. Not shared between threads while it is read.
 */
final class LogSummary {

    /** The NCCL variables the checks read. */
    private static final Set<String> ENV = Set.of("NCCL_IB_DISABLE", "NCCL_NET", "NCCL_SOCKET_IFNAME",
            "NCCL_NET_GDR_LEVEL", "NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL", "NCCL_SHM_DISABLE");

    /** Lines of one kind a finding quotes per host. */
    static final int LINES = 3;

    /** The artifact's name. */
    final String name;
    /** For NCCL lines inside an nccl-tests output, that output's own multi-node verdict; else null. */
    final Boolean testsMultiNode;
    /** The communicator ids of the log's rank lines, in order. */
    List<String> commIds;
    /** Hosts in order of appearance; a line without a host prefix counts for the log's own host, or null. */
    List<HostFacts> hosts;
    /** The NCCL variables the checks read: NCCL's own "set by environment" line first, else the first setting. */
    Map<String, LogFact<EnvSetting>> env = new HashMap<>();
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

    /** The artifact, while the log is read. */
    private Artifact artifact;
    private Map<String, HostFacts> byName = new LinkedHashMap<>();
    /** What the log has shown already, while it is read: a key per fact kept once ({@link #first}, {@link #count}). */
    private Map<List<Object>, Integer> seen = new HashMap<>();

    private LogSummary(String name, Boolean testsMultiNode) {
        this.name = name;
        this.testsMultiNode = testsMultiNode;
    }

    /**
     * {@return the summary of log {@code l} of artifact {@code a}}
     *
     * @param a              the artifact, for its name, node and lines
     * @param l              the log
     * @param testsMultiNode an nccl-tests output's multi-node verdict; null for an NCCL log
     * @param nodeEnv        the settings of the node's environment listings ({@link #environment}), for the variables
     *                       the log does not print
     */
    static LogSummary of(Artifact a, NcclLog l, Boolean testsMultiNode, List<LogFact<EnvSetting>> nodeEnv) {
        LogSummary s = new LogSummary(a.name(), testsMultiNode);
        s.artifact = a.stub();
        String own = l.hosts().size() == 1 ? l.hosts().get(0) : a.node().orElse(null);
        // Hosts in the order the log first names them (every host of a prefix, up to NcclLogParser.MAX_HOSTS), then
        // the log's own for lines without one.
        for (String h : l.hosts()) s.host(h, own);
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
        for (LogFact<EnvSetting> e : nodeEnv) s.env.putIfAbsent(e.value().name(), e);
        s.hosts = List.copyOf(s.byName.values());
        s.byName = null;
        s.seen = null;
        s.artifact = null;
        for (HostFacts h : s.hosts) h.freeze();
        s.env = Map.copyOf(s.env);
        s.rankHost = Map.copyOf(s.rankHost);
        return s;
    }

    /**
     * {@return the variables the checks read of environment listing {@code env} of artifact {@code a}, each with its
     * line quoted; origin {@code environment}}
     */
    static List<LogFact<EnvSetting>> environment(Artifact a, EnvData env) {
        List<LogFact<EnvSetting>> out = new java.util.ArrayList<>();
        for (String name : ENV) {
            env.variable(name).ifPresent(v -> out.add(new LogFact<>(
                    new EnvSetting(v.name(), v.value(), "environment", null, v.line()), a.stub())));
        }
        out.sort((x, y) -> Integer.compare(x.value().line(), y.value().line())); // not comparingInt: see Diagnosis.ORDER
        return out;
    }

    /** {@return {@code v} of the log's artifact} */
    private <T extends NcclLineFact> LogFact<T> at(T v) {
        return new LogFact<>(v, artifact);
    }

    private LogFact<EnvSetting> env(EnvSetting e) {
        return at(new EnvSetting(shared(e.name()), shared(e.value()), shared(e.origin()), null, e.line()));
    }

    /** {@return how many times the log has shown {@code key} (a host and what of it), this time included} */
    private int count(Object... key) {
        return seen.merge(Arrays.asList(key), 1, Integer::sum);
    }

    /** {@return whether this is the first time the log shows {@code key} (a host and what of it)} */
    private boolean first(Object... key) {
        return count(key) == 1;
    }

    private HostFacts host(String lineHost, String own) {
        String n = shared(lineHost != null ? lineHost : own);
        return byName.computeIfAbsent(n, HostFacts::new);
    }

    private void ranks(NcclLog l, String own) {
        Set<String> ids = new LinkedHashSet<>();
        int largest = 0;
        for (NcclRank r : l.ranks()) {
            if (r.commId() != null) ids.add(r.commId());
            if (r.nranks() != null) largest = Math.max(largest, r.nranks());
            if (r.nNodes() != null) maxNodes = Math.max(maxNodes, r.nNodes());
            if (r.localRanks() != null && r.nranks() != null) {
                if (r.localRanks() < r.nranks()) localFewer = true;
                if (r.localRanks().equals(r.nranks())) localAll = true;
            }
            HostFacts h = host(r.host(), own);
            if (r.localRanks() != null && r.localRanks() > 1) h.severalLocal = true;
            Integer g = r.nvmlDev() != null ? r.nvmlDev() : r.cudaDev();
            if (g != null) h.gpus.putIfAbsent(r.rank(), g);
        }
        commIds = List.copyOf(ids);
        maxRanks = largest;
        Set<Integer> atMax = new LinkedHashSet<>();
        for (NcclRank r : l.ranks()) {
            String h = r.host() != null ? r.host() : own;
            if (h != null && (r.nranks() == null || r.nranks() == largest)) rankHost.putIfAbsent(r.rank(), shared(h));
            if (r.nranks() != null && r.nranks() == largest) atMax.add(r.rank());
        }
        ranksAtMax = List.copyOf(atMax);
    }

    private void interfaces(NcclLog l, String own) {
        // All kept: the parser lists each once per host, though every process of a node prints the same line.
        for (NcclInterface i : l.interfaces()) {
            host(i.host(), own).interfaces.add(at(new NcclInterface(i.kind(), shared(i.name()), shared(i.address()), null,
                    i.index(), null, i.line())));
        }
    }

    private void networks(NcclLog l, String own) {
        for (NetworkChoice c : l.networks()) {
            host(c.host(), own).networks.add(at(new NetworkChoice(shared(c.name()), null, c.line())));
        }
    }

    private void events(NcclLog l, String own) {
        for (NcclEvent e : l.events()) {
            EventKind k = e.kind();
            HostFacts h = host(e.host(), own);
            boolean keep;
            switch (k) {
                // The first reason NCCL cannot use IB; the first "no socket interface".
                case NET_IB_NO_DEVICE, IB_VERBS_MISSING -> keep = first(h, "no ib");
                case NO_SOCKET_INTERFACE -> keep = first(h, "no socket interface");
                // Socket trouble: the first of each peer (a match is by peer), and the first failure of each.
                case SOCKET_CONNECT_FAILED, SOCKET_CONNECT_RETRY -> {
                    boolean a = first(h, "peer", e.peer());
                    boolean b = k == EventKind.SOCKET_CONNECT_FAILED && first(h, "failed", e.peer());
                    keep = a || b;
                }
                case GDR_DISABLED -> {
                    // The first lines of each form, and the first naming each HCA.
                    String m = e.message() == null ? "" : e.message();
                    boolean distance = TransportTerms.isGdrDistance(m);
                    boolean early = count(h, distance ? "gdr distance" : "gdr hca") <= LINES;
                    boolean newHca = !distance && first(h, "hca", TransportTerms.gdrHca(m).orElse(null));
                    keep = early || newHca;
                }
                default -> keep = false;
            }
            if (keep) h.events.add(at(slim(e)));
        }
    }

    private void ibDevices(NcclLog l, String own) {
        for (IbDevice d : l.ibDevices()) {
            host(d.host(), own).ibDevices.add(at(new IbDevice(d.index(), shared(d.device()), d.port(), d.linkLayer(), d.sharp(),
                    null, d.line())));
        }
    }

    private void transports(NcclLog l, String own) {
        for (NcclTransport t : l.transports()) {
            HostFacts h = host(t.host(), own);
            HostConnections c = h.connectionsToFill();
            if (t.type() == TransportType.NET || t.type() == TransportType.COLLNET) net = true;
            boolean overSocket = TransportTerms.isSocket(t.net());
            if (overSocket && c.firstSocket == null) c.firstSocket = at(slim(t));
            if (t.type() == TransportType.NET && t.net() != null) {
                if (overSocket) {
                    c.socketNet = true;
                    OptionalInt dev = TransportTerms.netDevice(t.via());
                    if (dev.isPresent() && first(h, "socket device", dev.getAsInt())) c.socketDevs.add(at(slim(t)));
                } else {
                    c.otherNet = true;
                }
            }
            if (t.type() == TransportType.NET && TransportTerms.isRdma(t.net()) && t.direction() != Direction.SEND) receive(t, c);
            if (t.type() == TransportType.SHM) {
                if (pairAndPath(h, t) <= LINES) c.intra.add(at(slim(t)));
                continue;
            }
            if (t.type() != TransportType.NET || h.name == null) continue;
            String a = rankHost.get(t.fromRank());
            String b = rankHost.get(t.toRank());
            if (a != null && a.equals(h.name) && b != null && b.equals(h.name)) {
                // Both ranks placed on this host by this log.
                if (pairAndPath(h, t) <= LINES) c.intra.add(at(slim(t)));
            } else if (first(h, "unplaced", t.fromRank(), t.toRank())) {
                // A rank this log does not place, or places on another host: the job takes the first log's word for
                // each rank, and another log of the job may put both here.
                c.intra.add(at(slim(t)));
            }
        }
    }

    /** A receive connection over an RDMA network: counted, and kept when it is the first with or without GDRDMA. */
    private void receive(NcclTransport t, HostConnections c) {
        c.recvCount += Math.max(1, t.count());
        if (Boolean.TRUE.equals(t.gdrdma())) {
            if (c.withGdr == null) c.withGdr = at(slim(t));
        } else {
            c.withoutCount += Math.max(1, t.count());
            if (!c.withoutVias.contains(t.via())) c.withoutVias.add(t.via());
            if (c.without.size() < LINES) c.without.add(at(slim(t)));
        }
    }

    /** {@return how many lines of host {@code h} showed the connection's type, ranks, devices and path: one pair's} */
    private int pairAndPath(HostFacts h, NcclTransport t) {
        return count(h, t.type(), t.fromRank(), t.toRank(), t.fromDev(), t.toDev(), t.via());
    }

    /** {@return {@code e} with what the checks read: kind, level, message, peer, line} */
    private static NcclEvent slim(NcclEvent e) {
        return new NcclEvent(e.line(), null, null, null, null, null, e.level(), null, null, shared(e.message()), e.kind(), null, null,
                shared(e.peer()), e.count());
    }

    /** {@return {@code t} with what the checks read: no bus ids, no host} */
    private static NcclTransport slim(NcclTransport t) {
        return new NcclTransport(t.channel(), null, t.fromRank(), t.toRank(), t.fromDev(), t.toDev(), null, null,
                t.direction(), shared(t.via()), t.type(), shared(t.net()), t.gdrdma(), null, t.line(), t.count());
    }

    /**
     * {@return {@code text} as one shared copy} The texts a summary keeps (host and interface names, addresses,
     * messages, settings) mostly repeat on every node of a bundle: a thousand nodes' summaries then hold them once.
     */
    private static String shared(String text) {
        return text == null ? null : text.intern();
    }
}
