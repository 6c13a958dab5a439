package io.ncclscope.parsers.topoxml;

import java.util.List;

/**
 * What {@link NcclTopoXmlParser} read: the CPU/PCI tree and, flattened, every GPU, NIC and NVLink.
 *
 * @param version  {@code <system version="1">}; nullable
 * @param cpus     the {@code cpu} elements with their PCI trees
 * @param gpus     every {@code gpu}, in document order
 * @param nets     every {@code net}, in document order
 * @param nvlinks  every {@code nvlink}, in document order
 * @param elements elements read
 */
public record NcclTopoXmlData(String version, List<TopoCpu> cpus, List<TopoGpu> gpus, List<TopoNet> nets,
                              List<TopoNvLink> nvlinks, int elements) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param version  {@code <system version="1">}; nullable
     * @param cpus     the {@code cpu} elements with their PCI trees
     * @param gpus     every {@code gpu}, in document order
     * @param nets     every {@code net}, in document order
     * @param nvlinks  every {@code nvlink}, in document order
     * @param elements elements read
     */
    public NcclTopoXmlData {
        cpus = List.copyOf(cpus);
        gpus = List.copyOf(gpus);
        nets = List.copyOf(nets);
        nvlinks = List.copyOf(nvlinks);
    }
}
