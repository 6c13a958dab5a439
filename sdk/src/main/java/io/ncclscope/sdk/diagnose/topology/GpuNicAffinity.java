package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.topo.PathType;
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

    /** {@return the GPU's name as printed ({@code GPU3})} */
    public String gpuName() {
        return gpu.name();
    }

    /**
     * {@return the nearest NICs by RDMA device ({@code mlx5_2}) where the NIC Legend or an old layout names it, else by
     * column name ({@code NIC2})}
     */
    public List<String> nicNames() {
        return nearest.stream().map(n -> n.device() != null ? n.device() : n.name()).toList();
    }

    /** {@return the path type to the nearest NICs; empty when there is none} */
    public java.util.Optional<PathType> pathType() {
        return path == null ? java.util.Optional.empty() : java.util.Optional.of(path.type());
    }

    /**
     * {@return true when NCCL's default {@code NCCL_NET_GDR_LEVEL} (PXB) lets this GPU use GPUDirect RDMA with its
     * nearest NIC: the NIC shares a PCIe switch with it ({@code PIX}, {@code PSB} or {@code PXB})}
     * False when the path crosses a host bridge or a CPU ({@code PHB}, {@code NODE}, {@code SYS}) and when
     * there is no NIC.
     */
    public boolean gdrByDefault() {
        return path != null && path.type().isPath() && path.type().rank() <= PathType.PXB.rank();
    }

    /** {@return true when the nearest NIC is only reachable across the CPU socket interconnect ({@code SYS}, {@code SOC})} */
    public boolean crossesSockets() {
        return path != null && (path.type() == PathType.SYS || path.type() == PathType.SOC);
    }
}
