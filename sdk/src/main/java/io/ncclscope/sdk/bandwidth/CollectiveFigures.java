package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.sdk.bandwidth.Expectations.Figure;
import io.ncclscope.sdk.bandwidth.HardwareModel.Expectation;
import io.ncclscope.sdk.diagnose.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * The figures of one collective at one node count, from the GPU's link and the node's network ({@link Expectations}):
 * the plateau's range and the latency band, each step of the derivation a sentence.
 */
final class CollectiveFigures {

    private CollectiveFigures() {
    }

    /**
     * {@return the figure of {@code c} on {@code nodes} nodes of {@code gpus} GPUs}
     *
     * @param link the GPU's link figure; null when one GPU per node or the model is unknown
     * @param net  the node's network figure; null when no NIC was found
     * @param nvls true when NVLS all_reduce is possible (NVSwitch, NVLink4 or later, every link up)
     */
    static Figure figure(Collective c, int nodes, int gpus, Expectation link, Expectation net, boolean nvls, NodeProfile p) {
        int ranks = nodes * gpus;
        List<Message> d = new ArrayList<>();
        if (ranks < 2) {
            d.add(msg("expect.single"));
            return new Figure(c, nodes, ranks, 0.0, 0.0, 0.0, 0.0, d);
        }
        double factor = c.busBwFactor(ranks);
        // One GPU per node crosses no GPU link: the network alone bounds it.
        Double gpuLink = link != null ? Double.valueOf(link.gbs()) : gpus == 1 ? Double.valueOf(Double.MAX_VALUE) : null;
        Double low, high;
        if (nodes == 1) {
            if (gpuLink == null) return unknown(c, nodes, ranks, d, "expect.unknown.gpu");
            low = gpuLink;
            high = low;
            d.add(msg(c == Collective.SENDRECV ? "expect.p2p.1" : c == Collective.ALLTOALL ? "expect.alltoall.1" : "expect.ring.1",
                    "gbs", Judge.fmt(low)));
            if (c == Collective.ALL_REDUCE && nvls) {
                high = low * Expectations.NVLS_GAIN;
                d.add(msg("expect.nvls", "gain", String.format(java.util.Locale.ROOT, "%.2f", Expectations.NVLS_GAIN), "gbs", Judge.fmt(high)));
            }
        } else {
            if (net == null) return unknown(c, nodes, ranks, d, "expect.unknown.net");
            if (gpuLink == null) return unknown(c, nodes, ranks, d, "expect.unknown.gpu");
            String linkText = gpus == 1 ? "-" : Judge.fmt(gpuLink);
            switch (c) {
                case ALLTOALL -> {
                    double share = net.gbs() / gpus;
                    double v = Math.min(gpuLink, share * (ranks - 1) / (ranks - gpus));
                    low = v;
                    high = v;
                    d.add(msg("expect.alltoall.n", "share", Judge.fmt(share), "ranks", ranks, "perNode", gpus, "gbs", Judge.fmt(v)));
                }
                case SENDRECV -> {
                    int count = Math.max(1, Math.min(p.rails().size(), gpus));
                    double one = net.gbs() / count;
                    double v = Math.min(gpuLink, one);
                    low = v;
                    high = v;
                    d.add(msg("expect.p2p.n", "gbs", Judge.fmt(v)));
                }
                default -> {
                    double ring = Math.min(gpuLink, net.gbs());
                    low = ring;
                    high = ring;
                    d.add(msg("expect.ring.n", "gpu", linkText, "net", Judge.fmt(net.gbs()), "gbs", Judge.fmt(ring)));
                    if (c == Collective.ALL_REDUCE && nodes == 2) {
                        double tree = net.gbs() * factor;
                        double cap = gpus == 1 ? Double.MAX_VALUE : nvls ? gpuLink * Expectations.NVLS_GAIN : gpuLink;
                        high = Math.max(ring, Math.min(tree, cap));
                        d.add(msg("expect.tree2", "net", Judge.fmt(net.gbs()), "factor", String.format(java.util.Locale.ROOT, "%.3f", factor),
                                "tree", Judge.fmt(tree), "cap", cap == Double.MAX_VALUE ? "-" : Judge.fmt(cap), "gbs", Judge.fmt(high)));
                    }
                }
            }
        }
        boolean nvlink = p.model().map(HardwareModel.GpuModel::hasNvlink).orElse(false) && gpus > 1;
        double lat = Expectations.ringLatency(c, ranks, nodes, nvlink);
        if (c == Collective.ALL_REDUCE && nodes > 1) lat = Math.min(lat, Expectations.treeLatency(gpus, nodes, nvlink));
        double small = Expectations.LATENCY_MAX * factor / (lat * 1e3);
        d.add(msg(nodes > 1 ? "expect.latency.n" : "expect.latency", "lat", String.format(java.util.Locale.ROOT, "%.1f", lat), "hop", nvlink ? "NVLink" : "PCIe",
                "small", Judge.fmt(small), "half", Judge.size(halfSize(low, lat, factor))));
        return new Figure(c, nodes, ranks, lat, small, low, high, d);
    }

    /** {@return the power-of-two size where latency and bandwidth take equal time (busbw about half the plateau)} */
    static long halfSize(double plateauGBs, double latUs, double factor) {
        double bytes = plateauGBs * latUs * 1e3 / Math.max(factor, 1e-9);
        long s = 1;
        while (s < bytes && s < (1L << 40)) s <<= 1;
        return s;
    }

    private static Figure unknown(Collective c, int nodes, int ranks, List<Message> d, String key) {
        d.add(msg(key));
        return new Figure(c, nodes, ranks, null, null, null, null, d);
    }

    private static Message msg(String key, Object... args) {
        return Message.of(BandwidthAnalyzer.class, key, args);
    }
}
