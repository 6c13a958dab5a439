package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The hardware facts of the nodes an NCCL log names: RDMA devices ({@code ibstat}, {@code ibdev2netdev}), interfaces
 * ({@code ip addr}) and the GPU/NIC topology ({@code nvidia-smi topo -m}). One per analysis.
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

    /** An interface of {@code ip addr} / {@code ifconfig} with its record. */
    record Iface(Rec artifact, NetInterface iface) {
    }

    /** The {@code nvidia-smi topo} capture of a node with its record. */
    record Topo(Rec artifact, Topology data) {
    }

    /**
     * One hardware artifact (ibstat, ip addr, topo) as the checks read it: its parsed record, kept as it is (nodes of one
     * image print equal ones, kept once), and the text of each line a finding may quote, quoted as its slice was read.
     * Its node's name is {@link Cut cut out} of its name and texts, so that the nodes of one image keep one between them.
     *
     * @param name  the artifact's name
     * @param data  its record: {@link IbstatData}, {@link IpLinkData} or {@link Topology}
     * @param texts the text of each line the checks may quote
     * @param named whether the node's name was cut out ({@link #back(String)} puts it back)
     * @param node  the node whose name {@link #quote(int)} puts back; null in a kept summary
     */
    record Rec(String name, Object data, Map<Integer, String> texts, boolean named, String node) {

        /** {@return the record of artifact {@code a} of the hardware kinds the checks read, the kept instance of an equal one} */
        static Rec of(Artifact a, Shared shared) {
            Rec r = of(a, shared, new Cut(a.node().orElse(null), shared));
            return r != null ? r : of(a, shared, new Cut(null, shared));
        }

        /** {@return the record, null when a text held the cut's mark already} */
        private static Rec of(Artifact a, Shared shared, Cut cut) {
            Object d = a.result().data();
            List<Integer> lines = new ArrayList<>();
            if (d instanceof IbstatData ib) {
                for (IbDevice dev : ib.devices()) for (IbPort p : dev.ports()) if (p.state() == PortState.ACTIVE) lines.add(p.line());
                if (ib.devices().isEmpty() && !ib.toolErrors().isEmpty()) lines.add(ib.toolErrors().get(0).line());
            } else if (d instanceof IpLinkData ip) {
                for (RdmaLink r : ip.rdmaMap()) lines.add(r.line());
                for (NetInterface i : ip.interfaces()) {
                    lines.add(i.line());
                    for (NetAddress n : i.addresses()) lines.add(n.line());
                }
            } else if (d instanceof Topology t) {
                for (TopoGpu g : t.gpus()) lines.add(g.line());
            }
            Map<Integer, String> texts = new HashMap<>();
            for (int n : lines) if (!texts.containsKey(n)) texts.put(n, cut.of(a.quote(n).text()));
            String name = cut.of(a.name());
            if (cut.clash()) return null;
            return shared.of(new Rec(name, shared.of(d), shared.of(Map.copyOf(texts)), cut.cut(), null));
        }

        /** {@return the record's data as {@code type}, when it is of that type} */
        <T> Optional<T> data(Class<T> type) {
            return type.isInstance(data) ? Optional.of(type.cast(data)) : Optional.empty();
        }

        /** {@return line {@code n} quoted as {@link Artifact#quote(int)} quoted it} */
        EvidenceLine quote(int n) {
            return new EvidenceLine(Cut.back(name, node), n, Cut.back(texts.getOrDefault(n, ""), node));
        }

        /**
         * {@return this record as node {@code node}'s artifact says it: its name put back where it was cut as each line
         * is quoted, so that the texts stay the kept ones}
         */
        Rec back(String node) {
            if (!named || node == null) return this;
            return new Rec(name, data, texts, named, node);
        }
    }

    /** Every node's hardware records as kept (equal lists kept once), in order; put back for the node as read. */
    private final Map<String, List<Rec>> byNode = new LinkedHashMap<>();
    private final List<Rec> unassigned = new ArrayList<>();
    /** Every node of the evidence, in natural order, whether or not it has hardware records. */
    private final List<String> nodes;
    /**
     * Node names by lower-case short name ({@code gpu01} for {@code GPU01.cluster}), for logs that print another form;
     * made when first needed.
     */
    private Map<String, String> nodesByShortName;

    /**
     * @param nodesOfRecs the node of each hardware record (null: of no node), in the order of {@code recs}
     * @param recs        the hardware records (ibstat, ip addr, topo) of every node and of none, in evidence order, as
     *                    kept: each is put back for its node as it is read
     * @param nodes       every node of the evidence, in natural order
     */
    Hw(List<String> nodesOfRecs, List<Rec> recs, List<String> nodes) {
        for (int i = 0; i < recs.size(); i++) {
            String n = nodesOfRecs.get(i);
            if (n == null) unassigned.add(recs.get(i));
            else byNode.computeIfAbsent(n, k -> new ArrayList<>()).add(recs.get(i));
        }
        // Nodes of one image keep equal lists: one between them.
        Map<List<Rec>, List<Rec>> one = new HashMap<>();
        byNode.replaceAll((n, l) -> one.computeIfAbsent(List.copyOf(l), k -> k));
        this.nodes = List.copyOf(nodes);
    }

    /** {@return the records of node {@code node} as its artifacts say them} */
    private List<Rec> of(String node) {
        List<Rec> kept = byNode.getOrDefault(node, List.of());
        List<Rec> out = new ArrayList<>(kept.size());
        for (Rec r : kept) out.add(r.back(node));
        return out;
    }

    private String byShortName(String host) {
        if (nodesByShortName == null) {
            nodesByShortName = new HashMap<>();
            for (String n : nodes) nodesByShortName.putIfAbsent(shortName(n).toLowerCase(Locale.ROOT), n);
        }
        return nodesByShortName.get(shortName(host).toLowerCase(Locale.ROOT));
    }

    /** The records of the node named {@code host}; a job without host names takes the evidence's single node. */
    List<Rec> artifacts(String host, boolean alone) {
        List<Rec> out = new ArrayList<>();
        if (host != null) {
            out.addAll(of(host));
            if (out.isEmpty() && !nodes.contains(host)) {
                String n = byShortName(host);
                if (n != null) out.addAll(of(n));
            }
        } else if (alone && nodes.size() == 1) {
            out.addAll(of(nodes.get(0)));
        }
        // A pasted ibstat or ip addr with no host of its own goes with a single-host job.
        if (alone) out.addAll(unassigned);
        // Not cached: a node's records are made again when read, so that a job of many nodes does not keep them all.
        return out;
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
        for (Rec a : artifacts(host, alone)) {
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
        for (Rec a : artifacts(host, alone)) {
            IpLinkData ip = a.data(IpLinkData.class).orElse(null);
            if (ip == null) continue;
            for (NetInterface i : ip.interfaces()) if (i.name().equals(name)) out.add(new Iface(a, i));
        }
        return out;
    }

    /** Every interface of the node. */
    List<Iface> ifaces(String host, boolean alone) {
        List<Iface> out = new ArrayList<>();
        for (Rec a : artifacts(host, alone)) {
            IpLinkData ip = a.data(IpLinkData.class).orElse(null);
            if (ip != null) for (NetInterface i : ip.interfaces()) out.add(new Iface(a, i));
        }
        return out;
    }

    /** The node's {@code nvidia-smi topo} capture with its artifact; null when none. */
    Topo topology(String host, boolean alone) {
        for (Rec a : artifacts(host, alone)) {
            Topology t = a.data(Topology.class).orElse(null);
            if (t != null && t.line() > 0) return new Topo(a, t);
        }
        return null;
    }
}
