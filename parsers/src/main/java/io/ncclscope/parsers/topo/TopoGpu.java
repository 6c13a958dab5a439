package io.ncclscope.parsers.topo;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One GPU row of a {@code nvidia-smi topo -m} matrix.
 *
 * @param name         the name as printed, for example {@code GPU0}
 * @param index        the number in the name; null when the name has none
 * @param cpuAffinity  the CPU Affinity cell as printed ({@code 0-47,96-143}, {@code 0,2,4}); null when
 *                     the cell was blank, {@code N/A}, or the layout has no such column. Inside a cgroup
 *                     or VM it may be narrower than the node (corpus della-a100-readme-1)
 * @param numaAffinity the NUMA Affinity cell as printed ({@code 0}, {@code 0-1}, {@code 8}); null when blank,
 *                     {@code N/A} or absent
 * @param gpuNumaId    the GPU NUMA ID (a GPU's own memory node on coherent systems); null when {@code N/A},
 *                     blank or absent
 * @param line         the 1-based line of the GPU's row (of the header when the row is missing)
 */
public record TopoGpu(String name, Integer index, String cpuAffinity, String numaAffinity, Integer gpuNumaId, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param name         the name as printed, for example {@code GPU0}
     * @param index        the number in the name; null when the name has none
     * @param cpuAffinity  the CPU Affinity cell as printed ({@code 0-47,96-143}, {@code 0,2,4}); null when
     *         the cell was blank, {@code N/A}, or the layout has no such column. Inside a cgroup
     *         or VM it may be narrower than the node (corpus della-a100-readme-1)
     * @param numaAffinity the NUMA Affinity cell as printed ({@code 0}, {@code 0-1}, {@code 8}); null when blank,
     *         {@code N/A} or absent
     * @param gpuNumaId    the GPU NUMA ID (a GPU's own memory node on coherent systems); null when {@code N/A},
     *         blank or absent
     * @param line         the 1-based line of the GPU's row (of the header when the row is missing)
     * @throws NullPointerException when a required component is null
     */
    public TopoGpu {
        Objects.requireNonNull(name, "name");
    }

    /** {@return the CPUs of {@link #cpuAffinity()} expanded; empty when unknown or not a CPU list} */
    public List<Integer> cpus() {
        return cpuAffinity == null ? List.of() : List.copyOf(ToolValues.cpuList(cpuAffinity));
    }

    /** {@return the NUMA nodes of {@link #numaAffinity()} expanded; empty when unknown} */
    public List<Integer> numaNodes() {
        return numaAffinity == null ? List.of() : List.copyOf(ToolValues.cpuList(numaAffinity));
    }

    /** {@return the NUMA node when {@link #numaAffinity()} names exactly one} */
    public Optional<Integer> numaNode() {
        List<Integer> n = numaNodes();
        return n.size() == 1 ? Optional.of(n.get(0)) : Optional.empty();
    }
}
