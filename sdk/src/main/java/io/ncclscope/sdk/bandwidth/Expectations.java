package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.sdk.bandwidth.HardwareModel.Expectation;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.diagnose.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The busbw each collective should reach on a node profile, per message-size band, for one node and for N nodes,
 * with the derivation of every figure. The link and network figures are {@link HardwareModel}'s, the ones the segment
 * verdicts of {@link Segments} hold measurements against: {@link HardwareModel#intraNode} for the GPU's links and
 * {@link HardwareModel#endToEnd} for the network ({@code min(rails, GPUs)} NICs per node, as the verdict of a run that
 * fills its nodes counts them). The plateau is a range: its low end is the ring's figure (what a verdict expects), its
 * high end what NCCL's other algorithms reach on the same hardware (NVLS on NVSwitch systems of NVLink4 or later,
 * tree between 2 nodes).
 */
public final class Expectations {

    /**
     * How far NVLS (NVLink SHARP) all_reduce goes past the ring on one NVSwitch node: 8x H100 reach about 480 GB/s
     * busbw where the ring's model gives 18 x 20.6 = 370.8 (nccl-tests issue 212, maintainer: peak about 480; corpus
     * awsome-distributed-training-aws-batch-1: 483 GB/s).
     */
    public static final double NVLS_GAIN = 480.0 / 370.8;
    /** The latency band ends here: up to 64 KiB a call's time is mostly its fixed latency. */
    public static final long LATENCY_MAX = 64L << 10;
    /** The plateau band starts here, where the segment verdicts read their plateau. */
    public static final long PLATEAU_MIN = Judge.PLATEAU_MIN;
    /** The collectives {@code expect} answers for, in the order it lists them. */
    public static final List<Collective> COLLECTIVES = List.of(Collective.ALL_REDUCE, Collective.ALL_GATHER,
            Collective.REDUCE_SCATTER, Collective.ALLTOALL, Collective.BROADCAST, Collective.SENDRECV);
    /** The public figures the model rests on. */
    public static final List<String> SOURCES = List.of(
            "NCCL src/graph/topo.h: per-link bandwidths (SM80 NVLink 20.0, SM90 20.6, SM100 40.1 GB/s; PCIe ~12 GB/s per Gen3 x16)",
            "NCCL src/graph/tuning.cc: baseLat/hwLat latency tables (Ring LL 6.6 us base; per hop NVLink 0.6, PCIe 1.0, network 2.7 us;"
                    + " Tree LL 6.8 us base, network 5.0 us)",
            "nccl-tests doc/PERFORMANCE.md: busbw = algbw x 2(n-1)/n (all_reduce), x (n-1)/n (all_gather, reduce_scatter, alltoall),"
                    + " x 1 (broadcast, sendrecv)",
            "nccl-tests issue 212 (maintainer): 8x H100 NVLS all_reduce peaks at about 480 GB/s busbw",
            "nccl-tests issues 119 and 252 (maintainers): about 24 GB/s per 200 Gb/s NIC is NCCL's peak over InfiniBand");

    private static final double BASE_RING_LL = 6.6, BASE_TREE_LL = 6.8;
    private static final double LAT_NVLINK = 0.6, LAT_PCIE = 1.0, LAT_NET_RING = 2.7, LAT_NET_TREE = 5.0;

    private Expectations() {
    }

    /**
     * The expectation of one collective at one node count.
     *
     * @param collective the collective
     * @param nodes      nodes
     * @param ranks      ranks in all (one per GPU)
     * @param latencyUs  the latency floor of one call in microseconds (NCCL's tuning model); null when unknown
     * @param smallGBs   the busbw that floor gives at {@link #LATENCY_MAX}; null when unknown
     * @param lowGBs     the plateau's low end: the ring's figure; null when the hardware is not known well enough
     * @param highGBs    the plateau's high end: what other algorithms reach on this hardware (equal to low when none);
     *                   null with {@code lowGBs}
     * @param derivation how the figures follow from the hardware, one sentence per step
     */
    public record Figure(Collective collective, int nodes, int ranks, Double latencyUs, Double smallGBs, Double lowGBs,
                         Double highGBs, List<Message> derivation) {
        /**
         * Creates the record: copies lists into unmodifiable ones.
         *
         * @param collective the collective
         * @param nodes      nodes
         * @param ranks      ranks in all
         * @param latencyUs  the latency floor in microseconds; null when unknown
         * @param smallGBs   the busbw at {@link #LATENCY_MAX}; null when unknown
         * @param lowGBs     the plateau's low end; null when unknown
         * @param highGBs    the plateau's high end; null when unknown
         * @param derivation how the figures follow
         */
        public Figure {
            derivation = List.copyOf(derivation);
        }

        /**
         * {@return true when {@code measuredGBs} lies within the plateau, give or take {@code tolerance} (0.15 for 15 %);
         * false when the plateau is unknown}
         *
         * @param measuredGBs a measured plateau busbw
         * @param tolerance   the share either side
         */
        public boolean holds(double measuredGBs, double tolerance) {
            if (lowGBs == null || highGBs == null) return false;
            return measuredGBs >= lowGBs * (1 - tolerance) && measuredGBs <= highGBs * (1 + tolerance);
        }
    }

    /**
     * A degraded part of the hardware, with the figure it leaves.
     *
     * @param kind      {@code port-rate}, {@code pcie-width} or {@code nvlink-down}
     * @param reason    the part, what it runs at and what it costs, for a person
     * @param healthyGBs the figure with the part healthy, in GB/s
     * @param cappedGBs the figure with the part as it is, in GB/s
     */
    public record DegradedPart(String kind, Message reason, double healthyGBs, double cappedGBs) {
    }

    /**
     * What a node profile should give.
     *
     * @param profile  the hardware counted
     * @param nodes    the N of the N-node figures (1 gives the one-node figures alone)
     * @param gpuLink  the GPU's own link figure ({@link HardwareModel#intraNode}); null when one GPU or an unknown model
     * @param network  the node's network figure ({@link HardwareModel#endToEnd} without the GPU links); null when no NIC
     * @param hardware the hardware lines of the derivation (GPU link, network, GPU-NIC paths)
     * @param degraded the degraded parts found, each lowering a figure
     * @param figures  one per collective and node count (1, then N)
     */
    public record Result(NodeProfile profile, int nodes, Expectation gpuLink, Expectation network, List<Message> hardware,
                         List<DegradedPart> degraded, List<Figure> figures) {
        /**
         * Creates the record: copies lists into unmodifiable ones.
         *
         * @param profile  the hardware counted
         * @param nodes    the N of the N-node figures
         * @param gpuLink  the GPU's link figure; null when unknown
         * @param network  the network figure; null when no NIC
         * @param hardware the hardware lines of the derivation
         * @param degraded the degraded parts found
         * @param figures  one per collective and node count
         */
        public Result {
            hardware = List.copyOf(hardware);
            degraded = List.copyOf(degraded);
            figures = List.copyOf(figures);
        }

        /**
         * {@return the figure of a collective at a node count; empty when not computed}
         *
         * @param c     the collective
         * @param nodes the node count
         */
        public Optional<Figure> figure(Collective c, int nodes) {
            return figures.stream().filter(f -> f.collective() == c && f.nodes() == nodes).findFirst();
        }
    }

    /**
     * {@return what {@code profile} should give on one node and on {@code nodes} nodes}
     *
     * @param profile the node's hardware
     * @param nodes   node count for the multi-node figures, at least 1
     * @throws IllegalArgumentException when {@code nodes} is below 1 or above 100000
     */
    public static Result of(NodeProfile profile, int nodes) {
        Objects.requireNonNull(profile, "profile");
        if (nodes < 1 || nodes > 100_000) throw new IllegalArgumentException("--nodes must be 1 to 100000, not " + nodes);
        Optional<GpuModel> model = profile.model();
        List<Message> hardware = new ArrayList<>();
        List<DegradedPart> degraded = new ArrayList<>();
        int gpus = Math.max(1, profile.gpus());
        Expectation link = gpuLink(profile, model.orElse(null), gpus, hardware, degraded);
        Expectation net = network(profile, gpus, hardware, degraded);
        paths(profile, hardware);
        List<Figure> figures = new ArrayList<>();
        List<Integer> counts = nodes == 1 ? List.of(1) : List.of(1, nodes);
        boolean nvls = link != null && model.isPresent() && model.get().nvlink() != null
                && model.get().nvlink().compareTo(HardwareModel.NvlinkGen.NVLINK4) >= 0 && gpus > 2 && profile.nvlinksDown() == 0;
        for (int n : counts) {
            for (Collective c : COLLECTIVES) figures.add(CollectiveFigures.figure(c, n, gpus, link, net, nvls, profile));
        }
        return new Result(profile, nodes, link, net, hardware, degraded, figures);
    }

    /** The GPU's link: NVLink (active links) or PCIe (as trained), naming a degraded part. */
    private static Expectation gpuLink(NodeProfile p, GpuModel model, int gpus, List<Message> hardware, List<DegradedPart> degraded) {
        if (model == null) {
            hardware.add(Message.of(BandwidthAnalyzer.class, "expect.gpu.unknown", "gpu", p.gpuName() == null ? "-" : p.gpuName()));
            return null;
        }
        if (gpus < 2) {
            hardware.add(Message.of(BandwidthAnalyzer.class, "expect.gpu.one", "gpu", model.family()));
            return null;
        }
        GpuLink link = GpuLink.of(model, gpus, p.nvlinks(), p.nvlinksDown(), p.pcieGen(), p.pcieWidth(), p.pcieWidthMax()).orElseThrow();
        Expectation e = link.asIs();
        hardware.add(Message.of(BandwidthAnalyzer.class, "expect.gpu", "gpus", gpus, "basis", e.basis(), "gbs", Judge.fmt(e.gbs())));
        if (link.degraded()) degraded.add(new DegradedPart(link.kind(), link.reason(), link.healthy().gbs(), e.gbs()));
        return e;
    }

    /** The node's network: its rails at the slowest rail's rate, else NCCL over sockets on the fastest Ethernet link. */
    private static Expectation network(NodeProfile p, int gpus, List<Message> hardware, List<DegradedPart> degraded) {
        List<NodeProfile.Nic> rails = p.rails();
        if (!rails.isEmpty()) {
            int count = Math.min(rails.size(), gpus);
            double sibling = modeRate(rails);
            NodeProfile.Nic slowest = rails.get(0);
            for (NodeProfile.Nic n : rails) if (n.rateGbps() < slowest.rateGbps()) slowest = n;
            Expectation healthy = HardwareModel.endToEnd(null, count, sibling);
            Expectation e = HardwareModel.endToEnd(null, count, slowest.rateGbps());
            hardware.add(Message.of(BandwidthAnalyzer.class, "expect.net", "ports", p.nics().size(), "rails", rails.size(),
                    "count", count, "basis", e.basis()));
            if (e.gbs() < healthy.gbs()) {
                degraded.add(new DegradedPart(Degraded.PORT_RATE, Message.of(BandwidthAnalyzer.class, "expect.degraded.port",
                        "part", slowest.device() + (slowest.port() == null ? "" : ":" + slowest.port()), "rate", Judge.fmt(slowest.rateGbps()),
                        "sibling", Judge.fmt(sibling), "rails", count, "capped", Judge.fmt(e.gbs()), "healthy", Judge.fmt(healthy.gbs())),
                        healthy.gbs(), e.gbs()));
            }
            return e;
        }
        if (p.ethernetMbps() != null && p.ethernetMbps() > 0) {
            double gbs = HardwareModel.tcpGBs(p.ethernetMbps());
            hardware.add(Message.of(BandwidthAnalyzer.class, "expect.socket", "mbps", p.ethernetMbps(),
                    "eff", HardwareModel.SOCKET_EFFICIENCY, "gbs", Judge.fmt(gbs)));
            return new Expectation(gbs, String.format(java.util.Locale.ROOT, "NCCL over sockets at %d Mb/s x %.1f = %.1f GB/s",
                    p.ethernetMbps(), HardwareModel.SOCKET_EFFICIENCY, gbs));
        }
        hardware.add(Message.of(BandwidthAnalyzer.class, "expect.net.none"));
        return null;
    }

    /** The GPU-NIC paths, and how many GPUs reach their NIC only through the CPU. */
    private static void paths(NodeProfile p, List<Message> hardware) {
        if (p.paths().isEmpty()) return;
        StringBuilder sb = new StringBuilder();
        int through = 0;
        for (NodeProfile.GpuNicPath g : p.paths()) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(g.gpu()).append('-').append(g.nic()).append(' ').append(g.path());
            if (!g.gpuDirect()) through++;
        }
        hardware.add(Message.of(BandwidthAnalyzer.class, through == 0 ? "expect.paths" : "expect.paths.cpu", "paths", sb,
                "count", through));
    }

    private static double modeRate(List<NodeProfile.Nic> nics) {
        java.util.Map<Double, Integer> count = new java.util.LinkedHashMap<>();
        for (NodeProfile.Nic n : nics) count.merge(n.rateGbps(), 1, Integer::sum);
        double best = 0;
        int most = 0;
        for (var e : count.entrySet()) {
            if (e.getValue() > most || e.getValue() == most && e.getKey() > best) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    /** NCCL's Ring LL latency of one call (tuning.cc): base + intra-node hops x per-hop + inter-node hops x per-hop. */
    static double ringLatency(Collective c, int ranks, int nodes, boolean nvlink) {
        int steps = c == Collective.ALL_REDUCE ? 2 * (ranks - 1) : c == Collective.SENDRECV || c == Collective.ALLTOALL ? 1 : ranks - 1;
        int inter = nodes <= 1 ? 0 : c == Collective.ALL_REDUCE ? 2 * (nodes - 1) : c == Collective.SENDRECV || c == Collective.ALLTOALL ? 1 : nodes - 1;
        double intraLat = nvlink ? LAT_NVLINK : LAT_PCIE;
        return BASE_RING_LL + (steps - inter) * intraLat + inter * LAT_NET_RING;
    }

    /** NCCL's Tree LL latency of an all_reduce across nodes (tuning.cc): base + 2 x (intra-node chain + log2(nodes) hops). */
    static double treeLatency(int perNode, int nodes, boolean nvlink) {
        double intraLat = nvlink ? LAT_NVLINK : LAT_PCIE;
        int log2 = 32 - Integer.numberOfLeadingZeros(Math.max(1, nodes) - 1);
        return BASE_TREE_LL + 2 * ((perNode - 1) * intraLat + log2 * LAT_NET_TREE);
    }
}
