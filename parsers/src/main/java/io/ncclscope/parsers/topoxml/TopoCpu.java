package io.ncclscope.parsers.topoxml;

import java.util.List;

/**
 * A {@code <cpu numaid="0" affinity=... arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="207">} element:
 * one NUMA node and the PCI tree below it.
 *
 * @param numaId   {@code numaid} ({@code -1} when NCCL did not know it); nullable
 * @param hostHash {@code host_hash} as printed; nullable
 * @param affinity {@code affinity} CPU mask as printed; nullable
 * @param arch     {@code arch}; nullable
 * @param vendor   {@code vendor}; nullable
 * @param familyId {@code familyid}; nullable
 * @param modelId  {@code modelid}; nullable
 * @param pcis     the {@code pci} elements directly below
 * @param nets     {@code net} elements of a {@code nic} placed directly below the CPU (socket interfaces)
 * @param line     1-based source line
 */
public record TopoCpu(Integer numaId, String hostHash, String affinity, String arch, String vendor, Integer familyId,
                      Integer modelId, List<TopoPci> pcis, List<TopoNet> nets, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param numaId   {@code numaid} ({@code -1} when NCCL did not know it); nullable
     * @param hostHash {@code host_hash} as printed; nullable
     * @param affinity {@code affinity} CPU mask as printed; nullable
     * @param arch     {@code arch}; nullable
     * @param vendor   {@code vendor}; nullable
     * @param familyId {@code familyid}; nullable
     * @param modelId  {@code modelid}; nullable
     * @param pcis     the {@code pci} elements directly below
     * @param nets     {@code net} elements of a {@code nic} placed directly below the CPU (socket interfaces)
     * @param line     1-based source line
     */
    public TopoCpu {
        pcis = List.copyOf(pcis);
        nets = List.copyOf(nets);
    }
}
