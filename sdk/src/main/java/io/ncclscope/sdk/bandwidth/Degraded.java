package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.List;

/**
 * A degraded part found in the hardware that lowers a segment's expectation: an RDMA port running below the rate of
 * its sibling rails. NCCL's ring (and tree) spreads its channels over every rail and moves in step, so the node's
 * network gives {@code rails x} the slowest rail's rate, not the sum of the rates.
 *
 * @param node        the node of the port ("" when the evidence names none)
 * @param device      the RDMA device ({@code mlx5_3})
 * @param port        its port number; null when not printed
 * @param rateGbps    the rate it runs at, in Gb/s
 * @param siblingGbps the rate of its sibling rails, in Gb/s
 * @param rails       rails per node the measured run crosses
 * @param cappedGBs   the segment's expectation with the part as it is, in GB/s
 * @param commands    the measurement that proves it: perftest pairs over this rail and a sibling, pinned to each NIC's
 *                    NUMA node, server first
 * @param evidence    the lines that show the part and its siblings
 */
public record Degraded(String node, String device, Integer port, double rateGbps, double siblingGbps, int rails, double cappedGBs,
                       List<String> commands, List<EvidenceLine> evidence) {

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param node        the node of the port ("" when the evidence names none)
     * @param device      the RDMA device ({@code mlx5_3})
     * @param port        its port number; null when not printed
     * @param rateGbps    the rate it runs at, in Gb/s
     * @param siblingGbps the rate of its sibling rails, in Gb/s
     * @param rails       rails per node the measured run crosses
     * @param cappedGBs   the segment's expectation with the part as it is, in GB/s
     * @param commands    the measurement that proves it
     * @param evidence    the lines that show the part and its siblings
     */
    public Degraded {
        commands = List.copyOf(commands);
        evidence = List.copyOf(evidence);
    }

    /** {@return the part for a person: {@code h100-b mlx5_3:1}} */
    public String part() {
        return (node.isEmpty() ? "" : node + " ") + device + (port == null ? "" : ":" + port);
    }
}
