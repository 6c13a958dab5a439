package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.pci.LspciDevice;
import io.ncclscope.parsers.pci.LspciTree;
import io.ncclscope.parsers.pci.LspciVerbose;
import io.ncclscope.parsers.pci.PciRelation;
import io.ncclscope.parsers.pci.TreeDevice;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.parsers.topoxml.NcclTopoXmlData;
import io.ncclscope.parsers.topoxml.PciPlace;
import io.ncclscope.parsers.topoxml.TopoNet;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.diagnose.topology.Layout.Device;
import io.ncclscope.sdk.diagnose.topology.Layout.Hop;
import io.ncclscope.sdk.evidence.Artifact;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Builds a {@link Layout} from each source that can tell where GPUs and NICs sit. Stateless. */
final class Layouts {

    static final String TOPO = "nvidia-smi topo -m";
    static final String TREE = "lspci -tv";
    static final String VERBOSE = "lspci -vvv";
    static final String XML = "NCCL_TOPO_DUMP_FILE";

    private Layouts() {
    }

    // ------------------------------------------------------------------ nvidia-smi topo -m

    /**
     * The layout of a {@code topo -m} (or {@code -mp}) matrix. A GPU's NUMA node comes from its NUMA Affinity
     * cell, else from its CPU Affinity mapped through {@code numactl}; a NIC's NUMA node is that of the GPUs
     * it reaches without crossing the SMP interconnect (NIC rows print no affinity).
     *
     * @param cpuNuma CPU number to NUMA node from {@code numactl -H} or {@code lscpu} of the same node; may be empty
     */
    static Layout fromTopo(Artifact a, Topology t, Map<Integer, Integer> cpuNuma) {
        List<TopoGpu> tg = t.gpus();
        List<TopoNic> tn = t.nics();
        int g = tg.size();
        int n = tn.size();
        List<Device> gpus = new ArrayList<>(g);
        for (TopoGpu x : tg) gpus.add(new Device(x.name(), null, null, gpuNuma(x, cpuNuma), List.of(Quote.of(a, x.line()))));

        Hop[][] hops = new Hop[g][n];
        boolean[][] nv = new boolean[g][g];
        for (int i = 0; i < g; i++) {
            String gpu = tg.get(i).name();
            for (int j = 0; j < n; j++) hops[i][j] = t.path(gpu, tn.get(j).name()).map(Layouts::hop).orElse(null);
            for (int k = 0; k < g; k++) nv[i][k] = i != k && t.path(gpu, tg.get(k).name()).filter(TopoPath::isNvLink).isPresent();
        }

        List<Device> nics = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            TopoNic x = tn.get(j);
            Set<Integer> near = new TreeSet<>();
            for (int i = 0; i < g; i++) {
                Hop h = hops[i][j];
                Integer numa = gpus.get(i).numa();
                if (h != null && h.rank() <= PathType.NODE.rank() && numa != null) near.add(numa);
            }
            List<Quote> lines = new ArrayList<>();
            lines.add(Quote.of(a, x.line()));
            if (x.legendLine() != null) lines.add(Quote.of(a, x.legendLine()));
            String name = x.device() != null ? x.device() : x.name();
            nics.add(new Device(name, x.device(), null, near.size() == 1 ? near.iterator().next() : null, lines));
        }
        boolean trusted = !flattened(t, gpus);
        List<Quote> header = t.line() > 0 ? List.of(Quote.of(a, t.line())) : List.of();
        return new Layout(TOPO, gpus, nics, hops, nv, trusted, header);
    }

    private static Integer gpuNuma(TopoGpu x, Map<Integer, Integer> cpuNuma) {
        Optional<Integer> n = x.numaNode();
        if (n.isPresent()) return n.get();
        // "0-1" names two nodes: say nothing rather than guess. Only a blank or N/A cell falls back to numactl.
        if (x.numaAffinity() != null || cpuNuma.isEmpty()) return null;
        Set<Integer> nodes = new HashSet<>();
        for (int cpu : x.cpus()) {
            Integer node = cpuNuma.get(cpu);
            if (node == null) return null;
            nodes.add(node);
            if (nodes.size() > 1) return null;
        }
        return nodes.size() == 1 ? nodes.iterator().next() : null;
    }

    /** A GPU-NIC cell as a connection; null for a word that is none (X, NV#, a blank or unknown word). */
    private static Hop hop(TopoPath p) {
        PathType type = p.type();
        if (!type.isPath() || type == PathType.X || type == PathType.NV) return null;
        return new Hop(type, p.word());
    }

    /**
     * True when every GPU reports one and the same NUMA node although the paths put some of them on different
     * ones ({@link Topology#pathsSpanNumaNodes()}): a VM or a BIOS that exposes one NUMA node does this (corpus
     * topo/xuesongtap-nvidia-smi-more-2.txt and -3.txt); the NUMA columns then say nothing.
     */
    static boolean flattened(Topology t, List<Device> gpus) {
        Set<Integer> known = new HashSet<>();
        for (Device d : gpus) {
            if (d.numa() != null) known.add(d.numa());
        }
        return known.size() == 1 && t.pathsSpanNumaNodes();
    }

    // ------------------------------------------------------------------ lspci -tv

    /**
     * The layout of an {@code lspci -tv} tree: GPUs and Mellanox NICs, connected as the tree shows
     * (PIX, PXB, PHB); on different root complexes NODE when both NUMA nodes are known and equal or the node has
     * one NUMA node, SYS when they are known and differ, else {@code NODE/SYS}.
     *
     * @param numa        NUMA nodes of {@code lspci -vvv} of the same node; may be empty
     * @param numaNodes   how many NUMA nodes with CPUs {@code numactl} shows; 0 when unknown
     */
    static Layout fromTree(Artifact a, LspciTree tree, PciNuma numa, int numaNodes) {
        List<TreeDevice> gpuDevs = tree.gpus();
        List<TreeDevice> nicDevs = tree.nics();
        // A root complex belongs to one NUMA node: a NUMA node lspci -vvv printed for one function under a root
        // bus holds for every function under it (both ports of a NIC, say, when only one was captured).
        Map<String, Integer> rootNuma = new java.util.HashMap<>();
        Set<String> conflicting = new HashSet<>();
        for (TreeDevice d : tree.devices()) {
            PciNuma.Entry e = numa.get(d.bdf());
            if (e == null) continue;
            Integer prev = rootNuma.putIfAbsent(d.rootBus(), e.node());
            if (prev != null && prev != e.node()) conflicting.add(d.rootBus());
        }
        conflicting.forEach(rootNuma::remove);
        List<Device> gpus = gpuDevs.stream().map(d -> pciDev(a, d, numa, rootNuma.get(d.rootBus()))).toList();
        List<Device> nics = nicDevs.stream().map(d -> pciDev(a, d, numa, rootNuma.get(d.rootBus()))).toList();
        Hop[][] hops = new Hop[gpus.size()][nics.size()];
        for (int i = 0; i < gpus.size(); i++) {
            for (int j = 0; j < nics.size(); j++) {
                PciRelation r = tree.relation(gpuDevs.get(i).bdf(), nicDevs.get(j).bdf());
                hops[i][j] = switch (r) {
                    case PIX -> Hop.of(PathType.PIX);
                    case PXB -> Hop.of(PathType.PXB);
                    case PHB -> Hop.of(PathType.PHB);
                    case CROSS_ROOT -> crossRoot(gpus.get(i).numa(), nics.get(j).numa(), numaNodes);
                    default -> null;
                };
            }
        }
        return new Layout(TREE, gpus, nics, hops, null, true, List.of());
    }

    private static Hop crossRoot(Integer a, Integer b, int numaNodes) {
        if (a != null && b != null) return Hop.of(a.equals(b) ? PathType.NODE : PathType.SYS);
        if (numaNodes == 1) return Hop.of(PathType.NODE);
        // Ranked as NODE: the tree alone cannot say whether the root complexes share a socket.
        return new Hop(PathType.NODE, "NODE/SYS");
    }

    private static Device pciDev(Artifact a, TreeDevice d, PciNuma numa, Integer rootNuma) {
        List<Quote> lines = new ArrayList<>();
        lines.add(Quote.of(a, d.line()));
        PciNuma.Entry e = numa.get(d.bdf());
        if (e != null) lines.add(e.line());
        return new Device(shortBdf(d.bdf()), null, d.bdf(), e != null ? Integer.valueOf(e.node()) : rootNuma, lines);
    }

    /** {@code 0000:21:00.0} as {@code 21:00.0}; other domains stay whole. */
    static String shortBdf(String bdf) {
        return bdf != null && bdf.startsWith("0000:") ? bdf.substring(5) : bdf;
    }

    // ------------------------------------------------------------------ lspci -vvv (NUMA only)

    /**
     * The NUMA placement of GPUs and NICs from {@code lspci -vvv} alone ({@code NUMA node:} lines), without
     * paths: enough to tell GPUs of one NUMA node without a NIC. Empty when either side is missing.
     */
    static Optional<Layout> fromVerbose(PciNuma numa) {
        List<Device> gpus = new ArrayList<>();
        List<Device> nics = new ArrayList<>();
        for (PciNuma.Entry e : numa.byBdf().values()) {
            LspciDevice d = e.device();
            boolean gpu = d.nvidiaGpu();
            if (!gpu && !d.connectxNic()) continue;
            List<Quote> lines = List.of(Quote.of(e.artifact(), d.line()), e.line());
            (gpu ? gpus : nics).add(new Device(shortBdf(d.bdf()), null, d.bdf(), d.numaNode(), lines));
        }
        if (gpus.isEmpty() || nics.isEmpty()) return Optional.empty();
        return Optional.of(new Layout(VERBOSE, gpus, nics, null, null, true, List.of()));
    }

    /** The first {@code lspci -vvv} reading of each PCI address that prints a NUMA node, in file order. */
    record PciNuma(Map<String, Entry> byBdf) {

        /** A device as lspci -vvv shows it, with the artifact that does. */
        record Entry(Artifact artifact, LspciDevice device) {
            int node() {
                return device.numaNode();
            }

            /** {@return the device's {@code NUMA node:} line} */
            Quote line() {
                return Quote.of(artifact, device.numaLine());
            }
        }

        Entry get(String bdf) {
            return byBdf.get(bdf);
        }

        static PciNuma of(List<Artifact> artifacts) {
            Map<String, Entry> m = new LinkedHashMap<>();
            for (Artifact a : artifacts) {
                for (LspciDevice d : a.data(LspciVerbose.class).map(LspciVerbose::devices).orElse(List.of())) {
                    if (d.bdf() != null && d.numaNode() != null) m.putIfAbsent(d.bdf(), new Entry(a, d));
                }
            }
            return new PciNuma(m);
        }
    }

    // ------------------------------------------------------------------ NCCL topology XML

    /**
     * The layout NCCL itself built ({@code NCCL_TOPO_DUMP_FILE}): GPUs and the NICs under PCI elements (socket
     * interfaces placed under a CPU are not RDMA NICs and are left out). Paths as NCCL names them: PIX (one
     * switch), PXB (nested switches), PHB (through the CPU), SYS (another CPU).
     */
    static Layout fromXml(Artifact a, NcclTopoXmlData x) {
        List<PciPlace> gpus = x.placedGpus();
        List<PciPlace> nics = x.placedNets();
        List<Device> g = new ArrayList<>();
        for (PciPlace p : gpus) {
            var gpu = p.pci().gpu();
            String name = gpu.dev() != null ? "GPU" + gpu.dev() : shortBdf(gpu.busId());
            g.add(new Device(name == null ? "GPU?" : name, null, gpu.busId(), p.numaNode(), List.of(Quote.of(a, gpu.line()))));
        }
        List<Device> n = new ArrayList<>();
        for (PciPlace p : nics) {
            TopoNet net = p.net();
            String name = net.name() != null ? net.name() : shortBdf(net.busId());
            n.add(new Device(name == null ? "NIC?" : name, net.name(), net.busId(), p.numaNode(), List.of(Quote.of(a, net.line()))));
        }
        Hop[][] hops = new Hop[gpus.size()][nics.size()];
        for (int i = 0; i < gpus.size(); i++) {
            for (int j = 0; j < nics.size(); j++) {
                hops[i][j] = Hop.of(gpus.get(i).pathTo(nics.get(j)));
            }
        }
        boolean[][] nv = new boolean[gpus.size()][gpus.size()];
        for (int i = 0; i < gpus.size(); i++) {
            for (int k = 0; k < gpus.size(); k++) nv[i][k] = i != k && gpus.get(i).nvlinkTo(gpus.get(k));
        }
        return new Layout(XML, g, n, hops, nv, true, List.of());
    }
}
