package io.ncclscope.parsers.topoxml;

import io.ncclscope.parsers.topo.PathType;
import java.util.List;

/**
 * Where a GPU or a NIC sits in NCCL's topology dump: under which CPU (NUMA node), through which chain of {@code pci}
 * elements from the CPU down to its own. {@link NcclTopoXmlData#placedGpus()} and {@link NcclTopoXmlData#placedNets()}
 * give them; {@link #pathTo} names how two of them connect, in NCCL's path words.
 *
 * @param cpu      the {@code cpu} element the device hangs from
 * @param cpuIndex that element's index among the dump's CPUs
 * @param chain    the {@code pci} elements from the CPU down to the device's own (the last), never empty
 * @param net      the NIC's {@code net} element; null for a GPU (the last element's {@link TopoPci#gpu()})
 */
public record PciPlace(TopoCpu cpu, int cpuIndex, List<TopoPci> chain, TopoNet net) {

    /**
     * Creates the record: copies the chain into an unmodifiable list.
     *
     * @param cpu      the {@code cpu} element the device hangs from
     * @param cpuIndex that element's index among the dump's CPUs
     * @param chain    the {@code pci} elements from the CPU down to the device's own (the last), never empty
     * @param net      the NIC's {@code net} element; null for a GPU (the last element's {@link TopoPci#gpu()})
     */
    public PciPlace {
        chain = List.copyOf(chain);
    }

    /** {@return the device's own {@code pci} element} */
    public TopoPci pci() {
        return chain.get(chain.size() - 1);
    }

    /** {@return the CPU's NUMA node; null when NCCL did not know it ({@code numaid="-1"} or none)} */
    public Integer numaNode() {
        return cpu.numaId() == null || cpu.numaId() < 0 ? null : cpu.numaId();
    }

    /**
     * {@return true when this GPU reaches GPU {@code other} over NVLink, by this GPU's {@code nvlink} elements: one whose
     * target is the other's bus id, or links to NVSwitches from both (an NVSwitch joins every GPU linked to it); false
     * when either is no GPU}
     *
     * @param other another GPU of the same dump
     */
    public boolean nvlinkTo(PciPlace other) {
        TopoGpu gpu = pci().gpu();
        TopoGpu peer = other.pci().gpu();
        if (gpu == null || peer == null) return false;
        boolean switched = false;
        for (TopoNvLink link : gpu.nvlinks()) {
            if (link.target() != null && link.target().equalsIgnoreCase(other.pci().busId())) return true;
            switched |= link.toNvSwitch();
        }
        return switched && peer.nvlinks().stream().anyMatch(TopoNvLink::toNvSwitch);
    }

    /**
     * {@return how this device connects to {@code other}, as NCCL names paths (src/graph/paths.cc): {@link PathType#SYS}
     * under different CPUs, {@link PathType#PHB} when their chains meet only at the CPU, {@link PathType#PIX} when both
     * hang directly from one {@code pci} element (one switch), else {@link PathType#PXB} (nested switches)}
     *
     * @param other another device of the same dump
     */
    public PathType pathTo(PciPlace other) {
        if (cpuIndex != other.cpuIndex) return PathType.SYS;
        List<TopoPci> a = chain;
        List<TopoPci> b = other.chain;
        int common = 0;
        while (common < a.size() - 1 && common < b.size() - 1 && a.get(common) == b.get(common)) common++;
        if (common == 0) return PathType.PHB;
        boolean oneSwitch = a.size() - 1 == common && b.size() - 1 == common;
        return oneSwitch ? PathType.PIX : PathType.PXB;
    }
}
