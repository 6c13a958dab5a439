package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.dmesg.DmesgEvent;
import io.ncclscope.parsers.dmesg.DmesgEventType;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.LinkLayer;
import io.ncclscope.parsers.ib.PhysicalState;
import io.ncclscope.parsers.ib.PortLines;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IB_PORT_NOT_ACTIVE, IB_RATE_DEGRADED and the RDMA half of MTU_MISMATCH from {@code ibstat}, {@code ibstatus},
 * {@code ibv_devinfo}, {@code ibdev2netdev -v} and the mlx5 port lines of the kernel log.
 *
 * <p>A Down port is a lost rail, unless it is plainly a spare: a Disabled port of a card whose other port is
 * Active, or a Disabled port of another model than the node's rails (corpus ibstat/mooncake-2039-1.txt: a
 * disabled dual-port ConnectX-6 Dx beside eight active NDR rails). Rates are compared within one model and
 * link layer, never across (a 100G frontend ConnectX-6 Dx beside 400G rails is not degraded).
 */
final class IbCheck {

    /**
     * An active port as the checks across nodes (rates, MTUs) compare it, its artifact kept as a
     * {@link Artifact#stub() stub} to quote it should it differ from its peers or be the peer others differ from.
     */
    private record ActivePort(Artifact artifact, String dev, String type, int num, LinkLayer layer, Double rate, String width,
                     Integer lanes, String speed, Integer mtu, int line, String iface) {
        String cls() {
            return (type == null ? "?" : type) + "/" + layer;
        }

        String where() {
            return LinkText.where(artifact, dev + ":" + num);
        }
    }

    /** The active ports of each slice, with a rate or an MTU. */
    private final SliceSummaries<List<ActivePort>> active = new SliceSummaries<>();

    /**
     * Checks one slice's ports into {@code down} (not active), {@code roce} (RoCE MTU below its netdev's),
     * {@code ibdev} (ibdev2netdev states) and {@code flaps} (kernel port events), and keeps its active ports for
     * {@link #rates} and {@link #activeMtu}.
     */
    void add(Evidence slice, NodePorts ports, MergedFindings down, MergedFindings roce, MergedFindings ibdev,
             MergedFindings flaps) {
        List<ActivePort> up = new ArrayList<>();
        for (NodePorts.RdmaPort x : ports.rdmaPorts) {
            IbPort p = x.port();
            if (!x.active() || p.rateGbps() == null && p.activeMtu() == null) continue;
            IbDevice d = x.device();
            up.add(new ActivePort(x.artifact().stub(), d.name(), d.type(), x.num(), p.linkLayer(), p.rateGbps(),
                    p.activeWidth(), p.lanes(), p.activeSpeed(), p.activeMtu(), p.line(), ports.netdev(d.name(), x.num())));
        }
        if (!up.isEmpty()) active.put(slice.sliceNode(), up);
        notActive(ports, down);
        roceNetdevMtu(ports, roce);
        ibdev2netdev(slice, ports, ibdev);
        flaps(slice, ports, flaps);
    }

    /** Every slice's active ports, in slice order. */
    private List<ActivePort> allActive() {
        List<ActivePort> out = new ArrayList<>();
        for (List<ActivePort> rs : active.inOrder()) out.addAll(rs);
        return out;
    }

    // ---- IB_PORT_NOT_ACTIVE --------------------------------------------------------------------------------

    private static void notActive(NodePorts ports, MergedFindings sink) {
        // The node's rails: the model and link layer of its fastest active ports.
        NodePorts.RdmaPort railDev = null;
        double railRate = -1;
        Set<String> activeCards = new HashSet<>();
        for (NodePorts.RdmaPort p : ports.rdmaPorts) {
            if (!p.active()) continue;
            double r = p.port().rateGbps() == null ? 0 : p.port().rateGbps();
            if (r > railRate) {
                railRate = r;
                railDev = p;
            }
            activeCards.add(p.card());
        }
        for (NodePorts.RdmaPort p : ports.rdmaPorts) {
            PortState st = p.port().state();
            if (st == null || st == PortState.UNKNOWN || p.active()) continue;
            PhysicalState ph = p.port().physicalState();
            String key = downKey(st, ph, activeCards.contains(p.card()), railDev != null && !railDev.cls().equals(p.cls()));
            // A spare port, or one of another model than the rails, is no lost rail.
            FindingSeverity sev = key.equals("ib.down.spare") || key.equals("ib.down.notRail") ? WARNING : ERROR;
            String railText = railDev == null ? "-"
                    : (railDev.device().type() == null ? "" : railDev.device().type() + " ") + layer(railDev.port().linkLayer())
                    + " " + LinkText.num(railRate) + " Gb/s";
            portFinding(sink, "IB_PORT_NOT_ACTIVE", "", sev, p.artifact(), p.device().name(), p.num(),
                    ports.netdev(p.device().name(), p.num()), null,
                    LinkHealthAnalyzer.message(key, "hca", p.device().name(), "port", p.num(),
                            "state", st.word(), "phys", ph == null ? "-" : ph.word(), "type", p.device().type(),
                            "layer", layer(p.port().linkLayer()), "rail", railText, "lid", p.port().lid()),
                    portLines(p.artifact(), p.port().line()));
        }
    }

    /**
     * {@return the detail of a port that is not active, by what its states say it most likely is}
     *
     * @param spareCard   another port of its card is active
     * @param notRailType it is of another model or link layer than the node's fastest active ports
     */
    private static String downKey(PortState st, PhysicalState ph, boolean spareCard, boolean notRailType) {
        if (ph == PhysicalState.DISABLED) return spareCard ? "ib.down.spare" : notRailType ? "ib.down.notRail" : "ib.down.disabled";
        if (st == PortState.INIT || st == PortState.ARMED) return "ib.down.init";
        if (ph == PhysicalState.LINK_UP) return "ib.down.sm";
        if (ph == PhysicalState.POLLING) return "ib.down.polling";
        if (spareCard) return "ib.down.spare";
        return ph == null ? "ib.down.state" : "ib.down.generic";
    }

    // ---- IB_RATE_DEGRADED ----------------------------------------------------------------------------------

    /** IB_RATE_DEGRADED: active ports below the fastest of their model and link layer on any node, or on one lane. */
    void rates(MergedFindings sink) {
        List<ActivePort> all = allActive();
        Map<String, ActivePort> best = new LinkedHashMap<>();
        for (ActivePort p : all) {
            if (p.rate() == null) continue;
            ActivePort b = best.get(p.cls());
            if (b == null || p.rate() > b.rate()) best.put(p.cls(), p);
        }
        for (ActivePort p : all) {
            if (p.rate() == null) continue;
            double rate = p.rate();
            ActivePort b = best.get(p.cls());
            boolean belowPeers = b != null && rate < 0.95 * b.rate();
            boolean oneLane = p.layer() == LinkLayer.INFINIBAND && Integer.valueOf(1).equals(p.lanes());
            if (!belowPeers && !oneLane) continue;
            List<EvidenceLine> ev = new ArrayList<>(portLines(p.artifact(), p.line()));
            Message m;
            if (belowPeers) {
                ev.addAll(portLines(b.artifact(), b.line()));
                m = LinkHealthAnalyzer.message("ib.rate.peers", "hca", p.dev(), "port", p.num(),
                        "rate", LinkText.num(rate), "width", p.width() == null ? "" : " " + p.width(),
                        "peer", b.where(), "peerRate", LinkText.num(b.rate()), "type", p.type() == null ? "?" : p.type(),
                        "layer", layer(p.layer()));
            } else {
                m = LinkHealthAnalyzer.message("ib.rate.width", "hca", p.dev(), "port", p.num(),
                        "rate", LinkText.num(rate), "speed", p.speed() == null ? "?" : p.speed());
            }
            portFinding(sink, "IB_RATE_DEGRADED", "", ERROR, p.artifact(), p.dev(), p.num(), p.iface(), belowPeers ? b : null,
                    m, ev);
        }
    }

    // ---- MTU_MISMATCH (active_mtu) -------------------------------------------------------------------------

    /** MTU_MISMATCH: active ports of one link layer whose active_mtu is not the one most ports share. */
    void activeMtu(MergedFindings sink) {
        Map<String, Map<Integer, List<ActivePort>>> byLayer = new LinkedHashMap<>();
        for (ActivePort p : allActive()) {
            if (p.mtu() == null) continue;
            byLayer.computeIfAbsent(String.valueOf(p.layer()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(p.mtu(), k -> new ArrayList<>()).add(p);
        }
        for (Map<Integer, List<ActivePort>> byMtu : byLayer.values()) {
            NodePorts.differentMtus(byMtu, (p, ref) -> {
                boolean otherNode = !LinkText.key(p.artifact()).equals(LinkText.key(ref.artifact()));
                List<EvidenceLine> ev = new ArrayList<>(mtuLines(p.artifact(), p.line()));
                ev.addAll(mtuLines(ref.artifact(), ref.line()));
                portFinding(sink, "MTU_MISMATCH", "/mtu", otherNode ? ERROR : WARNING, p.artifact(), p.dev(), p.num(),
                        p.iface(), ref, LinkHealthAnalyzer.message("mtu.rdma", "hca", p.dev(), "port", p.num(),
                                "mtu", p.mtu(), "peer", ref.where(), "peerMtu", ref.mtu()), ev);
            });
        }
    }

    /**
     * A RoCE port takes its MTU from its netdev: at 1500 the RDMA MTU can only be 1024, whatever the HCA
     * supports. Needs the port (ibstat/ibv_devinfo), its netdev (ibdev2netdev/show_gids) and the netdev's MTU (ip).
     */
    private static void roceNetdevMtu(NodePorts ports, MergedFindings sink) {
        for (NodePorts.RdmaPort p : ports.rdmaPorts) {
            if (!p.active() || p.port().linkLayer() != LinkLayer.ETHERNET) continue;
            if (p.port().activeMtu() != null && p.port().activeMtu() >= 4096) continue;
            String netdev = ports.netdev(p.device().name(), p.num());
            NodePorts.IpInterface f = ports.ipInterface(netdev);
            if (f == null || f.nif().mtu() == null || f.nif().mtu() >= 4200) continue;
            List<EvidenceLine> ev = new ArrayList<>();
            ev.add(f.artifact().quote(f.nif().line()));
            ev.addAll(p.port().activeMtu() != null ? mtuLines(p.artifact(), p.port().line())
                    : List.of(p.artifact().quote(p.port().line())));
            sink.addLines(LinkText.key(p.artifact()) + "/" + p.device().name() + "/" + p.num() + "/mtu", "MTU_MISMATCH", WARNING,
                    LinkText.subject(p.artifact()).withDevice(p.device().name()).withPort(p.num()).withIface(netdev),
                    LinkHealthAnalyzer.message("mtu.roceNetdev", "hca", p.device().name(), "port", p.num(),
                            "iface", netdev, "mtu", f.nif().mtu(),
                            "active", p.port().activeMtu() == null ? "1024" : p.port().activeMtu().toString()),
                    ev, "hca", p.device().name(), "port", Integer.toString(p.num()), "iface", netdev,
                    "node", LinkText.node(p.artifact()));
        }
    }

    // ---- ibdev2netdev -v ----------------------------------------------------------------------------------

    private static void ibdev2netdev(Evidence evidence, NodePorts ports, MergedFindings sink) {
        for (Evidence.Item<IpLinkData> it : evidence.all(IpLinkData.class)) {
            for (RdmaLink r : it.data().rdmaMap()) {
                if (r.portState() == null || r.rdmaDevice() == null || r.portActive()) continue;
                int port = r.port() == null ? 1 : r.port();
                if (ports.rdmaPort(r.rdmaDevice(), port) != null) continue; // ibstat speaks for it
                portFinding(sink, "IB_PORT_NOT_ACTIVE", "", ERROR, it.artifact(), r.rdmaDevice(), port, r.netdev(), null,
                        LinkHealthAnalyzer.message("ib.down.state", "hca", r.rdmaDevice(), "port", port,
                                "state", r.portState(), "phys", "-", "type", r.description(), "layer", "-", "rail", "-",
                                "lid", null),
                        List.of(it.artifact().quote(r.line())));
            }
        }
    }

    // ---- mlx5 port events in the kernel log ---------------------------------------------------------------

    private static void flaps(Evidence evidence, NodePorts ports, MergedFindings sink) {
        for (Evidence.Item<DmesgData> it : evidence.all(DmesgData.class)) {
            Map<String, List<DmesgEvent>> byPort = new LinkedHashMap<>();
            for (DmesgEvent e : it.data().events()) {
                if (e.type() != DmesgEventType.MLX5_PORT || e.state() == null) continue;
                String who = e.netdev() != null ? e.netdev() : e.device() != null ? e.device() : "?";
                String k = who + "/" + (e.port() != null ? e.port() : e.module() != null ? "m" + e.module() : "");
                byPort.computeIfAbsent(k, x -> new ArrayList<>()).add(e);
            }
            for (List<DmesgEvent> evs : byPort.values()) flap(it.artifact(), evs, ports, sink);
        }
    }

    private static void flap(Artifact a, List<DmesgEvent> evs, NodePorts ports, MergedFindings sink) {
        int downs = 0;
        DmesgEvent ref = null; // the first down
        DmesgEvent last = evs.get(evs.size() - 1);
        for (DmesgEvent e : evs) {
            if (e.linkDown()) {
                downs++;
                if (ref == null) ref = e;
            }
        }
        if (downs == 0) return; // INIT -> ACTIVE at boot, cable plugged: bring-up
        boolean stillDown = last.linkDown();
        boolean rdma = ref.rdmaPortEvent();
        String dev = ref.netdev() != null ? ref.netdev() : ref.device();
        Integer port = ref.port();
        if (stillDown && rdma && dev != null) {
            NodePorts.RdmaPort now = ports.rdmaPort(dev, port);
            if (now != null && now.port().state() == PortState.ACTIVE) stillDown = false; // came back after the log ended
        }
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(ref.line(), ref.message()));
        for (DmesgEvent e : evs) {
            if (ev.size() >= 5) break;
            if (e != ref) ev.add(a.quote(e.line(), e.message()));
        }
        String code = rdma ? "IB_PORT_NOT_ACTIVE" : "ETH_LINK_DOWN";
        Subject s = LinkText.subject(a).withPort(port);
        s = rdma ? s.withDevice(dev) : s.withIface(dev).withDevice(ref.device());
        sink.addLines(LinkText.key(a) + "/" + NodePorts.portKey(dev, port), code, stillDown ? ERROR : WARNING, s,
                LinkHealthAnalyzer.message(stillDown ? "flap.down" : "flap.bounced", "dev", dev,
                        "port", port == null ? "" : " port " + port, "downs", downs, "first", stamp(ref), "last", stamp(last)),
                ev, rdma ? "hca" : "iface", dev, "port", port == null ? null : Integer.toString(port), "node", LinkText.node(a),
                "bdf", ref.device());
    }

    private static String stamp(DmesgEvent e) {
        return e.timestamp() != null ? e.timestamp() : "line " + e.line();
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    /**
     * Files a finding about RDMA port {@code dev}:{@code num} of artifact {@code a}, netdev {@code iface}, keyed by the
     * port and {@code suffix}; {@code peer} is the port it was compared with, if any.
     */
    private static void portFinding(MergedFindings sink, String code, String suffix, FindingSeverity severity, Artifact a,
                                    String dev, int num, String iface, ActivePort peer, Message detail, List<EvidenceLine> ev) {
        Subject s = LinkText.subject(a).withDevice(dev).withPort(num).withIface(iface);
        sink.addLines(LinkText.key(a) + "/" + dev + "/" + num + suffix, code, severity, peer == null ? s : s.withPeer(peer.where()),
                detail, ev, "hca", dev, "port", Integer.toString(num), "node", LinkText.node(a), "iface", iface,
                "peer", peer == null ? null : LinkText.node(peer.artifact()));
    }

    /** The port header and its state, physical state and rate lines. */
    private static List<EvidenceLine> portLines(Artifact a, int line) {
        return LinkText.quotes(a, PortLines.state(a.text(), line));
    }

    private static List<EvidenceLine> mtuLines(Artifact a, int line) {
        List<EvidenceLine> ev = LinkText.quotes(a, PortLines.activeMtu(a.text(), line));
        if (ev.isEmpty()) ev.add(a.quote(line));
        return ev;
    }

    private static String layer(LinkLayer l) {
        return l == LinkLayer.INFINIBAND ? "InfiniBand" : l == LinkLayer.ETHERNET ? "Ethernet (RoCE)" : "?";
    }
}
