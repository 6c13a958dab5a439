package io.ncclscope.parsers.topoxml;

import java.util.List;

/**
 * A {@code <gpu dev="0" sm="90" rank="0" gdr="1"/>} element, with the PCIe link of its parent {@code <pci>}.
 *
 * @param busId        bus id of the parent {@code pci} element in canonical form; nullable
 * @param dev          CUDA device ordinal; nullable
 * @param rank         NCCL rank; nullable
 * @param sm           compute capability times ten ({@code 90} for Hopper); nullable
 * @param gdr          GPUDirect RDMA support ({@code gdr="1"}); nullable
 * @param linkSpeed    the parent's {@code link_speed} as printed ({@code 32.0 GT/s PCIe}); nullable
 * @param linkSpeedGTs that speed in GT/s; nullable
 * @param linkWidth    the parent's {@code link_width} as printed (0 inside some VMs); nullable
 * @param numaId       {@code numaid} of the enclosing {@code cpu} ({@code -1} when NCCL did not know it); nullable
 * @param nvlinks      the GPU's {@code nvlink} children
 * @param line         1-based source line
 */
public record TopoGpu(String busId, Integer dev, Integer rank, Integer sm, Boolean gdr, String linkSpeed,
                      Double linkSpeedGTs, Integer linkWidth, Integer numaId, List<TopoNvLink> nvlinks, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param busId        bus id of the parent {@code pci} element in canonical form; nullable
     * @param dev          CUDA device ordinal; nullable
     * @param rank         NCCL rank; nullable
     * @param sm           compute capability times ten ({@code 90} for Hopper); nullable
     * @param gdr          GPUDirect RDMA support ({@code gdr="1"}); nullable
     * @param linkSpeed    the parent's {@code link_speed} as printed ({@code 32.0 GT/s PCIe}); nullable
     * @param linkSpeedGTs that speed in GT/s; nullable
     * @param linkWidth    the parent's {@code link_width} as printed (0 inside some VMs); nullable
     * @param numaId       {@code numaid} of the enclosing {@code cpu} ({@code -1} when NCCL did not know it); nullable
     * @param nvlinks      the GPU's {@code nvlink} children
     * @param line         1-based source line
     */
    public TopoGpu {
        nvlinks = List.copyOf(nvlinks);
    }
}
