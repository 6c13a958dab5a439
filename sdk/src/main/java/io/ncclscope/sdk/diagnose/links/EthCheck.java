package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.INFO;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;

import io.ncclscope.parsers.ethtool.EthtoolData;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.LinkState;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.RecordedFindings;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ETH_LINK_DOWN, ETH_SPEED_DEGRADED and MTU_MISMATCH for network interfaces, from {@code ethtool},
 * {@code ip link}/{@code ip addr} and {@code ibdev2netdev}.
 *
 * <p>A down interface counts only when something says it is used: an address, an RDMA device on it, or an
 * administrative "up" with no carrier. ibdev2netdev's "(Down)" of an IPoIB netdev says nothing about the IB
 * port (corpus iplink/cluster-health-4-1.txt), and a second port of a card whose first port is up is most
 * likely uncabled on purpose (corpus iplink/spark-vllm-docker-networking-1.txt).
 */
final class EthCheck {

    /** The network facts of the slice being read. */
    private NodeNetworks networks;

    /** An in-use interface's MTU, as the check across nodes compares it; its artifact a {@link Artifact#stub() stub}. */
    private record InterfaceMtu(Artifact artifact, String name, int mtu, int line) {
    }

    /** The in-use interfaces of each slice, the first reading of each name. */
    private final SliceSummaries<List<InterfaceMtu>> mtus = new SliceSummaries<>();
    /** The Ethernet links of each slice with a speed and a carrier. */
    private final SliceSummaries<List<EthernetLink>> links = new SliceSummaries<>();
    /** The fastest link of each group of peers, over every slice: set at finish, before the speeds are checked. */
    private Map<String, EthernetLink> fastest;

    /**
     * Checks one slice: interfaces down into {@code ip} (ip link, ibdev2netdev) and {@code ethtool}, MTUs within a
     * bond into {@code bonds} and within a card into {@code siblings}; into {@code speeds}, a step that checks the
     * slice's link speeds at finish, against the fastest of their peers on any node.
     */
    void add(Evidence evidence, NodeNetworks networks, RecordedFindings.SliceRecord slice, int ip, int ethtool, int speeds, int bonds, int siblings) {
        this.networks = networks;
        MergedFindings sink = slice.into(ip);
        List<NodeNetworks.IpInterface> all = new ArrayList<>();
        for (Evidence.Item<IpLinkData> it : evidence.all(IpLinkData.class)) {
            boolean addrKnown = it.data().interfaces().stream().anyMatch(i -> !i.addresses().isEmpty());
            Map<String, List<NodeNetworks.IpInterface>> noCarrier = new LinkedHashMap<>();
            for (NetInterface i : it.data().interfaces()) {
                if (i.name() == null) continue;
                NodeNetworks.IpInterface f = new NodeNetworks.IpInterface(it.artifact(), i);
                all.add(f);
                ipDown(f, addrKnown, noCarrier, sink);
            }
            for (List<NodeNetworks.IpInterface> group : noCarrier.values()) unknownRole(group, sink);
            for (RdmaLink r : it.data().rdmaMap()) rdmaDown(it.artifact(), r, it.data().rdmaMap(), sink);
        }
        List<EthernetLink> eths = new ArrayList<>();
        MergedFindings down = slice.into(ethtool);
        for (Evidence.Item<EthtoolData> it : evidence.all(EthtoolData.class)) {
            Artifact stub = null;
            for (EthtoolInterface i : it.data().interfaces()) {
                ethtoolDown(it.artifact(), i, down);
                if (i.speedMbps() == null || Boolean.FALSE.equals(i.linkDetected())) continue;
                if (stub == null) stub = it.artifact().stub();
                eths.add(new EthernetLink(stub, i.name(), i.speedMbps(), i.line(), best(i.advertisedLinkModes()),
                        best(i.supportedLinkModes()), i.linkPartner() == null ? null : best(i.linkPartner().advertisedLinkModes()),
                        fabric(i), group(i), i.name() == null ? null : networks.netOf(NodeNetworks.key(it.artifact())).rdmaOfNetdev.get(i.name())));
            }
        }
        if (!eths.isEmpty()) {
            links.put(evidence.sliceNode(), eths);
            slice.later(speeds, out -> speeds(eths, out));
        }
        List<InterfaceMtu> ms = new ArrayList<>();
        Set<List<String>> seen = new java.util.HashSet<>(); // interface name, network key
        Map<Artifact, Artifact> stubs = new java.util.IdentityHashMap<>();
        for (NodeNetworks.IpInterface f : all) {
            if (!inUse(f.nif()) || !seen.add(List.of(f.nif().name(), NodeNetworks.key(f.artifact())))) continue;
            ms.add(new InterfaceMtu(stubs.computeIfAbsent(f.artifact(), Artifact::stub), f.nif().name(), f.nif().mtu(), f.nif().line()));
        }
        if (!ms.isEmpty()) mtus.put(evidence.sliceNode(), ms);
        mtuBonds(all, slice.into(bonds));
        mtuSiblings(all, slice.into(siblings));
        this.networks = null; // it holds the slice's parsed records
    }

    /** Finds the fastest link of each group of peers over every slice, for the speed steps of {@link #add}. */
    void peers() {
        fastest = new LinkedHashMap<>();
        for (List<EthernetLink> es : links.inOrder()) {
            for (EthernetLink e : es) {
                String g = e.group();
                if (g == null) continue;
                EthernetLink f = fastest.get(g);
                if (f == null || e.speed() > f.speed()) fastest.put(g, e);
            }
        }
    }

    // ---- ETH_LINK_DOWN -------------------------------------------------------------------------------------

    private static boolean adminUp(NetInterface i) {
        return i.flags().contains("UP");
    }

    private static boolean noCarrier(NetInterface i) {
        return i.flags().contains("NO-CARRIER") || i.state() == LinkState.DOWN || i.state() == LinkState.LOWER_LAYER_DOWN;
    }

    private void ipDown(NodeNetworks.IpInterface f, boolean addrKnown, Map<String, List<NodeNetworks.IpInterface>> unknown, MergedFindings sink) {
        NetInterface i = f.nif();
        if (!adminUp(i) || !noCarrier(i) || NodeNetworks.virtual(i)) return;
        NodeNetworks.NodeNetwork net = networks.netOf(NodeNetworks.key(f.artifact()));
        String rdma = net.rdmaOfNetdev.get(i.name());
        boolean addr = NodeNetworks.hasAddress(i);
        if (NodeNetworks.ipoib(i) && !addr) return; // IPoIB not configured; the IB port speaks in ibstat
        if (rdma != null && coveredByIbstat(net, rdma)) return; // IB_PORT_NOT_ACTIVE speaks for it
        String bond = bondOf(i);
        if (!addr && rdma == null && bond == null) {
            // No address, no RDMA device, not in a bond: an unused port, when the input shows addresses at all.
            if (!addrKnown) unknown.computeIfAbsent(NodeNetworks.key(f.artifact()), k -> new ArrayList<>()).add(f);
            return;
        }
        String key = addr ? "eth.down.addr" : rdma != null ? "eth.down.rdma" : "eth.down.bond";
        FindingSeverity sev = addr || rdma != null ? ERROR : WARNING;
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(f.artifact().quote(i.line()));
        String address = null;
        for (NetAddress a : i.addresses()) {
            ev.add(f.artifact().quote(a.line()));
            if (address == null) address = a.address();
            if (ev.size() >= 3) break;
        }
        sink.addLines(NodeNetworks.key(f.artifact()) + "/" + i.name(), "ETH_LINK_DOWN", sev,
                NodeNetworks.subject(f.artifact()).withIface(i.name()).withDevice(rdma),
                LinkHealthAnalyzer.message(key, "iface", i.name(), "addr", address, "hca", rdma, "bond", bond, "flags", String.join(",", i.flags())),
                ev, "iface", i.name(), "node", NodeNetworks.node(f.artifact()), "hca", rdma);
    }

    /** Admin-up interfaces without carrier whose role the input does not tell (ip link prints no addresses). */
    private void unknownRole(List<NodeNetworks.IpInterface> group, MergedFindings sink) {
        NodeNetworks.IpInterface first = group.get(0);
        List<String> names = new ArrayList<>();
        List<EvidenceLine> ev = new ArrayList<>();
        for (NodeNetworks.IpInterface f : group) {
            names.add(f.nif().name());
            ev.add(f.artifact().quote(f.nif().line()));
        }
        sink.addLines(NodeNetworks.key(first.artifact()) + "/no-carrier", "ETH_LINK_DOWN", WARNING,
                NodeNetworks.subject(first.artifact()).withIface(group.size() == 1 ? names.get(0) : null),
                LinkHealthAnalyzer.message("eth.down.unknown", "count", group.size(), "list", String.join(", ", names)),
                ev, "iface", names.get(0), "node", NodeNetworks.node(first.artifact()));
    }

    /** ibdev2netdev "(Down)" of an Ethernet (RoCE) netdev that nothing else explains. */
    private void rdmaDown(Artifact a, RdmaLink r, List<RdmaLink> map, MergedFindings sink) {
        if (r.state() != LinkState.DOWN || r.netdev() == null || r.portState() != null) return;
        if (r.netdev().startsWith("ib")) return; // IPoIB netdev state, not the port's
        NodeNetworks.NodeNetwork net = networks.netOf(NodeNetworks.key(a));
        if (net.ifaces.containsKey(r.netdev())) return; // ip link speaks for it
        if (coveredByIbstat(net, r.rdmaDevice())) return;
        String stem = NodeNetworks.cardStem(r.netdev());
        if (stem != null) {
            for (RdmaLink o : map) {
                if (o != r && o.state() == LinkState.UP && stem.equals(NodeNetworks.cardStem(o.netdev()))) return; // spare port
            }
        }
        sink.addLines(NodeNetworks.key(a) + "/" + r.netdev(), "ETH_LINK_DOWN", WARNING,
                NodeNetworks.subject(a).withIface(r.netdev()).withDevice(r.rdmaDevice()).withPort(r.port()),
                LinkHealthAnalyzer.message("eth.down.ibdev2netdev", "iface", r.netdev(), "hca", r.rdmaDevice()),
                List.of(a.quote(r.line())), "iface", r.netdev(), "hca", r.rdmaDevice(), "node", NodeNetworks.node(a),
                "port", r.port() == null ? null : r.port().toString());
    }

    /** True when ibstat shows a port of RDMA device {@code rdma}: IB_PORT_NOT_ACTIVE speaks for its state. */
    private static boolean coveredByIbstat(NodeNetworks.NodeNetwork net, String rdma) {
        return rdma != null && net.ibPorts.keySet().stream().anyMatch(k -> k.startsWith(rdma + "/"));
    }

    /**
     * An Ethernet link with a speed and a carrier, as the speed check compares it: its speed, the fastest modes it
     * advertises, supports and sees its partner advertise, the group of its peers; its artifact a
     * {@link Artifact#stub() stub}, to quote it.
     */
    private record EthernetLink(Artifact artifact, String name, int speed, int line, Integer adv, Integer sup, Integer partner,
                       boolean fabric, String group, String hca) {
        String where() {
            return NodeNetworks.where(artifact, name == null ? "?" : name);
        }
    }

    private void ethtoolDown(Artifact a, EthtoolInterface i, MergedFindings sink) {
        if (!Boolean.FALSE.equals(i.linkDetected())) return;
        NodeNetworks.NodeNetwork net = networks.netOf(NodeNetworks.key(a));
        String name = i.name();
        String rdma = name == null ? null : net.rdmaOfNetdev.get(name);
        NodeNetworks.IpInterface f = name == null ? null : net.ifaces.get(name);
        boolean addr = f != null && NodeNetworks.hasAddress(f.nif());
        boolean used = rdma != null || addr || fabric(i);
        List<EvidenceLine> ev = new ArrayList<>(NodeNetworks.near(a, i.line(), 80, false,
                s -> s.startsWith("Link detected"), s -> s.startsWith("Settings for")));
        ev.add(a.quote(i.line()));
        if (f != null) ev.add(f.artifact().quote(f.nif().line()));
        sink.addLines(NodeNetworks.key(a) + "/" + name, "ETH_LINK_DOWN", used ? ERROR : WARNING,
                NodeNetworks.subject(a).withIface(name).withDevice(rdma),
                LinkHealthAnalyzer.message(rdma != null ? "eth.down.ethtool.rdma" : "eth.down.ethtool",
                        "iface", name, "hca", rdma, "best", modeText(best(i.supportedLinkModes()))),
                ev, "iface", name, "hca", rdma, "node", NodeNetworks.node(a));
    }

    // ---- ETH_SPEED_DEGRADED --------------------------------------------------------------------------------

    private static final Pattern MODE = Pattern.compile("^(\\d+)base");

    /** The fastest mode of a list, in Mb/s; null when none reads. */
    static Integer best(List<String> modes) {
        Integer b = null;
        for (String m : modes) {
            Matcher x = MODE.matcher(m);
            if (x.find()) {
                try {
                    int v = Integer.parseInt(x.group(1));
                    if (b == null || v > b) b = v;
                } catch (NumberFormatException ignored) {
                    // a mode name too long to be a speed
                }
            }
        }
        return b;
    }

    /** Fabric-class NICs (25G and up, or Mellanox): a slow link there costs training bandwidth. */
    private static boolean fabric(EthtoolInterface i) {
        Integer s = best(i.supportedLinkModes());
        String drv = i.driver() == null ? "" : i.driver();
        return drv.startsWith("mlx") || (s != null && s >= 25000) || (i.speedMbps() != null && i.speedMbps() >= 25000);
    }

    /** ETH_SPEED_DEGRADED for one slice's links, against the fastest of their peers ({@link #peers}). */
    private void speeds(List<EthernetLink> eths, MergedFindings sink) {
        for (EthernetLink e : eths) {
            int speed = e.speed();
            Integer adv = e.adv();
            EthernetLink peer = e.group() == null ? null : fastest.get(e.group());
            String name = e.name() == null ? "?" : e.name();
            Subject s = NodeNetworks.subject(e.artifact()).withIface(e.name()).withDevice(e.hca());
            FindingSeverity sev = e.fabric() ? ERROR : WARNING;
            String peerNode = null;
            Message m;
            List<EvidenceLine> ev = new ArrayList<>();
            if (adv != null && speed < adv) {
                m = LinkHealthAnalyzer.message(e.partner() != null && e.partner() < adv ? "eth.speed.partner" : "eth.speed.adv",
                        "iface", name, "speed", modeText(speed), "adv", modeText(adv), "partner", modeText(e.partner()));
            } else if (peer != null && peer != e && speed < 0.95 * peer.speed()) {
                s = s.withPeer(peer.where());
                peerNode = NodeNetworks.node(peer.artifact());
                m = LinkHealthAnalyzer.message("eth.speed.peers", "iface", name, "speed", modeText(speed),
                        "peer", peer.where(), "peerSpeed", modeText(peer.speed()));
                ev.addAll(speedLines(peer));
            } else if (e.sup() != null && speed < e.sup()) {
                // The port offers no faster mode than it runs: a choice (or a proprietary mode such as 56G), not a fault.
                sev = INFO;
                m = LinkHealthAnalyzer.message("eth.speed.notAdvertised", "iface", name,
                        "speed", modeText(speed), "sup", modeText(e.sup()));
            } else {
                continue;
            }
            ev.addAll(0, speedLines(e));
            sink.addLines(NodeNetworks.key(e.artifact()) + "/" + e.name(), "ETH_SPEED_DEGRADED", sev, s, m, ev,
                    "iface", e.name(), "node", NodeNetworks.node(e.artifact()), "peer", peerNode, "hca", e.hca());
        }
    }

    /** Peers: interfaces of the same model (the same supported modes) or, without modes, the same name. */
    private static String group(EthtoolInterface i) {
        List<String> modes = i.supportedLinkModes();
        if (!modes.isEmpty()) return ("m:" + String.join(",", new java.util.TreeSet<>(modes))).intern();
        return i.name() == null ? null : "n:" + i.name();
    }

    private static List<EvidenceLine> speedLines(EthernetLink e) {
        List<EvidenceLine> ev = NodeNetworks.near(e.artifact(), e.line(), 80, false,
                s -> s.startsWith("Speed:") || s.startsWith("Advertised link modes") || s.startsWith("Supported link modes")
                        || s.startsWith("Link partner advertised link modes"),
                s -> s.startsWith("Settings for") || s.startsWith("NIC statistics") || s.startsWith("driver:"));
        // Speed first
        ev.sort((x, y) -> Boolean.compare(!x.text().strip().startsWith("Speed"), !y.text().strip().startsWith("Speed")));
        if (ev.isEmpty()) ev.add(e.artifact().quote(e.line()));
        return ev;
    }

    static String modeText(Integer mbps) {
        if (mbps == null) return "?";
        return mbps >= 1000 && mbps % 1000 == 0 ? (mbps / 1000) + "G" : mbps + "M";
    }

    // ---- MTU_MISMATCH --------------------------------------------------------------------------------------

    /** Up, physical interfaces: the ones whose MTU matters. */
    private static boolean inUse(NetInterface i) {
        return i.mtu() != null && !NodeNetworks.virtual(i) && (adminUp(i) || i.state() == LinkState.UP);
    }

    /** MTU_MISMATCH: an interface whose MTU differs from the one most nodes give the interface of its name. */
    void mtuAcrossNodes(MergedFindings sink) {
        Map<String, Map<String, InterfaceMtu>> byName = new LinkedHashMap<>();
        for (List<InterfaceMtu> ms : mtus.inOrder()) {
            for (InterfaceMtu f : ms) byName.computeIfAbsent(f.name(), k -> new LinkedHashMap<>()).putIfAbsent(NodeNetworks.key(f.artifact()), f);
        }
        for (Map<String, InterfaceMtu> perNode : byName.values()) {
            if (perNode.size() < 2) continue;
            Map<Integer, List<InterfaceMtu>> byMtu = new LinkedHashMap<>();
            for (InterfaceMtu f : perNode.values()) byMtu.computeIfAbsent(f.mtu(), k -> new ArrayList<>()).add(f);
            NodeNetworks.differentMtus(byMtu, (f, ref) -> {
                String peer = NodeNetworks.where(ref.artifact());
                sink.addLines(NodeNetworks.key(f.artifact()) + "/" + f.name() + "/mtu", "MTU_MISMATCH", ERROR,
                        NodeNetworks.subject(f.artifact()).withIface(f.name()).withPeer(peer),
                        LinkHealthAnalyzer.message("mtu.nodes", "iface", f.name(), "mtu", f.mtu(), "peer", peer,
                                "others", byMtu.get(ref.mtu()).size() - 1, "peerMtu", ref.mtu(), "min", Math.min(f.mtu(), ref.mtu())),
                        List.of(f.artifact().quote(f.line()), ref.artifact().quote(ref.line())),
                        "iface", f.name(), "node", NodeNetworks.node(f.artifact()), "peer", NodeNetworks.node(ref.artifact()));
            });
        }
    }

    private static String bondOf(NetInterface i) {
        String m = i.master();
        if (m == null) return null;
        if ("bond".equals(i.slaveKind()) || m.startsWith("bond") || m.startsWith("team")) return m;
        return null;
    }

    private void mtuBonds(List<NodeNetworks.IpInterface> all, MergedFindings sink) {
        Map<String, Map<String, NodeNetworks.IpInterface>> byNode = new LinkedHashMap<>();
        for (NodeNetworks.IpInterface f : all) byNode.computeIfAbsent(NodeNetworks.key(f.artifact()), k -> new LinkedHashMap<>()).putIfAbsent(f.nif().name(), f);
        for (Map<String, NodeNetworks.IpInterface> node : byNode.values()) {
            Map<String, List<NodeNetworks.IpInterface>> members = new LinkedHashMap<>();
            for (NodeNetworks.IpInterface f : node.values()) {
                String b = bondOf(f.nif());
                if (b != null && f.nif().mtu() != null) members.computeIfAbsent(b, k -> new ArrayList<>()).add(f);
            }
            for (var e : members.entrySet()) {
                NodeNetworks.IpInterface master = node.get(e.getKey());
                Integer ref = master != null && master.nif().mtu() != null ? master.nif().mtu() : null;
                NodeNetworks.IpInterface refIf = master;
                if (ref == null) {
                    Map<Integer, List<NodeNetworks.IpInterface>> byMtu = new LinkedHashMap<>();
                    for (NodeNetworks.IpInterface f : e.getValue()) byMtu.computeIfAbsent(f.nif().mtu(), k -> new ArrayList<>()).add(f);
                    if (byMtu.size() < 2) continue;
                    ref = NodeNetworks.commonMtu(byMtu);
                    refIf = byMtu.get(ref).get(0);
                }
                for (NodeNetworks.IpInterface f : e.getValue()) {
                    if (f.nif().mtu().equals(ref)) continue;
                    memberMtu(f, refIf, ERROR, LinkHealthAnalyzer.message("mtu.bond", "iface", f.nif().name(), "mtu", f.nif().mtu(),
                            "bond", e.getKey(), "peer", refIf.nif().name(), "peerMtu", ref), sink);
                }
            }
        }
    }

    /** Up ports of one card with different MTUs: the lower one is most likely the one left at the default. */
    private void mtuSiblings(List<NodeNetworks.IpInterface> all, MergedFindings sink) {
        Map<String, List<NodeNetworks.IpInterface>> byCard = new LinkedHashMap<>();
        for (NodeNetworks.IpInterface f : all) {
            NetInterface i = f.nif();
            String stem = NodeNetworks.cardStem(i.name());
            if (stem == null || i.mtu() == null || i.state() != LinkState.UP || NodeNetworks.virtual(i)) continue;
            byCard.computeIfAbsent(NodeNetworks.key(f.artifact()) + "/" + stem, k -> new ArrayList<>()).add(f);
        }
        for (List<NodeNetworks.IpInterface> card : byCard.values()) {
            if (card.size() < 2) continue;
            NodeNetworks.IpInterface high = card.get(0);
            for (NodeNetworks.IpInterface f : card) if (f.nif().mtu() > high.nif().mtu()) high = f;
            Set<String> done = new LinkedHashSet<>();
            for (NodeNetworks.IpInterface f : card) {
                if (f.nif().mtu() >= high.nif().mtu() || !done.add(f.nif().name())) continue;
                memberMtu(f, high, WARNING, LinkHealthAnalyzer.message("mtu.card", "iface", f.nif().name(), "mtu", f.nif().mtu(),
                        "peer", high.nif().name(), "peerMtu", high.nif().mtu(), "bond", f.nif().master() == null ? "-" : f.nif().master()), sink);
            }
        }
    }

    /** MTU_MISMATCH: interface {@code f} of a bond or card whose MTU is not that of {@code ref}; quotes both. */
    private static void memberMtu(NodeNetworks.IpInterface f, NodeNetworks.IpInterface ref, FindingSeverity severity, Message detail,
                                  MergedFindings sink) {
        String name = f.nif().name();
        sink.addLines(NodeNetworks.key(f.artifact()) + "/" + name + "/mtu", "MTU_MISMATCH", severity,
                NodeNetworks.subject(f.artifact()).withIface(name), detail,
                List.of(f.artifact().quote(f.nif().line()), ref.artifact().quote(ref.nif().line())), "iface", name,
                "node", NodeNetworks.node(f.artifact()));
    }
}
