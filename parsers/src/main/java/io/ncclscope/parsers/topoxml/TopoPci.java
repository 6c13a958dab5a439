package io.ncclscope.parsers.topoxml;

import java.util.List;

/**
 * A {@code <pci busid=... class=... link_speed=... link_width=...>} element and what hangs below it:
 * PCIe switches (nested {@code pci}), a GPU, NICs.
 *
 * @param busId           bus id in canonical form ({@code 0000:00:06.0}), or as printed when no PCI address; nullable
 * @param pciClass        {@code class} as printed ({@code 0x030200} GPU, {@code 0x060400} bridge, {@code 0x020700} IB); nullable
 * @param vendor          vendor id as printed ({@code 0x10de}); nullable
 * @param device          device id as printed; nullable
 * @param subsystemVendor subsystem vendor id; nullable
 * @param subsystemDevice subsystem device id; nullable
 * @param linkSpeed       {@code link_speed} as printed ({@code 32.0 GT/s PCIe}); nullable
 * @param linkSpeedGTs    that speed in GT/s; nullable
 * @param linkWidth       {@code link_width} as printed; nullable
 * @param pcis            nested {@code pci} elements
 * @param gpu             the GPU directly below, nullable
 * @param nets            the NICs' {@code net} elements directly below
 * @param line            1-based source line
 */
public record TopoPci(String busId, String pciClass, String vendor, String device, String subsystemVendor,
                      String subsystemDevice, String linkSpeed, Double linkSpeedGTs, Integer linkWidth, List<TopoPci> pcis,
                      TopoGpu gpu, List<TopoNet> nets, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param busId           bus id in canonical form ({@code 0000:00:06.0}), or as printed when no PCI address; nullable
     * @param pciClass        {@code class} as printed ({@code 0x030200} GPU, {@code 0x060400} bridge, {@code 0x020700} IB); nullable
     * @param vendor          vendor id as printed ({@code 0x10de}); nullable
     * @param device          device id as printed; nullable
     * @param subsystemVendor subsystem vendor id; nullable
     * @param subsystemDevice subsystem device id; nullable
     * @param linkSpeed       {@code link_speed} as printed ({@code 32.0 GT/s PCIe}); nullable
     * @param linkSpeedGTs    that speed in GT/s; nullable
     * @param linkWidth       {@code link_width} as printed; nullable
     * @param pcis            nested {@code pci} elements
     * @param gpu             the GPU directly below, nullable
     * @param nets            the NICs' {@code net} elements directly below
     * @param line            1-based source line
     */
    public TopoPci {
        pcis = List.copyOf(pcis);
        nets = List.copyOf(nets);
    }
}
