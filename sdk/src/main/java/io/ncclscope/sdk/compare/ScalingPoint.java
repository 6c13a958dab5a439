package io.ncclscope.sdk.compare;

import java.util.List;

/**
 * One node count of a scaling series.
 *
 * @param nodes    nodes (distinct device hosts, else ranks / GPUs per node)
 * @param ranks    ranks
 * @param plateau  plateau busbw in GB/s (median of the largest sizes; median over runs with this node count)
 * @param expected the busbw the model expects at this node count (the best level of fewer nodes: busbw is
 *                 normalised so that a ring keeps it flat as nodes are added); null for the first point
 * @param hosts    the hosts of its run, when printed
 * @param runs     the runs of this node count
 */
public record ScalingPoint(int nodes, Integer ranks, double plateau, Double expected, List<String> hosts, List<Run> runs) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param nodes    nodes (distinct device hosts, else ranks / GPUs per node)
     * @param ranks    ranks
     * @param plateau  plateau busbw in GB/s (median of the largest sizes; median over runs with this node count)
     * @param expected the busbw the model expects at this node count (the best level of fewer nodes: busbw is
     *         normalised so that a ring keeps it flat as nodes are added); null for the first point
     * @param hosts    the hosts of its run, when printed
     * @param runs     the runs of this node count
     */
    public ScalingPoint {
        hosts = List.copyOf(hosts);
        runs = List.copyOf(runs);
    }
}
