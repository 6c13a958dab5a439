package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiFailure;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * TOPOLOGY_ASYMMETRIC within one node: gaps its own evidence shows, an HCA that ibstat lists but the {@code topo -m}
 * legend does not, GPUs that {@code nvidia-smi -q} counts but cannot describe. Stateless.
 */
final class NodeGaps {

    private NodeGaps() {
    }

    /**
     * Gaps one node's own evidence shows: HCAs that ibstat lists but the topo matrix (with a complete NIC
     * Legend) does not show, and GPUs that nvidia-smi -q counts but cannot describe.
     *
     * @param scope problem-instance scope (the node, or the artifact names when there is none)
     */
    static void withinNode(String node, String scope, List<Artifact> artifacts, MergedFindings out) {
        // The first topo matrix whose NIC Legend names every NIC.
        Artifact topoA = artifacts.stream().filter(a -> a.data(Topology.class)
                .filter(t -> !t.nics().isEmpty() && t.nics().stream().allMatch(n -> n.device() != null)).isPresent())
                .findFirst().orElse(null);
        for (Artifact a : artifacts) {
            Optional<IbstatData> ib = a.data(IbstatData.class);
            if (topoA != null && ib.isPresent()) legend(node, scope, topoA, topoA.data(Topology.class).orElseThrow(), a, ib.get(), out);
            a.data(NvidiaSmiData.class).ifPresent(d -> missingGpus(node, scope, a, d, out));
        }
    }

    private static void legend(String node, String scope, Artifact topoA, Topology topo, Artifact ibA, IbstatData ib, MergedFindings out) {
        Set<String> shown = new LinkedHashSet<>();
        for (TopoNic n : topo.nics()) shown.add(n.device());
        List<IbDevice> missing = new ArrayList<>();
        boolean active = false;
        for (IbDevice d : ib.devices()) {
            if (d.name() == null || shown.contains(d.name())) continue;
            missing.add(d);
            active |= d.ports().stream().anyMatch(p -> p.state() == PortState.ACTIVE);
        }
        if (missing.isEmpty()) return;
        List<String> names = missing.stream().map(IbDevice::name).toList();
        List<Quote> ev = new ArrayList<>();
        missing.stream().limit(3).forEach(d -> ev.add(Quote.of(ibA, d.line())));
        if (topo.line() > 0) ev.add(Quote.of(topoA, topo.line()));
        topo.nics().stream().filter(n -> n.legendLine() != null).limit(2).forEach(n -> ev.add(Quote.of(topoA, n.legendLine())));
        Message detail = Message.of(TopologyAnalyzer.class, "asym.legend",
                "missing", Names.list(names), "legend", Names.list(new ArrayList<>(shown)));
        out.addForNode(node, scope + "|legend", AspectSeries.CODE, active ? FindingSeverity.WARNING : FindingSeverity.INFO,
                new Subject(node, null, null, Names.csv(names), null, null, null), detail, ev,
                "node", node, "hca", names.get(0));
    }

    private static void missingGpus(String node, String scope, Artifact a, NvidiaSmiData d, MergedFindings out) {
        // A GPU nvidia-smi cannot reach is GPU_LOST (diagnose.tools), not a count that differs between nodes.
        if (d.firstFailure(NvsmiFailure.GPU_LOST).isPresent()) return;
        Integer attached = d.attachedGpus();
        if (attached == null || d.gpus().size() >= attached || d.gpus().isEmpty()) return;
        // A paste cut short lists fewer GPUs than it attaches: that is the reporter's scissors, not a lost GPU.
        if (d.linesLeftOut()) return;
        List<Quote> ev = new ArrayList<>();
        ev.add(Quote.of(a, d.gpus().get(0).line()));
        ev.add(Quote.of(a, d.gpus().get(d.gpus().size() - 1).line()));
        Message detail = Message.of(TopologyAnalyzer.class, "asym.gpuMissing", "attached", attached, "listed", d.gpus().size());
        out.add(scope + "|gpuMissing|" + a.name(), AspectSeries.CODE, FindingSeverity.WARNING, Subject.node(node), detail, ev, "node", node);
    }
}
