package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.parsers.gids.GidEntry;
import io.ncclscope.parsers.gids.GidsData;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.VirtualInterfaces;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The network facts of each node of a slice that join across tools (interfaces of ip, the RDMA-to-netdev map of
 * ibdev2netdev and show_gids, the RDMA ports of ibstat), and how the link checks name an artifact's node, an
 * interface's card and a number. Built once per slice; read-only afterwards.
 */
final class NodeNetworks {

    /** An ip interface with the artifact it came from. */
    record IpInterface(Artifact artifact, NetInterface nif) {
    }

    /** An ibstat port with its device and artifact. */
    record Port(Artifact artifact, IbDevice device, IbPort port, String node) {
        String devPort() {
            return portKey(device.name(), port.port());
        }
    }

    /** The network facts of one node. */
    static final class NodeNetwork {
        final Map<String, IpInterface> ifaces = new LinkedHashMap<>();
        /** ibdev2netdev lines by netdev name. */
        final Map<String, RdmaLink> rdmaByNetdev = new LinkedHashMap<>();
        /** "dev/port" to netdev, from ibdev2netdev and show_gids. */
        final Map<String, String> netdevOf = new HashMap<>();
        /** "dev/port" to its ibstat port. */
        final Map<String, Port> ibPorts = new LinkedHashMap<>();
        /** Netdev names that are RDMA netdevs (ibdev2netdev or show_gids). */
        final Map<String, String> rdmaOfNetdev = new HashMap<>();
    }

    private final Map<String, NodeNetwork> nets = new LinkedHashMap<>();

    NodeNetworks(Evidence evidence) {
        for (Evidence.Item<IpLinkData> it : evidence.all(IpLinkData.class)) {
            NodeNetwork n = net(key(it.artifact()));
            for (NetInterface i : it.data().interfaces()) {
                if (i.name() == null) continue;
                IpInterface old = n.ifaces.get(i.name());
                // ip link then ip addr in two files: keep the reading that shows the addresses
                if (old == null || (old.nif().addresses().isEmpty() && !i.addresses().isEmpty())) {
                    n.ifaces.put(i.name(), new IpInterface(it.artifact(), i));
                }
            }
            for (RdmaLink r : it.data().rdmaMap()) {
                if (r.netdev() == null || r.rdmaDevice() == null) continue;
                n.rdmaByNetdev.putIfAbsent(r.netdev(), r);
                n.netdevOf.putIfAbsent(portKey(r.rdmaDevice(), r.port()), r.netdev());
                n.rdmaOfNetdev.putIfAbsent(r.netdev(), r.rdmaDevice());
            }
        }
        for (Evidence.Item<GidsData> it : evidence.all(GidsData.class)) {
            NodeNetwork n = net(key(it.artifact()));
            for (GidEntry g : it.data().gids()) {
                if (g.netdev() == null || g.device() == null) continue;
                n.netdevOf.putIfAbsent(portKey(g.device(), g.port()), g.netdev());
                n.rdmaOfNetdev.putIfAbsent(g.netdev(), g.device());
            }
        }
        for (Evidence.Item<IbstatData> it : evidence.all(IbstatData.class)) {
            NodeNetwork n = net(key(it.artifact()));
            for (IbDevice d : it.data().devices()) {
                if (d.name() == null) continue;
                for (IbPort p : d.ports()) {
                    Port port = new Port(it.artifact(), d, p, node(it.artifact()));
                    n.ibPorts.putIfAbsent(port.devPort(), port);
                }
            }
        }
    }

    private NodeNetwork net(String key) {
        return nets.computeIfAbsent(key, k -> new NodeNetwork());
    }

    /** The network facts of the node with {@code key} (empty when none were given). */
    NodeNetwork netOf(String key) {
        NodeNetwork n = nets.get(key);
        return n == null ? new NodeNetwork() : n;
    }

    /** The netdev of RDMA port {@code device/port} on artifact {@code a}'s node; null when none is known. */
    String netdev(Artifact a, String device, Integer port) {
        return netOf(key(a)).netdevOf.get(portKey(device, port));
    }

    /** How an RDMA port is keyed: {@code mlx5_0/1}, port 1 when the tool printed none. */
    static String portKey(String device, Integer port) {
        return device + "/" + (port == null ? 1 : port);
    }

    /** The node an artifact belongs to; null when it could not be told. */
    static String node(Artifact a) {
        return a.node().orElse(null);
    }

    /**
     * The grouping key of an artifact's node. Artifacts with no node share one anonymous node: a session
     * of pasted outputs without host names is most likely one machine.
     */
    static String key(Artifact a) {
        return a.node().orElse("");
    }

    /** A subject naming the artifact's node, if known. */
    static Subject subject(Artifact a) {
        return Subject.node(node(a));
    }

    /** The node name for messages: the node, else the artifact name. */
    static String where(Artifact a) {
        return a.node().orElse(a.name());
    }

    /** {@return {@code label} after the artifact's node, if known: how a message names a peer} */
    static String where(Artifact a, String label) {
        String n = node(a);
        return n == null ? label : n + " " + label;
    }

    /**
     * Calls {@code odd} for each member of {@code byMtu} whose MTU is not the one most share ({@link #commonMtu}), with
     * the first member of that one; nothing when all share one MTU.
     */
    static <T> void differentMtus(Map<Integer, List<T>> byMtu, BiConsumer<T, T> odd) {
        if (byMtu.size() < 2) return;
        int common = commonMtu(byMtu);
        T ref = byMtu.get(common).get(0);
        byMtu.forEach((mtu, members) -> {
            if (mtu != common) members.forEach(m -> odd.accept(m, ref));
        });
    }

    /** The MTU most members share; on a tie the larger one (jumbo frames are the intent more often than not). */
    static <T> int commonMtu(Map<Integer, List<T>> byMtu) {
        int best = -1;
        int count = -1;
        for (var e : byMtu.entrySet()) {
            int n = e.getValue().size();
            if (n > count || (n == count && e.getKey() > best)) {
                best = e.getKey();
                count = n;
            }
        }
        return best;
    }

    /** True when {@code netdev} carries a configured, non-link-local address on that node. */
    static boolean hasAddress(NetInterface i) {
        for (NetAddress a : i.addresses()) {
            String s = a.address() == null ? "" : a.address().toLowerCase(Locale.ROOT);
            if ("link".equals(a.scope()) || s.startsWith("fe80") || s.startsWith("169.254.")) continue;
            if ("host".equals(a.scope())) continue;
            return true;
        }
        return false;
    }

    private static final Pattern SIBLING = Pattern.compile("^([a-zA-Z]+[^\\s]*?\\d)f\\d+(?:np\\d+|d\\d+)?$");

    /**
     * The name every function of one PCI card shares ({@code enp27s0} for {@code enp27s0f1np1}, {@code ens5} for
     * {@code ens5f0}, {@code rocep1s0} for {@code rocep1s0f0}); null when the name carries no function number.
     */
    static String cardStem(String ifname) {
        if (ifname == null) return null;
        Matcher m = SIBLING.matcher(ifname);
        return m.matches() ? m.group(1) : null;
    }

    /** True for interfaces that are software devices, never a cable: loopback, bridges, veth, tunnels... */
    static boolean virtual(NetInterface i) {
        String n = i.name().toLowerCase(Locale.ROOT);
        String kind = i.kind() == null ? "" : i.kind().toLowerCase(Locale.ROOT);
        if ("loopback".equals(i.linkType()) || n.equals("lo")) return true;
        if (kind.matches("bridge|veth|vxlan|geneve|tun|tap|dummy|vrf|macvlan|ipvlan|wireguard|gre|ipip|sit|openvswitch")) return true;
        if (VirtualInterfaces.virtualName(n)) return true;
        return i.flags().contains("NOARP") && i.flags().contains("MASTER"); // a VRF device
    }

    /** True for an IPoIB interface, whose netdev state says nothing about the IB port. */
    static boolean ipoib(NetInterface i) {
        return "infiniband".equals(i.linkType()) || "ipoib".equals(i.kind()) || i.name().startsWith("ib");
    }

    /**
     * Evidence lines near {@code from}: lines {@code from..from+span} that {@code want} accepts, stopping at the
     * first line after {@code from} that {@code stop} accepts. The line {@code from} itself is kept when
     * {@code keepFrom}.
     */
    static List<EvidenceLine> near(Artifact a, int from, int span, boolean keepFrom, Predicate<String> want,
                                   Predicate<String> stop) {
        List<EvidenceLine> out = new ArrayList<>();
        if (from <= 0) return out;
        if (keepFrom) out.add(a.quote(from));
        for (int n = from + 1; n <= from + span; n++) {
            var t = a.line(n);
            if (t.isEmpty()) break;
            String s = t.get().strip();
            if (stop.test(s)) break;
            if (want.test(s)) out.add(a.quote(n));
        }
        return out;
    }

    /** Formats a number without a useless ".0". */
    static String num(Double d) {
        if (d == null) return "?";
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString(d.longValue());
        return String.format(Locale.ROOT, "%.3f", d).replaceFirst("0+$", "").replaceFirst("\\.$", "");
    }
}
