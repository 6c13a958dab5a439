package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.TopoPath;
import java.util.List;
import java.util.Objects;

/**
 * One GPU of an {@code nvidia-smi topo -m} matrix with the NICs nearest to it and how it reaches them: the
 * GPU-NIC map the seed asks for ("GPU0 更靠近哪个 NIC"). Built by {@link TopologyAnalyzer#affinity}.
 *
 * @param gpu     the GPU's row
 * @param nearest the NICs at the smallest path distance, in column order; empty when the matrix has no NIC
 *                (or no path word towards one)
 * @param path    the path to them ({@code PIX}, {@code PXB}, {@code PHB}, {@code NODE}, {@code SYS}); null when
 *                {@code nearest} is empty
 */
public record GpuNicAffinity(TopoGpu gpu, List<TopoNic> nearest, TopoPath path) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param gpu     the GPU's row
     * @param nearest the NICs at the smallest path distance, in column order; empty when the matrix has no NIC
     *         (or no path word towards one)
     * @param path    the path to them ({@code PIX}, {@code PXB}, {@code PHB}, {@code NODE}, {@code SYS}); null when
     *         {@code nearest} is empty
     * @throws NullPointerException when a required component is null
     */
    public GpuNicAffinity {
        Objects.requireNonNull(gpu, "gpu");
        nearest = List.copyOf(nearest);
    }
}
