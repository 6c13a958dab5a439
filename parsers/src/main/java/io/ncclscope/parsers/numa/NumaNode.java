package io.ncclscope.parsers.numa;

import java.util.List;

/**
 * One NUMA node. A node may have no CPUs: GPU memory exposed as NUMA nodes on Grace Hopper
 * (corpus numactl/xpu-perf-129-1.txt) or CXL memory; such nodes must not be used for CPU binding.
 *
 * @param id      node number
 * @param cpus    CPU numbers in printed order; empty for a CPU-less node
 * @param cpuList the same CPUs in compact form ({@code 0-31,64-95}; {@code 0,2,4,...} shows interleaved numbering); empty when none
 * @param sizeMb  memory size in MB ({@code node 0 size: 193129 MB}); null when not printed (lscpu)
 * @param freeMb  free memory in MB; null when not printed (lscpu)
 * @param line    1-based line where the node's CPUs were printed (or its first line)
 */
public record NumaNode(int id, List<Integer> cpus, String cpuList, Long sizeMb, Long freeMb, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param id      node number
     * @param cpus    CPU numbers in printed order; empty for a CPU-less node
     * @param cpuList the same CPUs in compact form ({@code 0-31,64-95}; {@code 0,2,4,...} shows interleaved numbering); empty when none
     * @param sizeMb  memory size in MB ({@code node 0 size: 193129 MB}); null when not printed (lscpu)
     * @param freeMb  free memory in MB; null when not printed (lscpu)
     * @param line    1-based line where the node's CPUs were printed (or its first line)
     */
    public NumaNode {
        cpus = List.copyOf(cpus);
        cpuList = cpuList == null ? "" : cpuList;
    }

    /** {@return true when the node has at least one CPU} */
    public boolean hasCpus() {
        return !cpus.isEmpty();
    }
}
