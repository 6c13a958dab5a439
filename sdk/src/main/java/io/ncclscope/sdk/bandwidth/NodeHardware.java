package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.List;

/**
 * One node's hardware summary: its first named GPU, NVLinks per GPU (and the topology line they come from), active
 * IB ports and fastest Ethernet link; each null (ports empty) when the node's evidence lacks it.
 */
record NodeHardware(Gpu gpu, Integer nvlinks, Line nvlinkLine, List<ActivePort> ports, Ethernet eth) {
    static final NodeHardware NONE = new NodeHardware(null, null, null, List.of(), null);

    /**
     * A line of a node's hardware facts, quoted when a table is judged against them: its artifact's name (relative to
     * the node's folder when it is under one named after the node, as in a bundle, so that nodes share it), line number
     * and text.
     */
    record Line(String name, boolean underNode, int line, String text) {
        /** {@return line {@code n} of {@code a}, an artifact of {@code node} ("" for none)} */
        static Line of(Artifact a, String node, int n) {
            EvidenceLine l = a.quote(n);
            String prefix = node + "/";
            boolean under = !node.isEmpty() && l.artifact().startsWith(prefix);
            return new Line(under ? l.artifact().substring(prefix.length()) : l.artifact(), under, n, l.text());
        }

        /** {@return the evidence line, as {@link Artifact#quote(int)} gave it, of this line of {@code node}'s facts} */
        EvidenceLine on(String node) {
            return new EvidenceLine(underNode ? node + "/" + name : name, line, text);
        }
    }

    /**
     * A node's GPUs as the expectation reads them: the first one's model and line, the PCIe generation at most, the
     * narrowest link (width as trained and at most, its GPU and line) and the most NVLinks down on one GPU
     * ({@code nvidia-smi nvlink -s}: inactive links, its GPU and the first such line); widths null when not printed.
     */
    record Gpu(String name, Integer pcieGen, Integer pcieWidth, Line quote, Integer pcieWidthMax, String narrowGpu, Line narrowLine,
               int nvlinksDown, String downGpu, Line downLine) {
        /** {@return the first GPU of a node, before the others are folded in} */
        static Gpu of(Artifact a, String node, NvsmiGpu g) {
            return new Gpu(g.name(), null, null, Line.of(a, node, g.line()), null, null, null, 0, null, null).with(a, node, g);
        }

        /** {@return these GPUs with {@code g} folded in: the higher generation, the narrower link, the more links down} */
        Gpu with(Artifact a, String node, NvsmiGpu g) {
            Gpu r = this;
            var pcie = g.pcie();
            if (pcie != null) {
                Integer gen = r.pcieGen == null ? pcie.genMax() : pcie.genMax() == null ? r.pcieGen : Integer.valueOf(Math.max(r.pcieGen, pcie.genMax()));
                r = new Gpu(r.name, gen, r.pcieWidth, r.quote, r.pcieWidthMax, r.narrowGpu, r.narrowLine, r.nvlinksDown, r.downGpu, r.downLine);
                if (pcie.widthCurrent() != null && (r.pcieWidth == null || pcie.widthCurrent() < r.pcieWidth)) {
                    r = new Gpu(r.name, r.pcieGen, pcie.widthCurrent(), r.quote, pcie.widthMax(), label(g), Line.of(a, node, pcie.line()),
                            r.nvlinksDown, r.downGpu, r.downLine);
                } else if (r.pcieWidth == null && r.pcieWidthMax == null && pcie.widthMax() != null) {
                    r = new Gpu(r.name, r.pcieGen, null, r.quote, pcie.widthMax(), r.narrowGpu, r.narrowLine, r.nvlinksDown, r.downGpu, r.downLine);
                }
            }
            int inactive = (int) g.nvlinks().stream().filter(l -> !l.active()).count();
            if (inactive > r.nvlinksDown) {
                var first = g.nvlinks().stream().filter(l -> !l.active()).findFirst().orElseThrow();
                r = new Gpu(r.name, r.pcieGen, r.pcieWidth, r.quote, r.pcieWidthMax, r.narrowGpu, r.narrowLine, inactive, label(g),
                        Line.of(a, node, first.line()));
            }
            return r;
        }

        private static String label(NvsmiGpu g) {
            return g.index() != null ? "GPU" + g.index() : g.busId() != null ? "GPU " + g.busId() : "GPU";
        }
    }

    /**
     * An active IB port: its HCA, number, rate and line; the HCA's model and the port's link layer (what tells a rail
     * from a frontend port), the NUMA node of the GPU it sits next to ({@code nvidia-smi topo -m}, PIX or PXB) and its
     * RoCE v2 IPv4 GID index ({@code show_gids}), each null when the node's evidence lacks it.
     */
    record ActivePort(String device, Integer port, double rateGbps, Line quote, String model, String linkLayer, Integer numa,
                      Integer gidIndex) {
        /** {@return true on Ethernet (RoCE): perftest needs a GID index there} */
        boolean roce() {
            return "ETHERNET".equals(linkLayer);
        }
    }

    /** A node's fastest Ethernet link: its name, speed and line. */
    record Ethernet(String name, int speedMbps, Line quote) {
    }
}
