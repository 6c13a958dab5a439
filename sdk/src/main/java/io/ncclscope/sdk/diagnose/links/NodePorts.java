package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.parsers.ethtool.EthtoolData;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.parsers.gids.GidEntry;
import io.ncclscope.parsers.gids.GidsData;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.LinkState;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The ports of one node, as its tools show them: the interfaces of {@code ip link}/{@code ip addr}, the Ethernet
 * settings and counters of {@code ethtool}, the RDMA ports of {@code ibstat}/{@code ibstatus}/{@code ibv_devinfo}, and
 * which netdev is which RDMA port ({@code ibdev2netdev}, {@code show_gids}). Built once per slice (one node's
 * artifacts, or those of no node) and read by every link check; each reading keeps its tool's record and artifact, so
 * a finding quotes the lines that prove it. Read-only once built, and dropped with the slice.
 */
final class NodePorts {

    /** An interface as {@code ip link} or {@code ip addr} shows it: state, flags, MTU, addresses, bond. */
    record IpInterface(Artifact artifact, NetInterface nif) {

        /** {@return true for an up, physical interface with an MTU: one whose MTU matters} */
        boolean inUse() {
            return nif.mtu() != null && !nif.softwareDevice() && (nif.adminUp() || nif.state() == LinkState.UP);
        }
    }

    /** An RDMA port as {@code ibstat} shows it: state, physical state, rate, active MTU; with its device (card). */
    record RdmaPort(Artifact artifact, IbDevice device, IbPort port) {

        /** {@return the port number; port 1 when the tool printed none} */
        int num() {
            return port.port() == null ? 1 : port.port();
        }

        /** {@return true when the port is Active: it carries traffic} */
        boolean active() {
            return port.state() == PortState.ACTIVE || port.state() == PortState.ACTIVE_DEFER;
        }

        /** {@return the model and link layer ({@code MT4129/INFINIBAND}): ports of one class should run alike} */
        String cls() {
            return (device.type() == null ? "?" : device.type()) + "/" + port.linkLayer();
        }

        /** {@return the card: ports of one physical card share the system image GUID, else a device is its card} */
        String card() {
            String guid = device.systemImageGuid();
            return guid != null ? "g:" + guid : "d:" + device.name();
        }
    }

    /** Every {@code ip} reading of an interface, in file order: {@code ip link} and {@code ip addr} may both show one. */
    final List<IpInterface> ipReadings = new ArrayList<>();
    /** Every {@code ethtool} reading of an interface (carrier, speed, link modes, driver, counters), in file order. */
    final List<Evidence.Item<EthtoolInterface>> ethtoolPorts = new ArrayList<>();
    /** Every reading of an RDMA port, in file order: {@code ibstat} and {@code ibv_devinfo} may both show one. */
    final List<RdmaPort> rdmaPorts = new ArrayList<>();

    /** Each interface once, by name: the reading that shows its addresses. */
    private final Map<String, IpInterface> interfaces = new HashMap<>();
    /** Each RDMA port once, by {@link #portKey}: its first reading. */
    private final Map<String, RdmaPort> rdmaByKey = new HashMap<>();
    /** The netdev of each RDMA port, by {@link #portKey}, from ibdev2netdev and show_gids. */
    private final Map<String, String> netdevOfPort = new HashMap<>();
    /** The RDMA device of each netdev, from ibdev2netdev and show_gids. */
    private final Map<String, String> rdmaOfNetdev = new HashMap<>();

    /** Reads the ports of the slice's node. */
    NodePorts(Evidence slice) {
        for (Evidence.Item<IpLinkData> it : slice.all(IpLinkData.class)) {
            for (NetInterface i : it.data().interfaces()) {
                if (i.name() == null) continue;
                IpInterface reading = new IpInterface(it.artifact(), i);
                ipReadings.add(reading);
                IpInterface old = interfaces.get(i.name());
                // ip link then ip addr in two files: keep the reading that shows the addresses
                if (old == null || (old.nif().addresses().isEmpty() && !i.addresses().isEmpty())) {
                    interfaces.put(i.name(), reading);
                }
            }
            for (RdmaLink r : it.data().rdmaMap()) {
                if (r.netdev() != null && r.rdmaDevice() != null) joinNetdev(r.rdmaDevice(), r.port(), r.netdev());
            }
        }
        for (Evidence.Item<GidsData> it : slice.all(GidsData.class)) {
            for (GidEntry g : it.data().gids()) {
                if (g.netdev() != null && g.device() != null) joinNetdev(g.device(), g.port(), g.netdev());
            }
        }
        for (Evidence.Item<EthtoolData> it : slice.all(EthtoolData.class)) {
            for (EthtoolInterface i : it.data().interfaces()) ethtoolPorts.add(new Evidence.Item<>(it.artifact(), i));
        }
        for (Evidence.Item<IbstatData> it : slice.all(IbstatData.class)) {
            for (IbDevice d : it.data().devices()) {
                if (d.name() == null) continue;
                for (IbPort p : d.ports()) {
                    RdmaPort port = new RdmaPort(it.artifact(), d, p);
                    rdmaPorts.add(port);
                    rdmaByKey.putIfAbsent(portKey(d.name(), port.num()), port);
                }
            }
        }
    }

    /** Notes that RDMA port {@code device/port} is netdev {@code netdev}; the first tool to say so is kept. */
    private void joinNetdev(String device, Integer port, String netdev) {
        netdevOfPort.putIfAbsent(portKey(device, port), netdev);
        rdmaOfNetdev.putIfAbsent(netdev, device);
    }

    /** {@return the ip reading of interface {@code name} that shows its addresses; null when ip shows none} */
    IpInterface ipInterface(String name) {
        return name == null ? null : interfaces.get(name);
    }

    /** {@return the first reading of RDMA port {@code device/port}; null when no tool shows it} */
    RdmaPort rdmaPort(String device, Integer port) {
        return rdmaByKey.get(portKey(device, port));
    }

    /** {@return the netdev of RDMA port {@code device/port}; null when none is known} */
    String netdev(String device, Integer port) {
        return netdevOfPort.get(portKey(device, port));
    }

    /** {@return the RDMA device on netdev {@code name}; null when it is none or none is known} */
    String rdmaDevice(String name) {
        return name == null ? null : rdmaOfNetdev.get(name);
    }

    /** {@return true when ibstat shows a port of RDMA device {@code device}: IB_PORT_NOT_ACTIVE speaks for its state} */
    boolean showsRdmaDevice(String device) {
        return device != null && rdmaPorts.stream().anyMatch(p -> p.device().name().equals(device));
    }

    /** How an RDMA port is keyed: {@code mlx5_0/1}, port 1 when the tool printed none. */
    static String portKey(String device, Integer port) {
        return device + "/" + (port == null ? 1 : port);
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

}
