package io.ncclscope.parsers.topoxml;

import java.util.ArrayList;
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

    /** {@return every GPU under a CPU's PCI tree, in tree order, with where it sits} */
    public List<PciPlace> placedGpus() {
        List<PciPlace> gpus = new ArrayList<>();
        place(gpus, null);
        return gpus;
    }

    /**
     * {@return every NIC's {@code net} under a CPU's PCI tree, in tree order, with where it sits} The socket
     * interfaces NCCL places directly under a CPU ({@link TopoCpu#nets()}) are no RDMA NICs and are left out.
     */
    public List<PciPlace> placedNets() {
        List<PciPlace> nets = new ArrayList<>();
        place(null, nets);
        return nets;
    }

    private void place(List<PciPlace> gpus, List<PciPlace> nets) {
        for (int c = 0; c < cpus.size(); c++) {
            for (TopoPci p : cpus.get(c).pcis()) walk(p, new ArrayList<>(), c, gpus, nets);
        }
    }

    private void walk(TopoPci p, List<TopoPci> above, int c, List<PciPlace> gpus, List<PciPlace> nets) {
        if (above.size() > 64) return; // deeper than any PCI tree: a dump written wrong
        List<TopoPci> chain = new ArrayList<>(above);
        chain.add(p);
        if (gpus != null && p.gpu() != null) gpus.add(new PciPlace(cpus.get(c), c, chain, null));
        if (nets != null) {
            for (TopoNet net : p.nets()) nets.add(new PciPlace(cpus.get(c), c, chain, net));
        }
        for (TopoPci child : p.pcis()) walk(child, chain, c, gpus, nets);
    }
}
