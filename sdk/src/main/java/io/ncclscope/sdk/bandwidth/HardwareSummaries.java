package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.ethtool.EthtoolData;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.parsers.gids.GidEntry;
import io.ncclscope.parsers.gids.GidsData;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.Evidence.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The hardware summaries of nodes, by node ("" for artifacts of no node), and whether NCCL ran over sockets. */
record HardwareSummaries(Map<String, NodeHardware> nodes, boolean socket) {

    /** {@return these facts, NCCL over sockets or not as {@code s} says} */
    HardwareSummaries withSocket(boolean s) {
        return s == socket ? this : new HardwareSummaries(nodes, s);
    }

    /** {@return {@code node}'s summary; {@link NodeHardware#NONE} when its evidence holds none} */
    NodeHardware of(String node) {
        NodeHardware h = node == null ? null : nodes.get(node);
        return h == null ? NodeHardware.NONE : h;
    }

    static HardwareSummaries of(Evidence ev) {
        Map<String, NodeHardware.Gpu> gpus = new LinkedHashMap<>();
        for (Item<NvidiaSmiData> it : ev.all(NvidiaSmiData.class)) {
            String node = it.artifact().node().orElse("");
            for (NvsmiGpu g : it.data().gpus()) {
                if (g.name() == null) continue;
                NodeHardware.Gpu seen = gpus.get(node);
                gpus.put(node, seen == null ? NodeHardware.Gpu.of(it.artifact(), node, g) : seen.with(it.artifact(), node, g));
            }
        }
        Map<String, Integer> links = new LinkedHashMap<>();
        Map<String, NodeHardware.Line> linkLine = new LinkedHashMap<>();
        for (Item<Topology> it : ev.all(Topology.class)) {
            Topology t = it.data();
            if (t.gpus().size() < 2) continue;
            TopoGpu g0 = t.gpus().get(0);
            int max = 0, sum = 0;
            for (TopoGpu g : t.gpus()) {
                if (g == g0) continue;
                int n = t.nvLinks(g0.name(), g.name()).orElse(0);
                max = Math.max(max, n);
                sum += n;
            }
            // NVSwitch systems print NV# (the GPU's whole link count) to every peer; meshes split the links.
            boolean allSame = true;
            for (TopoGpu g : t.gpus()) {
                if (g != g0 && t.nvLinks(g0.name(), g.name()).orElse(0) != max) allSame = false;
            }
            String node = it.artifact().node().orElse("");
            links.put(node, allSame ? max : sum);
            linkLine.put(node, NodeHardware.Line.of(it.artifact(), node, g0.line()));
        }
        Map<String, Map<String, Integer>> numa = nicNuma(ev);
        Map<String, Map<String, Integer>> gid = roceGids(ev);
        Map<String, List<NodeHardware.ActivePort>> ports = new LinkedHashMap<>();
        for (Item<IbstatData> it : ev.all(IbstatData.class)) {
            String node = it.artifact().node().orElse("");
            for (IbDevice d : it.data().devices()) {
                for (IbPort p : d.ports()) {
                    if (p.state() == PortState.ACTIVE && p.rateGbps() != null && p.rateGbps() > 0)
                        ports.computeIfAbsent(node, k -> new ArrayList<>())
                                .add(new NodeHardware.ActivePort(d.name(), p.port(), p.rateGbps(), NodeHardware.Line.of(it.artifact(), node, p.line()),
                                        d.type(), p.linkLayer() == null ? null : p.linkLayer().name(),
                                        numa.getOrDefault(node, Map.of()).get(d.name()),
                                        gid.getOrDefault(node, Map.of()).get(d.name() + ":" + (p.port() == null ? 1 : p.port()))));
                }
            }
        }
        // NCCL over sockets (from its own log): the TCP NIC's speed is the network expectation.
        boolean socket = false;
        for (Item<NcclLog> it : ev.all(NcclLog.class)) {
            if ("Socket".equalsIgnoreCase(it.data().network())) socket = true;
        }
        Map<String, NodeHardware.Ethernet> eth = new LinkedHashMap<>();
        for (Item<EthtoolData> it : ev.all(EthtoolData.class)) {
            String node = it.artifact().node().orElse("");
            for (EthtoolInterface i : it.data().interfaces()) {
                if (i.speedMbps() == null || i.speedMbps() <= 0 || Boolean.FALSE.equals(i.linkDetected())) continue;
                NodeHardware.Ethernet cur = eth.get(node);
                if (cur == null || i.speedMbps() > cur.speedMbps())
                    eth.put(node, new NodeHardware.Ethernet(i.name(), i.speedMbps(), NodeHardware.Line.of(it.artifact(), node, i.line())));
            }
        }
        Set<String> nodes = new LinkedHashSet<>();
        nodes.addAll(gpus.keySet());
        nodes.addAll(links.keySet());
        nodes.addAll(ports.keySet());
        nodes.addAll(eth.keySet());
        Map<String, NodeHardware> out = new LinkedHashMap<>();
        for (String n : nodes) {
            out.put(n, new NodeHardware(gpus.get(n), links.get(n), linkLine.get(n), List.copyOf(ports.getOrDefault(n, List.of())), eth.get(n)));
        }
        return new HardwareSummaries(out, socket);
    }

    /**
     * {@return by node, the NUMA node of each RDMA device that sits next to a GPU ({@code nvidia-smi topo -m}: PIX or
     * PXB between them, the GPU's NUMA Affinity one node)}
     */
    private static Map<String, Map<String, Integer>> nicNuma(Evidence ev) {
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        for (Item<Topology> it : ev.all(Topology.class)) {
            Topology t = it.data();
            Map<String, Integer> byDevice = out.computeIfAbsent(it.artifact().node().orElse(""), k -> new LinkedHashMap<>());
            for (TopoGpu g : t.gpus()) {
                if (g.numaNode().isEmpty()) continue;
                for (TopoNic n : t.nics()) {
                    String dev = n.device() != null ? n.device() : n.name();
                    String path = t.path(g.name(), n.name()).map(p -> p.type().name()).orElse("");
                    if ((path.equals("PIX") || path.equals("PXB")) && !byDevice.containsKey(dev)) byDevice.put(dev, g.numaNode().get());
                }
            }
        }
        return out;
    }

    /** {@return by node, the first RoCE v2 GID with an IPv4 address of each {@code device:port} ({@code show_gids})} */
    private static Map<String, Map<String, Integer>> roceGids(Evidence ev) {
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        for (Item<GidsData> it : ev.all(GidsData.class)) {
            Map<String, Integer> byPort = out.computeIfAbsent(it.artifact().node().orElse(""), k -> new LinkedHashMap<>());
            for (GidEntry g : it.data().gids()) {
                if (g.device() == null || g.ipv4() == null || g.ipv4().isBlank() || g.roceVersion() == null
                        || !g.roceVersion().toLowerCase(java.util.Locale.ROOT).contains("v2")) continue;
                byPort.putIfAbsent(g.device() + ":" + (g.port() == null ? 1 : g.port()), g.index());
            }
        }
        return out;
    }
}
