package io.ncclscope.parsers.numa;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * NUMA layout from {@code numactl -H} or {@code lscpu}. Both may be present in one paste: nodes and
 * distances then come from numactl, the CPU model and counts from lscpu.
 *
 * @param source         which tool the nodes came from
 * @param nodeCount      {@code available: N nodes} or {@code NUMA node(s): N}; null when not printed
 * @param nodes          nodes in ascending id order
 * @param distanceNodes  node ids heading the distance matrix columns (and rows), in printed order; empty without a matrix
 * @param distances      the {@code node distances:} matrix, one row per entry of {@code distanceNodes}; empty for lscpu
 * @param architecture   lscpu {@code Architecture:}; null when not printed
 * @param modelName      lscpu {@code Model name:} (the first one); null when not printed
 * @param cpuCount       lscpu {@code CPU(s):}; null when not printed
 * @param onlineCpuList  lscpu {@code On-line CPU(s) list:}; null when not printed
 * @param sockets        lscpu {@code Socket(s):}; null when not printed (or printed as {@code -})
 * @param coresPerSocket lscpu {@code Core(s) per socket:}; null when not printed
 * @param threadsPerCore lscpu {@code Thread(s) per core:}; null when not printed
 */
public record NumaTopology(NumaSource source, Integer nodeCount, List<NumaNode> nodes, List<Integer> distanceNodes,
                           List<List<Integer>> distances, String architecture, String modelName, Integer cpuCount,
                           String onlineCpuList, Integer sockets, Integer coresPerSocket, Integer threadsPerCore) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param source         which tool the nodes came from
     * @param nodeCount      {@code available: N nodes} or {@code NUMA node(s): N}; null when not printed
     * @param nodes          nodes in ascending id order
     * @param distanceNodes  node ids heading the distance matrix columns (and rows), in printed order; empty without a matrix
     * @param distances      the {@code node distances:} matrix, one row per entry of {@code distanceNodes}; empty for lscpu
     * @param architecture   lscpu {@code Architecture:}; null when not printed
     * @param modelName      lscpu {@code Model name:} (the first one); null when not printed
     * @param cpuCount       lscpu {@code CPU(s):}; null when not printed
     * @param onlineCpuList  lscpu {@code On-line CPU(s) list:}; null when not printed
     * @param sockets        lscpu {@code Socket(s):}; null when not printed (or printed as {@code -})
     * @param coresPerSocket lscpu {@code Core(s) per socket:}; null when not printed
     * @param threadsPerCore lscpu {@code Thread(s) per core:}; null when not printed
     * @throws NullPointerException when a required component is null
     */
    public NumaTopology {
        Objects.requireNonNull(source, "source");
        nodes = List.copyOf(nodes);
        distanceNodes = List.copyOf(distanceNodes);
        List<List<Integer>> rows = new ArrayList<>(distances.size());
        for (List<Integer> r : distances) rows.add(List.copyOf(r));
        distances = List.copyOf(rows);
    }

    /**
     * {@return the node with {@code id}; empty if absent}
     *
     * @param id a NUMA node id
     */
    public Optional<NumaNode> node(int id) {
        return nodes.stream().filter(n -> n.id() == id).findFirst();
    }

    /**
     * {@return the node that holds {@code cpu}; empty if none does}
     *
     * @param cpu a CPU number
     */
    public Optional<NumaNode> nodeOfCpu(int cpu) {
        return nodes.stream().filter(n -> n.cpus().contains(cpu)).findFirst();
    }

    /** {@return nodes that have CPUs (the ones to bind processes to)} */
    public List<NumaNode> nodesWithCpus() {
        return nodes.stream().filter(NumaNode::hasCpus).toList();
    }

    /**
     * {@return the distance from node {@code from} to node {@code to}; null when the matrix does not hold it}
     *
     * @param from a NUMA node id
     * @param to   a NUMA node id
     */
    public Integer distance(int from, int to) {
        int i = distanceNodes.indexOf(from);
        int j = distanceNodes.indexOf(to);
        if (i < 0 || j < 0 || i >= distances.size()) return null;
        List<Integer> row = distances.get(i);
        return j < row.size() ? row.get(j) : null;
    }

    /**
     * {@return true when CPU numbers alternate between nodes (node0 = 0,2,4,..., node1 = 1,3,5,...), as on some
     * Intel BIOS settings (corpus numactl/kagaho-l40s-collect-env-2.txt): a tool that assumes
     * contiguous ranges per node binds to the wrong socket}
     */
    public boolean interleavedCpuNumbering() {
        if (nodesWithCpus().size() < 2) return false;
        for (NumaNode n : nodes) {
            List<Integer> c = n.cpus();
            if (c.size() < 2) continue;
            boolean anyAdjacent = false;
            for (int k = 1; k < c.size(); k++) {
                if (c.get(k) - c.get(k - 1) == 1) {
                    anyAdjacent = true;
                    break;
                }
            }
            if (!anyAdjacent) return true;
        }
        return false;
    }
}
