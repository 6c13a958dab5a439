package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The hardware facts of the nodes an NCCL log names: RDMA devices ({@code ibstat}, {@code ibdev2netdev}), interfaces
 * ({@code ip addr}) and the GPU/NIC topology ({@code nvidia-smi topo -m}). One per analysis; caches per host.
 */
final class Hw {

    /** What the node's RDMA devices are like, best first. */
    enum Rdma {
        /** At least one port is Active. */
        ACTIVE,
        /** Devices exist, none of their ports is Active. */
        INACTIVE,
        /** {@code ibdev2netdev} lists devices, port states not shown. */
        PRESENT,
        /** The tool ran and found no device. */
        NONE,
        /** No tool output for this node. */
        UNKNOWN
    }

    /** The RDMA view of one node. */
    record RdmaView(Rdma state, List<String> active, List<EvidenceLine> lines) {
    }

    /** An interface of {@code ip addr} / {@code ifconfig} with its artifact. */
    record Iface(Artifact artifact, NetInterface iface) {
    }

    private final Evidence evidence;
    /** Every node of the evidence, in natural order, whether or not it has hardware records. */
    private final List<String> nodes;
    private final Map<String, List<Artifact>> cache = new HashMap<>();
    /** Node names by lower-case short name ({@code gpu01} for {@code GPU01.cluster}), for logs that print another form. */
    private final Map<String, String> nodesByShortName = new HashMap<>();

    /**
     * @param evidence the hardware records (ibstat, ip addr, topo) of every node and of none
     * @param nodes    every node of the evidence, in natural order
     */
    Hw(Evidence evidence, List<String> nodes) {
        this.evidence = evidence;
        this.nodes = List.copyOf(nodes);
        for (String n : this.nodes) nodesByShortName.putIfAbsent(shortName(n).toLowerCase(Locale.ROOT), n);
    }

    /** The artifacts of the node named {@code host}; a job without host names takes the evidence's single node. */
    List<Artifact> artifacts(String host, boolean alone) {
        String key = (host == null ? "\0" : host) + (alone ? "\1" : "");
        List<Artifact> hit = cache.get(key);
        if (hit != null) return hit;
        List<Artifact> out = new ArrayList<>();
        if (host != null) {
            out.addAll(evidence.artifactsOf(host));
            if (out.isEmpty() && !nodes.contains(host)) {
                String n = nodesByShortName.get(shortName(host).toLowerCase(Locale.ROOT));
                if (n != null) out.addAll(evidence.artifactsOf(n));
            }
        } else if (alone && nodes.size() == 1) {
            out.addAll(evidence.artifactsOf(nodes.get(0)));
        }
        if (alone) {
            // A pasted ibstat or ip addr with no host of its own goes with a single-host job.
            for (Artifact a : evidence.unassigned()) {
                if (a.data(IbstatData.class).isPresent() || a.data(IpLinkData.class).isPresent()
                        || a.data(Topology.class).isPresent()) out.add(a);
            }
        }
        List<Artifact> frozen = List.copyOf(out);
        cache.put(key, frozen);
        return frozen;
    }

    private static String shortName(String h) {
        int d = h.indexOf('.');
        return d > 0 ? h.substring(0, d) : h;
    }

    RdmaView rdma(String host, boolean alone) {
        List<String> active = new ArrayList<>();
        List<EvidenceLine> lines = new ArrayList<>();
        boolean ibstat = false;
        boolean devices = false;
        boolean mapped = false;
        for (Artifact a : artifacts(host, alone)) {
            IbstatData d = a.data(IbstatData.class).orElse(null);
            if (d != null) {
                ibstat = true;
                for (IbDevice dev : d.devices()) {
                    devices = true;
                    for (IbPort p : dev.ports()) {
                        if (p.state() == PortState.ACTIVE) {
                            String name = dev.name() == null ? "?" : dev.name();
                            if (!active.contains(name)) active.add(name);
                            if (lines.size() < 3) lines.add(a.quote(p.line()));
                        }
                    }
                }
                if (d.devices().isEmpty() && !d.toolErrors().isEmpty() && lines.isEmpty()) {
                    lines.add(a.quote(d.toolErrors().get(0).line()));
                }
            }
            IpLinkData ip = a.data(IpLinkData.class).orElse(null);
            if (ip != null) {
                for (RdmaLink r : ip.rdmaMap()) {
                    mapped = true;
                    if (r.portState() != null && r.portState().toUpperCase(Locale.ROOT).contains("ACTIVE")) {
                        if (!active.contains(r.rdmaDevice())) active.add(r.rdmaDevice());
                        if (lines.size() < 3) lines.add(a.quote(r.line()));
                    }
                }
            }
        }
        Rdma state;
        if (!active.isEmpty()) state = Rdma.ACTIVE;
        else if (devices) state = Rdma.INACTIVE;
        else if (mapped) state = Rdma.PRESENT;
        else if (ibstat) state = Rdma.NONE;
        else state = Rdma.UNKNOWN;
        return new RdmaView(state, List.copyOf(active), List.copyOf(lines));
    }

    /** The node's interfaces named {@code name} (from every ip/ifconfig artifact of the node). */
    List<Iface> iface(String host, boolean alone, String name) {
        List<Iface> out = new ArrayList<>();
        for (Artifact a : artifacts(host, alone)) {
            IpLinkData ip = a.data(IpLinkData.class).orElse(null);
            if (ip == null) continue;
            for (NetInterface i : ip.interfaces()) if (i.name().equals(name)) out.add(new Iface(a, i));
        }
        return out;
    }

    /** Every interface of the node. */
    List<Iface> ifaces(String host, boolean alone) {
        List<Iface> out = new ArrayList<>();
        for (Artifact a : artifacts(host, alone)) {
            IpLinkData ip = a.data(IpLinkData.class).orElse(null);
            if (ip != null) for (NetInterface i : ip.interfaces()) out.add(new Iface(a, i));
        }
        return out;
    }

    /** The node's {@code nvidia-smi topo} capture with its artifact; null when none. */
    Evidence.Item<Topology> topology(String host, boolean alone) {
        for (Artifact a : artifacts(host, alone)) {
            Topology t = a.data(Topology.class).orElse(null);
            if (t != null && t.line() > 0) return new Evidence.Item<>(a, t);
        }
        return null;
    }
}
