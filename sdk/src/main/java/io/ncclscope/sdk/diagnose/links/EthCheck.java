package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.INFO;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;

import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.parsers.ethtool.LinkModes;
import io.ncclscope.parsers.ethtool.SettingsLines;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.LinkState;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.parsers.pci.PciDrivers;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    void add(Evidence evidence, NodePorts ports, RecordedFindings.SliceRecord slice, int ip, int ethtool, int speeds,
             int bonds, int siblings) {
        MergedFindings sink = slice.into(ip);
        for (Evidence.Item<IpLinkData> it : evidence.all(IpLinkData.class)) {
            boolean addrKnown = it.data().interfaces().stream().anyMatch(i -> !i.addresses().isEmpty());
            List<NodePorts.IpInterface> noCarrier = new ArrayList<>();
            for (NetInterface i : it.data().interfaces()) {
                if (i.name() != null) ipDown(new NodePorts.IpInterface(it.artifact(), i), ports, addrKnown, noCarrier, sink);
            }
            if (!noCarrier.isEmpty()) unknownRole(noCarrier, sink);
            for (RdmaLink r : it.data().rdmaMap()) rdmaDown(it.artifact(), r, it.data().rdmaMap(), ports, sink);
        }
        List<EthernetLink> eths = new ArrayList<>();
        MergedFindings down = slice.into(ethtool);
        for (Evidence.Item<EthtoolInterface> p : ports.ethtoolPorts) {
            EthtoolInterface i = p.data();
            ethtoolDown(p.artifact(), i, ports, down);
            if (i.speedMbps() == null || Boolean.FALSE.equals(i.linkDetected())) continue;
            eths.add(new EthernetLink(p.artifact().stub(), i.name(), i.speedMbps(), i.line(), best(i.advertisedLinkModes()),
                    best(i.supportedLinkModes()), i.linkPartner() == null ? null : best(i.linkPartner().advertisedLinkModes()),
                    fabric(i), group(i), ports.rdmaDevice(i.name())));
        }
        if (!eths.isEmpty()) {
            links.put(evidence.sliceNode(), eths);
            slice.later(speeds, out -> speeds(eths, out));
        }
        List<InterfaceMtu> ms = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (NodePorts.IpInterface f : ports.ipReadings) {
            NetInterface i = f.nif();
            if (!f.inUse() || !seen.add(i.name())) continue;
            ms.add(new InterfaceMtu(f.artifact().stub(), i.name(), i.mtu(), i.line()));
        }
        if (!ms.isEmpty()) mtus.put(evidence.sliceNode(), ms);
        mtuBonds(ports.ipReadings, slice.into(bonds));
        mtuSiblings(ports.ipReadings, slice.into(siblings));
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

    private static void ipDown(NodePorts.IpInterface f, NodePorts ports, boolean addrKnown, List<NodePorts.IpInterface> unknown,
                               MergedFindings sink) {
        NetInterface i = f.nif();
        if (!i.adminUp() || !i.noCarrier() || f.nif().softwareDevice()) return;
        String rdma = ports.rdmaDevice(i.name());
        boolean addr = f.nif().hasConfiguredAddress();
        if (i.ipoib() && !addr) return; // IPoIB not configured; the IB port speaks in ibstat
        if (ports.showsRdmaDevice(rdma)) return; // IB_PORT_NOT_ACTIVE speaks for it
        String bond = f.nif().bondMaster();
        if (!addr && rdma == null && bond == null) {
            // No address, no RDMA device, not in a bond: an unused port, when the input shows addresses at all.
            if (!addrKnown) unknown.add(f);
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
        sink.addLines(LinkText.key(f.artifact()) + "/" + i.name(), "ETH_LINK_DOWN", sev,
                LinkText.subject(f.artifact()).withIface(i.name()).withDevice(rdma),
                LinkHealthAnalyzer.message(key, "iface", i.name(), "addr", address, "hca", rdma, "bond", bond, "flags", String.join(",", i.flags())),
                ev, "iface", i.name(), "node", LinkText.node(f.artifact()), "hca", rdma);
    }

    /** Admin-up interfaces without carrier whose role the input does not tell (ip link prints no addresses). */
    private static void unknownRole(List<NodePorts.IpInterface> group, MergedFindings sink) {
        NodePorts.IpInterface first = group.get(0);
        List<String> names = new ArrayList<>();
        List<EvidenceLine> ev = new ArrayList<>();
        for (NodePorts.IpInterface f : group) {
            names.add(f.nif().name());
            ev.add(f.artifact().quote(f.nif().line()));
        }
        sink.addLines(LinkText.key(first.artifact()) + "/no-carrier", "ETH_LINK_DOWN", WARNING,
                LinkText.subject(first.artifact()).withIface(group.size() == 1 ? names.get(0) : null),
                LinkHealthAnalyzer.message("eth.down.unknown", "count", group.size(), "list", String.join(", ", names)),
                ev, "iface", names.get(0), "node", LinkText.node(first.artifact()));
    }

    /** ibdev2netdev "(Down)" of an Ethernet (RoCE) netdev that nothing else explains. */
    private static void rdmaDown(Artifact a, RdmaLink r, List<RdmaLink> map, NodePorts ports, MergedFindings sink) {
        if (r.state() != LinkState.DOWN || r.netdev() == null || r.portState() != null) return;
        if (r.ipoibNetdev()) return; // IPoIB netdev state, not the port's
        if (ports.ipInterface(r.netdev()) != null) return; // ip link speaks for it
        if (ports.showsRdmaDevice(r.rdmaDevice())) return; // IB_PORT_NOT_ACTIVE speaks for it
        String stem = NetInterfaces.cardStem(r.netdev());
        if (stem != null && map.stream().anyMatch(o -> o != r && o.state() == LinkState.UP
                && stem.equals(NetInterfaces.cardStem(o.netdev())))) return; // a spare port of a card whose other port is up
        sink.addLines(LinkText.key(a) + "/" + r.netdev(), "ETH_LINK_DOWN", WARNING,
                LinkText.subject(a).withIface(r.netdev()).withDevice(r.rdmaDevice()).withPort(r.port()),
                LinkHealthAnalyzer.message("eth.down.ibdev2netdev", "iface", r.netdev(), "hca", r.rdmaDevice()),
                List.of(a.quote(r.line())), "iface", r.netdev(), "hca", r.rdmaDevice(), "node", LinkText.node(a),
                "port", r.port() == null ? null : r.port().toString());
    }

    /**
     * An Ethernet link with a speed and a carrier, as the speed check compares it: its speed, the fastest modes it
     * advertises, supports and sees its partner advertise, the group of its peers; its artifact a
     * {@link Artifact#stub() stub}, to quote it.
     */
    private record EthernetLink(Artifact artifact, String name, int speed, int line, Integer adv, Integer sup, Integer partner,
                       boolean fabric, String group, String hca) {
        String where() {
            return LinkText.where(artifact, name == null ? "?" : name);
        }
    }

    private static void ethtoolDown(Artifact a, EthtoolInterface i, NodePorts ports, MergedFindings sink) {
        if (!Boolean.FALSE.equals(i.linkDetected())) return;
        String name = i.name();
        String rdma = ports.rdmaDevice(name);
        NodePorts.IpInterface f = ports.ipInterface(name);
        boolean addr = f != null && f.nif().hasConfiguredAddress();
        boolean used = rdma != null || addr || fabric(i);
        List<EvidenceLine> ev = LinkText.quotes(a, SettingsLines.linkDetected(a.text(), i.line()));
        ev.add(a.quote(i.line()));
        if (f != null) ev.add(f.artifact().quote(f.nif().line()));
        sink.addLines(LinkText.key(a) + "/" + name, "ETH_LINK_DOWN", used ? ERROR : WARNING,
                LinkText.subject(a).withIface(name).withDevice(rdma),
                LinkHealthAnalyzer.message(rdma != null ? "eth.down.ethtool.rdma" : "eth.down.ethtool",
                        "iface", name, "hca", rdma, "best", modeText(best(i.supportedLinkModes()))),
                ev, "iface", name, "hca", rdma, "node", LinkText.node(a));
    }

    // ---- ETH_SPEED_DEGRADED --------------------------------------------------------------------------------

    /** The fastest mode of a list, in Mb/s; null when none reads. */
    private static Integer best(List<String> modes) {
        return LinkModes.fastestMbps(modes).orElse(null);
    }

    /** Fabric-class NICs (25G and up, or Mellanox): a slow link there costs training bandwidth. */
    private static boolean fabric(EthtoolInterface i) {
        Integer s = best(i.supportedLinkModes());
        return PciDrivers.mellanox(i.driver()) || (s != null && s >= 25000) || (i.speedMbps() != null && i.speedMbps() >= 25000);
    }

    /** ETH_SPEED_DEGRADED for one slice's links, against the fastest of their peers ({@link #peers}). */
    private void speeds(List<EthernetLink> eths, MergedFindings sink) {
        for (EthernetLink e : eths) {
            int speed = e.speed();
            Integer adv = e.adv();
            EthernetLink peer = e.group() == null ? null : fastest.get(e.group());
            String name = e.name() == null ? "?" : e.name();
            Subject s = LinkText.subject(e.artifact()).withIface(e.name()).withDevice(e.hca());
            FindingSeverity sev = e.fabric() ? ERROR : WARNING;
            String peerNode = null;
            Message m;
            List<EvidenceLine> ev = new ArrayList<>();
            if (adv != null && speed < adv) {
                m = LinkHealthAnalyzer.message(e.partner() != null && e.partner() < adv ? "eth.speed.partner" : "eth.speed.adv",
                        "iface", name, "speed", modeText(speed), "adv", modeText(adv), "partner", modeText(e.partner()));
            } else if (peer != null && peer != e && speed < 0.95 * peer.speed()) {
                s = s.withPeer(peer.where());
                peerNode = LinkText.node(peer.artifact());
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
            sink.addLines(LinkText.key(e.artifact()) + "/" + e.name(), "ETH_SPEED_DEGRADED", sev, s, m, ev,
                    "iface", e.name(), "node", LinkText.node(e.artifact()), "peer", peerNode, "hca", e.hca());
        }
    }

    /** Peers: interfaces of the same model (the same supported modes) or, without modes, the same name. */
    private static String group(EthtoolInterface i) {
        List<String> modes = i.supportedLinkModes();
        if (!modes.isEmpty()) return ("m:" + String.join(",", new java.util.TreeSet<>(modes))).intern();
        return i.name() == null ? null : "n:" + i.name();
    }

    private static List<EvidenceLine> speedLines(EthernetLink e) {
        List<EvidenceLine> ev = LinkText.quotes(e.artifact(), SettingsLines.speed(e.artifact().text(), e.line()));
        if (ev.isEmpty()) ev.add(e.artifact().quote(e.line()));
        return ev;
    }

    static String modeText(Integer mbps) {
        if (mbps == null) return "?";
        return mbps >= 1000 && mbps % 1000 == 0 ? (mbps / 1000) + "G" : mbps + "M";
    }

    // ---- MTU_MISMATCH --------------------------------------------------------------------------------------

    /** MTU_MISMATCH: an interface whose MTU differs from the one most nodes give the interface of its name. */
    void mtuAcrossNodes(MergedFindings sink) {
        // Each slice is one node and names each interface once: a name's readings are one per node.
        Map<String, Map<Integer, List<InterfaceMtu>>> byName = new LinkedHashMap<>();
        for (List<InterfaceMtu> ms : mtus.inOrder()) {
            for (InterfaceMtu f : ms) {
                byName.computeIfAbsent(f.name(), k -> new LinkedHashMap<>()).computeIfAbsent(f.mtu(), k -> new ArrayList<>()).add(f);
            }
        }
        for (Map<Integer, List<InterfaceMtu>> byMtu : byName.values()) {
            NodePorts.differentMtus(byMtu, (f, ref) -> {
                String peer = LinkText.where(ref.artifact());
                sink.addLines(LinkText.key(f.artifact()) + "/" + f.name() + "/mtu", "MTU_MISMATCH", ERROR,
                        LinkText.subject(f.artifact()).withIface(f.name()).withPeer(peer),
                        LinkHealthAnalyzer.message("mtu.nodes", "iface", f.name(), "mtu", f.mtu(), "peer", peer,
                                "others", byMtu.get(ref.mtu()).size() - 1, "peerMtu", ref.mtu(), "min", Math.min(f.mtu(), ref.mtu())),
                        List.of(f.artifact().quote(f.line()), ref.artifact().quote(ref.line())),
                        "iface", f.name(), "node", LinkText.node(f.artifact()), "peer", LinkText.node(ref.artifact()));
            });
        }
    }

    /** Members of one bond with different MTUs: against the bond's MTU, else against the one most members share. */
    private static void mtuBonds(List<NodePorts.IpInterface> all, MergedFindings sink) {
        Map<String, NodePorts.IpInterface> byName = new LinkedHashMap<>();
        for (NodePorts.IpInterface f : all) byName.putIfAbsent(f.nif().name(), f);
        Map<String, List<NodePorts.IpInterface>> members = new LinkedHashMap<>();
        for (NodePorts.IpInterface f : byName.values()) {
            String b = f.nif().bondMaster();
            if (b != null && f.nif().mtu() != null) members.computeIfAbsent(b, k -> new ArrayList<>()).add(f);
        }
        for (var e : members.entrySet()) {
            Map<Integer, List<NodePorts.IpInterface>> byMtu = new LinkedHashMap<>();
            for (NodePorts.IpInterface f : e.getValue()) byMtu.computeIfAbsent(f.nif().mtu(), k -> new ArrayList<>()).add(f);
            NodePorts.IpInterface master = byName.get(e.getKey());
            NodePorts.IpInterface refIf = master != null && master.nif().mtu() != null ? master
                    : byMtu.get(NodePorts.commonMtu(byMtu)).get(0);
            int ref = refIf.nif().mtu();
            for (NodePorts.IpInterface f : e.getValue()) {
                if (f.nif().mtu() == ref) continue;
                memberMtu(f, refIf, ERROR, LinkHealthAnalyzer.message("mtu.bond", "iface", f.nif().name(), "mtu", f.nif().mtu(),
                        "bond", e.getKey(), "peer", refIf.nif().name(), "peerMtu", ref), sink);
            }
        }
    }

    /** Up ports of one card with different MTUs: the lower one is most likely the one left at the default. */
    private static void mtuSiblings(List<NodePorts.IpInterface> all, MergedFindings sink) {
        Map<String, List<NodePorts.IpInterface>> byCard = new LinkedHashMap<>();
        for (NodePorts.IpInterface f : all) {
            NetInterface i = f.nif();
            String stem = NetInterfaces.cardStem(i.name());
            if (stem == null || i.mtu() == null || i.state() != LinkState.UP || f.nif().softwareDevice()) continue;
            byCard.computeIfAbsent(stem, k -> new ArrayList<>()).add(f);
        }
        for (List<NodePorts.IpInterface> card : byCard.values()) {
            if (card.size() < 2) continue;
            NodePorts.IpInterface high = card.get(0);
            for (NodePorts.IpInterface f : card) if (f.nif().mtu() > high.nif().mtu()) high = f;
            Set<String> done = new LinkedHashSet<>();
            for (NodePorts.IpInterface f : card) {
                if (f.nif().mtu() >= high.nif().mtu() || !done.add(f.nif().name())) continue;
                memberMtu(f, high, WARNING, LinkHealthAnalyzer.message("mtu.card", "iface", f.nif().name(), "mtu", f.nif().mtu(),
                        "peer", high.nif().name(), "peerMtu", high.nif().mtu(), "bond", f.nif().master() == null ? "-" : f.nif().master()), sink);
            }
        }
    }

    /** MTU_MISMATCH: interface {@code f} of a bond or card whose MTU is not that of {@code ref}; quotes both. */
    private static void memberMtu(NodePorts.IpInterface f, NodePorts.IpInterface ref, FindingSeverity severity, Message detail,
                                  MergedFindings sink) {
        String name = f.nif().name();
        sink.addLines(LinkText.key(f.artifact()) + "/" + name + "/mtu", "MTU_MISMATCH", severity,
                LinkText.subject(f.artifact()).withIface(name), detail,
                List.of(f.artifact().quote(f.nif().line()), ref.artifact().quote(ref.nif().line())), "iface", name,
                "node", LinkText.node(f.artifact()));
    }
}
