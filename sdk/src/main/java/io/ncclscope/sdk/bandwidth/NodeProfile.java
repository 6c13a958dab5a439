package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.nvsmi.NvLink;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.Evidence.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The hardware of one node that the expected bandwidth is counted from: its GPUs (model, count, active and inactive
 * NVLinks, PCIe link as trained and at most), its NIC ports (every active port with its rate; the rails among them)
 * and the path from each GPU to its nearest NIC. Read from a node's tool outputs ({@link #of(Evidence)}), from a named
 * system ({@link NamedSystems}) or from a spec such as {@code 8xH100-SXM,8x400g} ({@link #parse(String)}).
 *
 * @param label         what the profile describes: a named system, a spec, or the node whose outputs were read
 * @param gpuName       the GPU's name as the tools print it; null when none was found
 * @param gpus          GPUs per node (0 when unknown)
 * @param nvlinks       active NVLinks per GPU; null to take the model's full count
 * @param nvlinksDown   NVLinks per GPU that are inactive ({@code nvidia-smi nvlink -s}), 0 when none or unknown
 * @param pcieGen       PCIe generation of the GPU's link at most (null: the model's)
 * @param pcieWidth     PCIe width the GPU's link trained at (null: x16)
 * @param pcieWidthMax  PCIe width the link is capable of (null: unknown)
 * @param nics          the active NIC ports, rails and others
 * @param paths         the path from each GPU to its nearest NIC ({@code nvidia-smi topo -m}), in GPU order
 * @param ethernetMbps  the fastest Ethernet link in Mb/s, for NCCL over sockets; null when none was read
 * @param socket        true when NCCL's own log says it ran over sockets
 * @param facts         the lines the profile was read from ({@code artifact:line: text}) or the named system's sources
 */
public record NodeProfile(String label, String gpuName, int gpus, Integer nvlinks, int nvlinksDown, Integer pcieGen,
                          Integer pcieWidth, Integer pcieWidthMax, List<Nic> nics, List<GpuNicPath> paths,
                          Integer ethernetMbps, boolean socket, List<String> facts) {

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param label        what the profile describes
     * @param gpuName      the GPU's name; null when none was found
     * @param gpus         GPUs per node (0 when unknown)
     * @param nvlinks      active NVLinks per GPU; null to take the model's full count
     * @param nvlinksDown  inactive NVLinks per GPU
     * @param pcieGen      PCIe generation at most; null for the model's
     * @param pcieWidth    PCIe width as trained; null for x16
     * @param pcieWidthMax PCIe width the link is capable of; null when unknown
     * @param nics         the active NIC ports
     * @param paths        GPU to nearest NIC paths
     * @param ethernetMbps the fastest Ethernet link in Mb/s; null when none
     * @param socket       true when NCCL ran over sockets
     * @param facts        the lines or sources the profile was read from
     */
    public NodeProfile {
        nics = List.copyOf(nics);
        paths = List.copyOf(paths);
        facts = List.copyOf(facts);
    }

    /**
     * One active NIC port.
     *
     * @param device    the RDMA device ({@code mlx5_0}) or a name for a named system ({@code nic0})
     * @param port      the port number; null when not printed
     * @param rateGbps  the rate it runs at, in Gb/s
     * @param linkLayer {@code INFINIBAND} or {@code ETHERNET}; null when not printed
     * @param rail      true when it is one of the node's rails (one HCA model and link layer, the largest group)
     */
    public record Nic(String device, Integer port, double rateGbps, String linkLayer, boolean rail) {
    }

    /**
     * The path from a GPU to its nearest NIC.
     *
     * @param gpu  the GPU ({@code GPU0})
     * @param nic  the NIC ({@code NIC0} or its device)
     * @param path the path word of {@code nvidia-smi topo -m} ({@code PIX}, {@code PXB}, {@code PHB}, {@code NODE},
     *             {@code SYS})
     */
    public record GpuNicPath(String gpu, String nic, String path) {
        /** {@return true when GPUDirect RDMA works at NCCL's default level (PIX or PXB: through PCIe switches only)} */
        public boolean gpuDirect() {
            return "PIX".equals(path) || "PXB".equals(path);
        }
    }

    /** {@return the GPU model the name implies; empty for names the model does not know} */
    public java.util.Optional<GpuModel> model() {
        return HardwareModel.gpu(gpuName);
    }

    /** {@return the rails among the NICs} */
    public List<Nic> rails() {
        return nics.stream().filter(Nic::rail).toList();
    }

    /**
     * {@return the profile of the first node of {@code evidence} that shows a GPU (the artifacts of no node when none
     * does): nvidia-smi for the GPUs, their PCIe links and NVLink states, topo for NVLinks per GPU and GPU-NIC paths,
     * ibstat for the ports, ethtool for Ethernet; the GPU name from nccl-tests device lines when nvidia-smi is missing}
     *
     * @param evidence a node's tool outputs
     */
    public static NodeProfile of(Evidence evidence) {
        Objects.requireNonNull(evidence, "evidence");
        HardwareSummaries hw = HardwareSummaries.of(evidence);
        String node = null;
        for (var e : hw.nodes().entrySet()) {
            if (e.getValue().gpu() != null) {
                node = e.getKey();
                break;
            }
        }
        if (node == null) node = hw.nodes().isEmpty() ? "" : hw.nodes().keySet().iterator().next();
        final String chosen = node;
        List<String> facts = new ArrayList<>();
        String gpuName = null;
        int gpus = 0, down = 0;
        Integer gen = null, width = null, widthMax = null;
        for (Item<NvidiaSmiData> it : evidence.all(NvidiaSmiData.class)) {
            if (!it.artifact().node().orElse("").equals(chosen)) continue;
            int here = 0;
            for (NvsmiGpu g : it.data().gpus()) {
                if (g.name() == null) continue;
                here++;
                if (gpuName == null) {
                    gpuName = g.name();
                    facts.add(line(it, g.line()));
                }
                if (g.pcie() != null) {
                    gen = max(gen, g.pcie().genMax());
                    if (g.pcie().widthCurrent() != null && (width == null || g.pcie().widthCurrent() < width)) {
                        width = g.pcie().widthCurrent();
                        widthMax = g.pcie().widthMax();
                        if (g.pcie().widthMax() != null && g.pcie().widthCurrent() < g.pcie().widthMax()) facts.add(line(it, g.pcie().line()));
                    }
                    if (width == null && g.pcie().widthMax() != null) widthMax = g.pcie().widthMax();
                }
                int inactive = 0;
                for (NvLink l : g.nvlinks()) {
                    if (!l.active()) inactive++;
                }
                if (inactive > down) {
                    down = inactive;
                    for (NvLink l : g.nvlinks()) {
                        if (!l.active()) {
                            facts.add(line(it, l.line()));
                            break;
                        }
                    }
                }
            }
            gpus = Math.max(gpus, here);
        }
        List<GpuNicPath> paths = new ArrayList<>();
        for (Item<Topology> it : evidence.all(Topology.class)) {
            if (!it.artifact().node().orElse("").equals(chosen)) continue;
            Topology t = it.data();
            gpus = Math.max(gpus, t.gpus().size());
            for (TopoGpu g : t.gpus()) {
                for (TopoNic n : t.nearestNics(g.name())) {
                    String type = t.path(g.name(), n.name()).map(TopoPath::type).map(Enum::name).orElse("?");
                    paths.add(new GpuNicPath(g.name(), n.device() != null ? n.device() : n.name(), type));
                    break;
                }
            }
        }
        if (gpuName == null) {
            for (Item<NcclTestsData> it : evidence.all(NcclTestsData.class)) {
                for (NcclTestsDevice d : it.data().devices()) {
                    if (d.name() != null && HardwareModel.gpu(d.name()).isPresent()) {
                        gpuName = d.name();
                        facts.add(line(it, d.line()));
                        break;
                    }
                }
                if (gpuName != null) break;
            }
        }
        NodeHardware h = hw.of(chosen);
        if (h.nvlinkLine() != null) facts.add(text(h.nvlinkLine().on(chosen)));
        // Outputs of several nodes: the ports of the node with the slowest rail, since the ring moves at it.
        String portNode = chosen;
        double slowest = slowestRail(h);
        for (String n : hw.nodes().keySet()) {
            if (slowestRail(hw.of(n)) < slowest) {
                slowest = slowestRail(hw.of(n));
                portNode = n;
            }
        }
        List<NodeHardware.ActivePort> ports = hw.of(portNode).ports();
        List<NodeHardware.ActivePort> railPorts = Rails.of(ports);
        List<Nic> nics = new ArrayList<>();
        for (NodeHardware.ActivePort p : ports) {
            nics.add(new Nic((portNode.equals(chosen) || portNode.isEmpty() ? "" : portNode + " ") + p.device(), p.port(), p.rateGbps(),
                    p.linkLayer(), railPorts.contains(p)));
            facts.add(text(p.quote().on(portNode)));
        }
        Integer eth = null;
        if (h.eth() != null) {
            eth = h.eth().speedMbps();
            facts.add(text(h.eth().quote().on(chosen)));
        }
        Integer links = h.nvlinks();
        String label = chosen.isEmpty() ? "node" : chosen;
        return new NodeProfile(label, gpuName, gpus, links, down, gen, width, widthMax, nics, paths, eth, hw.socket(), facts);
    }

    /**
     * {@return the profile a spec describes: a named system ({@link NamedSystems}) or {@code GPUSxGPU[,RAILSxRATEg]},
     * for example {@code 8xH100-SXM,8x400g} or {@code 2xA100-PCIE}}
     *
     * @param spec the name or spec
     * @throws IllegalArgumentException when it is neither (the message says what is accepted)
     */
    public static NodeProfile parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        String s = spec.trim();
        java.util.Optional<NamedSystems.NamedSystem> named = NamedSystems.find(s);
        if (named.isPresent()) return named.get().profile();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)(\\d{1,3})\\s*x\\s*([A-Za-z0-9 _.-]+?)(?:\\s*,\\s*(\\d{1,3})\\s*x\\s*(\\d{1,4})\\s*g(?:b/?s|bps)?)?")
                .matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a named system nor a spec like 8xH100-SXM,8x400g: '" + spec
                    + "' (named systems: " + String.join(", ", NamedSystems.names()) + ")");
        }
        String gpu = m.group(2).replace('_', ' ').replace('-', ' ').trim();
        if (HardwareModel.gpu(gpu).isEmpty()) throw new IllegalArgumentException("unknown GPU '" + m.group(2) + "' in '" + spec + "'");
        int gpus = Integer.parseInt(m.group(1));
        if (gpus < 1) throw new IllegalArgumentException("a node holds at least one GPU: '" + spec + "'");
        List<Nic> nics = new ArrayList<>();
        if (m.group(3) != null) {
            int n = Integer.parseInt(m.group(3));
            double rate = Double.parseDouble(m.group(4));
            if (n < 1 || rate <= 0) throw new IllegalArgumentException("NIC count and rate must be positive: '" + spec + "'");
            for (int i = 0; i < n; i++) nics.add(new Nic("nic" + i, 1, rate, null, true));
        }
        return new NodeProfile(s.toLowerCase(Locale.ROOT), gpu, gpus, null, 0, null, null, null, nics, List.of(), null, false,
                List.of("spec " + s));
    }

    /** {@return the rate of a node's slowest rail; infinity when it shows none} */
    private static double slowestRail(NodeHardware h) {
        return Rails.of(h.ports()).stream().mapToDouble(NodeHardware.ActivePort::rateGbps).min().orElse(Double.POSITIVE_INFINITY);
    }

    private static Integer max(Integer a, Integer b) {
        return a == null ? b : b == null ? a : Integer.valueOf(Math.max(a, b));
    }

    private static String line(Item<?> it, int n) {
        return text(it.artifact().quote(n));
    }

    private static String text(io.ncclscope.sdk.evidence.EvidenceLine l) {
        return l.artifact() + ":" + l.line() + ": " + l.text().strip();
    }
}
