package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.diagnose.topology.Layout.Device;
import io.ncclscope.sdk.diagnose.topology.Layout.Hop;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * GPU_NIC_AFFINITY_POOR and NIC_CROSS_NUMA on one node's {@link Layout}, by the seed's rule: each NIC should
 * serve the GPUs of its own NUMA node, through a PCIe switch they share (理想：每个 NIC 尽量"就近"服务同 NUMA 上的 GPU；
 * 警惕：GPU→NIC 显示为跨 NUMA（SYS）或需要经过多级 PCIe 交换). Stateless.
 */
final class AffinityChecks {

    static final String AFFINITY = "GPU_NIC_AFFINITY_POOR";
    static final String NUMA = "NIC_CROSS_NUMA";

    /** GPU rows quoted per finding at most (the rest are named in the message). */
    private static final int MAX_GPU_LINES = 4;

    private AffinityChecks() {
    }

    /**
     * Runs both checks.
     *
     * @param node  the node, null when the artifacts name none
     * @param scope what makes problem instances of this layout distinct (the node, or the artifact when there is none)
     */
    static void check(Layout l, String node, String scope, MergedFindings out) {
        if (l.gpus().isEmpty() || l.nics().isEmpty()) return;
        boolean paths = l.hasPaths();
        if (paths) affinity(l, node, scope, out);
        if (l.numaTrusted()) crossNuma(l, node, scope, out);
        if (paths) farNics(l, node, scope, out);
    }

    // ------------------------------------------------------------------ GPU_NIC_AFFINITY_POOR

    /**
     * One finding per node for the GPUs whose nearest NIC is beyond PXB (PHB, NODE, SYS): NCCL's default
     * {@code NCCL_NET_GDR_LEVEL} (PXB) turns GPUDirect RDMA off for them. ERROR when a GPU reaches every NIC only
     * across the socket interconnect (SYS), WARNING for PHB and NODE. The message says when an NVLink peer with a
     * close NIC can relay the sends (PXN).
     */
    private static void affinity(Layout l, String node, String scope, MergedFindings out) {
        int g = l.gpus().size();
        List<Integer> poor = new ArrayList<>();
        Hop[] best = new Hop[g];
        for (int i = 0; i < g; i++) {
            best[i] = l.best(i);
            if (best[i] != null && !best[i].gdr()) poor.add(i);
        }
        if (poor.isEmpty()) return;

        // PXN: NCCL relays a GPU's sends over NVLink through a peer whose NIC is within PXB (src/graph/paths.cc).
        Set<Integer> relays = new LinkedHashSet<>();
        boolean anySys = false;
        boolean anyRescued = false;
        for (int i : poor) {
            boolean rescued = false;
            for (int k = 0; k < g; k++) {
                if (best[k] != null && best[k].gdr() && l.nvlink(i, k)) {
                    relays.add(k);
                    rescued = true;
                }
            }
            anyRescued |= rescued;
            if (best[i].sys()) anySys = true;
        }
        // SYS is a fault even when PXN relays the sends: receives still cross the socket without GPUDirect RDMA.
        FindingSeverity severity = anySys ? FindingSeverity.ERROR : FindingSeverity.WARNING;
        String key = "affinity.poor" + (anySys ? ".sys" : "") + (anyRescued ? ".pxn" : "");

        // Group GPUs of one NUMA node that reach the same NICs the same way: "GPU4-GPU7 (NUMA 1) → mlx5_0, mlx5_1 (SYS)".
        Map<NicsReached, List<String>> groups = new LinkedHashMap<>();
        Set<Integer> nearNics = new LinkedHashSet<>();
        for (int i : poor) {
            List<Integer> near = l.nearest(i);
            nearNics.addAll(near);
            List<String> names = near.stream().map(n -> l.nics().get(n).name()).toList();
            Integer numa = l.numaTrusted() ? l.gpus().get(i).numa() : null;
            NicsReached k = new NicsReached(Names.list(names) + " (" + best[i].word() + ")", numa);
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(l.gpus().get(i).name());
        }
        List<String> pairs = new ArrayList<>();
        groups.forEach((k, gpus) -> pairs.add(Names.list(gpus) + (k.numa() == null ? "" : " (NUMA " + k.numa() + ")")
                + " → " + k.nics()));

        List<String> poorNames = poor.stream().map(i -> l.gpus().get(i).name()).toList();
        List<String> sysNames = poor.stream().filter(i -> best[i].sys()).map(i -> l.gpus().get(i).name()).toList();
        List<String> nicNames = nearNics.stream().map(n -> l.nics().get(n).name()).toList();
        List<String> hcas = nearNics.stream().map(n -> l.nics().get(n).hca()).filter(h -> h != null).toList();

        Message detail = Message.of(TopologyAnalyzer.class, key,
                "count", poor.size(), "total", g, "pairs", String.join("; ", pairs),
                "sysGpus", Names.list(sysNames), "relays", Names.list(relays.stream().map(k -> l.gpus().get(k).name()).toList()),
                "source", l.source());

        // A row of each path word, worst first, then more rows of the worst: the rows the detail speaks of.
        List<Integer> sorted = poor.stream().sorted(Comparator.comparingInt((Integer i) -> -best[i].rank())).toList();
        Set<Integer> shown = new LinkedHashSet<>();
        Set<String> words = new HashSet<>();
        for (int i : sorted) {
            if (words.add(best[i].word())) shown.add(i);
        }
        for (int k = 0; k < sorted.size() && shown.size() < MAX_GPU_LINES; k++) shown.add(sorted.get(k));
        List<Quote> ev = new ArrayList<>();
        shown.forEach(i -> ev.addAll(l.gpus().get(i).lines()));
        ev.addAll(l.header());
        nearNics.stream().limit(2).forEach(n -> ev.add(last(l.nics().get(n).lines())));

        Subject subject = new Subject(node, null, Names.compact(poorNames), Names.csv(nicNames), null, null, null);
        out.addForNode(node, scope + "|affinity|" + l.source(), AFFINITY, severity, subject, detail, ev,
                "node", node, "gpu", Names.compact(poorNames), "hca", Names.csv(hcas), "bdf", l.gpus().get(poor.get(0)).bdf());
    }

    // ------------------------------------------------------------------ NIC_CROSS_NUMA

    /**
     * Two placements that cross the socket interconnect: (b) the GPUs of a NUMA node have no NIC on their node
     * while another node holds two or more; (a) a NIC sits on another NUMA node than every GPU it would serve.
     * Needs NUMA nodes the source did not flatten.
     */
    private static void crossNuma(Layout l, String node, String scope, MergedFindings out) {
        Set<Integer> named = noLocalNic(l, node, scope, out);
        nicsAway(l, named, node, scope, out);
    }

    /** GPUs of a NUMA node with no NIC on it while another NUMA node holds two or more; {@return the NICs named} */
    private static Set<Integer> noLocalNic(Layout l, String node, String scope, MergedFindings out) {
        int n = l.nics().size();
        Map<Integer, List<Integer>> gpusByNuma = byNuma(l.gpus());
        Map<Integer, List<Integer>> nicsByNuma = byNuma(l.nics());

        Set<Integer> named = new HashSet<>();
        for (Map.Entry<Integer, List<Integer>> e : gpusByNuma.entrySet()) {
            int x = e.getKey();
            List<Integer> gx = e.getValue();
            boolean noLocal = gx.stream().allMatch(i -> IntStream.range(0, n).allMatch(j -> l.differentNuma(i, j)));
            if (!noLocal) continue;
            Integer y = null;
            for (Map.Entry<Integer, List<Integer>> c : nicsByNuma.entrySet()) {
                if (c.getKey() != x && c.getValue().size() >= 2
                        && (y == null || c.getValue().size() > nicsByNuma.get(y).size())) y = c.getKey();
            }
            if (y == null) continue;
            List<Integer> ny = nicsByNuma.get(y);
            named.addAll(ny);
            List<String> gpuNames = gx.stream().map(i -> l.gpus().get(i).name()).toList();
            List<String> nicNames = ny.stream().map(j -> l.nics().get(j).name()).toList();
            Message detail = Message.of(TopologyAnalyzer.class, "numa.noLocalNic",
                    "gpus", Names.list(gpuNames), "numa", x, "other", y, "nics", Names.list(nicNames), "source", l.source());
            List<Quote> ev = new ArrayList<>();
            gx.stream().limit(4).forEach(i -> ev.addAll(l.gpus().get(i).lines()));
            ny.stream().limit(2).forEach(j -> ev.addAll(l.nics().get(j).lines()));
            ev.addAll(l.header());
            Device nic = l.nics().get(ny.get(0));
            crossNumaFinding(node, scope + "|noLocal|" + x, FindingSeverity.WARNING, gpuNames, nicNames, nic.hca(), nic, detail, ev, out);
        }
        return named;
    }

    /** {@return the indexes of {@code devices} by their NUMA node, in node order; those of no known node left out} */
    private static Map<Integer, List<Integer>> byNuma(List<Device> devices) {
        Map<Integer, List<Integer>> out = new TreeMap<>();
        for (int i = 0; i < devices.size(); i++) {
            Integer v = devices.get(i).numa();
            if (v != null) out.computeIfAbsent(v, k -> new ArrayList<>()).add(i);
        }
        return out;
    }

    /** (a) NICs on another NUMA node than every GPU they would serve, grouped by the GPUs they serve. */
    private static void nicsAway(Layout l, Set<Integer> named, String node, String scope, MergedFindings out) {
        int g = l.gpus().size();
        int n = l.nics().size();
        Map<NicsAway, List<Integer>> away = new LinkedHashMap<>();
        List<List<Integer>> nearest = new ArrayList<>(g);
        for (int i = 0; i < g; i++) nearest.add(l.nearest(i));
        for (int j = 0; j < n; j++) {
            if (named.contains(j)) continue;
            List<Integer> served = new ArrayList<>();
            for (int i = 0; i < g; i++) {
                if (nearest.get(i).contains(j)) served.add(i);
            }
            if (served.isEmpty()) continue;
            int nic = j;
            boolean allAway = served.stream().allMatch(i -> l.gpus().get(i).numa() != null && l.differentNuma(i, nic));
            if (!allAway) continue;
            away.computeIfAbsent(new NicsAway(served, l.nics().get(j).numa()), x -> new ArrayList<>()).add(j);
        }
        for (Map.Entry<NicsAway, List<Integer>> e : away.entrySet()) {
            List<Integer> nj = e.getValue();
            List<Integer> served = e.getKey().served();
            Integer nicNuma = e.getKey().numa();
            List<String> gpuNames = served.stream().map(i -> l.gpus().get(i).name()).toList();
            List<String> nicNames = nj.stream().map(j -> l.nics().get(j).name()).toList();
            Set<Integer> gpuNuma = new java.util.TreeSet<>();
            served.forEach(i -> gpuNuma.add(l.gpus().get(i).numa()));
            Message detail = Message.of(TopologyAnalyzer.class, nicNuma != null ? "numa.nicAway" : "numa.nicAway.unknown",
                    "nics", Names.list(nicNames), "gpus", Names.list(gpuNames),
                    "gpuNuma", Names.list(gpuNuma.stream().map(String::valueOf).toList()), "nicNuma", nicNuma,
                    "source", l.source());
            List<Quote> ev = new ArrayList<>();
            nj.stream().limit(2).forEach(j -> ev.addAll(l.nics().get(j).lines()));
            served.stream().limit(4).forEach(i -> ev.addAll(l.gpus().get(i).lines()));
            ev.addAll(l.header());
            Device nic = l.nics().get(nj.get(0));
            crossNumaFinding(node, scope + "|away|" + Names.csv(nicNames), FindingSeverity.WARNING, gpuNames, nicNames, nic.hca(), nic,
                    detail, ev, out);
        }
    }

    /**
     * INFO: NICs that serve no GPU and reach every GPU only across the socket interconnect: storage or
     * front-end ports (a DGX's mlx5_8/mlx5_9, a bond) that NCCL_IB_HCA should leave out.
     */
    private static void farNics(Layout l, String node, String scope, MergedFindings out) {
        int g = l.gpus().size();
        Set<Integer> serving = new HashSet<>();
        for (int i = 0; i < g; i++) {
            if (l.best(i) != null) serving.addAll(l.nearest(i));
        }
        List<Integer> far = IntStream.range(0, l.nics().size()).boxed()
                .filter(j -> !serving.contains(j) && IntStream.range(0, g).allMatch(i -> l.differentNuma(i, j))).toList();
        if (far.isEmpty() || serving.isEmpty()) return;
        List<String> names = far.stream().map(j -> l.nics().get(j).name()).toList();
        List<String> hcas = far.stream().map(j -> l.nics().get(j).hca()).filter(h -> h != null).toList();
        Message detail = Message.of(TopologyAnalyzer.class, "numa.farNics", "nics", Names.list(names), "source", l.source());
        List<Quote> ev = new ArrayList<>();
        far.stream().limit(4).forEach(j -> ev.addAll(l.nics().get(j).lines()));
        ev.addAll(l.header());
        crossNumaFinding(node, scope + "|far", FindingSeverity.INFO, List.of(), names, hcas.isEmpty() ? null : hcas.get(0),
                l.nics().get(far.get(0)), detail, ev, out);
    }

    /** Files a NIC_CROSS_NUMA finding about the GPUs and NICs named; {@code nic} is the first NIC, {@code hca} its HCA. */
    private static void crossNumaFinding(String node, String instance, FindingSeverity severity, List<String> gpuNames,
                                         List<String> nicNames, String hca, Device nic, Message detail, List<Quote> ev,
                                         MergedFindings out) {
        String gpus = gpuNames.isEmpty() ? null : Names.compact(gpuNames);
        out.addForNode(node, instance, NUMA, severity, new Subject(node, null, gpus, Names.csv(nicNames), null, null, null),
                detail, ev, "node", node, "hca", hca, "gpu", gpus, "bdf", nic.bdf());
    }

    private static Quote last(List<Quote> lines) {
        return lines.isEmpty() ? null : lines.get(lines.size() - 1);
    }

    /** NICs grouped by the GPUs they serve and their NUMA node (null when unknown). */
    private record NicsAway(List<Integer> served, Integer numa) {
    }

    /** GPUs grouped by the NICs they reach (names and path word) and their NUMA node (null when not trusted). */
    private record NicsReached(String nics, Integer numa) {
    }
}
