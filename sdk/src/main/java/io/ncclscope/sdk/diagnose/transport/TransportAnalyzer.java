package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.nccl.TransportType;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.LinkState;
import io.ncclscope.parsers.topo.MatrixType;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoMatrix;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.Thin;
import io.ncclscope.sdk.diagnose.transport.Drafts.Draft;
import io.ncclscope.sdk.diagnose.transport.Job.At;
import io.ncclscope.sdk.diagnose.transport.Job.Host;
import io.ncclscope.sdk.diagnose.transport.Job.Tri;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which network, interfaces and HCAs NCCL picked on each host, and whether that choice is wrong: TCP where RDMA
 * exists ({@code NET_SOCKET_FALLBACK}), IB switched off by the environment ({@code NET_IB_DISABLED_BY_ENV}), a
 * loopback, link-local, container or management interface ({@code SOCKET_IFNAME_SUSPICIOUS}), network transfers
 * staged through host memory ({@code GDR_NOT_USED}) and GPU pairs of one node talking through host memory
 * ({@code P2P_NOT_USED}).
 *
 * <p>Reads NCCL debug logs (also the NCCL lines inside nccl-tests output) and, for the same nodes, {@code ibstat},
 * {@code ip addr} / {@code ibdev2netdev} and {@code nvidia-smi topo -m}. Severity follows what the job loses: a
 * single-node run does not use the network, so a network choice there is context (INFO) at most.
 */
public final class TransportAnalyzer implements Analyzer {

    static final String FALLBACK = "NET_SOCKET_FALLBACK";
    static final String IB_ENV = "NET_IB_DISABLED_BY_ENV";
    static final String IFNAME = "SOCKET_IFNAME_SUSPICIOUS";
    static final String GDR = "GDR_NOT_USED";
    static final String P2P = "P2P_NOT_USED";

    private static final String BOOTSTRAP = "Bootstrap";
    private static final String SOCKET = "NET/Socket";
    private static final String OOB = "OOB";

    /** Lines of one kind quoted per host in a finding. */
    private static final int LINES = 3;

    @Override
    public String name() {
        return "transport";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        // The same pass as a streamed read, so that the two cannot drift.
        return pass().run(evidence);
    }

    /**
     * {@return a pass that keeps, per node, its name and its summaries} Jobs join logs of many nodes (one communicator
     * written per node) and judge each host's choice against that host's hardware, and findings alike on many hosts
     * merge into one, so the checks run at finish and no finding is settled before. Each slice leaves a summary of each
     * of its NCCL logs (also the NCCL lines of nccl-tests outputs), cut to what the checks read ({@link Job.Log}), and
     * of its hardware records (ibstat, ip addr, topo: {@link Hw.Rec}), each with the text of the few lines a finding
     * may quote. The node's own name, and in a log the values of its own processes and communicators (pids, tids,
     * communicator ids and pointers), are {@link Cut cut out} of them and equal ones are kept once ({@link Shared}), so
     * that the nodes of one image keep one set of summaries between them, whether they run one job or each its own,
     * and each node its name, a reference and its own values (a few longs, kept once for consecutive nodes with the
     * same); everything else of a node is let go.
     */
    @Override
    public io.ncclscope.sdk.diagnose.Pass pass() {
        return new io.ncclscope.sdk.diagnose.Pass() {
            private final List<Slice> slices = new ArrayList<>();
            private final Shared shared = new Shared();
            /** The last own values kept: nodes that repeat one process (clones of one capture) keep one table. */
            private long[] lastValues;

            @Override
            public void add(Evidence slice) {
                Slice s = Slice.of(java.util.Objects.requireNonNull(slice, "slice"), shared);
                if (s.values() != null) {
                    if (java.util.Arrays.equals(s.values(), lastValues)) s = new Slice(s.node(), s.more(), s.parts(), lastValues);
                    else lastValues = s.values();
                }
                slices.add(s);
            }

            @Override
            public List<Finding> finish() {
                // Whole-evidence order, so that the findings do not depend on the order slices came in.
                slices.sort(Comparator.comparing(Slice::node, Evidence.SLICE_NODE_ORDER));
                // Each log and record stays the kept summary with what puts its node's own back: a node's own copy is
                // made only while a check reads that host, so the peak does not grow with the nodes.
                List<Job.Ref> logs = new ArrayList<>();
                List<Hw.Rec> hardware = new ArrayList<>();
                List<String> hardwareNodes = new ArrayList<>();
                List<String> nodes = new ArrayList<>();
                for (Slice s : slices) {
                    long[] own = s.values() == null ? NO_VALUES : s.values();
                    int offset = 0;
                    for (Object p : s.parts()) {
                        String node = s.node();
                        if (p instanceof Placed o) {
                            node = o.node();
                            p = o.part();
                        }
                        if (p instanceof Job.Log l) {
                            logs.add(new Job.Ref(l, node, own, offset));
                            offset += l.owns;
                        } else {
                            hardware.add((Hw.Rec) p);
                            hardwareNodes.add(node);
                        }
                    }
                    nodes.addAll(s.nodes());
                }
                return check(logs, new Hw(hardwareNodes, hardware, nodes));
            }
        };
    }

    private static final long[] NO_VALUES = {};

    /**
     * What a slice leaves: its node, the summaries of its NCCL logs and hardware records in artifact order (equal lists
     * kept once), the own values cut out of its logs' summaries, and its nodes when they are not just its node.
     *
     * @param node   the slice's node; null for the slice of no node
     * @param more   the slice's nodes when they are not {@code [node]}; else null
     * @param parts  {@link Job.Log} and {@link Hw.Rec} summaries of the slice's node, {@link Placed} ones of another
     * @param values the own values of its logs' summaries ({@link Job.Log#owns} each), in the order of {@code parts};
     *               null when none
     */
    private record Slice(String node, List<String> more, List<Object> parts, long[] values) {
        static Slice of(Evidence slice, Shared shared) {
            String node = slice.sliceNode();
            List<Object> parts = new ArrayList<>();
            Cut.Longs values = new Cut.Longs();
            for (io.ncclscope.sdk.evidence.Artifact a : slice.artifacts()) {
                Object d = a.result().data();
                Object part = null;
                if (d instanceof NcclLog l) {
                    part = Job.Log.of(a, l, null, shared, values);
                } else if (d instanceof io.ncclscope.parsers.tests.NcclTestsData t) {
                    ChoiceJob.Src src = ChoiceJob.source(a, t);
                    if (src != null) part = Job.Log.of(a, src.log(), src.testsMultiNode(), shared, values);
                } else if (HARDWARE.stream().anyMatch(c -> c.isInstance(d))) {
                    part = Hw.Rec.of(a, shared);
                }
                if (part == null) continue;
                String own = a.node().orElse(null);
                parts.add(java.util.Objects.equals(own, node) ? part : new Placed(own, part));
            }
            List<String> nodes = slice.nodes();
            boolean just = node == null ? nodes.isEmpty() : nodes.size() == 1 && nodes.get(0).equals(node);
            long[] cutOut = values.toArray();
            return new Slice(node, just ? null : List.copyOf(nodes), shared.of(List.copyOf(parts)), cutOut.length == 0 ? null : cutOut);
        }

        /** {@return the slice's nodes} */
        List<String> nodes() {
            return more != null ? more : node == null ? List.of() : List.of(node);
        }
    }

    /** A summary of an artifact of another node than its slice's. */
    private record Placed(String node, Object part) {
    }

    /** The hardware records the checks compare with each host's choice, kept as they are. */
    private static final Set<Class<?>> HARDWARE = Set.of(IbstatData.class, IpLinkData.class, Topology.class);

    /** The checks over the logs' summaries and the hardware. */
    private static List<Finding> check(List<Job.Ref> logs, Hw hw) {
        Drafts d = new Drafts();
        // One job at a time, let go before the next.
        for (List<Job.Ref> g : Job.byCommunicator(logs, Job.Ref::commIds)) {
            Job job = new Job(g);
            if (!ibDisabled(job, hw, d)) socketFallback(job, hw, d);
            interfaces(job, hw, d);
            subnets(job, hw, d);
            gdr(job, hw, d);
            p2p(job, hw, d);
        }
        return d.findings(TransportAnalyzer.class);
    }

    // ------------------------------------------------------------------------------------------------------------
    // NET_IB_DISABLED_BY_ENV

    /** NCCL_IB_DISABLE=1 or NCCL_NET=Socket; true when one is set (the socket fallback is then explained). */
    private static boolean ibDisabled(Job job, Hw hw, Drafts d) {
        At<EnvSetting> at;
        if (job.envOn("NCCL_IB_DISABLE")) at = job.env.get("NCCL_IB_DISABLE");
        else if ("socket".equalsIgnoreCase(strip(job.env("NCCL_NET")))) at = job.env.get("NCCL_NET");
        else return false;
        String env = at.value().name() + "=" + at.value().value();
        Rdmas r = rdmas(job, hw);
        FindingSeverity sev;
        String key;
        if (job.multiNode == Tri.YES) {
            if (r.active()) {
                sev = FindingSeverity.WARNING;
                key = "ibdisabled.multi.active";
            } else if (r.allNone()) {
                sev = FindingSeverity.INFO;
                key = "ibdisabled.multi.none";
            } else {
                sev = FindingSeverity.WARNING;
                key = "ibdisabled.multi";
            }
        } else if (job.multiNode == Tri.NO) {
            sev = FindingSeverity.INFO;
            key = "ibdisabled.single";
        } else if (r.active()) {
            sev = FindingSeverity.WARNING;
            key = "ibdisabled.unknown.active";
        } else {
            sev = FindingSeverity.INFO;
            key = "ibdisabled.unknown";
        }
        Draft f = d.add(IB_ENV, sev, key).arg("hosts", where(job)).arg("env", env)
                .param("env", env).param("hca", String.join(",", r.devices)).param("node", single(job));
        if (r.active()) f.arg("hcas", String.join(", ", r.devices)).arg("rdmaNode", r.node);
        f.line(at.quote(at.value().line(), Job.text(at.value())));
        for (Host h : job.hosts()) {
            for (At<NetworkChoice> n : first(h.networks, 1)) f.line(n.quote(n.value().line(), Job.text(n.value())));
        }
        f.lines(r.lines);
        d.put(f.subject(Subject.JOB.withNode(single(job))));
        return true;
    }

    // ------------------------------------------------------------------------------------------------------------
    // NET_SOCKET_FALLBACK

    private static void socketFallback(Job job, Hw hw, Drafts d) {
        boolean alone = alone(job);
        for (Host h : job.hosts()) {
            boolean socket = false;
            boolean other = false;
            At<NetworkChoice> net = null;
            for (At<NetworkChoice> n : h.networks) {
                if (n.value().name().equalsIgnoreCase("Socket")) {
                    socket = true;
                    if (net == null) net = n;
                } else {
                    other = true;
                }
            }
            socket |= h.conn().socketNet;
            other |= h.conn().otherNet;
            At<NcclEvent> reason = null;
            for (At<NcclEvent> e : h.events) {
                EventKind k = e.value().kind();
                if (k == EventKind.NET_IB_NO_DEVICE || k == EventKind.IB_VERBS_MISSING) {
                    reason = e;
                    break;
                }
            }
            // A log cut before "Using network" still says NCCL cannot use IB ("NET/IB : No device found").
            if (!socket && !(reason != null && !other && h.ibDevices.isEmpty())) continue;
            if (other) continue;
            Hw.RdmaView r = hw.rdma(h.name, alone);
            FindingSeverity sev;
            String key;
            if (job.multiNode == Tri.YES) {
                switch (r.state()) {
                    case ACTIVE -> {
                        sev = FindingSeverity.ERROR;
                        key = "fallback.multi.active";
                    }
                    case PRESENT -> {
                        sev = FindingSeverity.WARNING;
                        key = "fallback.multi.present";
                    }
                    case INACTIVE -> {
                        sev = FindingSeverity.WARNING;
                        key = "fallback.multi.inactive";
                    }
                    case NONE -> {
                        sev = FindingSeverity.INFO;
                        key = "fallback.multi.none";
                    }
                    default -> {
                        sev = FindingSeverity.WARNING;
                        key = "fallback.multi.unknown";
                    }
                }
            } else if (r.state() == Hw.Rdma.ACTIVE) {
                sev = FindingSeverity.WARNING;
                key = "fallback.local.active";
            } else if (job.multiNode == Tri.NO) {
                sev = FindingSeverity.INFO;
                key = "fallback.single";
            } else {
                sev = FindingSeverity.INFO;
                key = "fallback.unknown";
            }
            String why = reason != null ? reason.value().message() : net != null ? said(net.quote(net.value().line(), Job.text(net.value()))) : "";
            At<NcclInterface> sock = firstOf(h.interfaces, InterfaceKind.SOCKET);
            Draft f = d.add(FALLBACK, sev, key).on(h.name).where(where(job)).arg("reason", why)
                    .param("iface", sock == null ? null : sock.value().name()).param("hca", String.join(",", r.active()));
            if (r.state() == Hw.Rdma.ACTIVE) f.arg("hcas", String.join(", ", r.active()));
            if (reason != null) f.line(reason.quote(reason.value().line(), Job.text(reason.value())));
            if (net != null) f.line(net.quote(net.value().line(), Job.text(net.value())));
            if (sock != null) f.line(sock.quote(sock.value().line(), Job.text(sock.value())));
            if (h.conn().firstSocket != null) f.line(h.conn().firstSocket.quote(h.conn().firstSocket.value().line(), Job.text(h.conn().firstSocket.value())));
            f.lines(r.lines());
            d.put(f);
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // SOCKET_IFNAME_SUSPICIOUS

    /** One interface of one host as NCCL's lines show it. */
    private static final class Entry {
        final String name;
        final Set<String> addresses = new LinkedHashSet<>();
        final Set<String> uses = new LinkedHashSet<>();
        final List<EvidenceLine> lines = new ArrayList<>();
        final Set<Integer> socketIndexes = new HashSet<>();
        boolean used;

        Entry(String name) {
            this.name = name;
        }

        String address() {
            return addresses.isEmpty() ? null : addresses.iterator().next();
        }
    }

    private static Map<String, Entry> entries(Host h) {
        Map<String, Entry> m = new LinkedHashMap<>();
        for (At<NcclInterface> a : h.interfaces) {
            NcclInterface i = a.value();
            if (i.name() == null || i.name().isEmpty()) continue;
            Entry e = m.computeIfAbsent(i.name(), Entry::new);
            if (i.address() != null) e.addresses.add(i.address());
            switch (i.kind()) {
                case BOOTSTRAP -> {
                    e.uses.add(BOOTSTRAP);
                    // Bootstrap listens on the first interface of its list only.
                    if (i.index() == null || i.index() == 0) e.used = true;
                }
                case SOCKET -> {
                    e.uses.add(SOCKET);
                    e.used = true;
                    if (i.index() != null) e.socketIndexes.add(i.index());
                }
                case OOB -> {
                    e.uses.add(OOB);
                    e.used = true;
                }
                default -> {
                }
            }
            if (e.lines.size() < LINES) e.lines.add(a.quote(i.line(), Job.text(i)));
        }
        return m;
    }

    private static void interfaces(Job job, Hw hw, Drafts d) {
        boolean alone = alone(job);
        String spec = strip(job.env("NCCL_SOCKET_IFNAME"));
        At<EnvSetting> specAt = job.env.get("NCCL_SOCKET_IFNAME");
        String scope = job.multiNode == Tri.YES ? "multi" : job.multiNode == Tri.NO ? "single" : "unknown";
        for (Host h : job.hosts()) {
            Map<String, Entry> entries = entries(h);
            List<At<NcclEvent>> trouble = new ArrayList<>();
            for (At<NcclEvent> e : h.events) {
                EventKind k = e.value().kind();
                if (k == EventKind.SOCKET_CONNECT_FAILED || k == EventKind.SOCKET_CONNECT_RETRY) trouble.add(e);
            }
            String better = better(h, entries, hw.ifaces(h.name, alone));
            Set<String> flagged = new HashSet<>();
            for (Entry e : entries.values()) {
                if (!e.used) continue;
                String addr = e.address();
                NetInterface ip = null;
                EvidenceLine ipLine = null;
                for (Hw.Iface i : hw.iface(h.name, alone, e.name)) {
                    ip = i.iface();
                    ipLine = i.artifact().quote(i.iface().line());
                    break;
                }
                boolean loop = Ifaces.isLoopbackName(e.name) || Ifaces.loopback(addr);
                boolean ll = !e.addresses.isEmpty() && e.addresses.stream().allMatch(Ifaces::linkLocal);
                boolean routable = e.addresses.stream().anyMatch(Ifaces::routable);
                boolean down = ip != null && (ip.state() == LinkState.DOWN || ip.flags().contains("NO-CARRIER"));
                boolean virt = Ifaces.virtualName(e.name) && !(e.name.startsWith("veth") && routable);
                boolean nat = e.addresses.stream().anyMatch(Ifaces::dockerDefaultBridge) && !e.name.startsWith("docker");
                boolean mgmt = Ifaces.mgmtName(e.name) || (ip != null && Ifaces.mgmtName(ip.master()));
                boolean bond = e.uses.contains(SOCKET) && (Ifaces.bondName(e.name) || (ip != null && "bond".equals(ip.kind())));
                At<NcclEvent> hit = null;
                for (At<NcclEvent> t : trouble) {
                    String peer = t.value().peer();
                    if (peer == null || e.name.equals(Ifaces.scope(peer)) || (ll && Ifaces.linkLocal(peer))) {
                        hit = t;
                        break;
                    }
                }
                FindingSeverity sev;
                String key;
                if (loop) {
                    String how = spec == null ? "auto" : Ifaces.exclusion(spec) ? "exclude" : "set";
                    sev = job.multiNode == Tri.YES ? FindingSeverity.ERROR
                            : job.multiNode == Tri.NO ? FindingSeverity.INFO : FindingSeverity.WARNING;
                    key = "ifname.lo." + how + "." + scope;
                } else if (ll) {
                    sev = hit != null ? FindingSeverity.ERROR : job.multiNode == Tri.YES ? FindingSeverity.WARNING : FindingSeverity.INFO;
                    key = hit != null ? "ifname.linklocal.failed" : job.multiNode == Tri.YES ? "ifname.linklocal.multi" : "ifname.linklocal.local";
                } else if (down) {
                    sev = job.multiNode == Tri.YES ? FindingSeverity.ERROR
                            : job.multiNode == Tri.NO ? FindingSeverity.INFO : FindingSeverity.WARNING;
                    key = job.multiNode == Tri.YES ? "ifname.down.multi" : "ifname.down.local";
                } else if (virt) {
                    sev = hit != null ? FindingSeverity.ERROR : job.multiNode == Tri.YES ? FindingSeverity.WARNING : FindingSeverity.INFO;
                    key = hit != null ? "ifname.virtual.failed" : job.multiNode == Tri.YES ? "ifname.virtual.multi" : "ifname.virtual.local";
                } else if (nat && job.multiNode == Tri.YES) {
                    sev = hit != null ? FindingSeverity.ERROR : FindingSeverity.WARNING;
                    key = hit != null ? "ifname.nat.failed" : "ifname.nat.multi";
                } else if (mgmt) {
                    sev = job.multiNode == Tri.YES ? FindingSeverity.WARNING : FindingSeverity.INFO;
                    key = job.multiNode == Tri.YES ? "ifname.mgmt.multi" : "ifname.mgmt.local";
                } else if (bond && job.multiNode == Tri.YES) {
                    sev = FindingSeverity.INFO;
                    key = "ifname.bond";
                } else {
                    continue;
                }
                flagged.add(e.name);
                String shown = addr == null ? e.name : e.name + ":" + addr;
                Draft f = d.add(IFNAME, sev, key).on(h.name).where(where(job)).arg("iface", shown).arg(Drafts.USES, String.join(", ", e.uses))
                        .param("iface", better == null || better.equals(e.name) ? null : better)
                        .subject(Subject.JOB.withIface(e.name));
                if (key.startsWith("ifname.lo.") && spec != null) {
                    f.arg("env", "NCCL_SOCKET_IFNAME=" + spec).param("env", "NCCL_SOCKET_IFNAME=" + spec);
                }
                if (hit != null) f.arg("reason", hit.value().message());
                if (down && ip != null) f.arg("state", ip.state() + (ip.flags().contains("NO-CARRIER") ? " NO-CARRIER" : ""));
                f.lines(e.lines);
                if (hit != null) f.line(hit.quote(hit.value().line(), Job.text(hit.value())));
                for (At<NcclTransport> t : first(filter(h.conn().socketDevs, t -> usesSocketDev(t.value(), e)), 1)) {
                    f.line(t.quote(t.value().line(), Job.text(t.value())));
                }
                if (specAt != null && (loop || spec != null)) f.line(specAt.quote(specAt.value().line(), Job.text(specAt.value())));
                if (ipLine != null && (down || mgmt || bond)) f.line(ipLine);
                d.put(f);
            }
            // The address a connection failed to: the peer rank advertised it (corpus nccl-929-1.txt, nccl-975-1.txt).
            Set<String> seenPeers = new HashSet<>();
            for (At<NcclEvent> t : trouble) {
                String peer = t.value().peer();
                if (peer == null || t.value().kind() != EventKind.SOCKET_CONNECT_FAILED || !seenPeers.add(peer)) continue;
                String via = Ifaces.scope(peer);
                if (via != null && flagged.contains(via)) continue;
                FindingSeverity sev;
                String key;
                if (Ifaces.linkLocal(peer)) {
                    sev = FindingSeverity.ERROR;
                    key = via != null ? "ifname.peer.linklocal.via" : "ifname.peer.linklocal";
                } else if (Ifaces.dockerDefaultBridge(peer) && job.multiNode != Tri.NO) {
                    sev = job.multiNode == Tri.YES ? FindingSeverity.ERROR : FindingSeverity.WARNING;
                    key = "ifname.peer.nat";
                } else if (Ifaces.loopback(peer) && job.multiNode == Tri.YES) {
                    sev = FindingSeverity.ERROR;
                    key = "ifname.peer.lo";
                } else {
                    continue;
                }
                Draft f = d.add(IFNAME, sev, key).on(h.name).where(where(job)).arg("peer", Ifaces.bare(peer)).arg("reason", t.value().message())
                        .param("iface", better).param("peer", Ifaces.bare(peer))
                        .subject(Subject.JOB.withPeer(Ifaces.bare(peer)).withIface(via));
                if (via != null) f.arg("iface", via);
                f.line(t.quote(t.value().line(), Job.text(t.value())));
                for (Entry e : entries.values()) if (e.name.equals(via)) f.lines(e.lines);
                d.put(f);
            }
        }
    }

    private static boolean usesSocketDev(NcclTransport t, Entry e) {
        if (t.type() != TransportType.NET || !"Socket".equalsIgnoreCase(t.net())) return false;
        Integer dev = netDev(t.via());
        return dev != null && e.socketIndexes.contains(dev);
    }

    /**
     * A usable interface of the host: from {@code ip addr} an UP interface with a routable address that is no
     * loopback, container or management device (IPv4 first); else one NCCL itself listed. Null when none can be told.
     */
    private static String better(Host h, Map<String, Entry> entries, List<Hw.Iface> ifaces) {
        String v6 = null;
        for (Hw.Iface i : ifaces) {
            NetInterface n = i.iface();
            boolean up = n.state() == LinkState.UP || (n.flags().contains("UP") && n.flags().contains("LOWER_UP"));
            if (!up || Ifaces.isLoopbackName(n.name()) || Ifaces.mgmtName(n.name()) || Ifaces.mgmtName(n.master())) continue;
            if (n.flags().contains("NO-CARRIER") || "bond_slave".equals(n.slaveKind()) || n.flags().contains("SLAVE")) continue;
            for (NetAddress a : n.addresses()) {
                if (!Ifaces.routable(a.address())) continue;
                if (Ifaces.virtualName(n.name()) && !n.name().startsWith("veth")) continue;
                if ("inet".equals(a.family())) return n.name();
                if (v6 == null) v6 = n.name();
            }
        }
        if (v6 != null) return v6;
        for (Entry e : entries.values()) {
            boolean ok = e.addresses.stream().anyMatch(Ifaces::routable) && !Ifaces.isLoopbackName(e.name)
                    && !Ifaces.mgmtName(e.name) && !(Ifaces.virtualName(e.name) && !e.name.startsWith("veth"))
                    && e.addresses.stream().noneMatch(Ifaces::dockerDefaultBridge);
            if (ok) return e.name;
        }
        return null;
    }

    // ------------------------------------------------------------------------------------------------------------
    // SOCKET_IFNAME_SUSPICIOUS: nodes on different subnets

    private static void subnets(Job job, Hw hw, Drafts d) {
        if (job.multiNode != Tri.YES) return;
        // Each host keeps its name, bootstrap interface, address and subnet here (values equal across hosts are one
        // instance); the lines to quote are read again only when there is a finding, so a job of many hosts does not
        // hold every host's lines.
        List<String> hosts = new ArrayList<>();
        List<String> bootNames = new ArrayList<>();
        List<String> bootAddresses = new ArrayList<>();
        List<String> nets = new ArrayList<>();
        Map<String, String> oneOf = new HashMap<>();
        boolean allKnown = true;
        for (Host h : job.hosts()) {
            if (h.name == null) continue;
            Entry e = boot(h);
            if (e == null) continue;
            hosts.add(h.name);
            bootNames.add(e.name);
            bootAddresses.add(e.address());
            String net = null;
            for (Hw.Iface ip : hw.iface(h.name, false, e.name)) {
                for (NetAddress a : ip.iface().addresses()) {
                    if (Ifaces.bare(e.address()).equals(a.address()) && a.prefixLength() != null) {
                        net = Ifaces.subnet(a.address(), a.prefixLength());
                    }
                }
            }
            if (net == null) allKnown = false;
            nets.add(net == null ? null : oneOf.computeIfAbsent(net, k -> k));
        }
        if (hosts.size() < 2) return;
        Map<String, List<String>> byNet = new TreeMap<>();
        StringBuilder list = new StringBuilder();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < hosts.size(); i++) {
            String net = allKnown ? nets.get(i) : guess24(bootAddresses.get(i));
            byNet.computeIfAbsent(net, k -> new ArrayList<>()).add(hosts.get(i));
            names.add(bootNames.get(i));
        }
        if (byNet.size() < 2) return;
        for (Map.Entry<String, List<String>> m : byNet.entrySet()) {
            if (list.length() > 0) list.append("; ");
            list.append(m.getKey()).append(": ").append(Ifaces.join(m.getValue(), 4));
        }
        FindingSeverity sev;
        String key;
        if (allKnown) {
            sev = FindingSeverity.WARNING;
            key = "ifname.subnet.prefix";
        } else {
            // Without prefixes a /24 comparison is only a hint; clouds route /16 and wider VPCs (corpus
            // nccl-tests/eks-blueprints-eks-efa-1.txt: 10.11.13.x and 10.11.5.x, healthy). Say it only when the
            // interface names differ too or sockets failed.
            boolean socketTrouble = false;
            for (Host h : job.hosts()) {
                for (At<NcclEvent> e : h.events) {
                    EventKind k = e.value().kind();
                    if (k == EventKind.SOCKET_CONNECT_FAILED || k == EventKind.NO_SOCKET_INTERFACE) socketTrouble = true;
                }
            }
            if (names.size() < 2 && !socketTrouble) return;
            sev = FindingSeverity.INFO;
            key = "ifname.subnet.guess";
        }
        Draft f = d.add(IFNAME, sev, key).arg("hosts", Ifaces.join(hosts, Drafts.HOSTS_SHOWN)).arg("subnets", list.toString());
        // Each host's bootstrap line, then the ip addr lines of its address, as read above.
        for (Host h : job.hosts()) {
            Entry e = h.name == null ? null : boot(h);
            if (e != null && !e.lines.isEmpty()) f.line(e.lines.get(0));
        }
        for (Host h : job.hosts()) {
            Entry e = h.name == null ? null : boot(h);
            if (e == null) continue;
            for (Hw.Iface ip : hw.iface(h.name, false, e.name)) {
                for (NetAddress a : ip.iface().addresses()) {
                    if (Ifaces.bare(e.address()).equals(a.address()) && a.prefixLength() != null) f.line(ip.artifact().quote(a.line()));
                }
            }
        }
        if (names.size() == 1) f.param("iface", names.iterator().next());
        d.put(f);
    }

    /** {@return the host's first used bootstrap interface with a routable IPv4 address; null when none} */
    private static Entry boot(Host h) {
        for (Entry e : entries(h).values()) {
            if (e.used && e.uses.contains(BOOTSTRAP) && Ifaces.v4(e.address()) != null && Ifaces.routable(e.address())) return e;
        }
        return null;
    }

    private static String guess24(String address) {
        int[] v = Ifaces.v4(address);
        return v == null ? "?" : v[0] + "." + v[1] + "." + v[2] + ".0/24";
    }

    // ------------------------------------------------------------------------------------------------------------
    // GDR_NOT_USED

    private static boolean rdmaNet(String net) {
        return net != null && net.toUpperCase(Locale.ROOT).startsWith("IB");
    }

    private static void gdr(Job job, Hw hw, Drafts d) {
        boolean alone = alone(job);
        String level = strip(job.env("NCCL_NET_GDR_LEVEL"));
        At<EnvSetting> levelAt = job.env.get("NCCL_NET_GDR_LEVEL");
        boolean any = false;
        for (Host h : job.hosts()) {
            // The receive side decides. For sends (GPU reads) NCCL uses GDR by default only on Ampere and later or on
            // GPUs with NVLink peers (NCCL_NET_GDR_READ, src/graph/paths.cc ncclTopoCheckGdr; 2.4 needed NVLink), so a
            // send line without /GDRDMA can be normal. NCCL 2.3 prints only the receive side, without "[receive]"
            // (src/transport/net.cu: "Ring %02d : %d -> %d via NET/%s/%d%s%s", /GDRDMA when the NIC takes CUDA pointers).
            if (h.conn().recvLines > 0) {
                any = true;
                List<At<NcclTransport>> without = h.conn().without;
                if (without.isEmpty()) continue;
                At<NcclTransport> t = without.get(0);
                At<IbDevice> dev = hca(job, h, netDev(t.value().via()));
                String hca = dev == null ? null : dev.value().device();
                Integer gpu = t.value().toDev() != null ? t.value().toDev() : job.gpuOf(t.value().toRank());
                Hw.Topo topo = hw.topology(h.name, alone);
                TopoPath path = null;
                EvidenceLine topoLine = null;
                if (topo != null && gpu != null && hca != null) {
                    TopoNic nic = topo.data().nic(hca).orElse(null);
                    TopoMatrix m = topo.data().matrixOf(MatrixType.TOPOLOGY).orElse(null);
                    if (nic != null && m != null) {
                        path = m.path("GPU" + gpu, nic.name()).or(() -> m.path(nic.name(), "GPU" + gpu)).orElse(null);
                        TopoGpu g = topo.data().gpu("GPU" + gpu).orElse(null);
                        if (g != null) topoLine = topo.artifact().quote(g.line());
                    }
                }
                FindingSeverity sev;
                String key;
                if (level != null && gdrLevelOff(level, path)) {
                    sev = FindingSeverity.WARNING;
                    key = "gdr.recv.env";
                } else if (path != null && path.type().isPath() && path.type().rank() <= gdrLevel(level)) {
                    sev = FindingSeverity.WARNING;
                    key = "gdr.recv.near";
                } else if (path != null && path.type().isPath()) {
                    sev = FindingSeverity.INFO;
                    key = "gdr.recv.far";
                } else if (h.conn().withoutLines < h.conn().recvLines) {
                    sev = FindingSeverity.WARNING;
                    key = "gdr.recv.partial";
                } else {
                    sev = FindingSeverity.WARNING;
                    key = "gdr.recv";
                }
                Draft f = d.add(GDR, sev, key).on(h.name).where(where(job)).arg("vias", Ifaces.join(new ArrayList<>(h.conn().withoutVias), 3))
                        .arg("without", h.conn().withoutCount).arg("total", h.conn().recvCount)
                        .param("hca", hca).subject(Subject.JOB.withDevice(hca));
                if (hca != null) f.arg("hca", hca);
                if (gpu != null && path != null) f.arg("gpu", "GPU" + gpu).arg("path", path.word());
                if (key.equals("gdr.recv.env")) f.arg("env", "NCCL_NET_GDR_LEVEL=" + level).param("env", "NCCL_NET_GDR_LEVEL=" + level);
                for (At<NcclTransport> w : first(without, LINES)) f.line(w.quote(w.value().line(), Job.text(w.value())));
                if (h.conn().withoutLines < h.conn().recvLines && h.conn().withGdr != null) {
                    f.line(h.conn().withGdr.quote(h.conn().withGdr.value().line(), Job.text(h.conn().withGdr.value())));
                }
                if (dev != null) f.line(dev.quote(dev.value().line(), Job.text(dev.value())));
                if (topoLine != null) f.line(topoLine);
                if (levelAt != null && key.equals("gdr.recv.env")) f.line(levelAt.quote(levelAt.value().line(), Job.text(levelAt.value())));
                d.put(f);
                continue;
            }
            // No channel lines: NCCL's own verdict per HCA. "NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'"
            // means the HCA cannot register GPU memory (no peermem, no DMA-BUF; corpus nccl-1537-1.txt); the 2.4
            // form with "(distance 4 >= 2)" is NCCL keeping GDR off for a far NIC, a topology matter.
            List<String> hcas = new ArrayList<>();
            List<EvidenceLine> lines = new ArrayList<>();
            List<EvidenceLine> far = new ArrayList<>();
            for (At<NcclEvent> e : h.events) {
                if (e.value().kind() != EventKind.GDR_DISABLED) continue;
                String m = e.value().message() == null ? "" : e.value().message();
                EvidenceLine l = e.quote(e.value().line(), Job.text(e.value()));
                if (m.contains("distance")) {
                    if (far.size() < LINES) far.add(l);
                    continue;
                }
                int q = m.indexOf('\'');
                int q2 = q < 0 ? -1 : m.indexOf('\'', q + 1);
                String name = q2 > q ? m.substring(q + 1, q2) : null;
                if (name != null && !hcas.contains(name)) hcas.add(name);
                if (lines.size() < LINES) lines.add(l);
            }
            if (!lines.isEmpty()) {
                any = true;
                FindingSeverity sev = job.multiNode == Tri.NO ? FindingSeverity.INFO : FindingSeverity.WARNING;
                String hl = String.join(", ", hcas);
                Draft f = d.add(GDR, sev, job.multiNode == Tri.NO ? "gdr.nic.single" : "gdr.nic").on(h.name).where(where(job))
                        .arg("hcas", hl.isEmpty() ? "?" : hl).param("hca", String.join(",", hcas))
                        .subject(Subject.JOB.withDevice(hcas.size() == 1 ? hcas.get(0) : null));
                f.lines(lines);
                for (At<NetworkChoice> n : first(h.networks, 1)) f.line(n.quote(n.value().line(), Job.text(n.value())));
                d.put(f);
            } else if (!far.isEmpty()) {
                any = true;
                Draft f = d.add(GDR, FindingSeverity.INFO, "gdr.distance").on(h.name).where(where(job));
                f.lines(far);
                d.put(f);
            }
        }
        // NCCL_NET_GDR_LEVEL=LOC turns GDR off everywhere; say so when no channel line showed it.
        if (!any && level != null && gdrLevelOff(level, null) && usesRdma(job)) {
            FindingSeverity sev = job.multiNode == Tri.NO ? FindingSeverity.INFO : FindingSeverity.WARNING;
            String env = "NCCL_NET_GDR_LEVEL=" + level;
            Draft f = d.add(GDR, sev, job.multiNode == Tri.NO ? "gdr.env.single" : "gdr.env")
                    .arg("hosts", where(job)).arg("env", env).param("env", env).param("node", single(job))
                    .subject(Subject.JOB.withNode(single(job)));
            f.line(levelAt.quote(levelAt.value().line(), Job.text(levelAt.value())));
            d.put(f);
        }
    }

    private static boolean usesRdma(Job job) {
        for (Host h : job.hosts()) {
            if (!h.ibDevices.isEmpty()) return true;
            for (At<NetworkChoice> n : h.networks) if (rdmaNet(n.value().name())) return true;
        }
        return false;
    }

    /** The farthest GPU/NIC path NCCL allows GDR on: NCCL_NET_GDR_LEVEL when set, else PXB (NCCL 2.5+ default). */
    private static int gdrLevel(String level) {
        int lv = levelRank(level);
        return lv >= 0 ? lv : PathType.PXB.rank();
    }

    /** Whether NCCL_NET_GDR_LEVEL keeps GDR off for a GPU/NIC path ({@code null}: off for every path). */
    private static boolean gdrLevelOff(String level, TopoPath path) {
        int lv = levelRank(level);
        if (lv < 0) return false;
        if (lv <= PathType.NV.rank()) return true;
        return path != null && path.type().isPath() && path.type().rank() > lv;
    }

    /**
     * NCCL's path level names (LOC, NVL, PIX, PXB, PHB, SYS) and the old numbers (0 to 5) as {@link PathType} ranks;
     * -1 when not a level.
     */
    static int levelRank(String level) {
        if (level == null) return -1;
        return switch (level.strip().toUpperCase(Locale.ROOT)) {
            case "LOC", "0" -> 0;
            case "NVL" -> PathType.NV.rank();
            case "PIX", "1" -> PathType.PIX.rank();
            case "PXB", "2" -> PathType.PXB.rank();
            case "PHB", "3" -> PathType.PHB.rank();
            case "SYS", "4", "5" -> PathType.SYS.rank();
            default -> -1;
        };
    }

    private static int p2pLevel(String level) {
        int lv = levelRank(level);
        return lv >= 0 ? lv : PathType.PXB.rank();
    }

    /** The NCCL net device index of a via string ({@code 3} of {@code NET/IB/3/GDRDMA}, {@code NET/IB/3(1)/GDRDMA}). */
    static Integer netDev(String via) {
        if (via == null) return null;
        String[] p = via.split("/");
        if (p.length < 3) return null;
        String s = p[2];
        int n = 0;
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && i < 6) n = n * 10 + (s.charAt(i++) - '0');
        return i == 0 ? null : n;
    }

    private static At<IbDevice> hca(Job job, Host h, Integer index) {
        if (index == null) return null;
        for (At<IbDevice> d : h.ibDevices) if (d.value().index() == index) return d;
        return job.ibDevice(index);
    }

    // ------------------------------------------------------------------------------------------------------------
    // P2P_NOT_USED

    private static void p2p(Job job, Hw hw, Drafts d) {
        boolean alone = alone(job);
        String env = null;
        At<EnvSetting> envAt = null;
        if (job.envOn("NCCL_P2P_DISABLE")) {
            envAt = job.env.get("NCCL_P2P_DISABLE");
        } else if (levelRank(job.env("NCCL_P2P_LEVEL")) >= 0 && levelRank(job.env("NCCL_P2P_LEVEL")) < PathType.PXB.rank()) {
            envAt = job.env.get("NCCL_P2P_LEVEL");
        }
        if (envAt != null) env = envAt.value().name() + "=" + envAt.value().value();
        boolean any = false;
        for (Host h : job.hosts()) {
            List<At<NcclTransport>> intra = new ArrayList<>();
            boolean net = false;
            for (At<NcclTransport> t : h.conn().intra) {
                NcclTransport v = t.value();
                if (v.type() == TransportType.SHM) {
                    intra.add(t);
                } else if (v.type() == TransportType.NET) {
                    String a = job.rankHost.get(v.fromRank());
                    String b = job.rankHost.get(v.toRank());
                    if (a != null && a.equals(b) && a.equals(h.name)) {
                        intra.add(t);
                        net = true;
                    }
                }
            }
            if (intra.isEmpty()) continue;
            any = true;
            NcclTransport t0 = intra.get(0).value();
            Integer ga = t0.fromDev() != null ? t0.fromDev() : job.gpuOf(t0.fromRank());
            Integer gb = t0.toDev() != null ? t0.toDev() : job.gpuOf(t0.toRank());
            Hw.Topo topo = hw.topology(h.name, alone);
            TopoPath path = null;
            TopoPath status = null;
            List<EvidenceLine> topoLines = new ArrayList<>();
            if (topo != null && ga != null && gb != null && !ga.equals(gb)) {
                String a = "GPU" + ga, b = "GPU" + gb;
                TopoMatrix m = topo.data().matrixOf(MatrixType.TOPOLOGY).orElse(null);
                if (m != null) path = m.path(a, b).or(() -> m.path(b, a)).orElse(null);
                for (MatrixType mt : List.of(MatrixType.P2P_READ, MatrixType.P2P_WRITE, MatrixType.P2P)) {
                    TopoMatrix pm = topo.data().matrixOf(mt).orElse(null);
                    if (pm != null && status == null) status = pm.path(a, b).orElse(null);
                }
                topo.data().gpu(a).ifPresent(g -> topoLines.add(topo.artifact().quote(g.line())));
            }
            boolean envExplains = env != null && (job.envOn("NCCL_P2P_DISABLE") || path == null
                    || levelRank(job.env("NCCL_P2P_LEVEL")) <= PathType.NV.rank()
                    || (path.type().isPath() && path.type().rank() > levelRank(job.env("NCCL_P2P_LEVEL"))));
            boolean nv = path != null && path.isNvLink();
            FindingSeverity sev;
            String key;
            if (envExplains) {
                sev = nv ? FindingSeverity.ERROR : FindingSeverity.WARNING;
                key = path != null && path.type().isPath() ? "p2p.env.topo" : "p2p.env";
            } else if (net) {
                sev = FindingSeverity.WARNING;
                key = "p2p.net";
            } else if (status != null && status.type().isP2pStatus() && status.type() != PathType.OK) {
                sev = FindingSeverity.INFO;
                key = "p2p.unsupported";
            } else if (nv) {
                sev = FindingSeverity.ERROR;
                key = "p2p.nvlink";
            } else if (path != null && path.type().isPath() && path.type().rank() <= p2pLevel(job.env("NCCL_P2P_LEVEL"))) {
                // Within NCCL's P2P distance: PXB by default (src/graph/paths.cc ncclTopoCheckP2p), or NCCL_P2P_LEVEL.
                sev = FindingSeverity.WARNING;
                key = "p2p.near";
            } else if (path != null && path.type().isPath()) {
                sev = FindingSeverity.INFO;
                key = "p2p.far";
            } else {
                sev = FindingSeverity.INFO;
                key = "p2p.unknown";
            }
            Set<String> pairs = new LinkedHashSet<>();
            Set<String> vias = new LinkedHashSet<>();
            for (At<NcclTransport> t : intra) {
                // GPU pairs when the log prints device indexes (2.19+), so that every node of a job with the same
                // pattern reads the same; global rank pairs otherwise.
                NcclTransport v = t.value();
                if (v.fromDev() != null && v.toDev() != null) {
                    int a = Math.min(v.fromDev(), v.toDev()), b = Math.max(v.fromDev(), v.toDev());
                    pairs.add("GPU" + a + "<->GPU" + b);
                } else {
                    int a = Math.min(v.fromRank(), v.toRank()), b = Math.max(v.fromRank(), v.toRank());
                    pairs.add("rank " + a + "<->rank " + b);
                }
                vias.add(v.via());
            }
            Draft f = d.add(P2P, sev, key).on(h.name).where(where(job)).arg("pairs", Ifaces.join(new ArrayList<>(pairs), 6))
                    .arg("via", Ifaces.join(new ArrayList<>(vias), 2)).param("env", env);
            if (path != null) f.arg("gpus", "GPU" + ga + "-GPU" + gb).arg("path", path.word());
            if (status != null && key.equals("p2p.unsupported")) f.arg("gpus", "GPU" + ga + "-GPU" + gb).arg("status", status.word());
            if (envExplains) f.arg("env", env);
            for (At<NcclTransport> t : first(intra, LINES)) f.line(t.quote(t.value().line(), Job.text(t.value())));
            if (envExplains) f.line(envAt.quote(envAt.value().line(), Job.text(envAt.value())));
            f.lines(topoLines);
            d.put(f);
        }
        if (!any && env != null && (job.envOn("NCCL_P2P_DISABLE") || levelRank(job.env("NCCL_P2P_LEVEL")) == 0)) {
            boolean several = false;
            for (Host h : job.hosts()) several |= h.severalLocal;
            Draft f = d.add(P2P, several ? FindingSeverity.WARNING : FindingSeverity.INFO,
                    several ? "p2p.envonly" : "p2p.envonly.local").arg("hosts", where(job)).arg("env", env)
                    .param("env", env).param("node", single(job)).subject(Subject.JOB.withNode(single(job)));
            f.line(envAt.quote(envAt.value().line(), Job.text(envAt.value())));
            d.put(f);
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // The transport choice per host

    /**
     * {@return what NCCL chose on each host of every NCCL log in {@code evidence} (also the NCCL lines inside nccl-tests output),
     * one entry per host in natural host order; a host seen in several logs merges them (first value wins, lists
     * join)} Pure and thread-safe.
     *
     * @param evidence the evidence read
     */
    public static List<TransportChoice> choices(Evidence evidence) {
        Map<String, Acc> byHost = new LinkedHashMap<>();
        for (ChoiceJob job : ChoiceJob.of(evidence)) {
            boolean ibOff = job.envOn("NCCL_IB_DISABLE") || "socket".equalsIgnoreCase(strip(job.env("NCCL_NET")));
            for (ChoiceJob.Host h : job.hosts.values()) {
                Acc a = byHost.computeIfAbsent(h.name, Acc::new);
                a.ibOff |= ibOff;
                for (ChoiceJob.At<NetworkChoice> n : h.networks) {
                    if (a.network == null) {
                        a.network = n.value().name();
                        a.lines.add(n.quote(n.value().line(), Job.text(n.value())));
                    }
                }
                for (ChoiceJob.At<NcclInterface> i : h.interfaces) {
                    NcclInterface v = i.value();
                    if (v.kind() == InterfaceKind.BOOTSTRAP && a.bootIface == null && (v.index() == null || v.index() == 0)) {
                        a.bootIface = v.name();
                        a.bootAddress = v.address();
                        a.lines.add(i.quote(v.line(), Job.text(v)));
                    } else if (v.kind() == InterfaceKind.SOCKET && !a.socket.contains(v.name())) {
                        a.socket.add(v.name());
                    }
                }
                for (ChoiceJob.At<IbDevice> dv : h.ibDevices) {
                    if (!a.hcas.contains(dv.value().device())) {
                        a.hcas.add(dv.value().device());
                        a.layers.add(dv.value().linkLayer().toString());
                        if (a.hcas.size() == 1) a.lines.add(dv.quote(dv.value().line(), Job.text(dv.value())));
                    }
                }
                for (ChoiceJob.At<NcclTransport> t : h.transports) {
                    NcclTransport v = t.value();
                    if (v.type() == TransportType.NET && rdmaNet(v.net()) && v.direction() != io.ncclscope.parsers.nccl.Direction.SEND) {
                        a.gdr = or(a.gdr, Boolean.TRUE.equals(v.gdrdma()));
                    } else if (v.type() == TransportType.P2P) {
                        a.p2p = Boolean.TRUE;
                    } else if (v.type() == TransportType.SHM) {
                        a.p2p = or(a.p2p, false);
                    } else if (v.type() == TransportType.NET) {
                        String x = job.rankHost.get(v.fromRank());
                        if (x != null && x.equals(job.rankHost.get(v.toRank()))) a.p2p = or(a.p2p, false);
                    }
                }
                for (ChoiceJob.At<NcclEvent> e : h.events) {
                    if (e.value().kind() == EventKind.GDR_DISABLED && a.gdr == null) a.gdrOff = true;
                    if (e.value().kind() == EventKind.GDR_ENABLED) a.gdrOn = true;
                }
            }
        }
        List<Acc> accs = new ArrayList<>(byHost.values());
        accs.sort(Comparator.comparing((Acc a) -> a.host == null ? "" : a.host, Evidence::compareNodes));
        List<TransportChoice> out = new ArrayList<>(accs.size());
        for (Acc a : accs) {
            Boolean gdr = a.gdr != null ? a.gdr : a.gdrOn ? Boolean.TRUE : a.gdrOff ? Boolean.FALSE : null;
            out.add(new TransportChoice(a.host, a.network, a.bootIface, a.bootAddress, a.socket, a.hcas,
                    a.layers.isEmpty() ? null : String.join("+", a.layers), gdr, a.p2p, a.ibOff, a.lines));
        }
        return out;
    }

    private static Boolean or(Boolean acc, boolean v) {
        return acc == null ? v : acc || v;
    }

    private static final class Acc {
        final String host;
        String network;
        String bootIface;
        String bootAddress;
        final List<String> socket = new ArrayList<>();
        final List<String> hcas = new ArrayList<>();
        final Set<String> layers = new LinkedHashSet<>();
        Boolean gdr;
        boolean gdrOn;
        boolean gdrOff;
        Boolean p2p;
        boolean ibOff;
        final List<EvidenceLine> lines = new ArrayList<>();

        Acc(String host) {
            this.host = host;
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // Helpers

    /** The RDMA state of a job's hosts together. */
    private record Rdmas(boolean active, boolean allNone, List<String> devices, String node, List<EvidenceLine> lines) {
    }

    private static Rdmas rdmas(Job job, Hw hw) {
        boolean alone = alone(job);
        boolean allNone = !job.noHosts();
        for (Host h : job.hosts()) {
            Hw.RdmaView r = hw.rdma(h.name, alone);
            if (r.state() == Hw.Rdma.ACTIVE) return new Rdmas(true, false, r.active(), h.name, r.lines());
            if (r.state() != Hw.Rdma.NONE) allNone = false;
        }
        return new Rdmas(false, allNone, List.of(), null, List.of());
    }

    private static boolean alone(Job job) {
        return job.hostNames().size() <= 1;
    }

    /** The job's only host; null when it has several or none. */
    private static String single(Job job) {
        List<String> h = job.hostNames();
        return h.size() == 1 ? h.get(0) : null;
    }

    /** How a detail names where: the hosts, else the log's name. */
    private static String where(Job job) {
        List<String> h = job.hostNames();
        return h.isEmpty() ? job.srcs.get(0).name() : Ifaces.join(h, Drafts.HOSTS_SHOWN);
    }

    /** The message of a quoted NCCL line ({@code Using internal Network Socket}), without its prefix. */
    private static String said(EvidenceLine l) {
        String t = l.text();
        int i = t.indexOf("INFO ");
        return (i >= 0 ? t.substring(i + 5) : t).strip();
    }

    private static String strip(String s) {
        return s == null ? null : s.strip();
    }

    private static At<NcclInterface> firstOf(List<At<NcclInterface>> l, InterfaceKind kind) {
        for (At<NcclInterface> i : l) if (i.value().kind() == kind) return i;
        return null;
    }

    private static <T> List<T> first(List<T> l, int n) {
        return l.size() <= n ? l : l.subList(0, n);
    }

    private static <T> List<T> filter(List<T> l, java.util.function.Predicate<T> p) {
        List<T> out = new ArrayList<>();
        for (T t : l) if (p.test(t)) out.add(t);
        return out;
    }

}
