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

    /** A node's GPU as the expectation reads it: model, PCIe generation and width at most, and its line. */
    record Gpu(String name, Integer pcieGen, Integer pcieWidth, Line quote) {
        static Gpu of(Artifact a, String node, NvsmiGpu g) {
            return new Gpu(g.name(), g.pcie() == null ? null : g.pcie().genMax(), g.pcie() == null ? null : g.pcie().widthMax(),
                    Line.of(a, node, g.line()));
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
