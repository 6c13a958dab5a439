package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.List;

/**
 * A degraded part found in the hardware that lowers a segment's expectation: an RDMA port running below the rate of
 * its sibling rails ({@link #PORT_RATE}), a GPU's PCIe link trained narrower than it can ({@link #PCIE_WIDTH}) or
 * NVLinks down ({@link #NVLINK_DOWN}). NCCL's ring (and tree) spreads its channels over every rail and moves in step,
 * so the node's network gives {@code rails x} the slowest rail's rate, not the sum of the rates; inside the node it
 * moves at the GPU link as it is. The same rule lowers the figures of {@code expect} ({@link Expectations}).
 *
 * @param node        the node of the part ("" when the evidence names none)
 * @param device      the RDMA device ({@code mlx5_3}), or the GPU ({@code GPU 00000000:18:00.0}) of a GPU link
 * @param port        its port number; null when not printed or for a GPU link
 * @param rateGbps    the rate it runs at, in Gb/s (a GPU link: NCCL's model of the link as it is, GB/s x 8)
 * @param siblingGbps the rate of its sibling rails, in Gb/s (a GPU link: the link's healthy figure, GB/s x 8)
 * @param rails       rails per node the measured run crosses (a GPU link: GPUs per node)
 * @param cappedGBs   the segment's expectation with the part as it is, in GB/s
 * @param commands    the measurement that proves it: perftest pairs over this rail and a sibling, pinned to each NIC's
 *                    NUMA node, server first; for a GPU link the nvidia-smi query that shows it
 * @param evidence    the lines that show the part and its siblings
 * @param kind        {@link #PORT_RATE}, {@link #PCIE_WIDTH} or {@link #NVLINK_DOWN}
 * @param width       a GPU link's PCIe lanes as trained, or its NVLinks per GPU up; null for a port
 * @param fullWidth   the same at full health (lanes the link is capable of, NVLinks of the part); null for a port
 */
public record Degraded(String node, String device, Integer port, double rateGbps, double siblingGbps, int rails, double cappedGBs,
                       List<String> commands, List<EvidenceLine> evidence, String kind, Integer width, Integer fullWidth) {

    /** An RDMA port below its sibling rails' rate. */
    public static final String PORT_RATE = "port-rate";
    /** A GPU's PCIe link trained narrower than it can. */
    public static final String PCIE_WIDTH = "pcie-width";
    /** NVLinks of a GPU down. */
    public static final String NVLINK_DOWN = "nvlink-down";

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param node        the node of the part ("" when the evidence names none)
     * @param device      the RDMA device, or the GPU of a GPU link
     * @param port        its port number; null when not printed or for a GPU link
     * @param rateGbps    the rate it runs at, in Gb/s
     * @param siblingGbps the rate of its sibling rails (a GPU link: its healthy figure), in Gb/s
     * @param rails       rails per node the measured run crosses (a GPU link: GPUs per node)
     * @param cappedGBs   the segment's expectation with the part as it is, in GB/s
     * @param commands    the measurement that proves it
     * @param evidence    the lines that show the part and its siblings
     * @param kind        {@link #PORT_RATE}, {@link #PCIE_WIDTH} or {@link #NVLINK_DOWN}
     * @param width       lanes as trained or NVLinks up; null for a port
     * @param fullWidth   the same at full health; null for a port
     */
    public Degraded {
        commands = List.copyOf(commands);
        evidence = List.copyOf(evidence);
    }

    /**
     * A port below its sibling rails' rate.
     *
     * @param node        the node of the port ("" when the evidence names none)
     * @param device      the RDMA device ({@code mlx5_3})
     * @param port        its port number; null when not printed
     * @param rateGbps    the rate it runs at, in Gb/s
     * @param siblingGbps the rate of its sibling rails, in Gb/s
     * @param rails       rails per node the measured run crosses
     * @param cappedGBs   the segment's expectation with the part as it is, in GB/s
     * @param commands    the perftest pairs that prove it
     * @param evidence    the lines that show the part and its siblings
     */
    public Degraded(String node, String device, Integer port, double rateGbps, double siblingGbps, int rails, double cappedGBs,
                    List<String> commands, List<EvidenceLine> evidence) {
        this(node, device, port, rateGbps, siblingGbps, rails, cappedGBs, commands, evidence, PORT_RATE, null, null);
    }

    /** {@return the part for a person: {@code h100-b mlx5_3:1}} */
    public String part() {
        return (node.isEmpty() ? "" : node + " ") + device + (port == null ? "" : ":" + port);
    }

    /** {@return true for a GPU link (PCIe narrow or NVLinks down), false for a port} */
    public boolean gpuLink() {
        return !PORT_RATE.equals(kind);
    }
}
