package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.parsers.topo.MatrixType;
import io.ncclscope.parsers.topo.TopoMatrix;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The hardware of every node, as the checks ask about the host a log names: its RDMA devices ({@code ibstat},
 * {@code ibdev2netdev}), interfaces ({@code ip addr}) and GPU/NIC topology ({@code nvidia-smi topo -m}). One per
 * finish; read-only.
 */
final class ClusterHardware {

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

    /** The RDMA state of one node, its active devices and the lines that show them. */
    record RdmaState(Rdma state, List<String> active, List<EvidenceLine> lines) {
    }

    /** The {@code nvidia-smi topo} capture of a node with its artifact. */
    record TopologyRecord(Artifact artifact, Topology data) {

        /** {@return whether the capture has the topology matrix ({@code nvidia-smi topo -m})} */
        boolean hasMatrix() {
            return data.matrixOf(MatrixType.TOPOLOGY).isPresent();
        }

        /** {@return the topology matrix's path between devices {@code a} and {@code b}, read either way; null when none} */
        TopoPath path(String a, String b) {
            TopoMatrix m = data.matrixOf(MatrixType.TOPOLOGY).orElse(null);
            return m == null ? null : m.path(a, b).or(() -> m.path(b, a)).orElse(null);
        }

        /** {@return the matrix line of GPU {@code name} ({@code GPU3}), quoted now; null when the capture has none} */
        EvidenceLine gpuLine(String name) {
            return data.gpu(name).map(g -> artifact.quote(g.line())).orElse(null);
        }
    }

    private final Map<String, List<Artifact>> byNode = new LinkedHashMap<>();
    private final List<Artifact> unassigned = new ArrayList<>();
    /** Every node of the evidence, in natural order, whether or not it has hardware artifacts. */
    private final List<String> nodes;
    /**
     * Node names by lower-case short name ({@code gpu01} for {@code GPU01.cluster}), for logs that print another form;
     * made when first needed.
     */
    private Map<String, String> nodesByShortName;

    /**
     * @param records the hardware artifacts of every node and of none, in evidence order
     * @param nodes   every node of the evidence, in natural order
     */
    ClusterHardware(List<Artifact> records, List<String> nodes) {
        for (Artifact r : records) {
            if (r.node().isEmpty()) unassigned.add(r);
            else byNode.computeIfAbsent(r.node().get(), k -> new ArrayList<>()).add(r);
        }
        this.nodes = List.copyOf(nodes);
    }

    private String byShortName(String host) {
        if (nodesByShortName == null) {
            nodesByShortName = new HashMap<>();
            for (String n : nodes) nodesByShortName.putIfAbsent(shortName(n).toLowerCase(Locale.ROOT), n);
        }
        return nodesByShortName.get(shortName(host).toLowerCase(Locale.ROOT));
    }

    /** The hardware artifacts of the node named {@code host}; a job without host names takes the evidence's single node. */
    private List<Artifact> records(String host, boolean alone) {
        List<Artifact> out = new ArrayList<>();
        if (host != null) {
            out.addAll(byNode.getOrDefault(host, List.of()));
            if (out.isEmpty() && !nodes.contains(host)) {
                String n = byShortName(host);
                if (n != null) out.addAll(byNode.getOrDefault(n, List.of()));
            }
        } else if (alone && nodes.size() == 1) {
            out.addAll(byNode.getOrDefault(nodes.get(0), List.of()));
        }
        // A pasted ibstat or ip addr with no host of its own goes with a single-host job.
        if (alone) out.addAll(unassigned);
        return out;
    }

    private static String shortName(String h) {
        int d = h.indexOf('.');
        return d > 0 ? h.substring(0, d) : h;
    }

    RdmaState rdma(String host, boolean alone) {
        List<String> active = new ArrayList<>();
        List<EvidenceLine> lines = new ArrayList<>();
        boolean ibstat = false;
        boolean devices = false;
        boolean mapped = false;
        for (Artifact a : records(host, alone)) {
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
            for (RdmaLink r : a.data(IpLinkData.class).map(IpLinkData::rdmaMap).orElse(List.of())) {
                mapped = true;
                if (r.portActive()) {
                    if (!active.contains(r.rdmaDevice())) active.add(r.rdmaDevice());
                    if (lines.size() < 3) lines.add(a.quote(r.line()));
                }
            }
        }
        Rdma state;
        if (!active.isEmpty()) state = Rdma.ACTIVE;
        else if (devices) state = Rdma.INACTIVE;
        else if (mapped) state = Rdma.PRESENT;
        else if (ibstat) state = Rdma.NONE;
        else state = Rdma.UNKNOWN;
        return new RdmaState(state, List.copyOf(active), List.copyOf(lines));
    }

    /** Every interface of the node, as {@code ip addr} / {@code ifconfig} shows it, with its artifact. */
    List<Evidence.Item<NetInterface>> ifaces(String host, boolean alone) {
        List<Evidence.Item<NetInterface>> out = new ArrayList<>();
        for (Artifact a : records(host, alone)) {
            IpLinkData ip = a.data(IpLinkData.class).orElse(null);
            if (ip != null) for (NetInterface i : ip.interfaces()) out.add(new Evidence.Item<>(a, i));
        }
        return out;
    }

    /** The node's {@code nvidia-smi topo} capture with its artifact; null when none. */
    TopologyRecord topology(String host, boolean alone) {
        for (Artifact a : records(host, alone)) {
            Topology t = a.data(Topology.class).orElse(null);
            if (t != null && t.line() > 0) return new TopologyRecord(a, t);
        }
        return null;
    }
}
