package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.numa.NumaNode;
import io.ncclscope.parsers.numa.NumaTopology;
import io.ncclscope.parsers.pci.LspciTree;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.parsers.topoxml.NcclTopoXmlData;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.RecordedFindings;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * GPU↔NIC affinity, NUMA placement and asymmetric nodes: the seed's "拓扑选择" checks. For every node it
 * draws the GPU-NIC map from the best source at hand ({@code nvidia-smi topo -m}, else the NCCL topology dump,
 * else {@code lspci -tv}, else the NUMA nodes of {@code lspci -vvv}), with {@code numactl} and
 * {@code lspci -vvv} filling NUMA nodes, and reports:
 * <ul>
 *   <li>{@code GPU_NIC_AFFINITY_POOR}: GPUs whose nearest NIC is beyond PXB (PHB, NODE, SYS), where NCCL's
 *       default {@code NCCL_NET_GDR_LEVEL} turns GPUDirect RDMA off; one finding per node listing the GPUs
 *       and their best paths. Nothing when the node has no NIC at all.</li>
 *   <li>{@code NIC_CROSS_NUMA}: GPUs of a NUMA node without a NIC on it while another node holds two or more,
 *       and NICs on another NUMA node than every GPU they serve; INFO for NICs far from every GPU (storage or
 *       front-end ports to keep out of {@code NCCL_IB_HCA}).</li>
 *   <li>{@code TOPOLOGY_ASYMMETRIC}: nodes that differ from their peers (GPU or NIC counts in topo,
 *       nvidia-smi, ibstat or lspci; GPU models; GPU-NIC paths; NVLink layout; ranks per host in nccl-tests
 *       and NCCL logs), and gaps a node's own evidence shows (an HCA ibstat lists that the topo legend lacks,
 *       a GPU nvidia-smi cannot reach).</li>
 * </ul>
 * Stateless and thread-safe (each {@link #pass()} is not); linear in the number of nodes.
 */
public final class TopologyAnalyzer implements Analyzer.Streamed {

    @Override
    public String name() {
        return "topology";
    }

    /**
     * {@return a pass that checks each node as its slice comes in (findings kept with their lines quoted; of the nodes
     * that share one finding word for word only the first keeps its lines) and keeps, for the comparison of nodes at
     * finish, a few shared strings per node ({@link NodeComparison})} Findings come out in the order of the whole
     * evidence's slices ({@link RecordedFindings}), whatever the order slices came in.
     */
    @Override
    public Pass pass() {
        return new TopologyPass();
    }

    /** The phases of the findings, in the order the whole evidence is checked in. */
    private static final int NODES = 0, LOOSE = 1, HOSTS = 2, PHASES = 3;

    /** The topology pass: each node's checks in add, the node comparison at finish. */
    private static final class TopologyPass implements Pass.Summarizing {
        private final RecordedFindings recorded = new RecordedFindings(PHASES);
        private final NodeComparison across = new NodeComparison();

        /** {@inheritDoc} Apart: the node's own checks (recorded) and what it shows for the comparison of nodes. */
        @Override
        public SliceSummary summarize(Evidence slice) {
            RecordedFindings.SliceRecord s = recorded.slice(Objects.requireNonNull(slice, "slice"));
            String node = slice.sliceNode();
            List<Artifact> as = node == null ? slice.artifacts() : slice.artifactsOf(node);
            if (node != null) analyzeNode(node, node, as, s.into(NODES));
            else if (!as.isEmpty()) analyzeLoose(as, s.into(LOOSE));
            MergedFindings hosts = s.into(HOSTS);
            for (Artifact a : slice.artifacts()) HostComparison.acrossHosts(a, hosts);
            NodeComparison.NodeAspects aspects = node == null ? null : NodeComparison.read(node, as);
            return () -> {
                if (aspects != null) across.add(aspects);
                recorded.keep(s);
            };
        }

        @Override
        public List<Finding> finish() {
            MergedFindings out = new MergedFindings();
            recorded.replay(NODES, LOOSE, out);
            across.finish(out);
            recorded.replay(HOSTS, HOSTS, out);
            return out.findings();
        }
    }

    /**
     * Artifacts that name no node. When they hold at most one GPU-NIC source they are read as one machine (a
     * user pasting the outputs of one node); several topo matrices, dumps or trees are read one by one, each
     * on its own, since they may come from different machines.
     */
    private static void analyzeLoose(List<Artifact> loose, MergedFindings out) {
        List<Artifact> sources = new ArrayList<>();
        List<Artifact> shared = new ArrayList<>();
        for (Artifact a : loose) {
            boolean source = a.data(Topology.class).isPresent() || a.data(NcclTopoXmlData.class).isPresent()
                    || a.data(LspciTree.class).isPresent();
            (source ? sources : shared).add(a);
        }
        if (sources.size() <= 1) {
            analyzeNode(null, "(no node)", loose, out);
            return;
        }
        for (Artifact a : sources) {
            List<Artifact> one = new ArrayList<>(shared.size() + 1);
            one.add(a);
            one.addAll(shared);
            placement(null, a.name(), one, out);
        }
        NodeGaps.withinNode(null, "(no node)", loose, out);
    }

    private static void analyzeNode(String node, String scope, List<Artifact> as, MergedFindings out) {
        placement(node, scope, as, out);
        NodeGaps.withinNode(node, scope, as, out);
    }

    /** GPU_NIC_AFFINITY_POOR and NIC_CROSS_NUMA on the best GPU-NIC source of one node's artifacts. */
    private static void placement(String node, String scope, List<Artifact> as, MergedFindings out) {
        // The NUMA nodes with CPUs of the first numactl (or lscpu) reading that shows NUMA nodes.
        List<NumaNode> withCpus = as.stream().flatMap(a -> a.data(NumaTopology.class).stream())
                .filter(n -> !n.nodes().isEmpty()).findFirst()
                .map(n -> n.nodes().stream().filter(NumaNode::hasCpus).toList()).orElse(List.of());
        Map<Integer, Integer> cpuNuma = new HashMap<>();
        for (NumaNode n : withCpus) {
            for (int cpu : n.cpus()) cpuNuma.putIfAbsent(cpu, n.id());
        }
        // The first source that shows GPUs and NICs: topo matrices, else NCCL's dumps, else lspci trees.
        Layouts.PciNuma pciNuma = Layouts.PciNuma.of(as);
        List<Function<Artifact, Optional<Layout>>> sources = List.of(
                a -> a.data(Topology.class).filter(t -> !t.matrixType().isP2p()).map(t -> Layouts.fromTopo(a, t, cpuNuma)),
                a -> a.data(NcclTopoXmlData.class).map(x -> Layouts.fromXml(a, x)),
                a -> a.data(LspciTree.class).map(tree -> Layouts.fromTree(a, tree, pciNuma, withCpus.size())));
        List<Layout> layouts = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        for (int k = 0; k < sources.size() && layouts.isEmpty(); k++) {
            for (Artifact a : as) {
                Layout l = sources.get(k).apply(a).orElse(null);
                if (l != null && !l.gpus().isEmpty() && !l.nics().isEmpty() && seen.add(signature(l))) layouts.add(l);
            }
        }
        if (layouts.isEmpty() && hasNoGpuSource(as)) Layouts.fromVerbose(pciNuma).ifPresent(layouts::add);
        for (Layout l : layouts) AffinityChecks.check(l, node, scope, out);
    }

    /**
     * True when no topo matrix, dump or tree shows the node's GPUs: only then does {@code lspci -vvv} alone speak
     * (a node whose topo matrix shows no NIC has none that NCCL could use, whatever lspci lists).
     */
    private static boolean hasNoGpuSource(List<Artifact> as) {
        for (Artifact a : as) {
            if (a.data(Topology.class).map(t -> !t.gpus().isEmpty()).orElse(false)) return false;
            if (a.data(NcclTopoXmlData.class).map(x -> !x.gpus().isEmpty()).orElse(false)) return false;
        }
        return true;
    }

    /** What makes two layouts the same picture of a node (the same matrix captured twice, one XML per rank). */
    private static List<Object> signature(Layout l) {
        List<String> hops = new ArrayList<>();
        for (int i = 0; i < l.gpus().size(); i++) {
            for (int j = 0; j < l.nics().size(); j++) hops.add(l.hop(i, j) == null ? "-" : l.hop(i, j).word());
        }
        return List.of(l.source(), placed(l.gpus()), placed(l.nics()), hops);
    }

    /** The devices' names with their NUMA nodes. */
    private static List<String> placed(List<Layout.Device> devices) {
        return devices.stream().map(d -> d.name() + ":" + d.numa()).toList();
    }
}
