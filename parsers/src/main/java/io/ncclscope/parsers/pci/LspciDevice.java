package io.ncclscope.parsers.pci;

import java.util.List;
import java.util.Locale;

/**
 * One function of {@code lspci -vvv} output, with its PCIe link capability and status.
 *
 * @param bdf                canonical PCI address {@code dddd:bb:dd.f}; null for link lines pasted without
 *                           their device header (for example {@code lspci -vvv | grep Lnk})
 * @param deviceClass        the class before the colon, for example {@code "VGA compatible controller"}; null when absent
 * @param description        vendor and device name, without {@code (rev ..)} and {@code (prog-if ..)}; null when absent
 * @param revision           the {@code (rev a1)} value; null when not printed
 * @param subsystem          {@code Subsystem:}; null when not printed
 * @param physicalSlot       {@code Physical Slot:}; null when not printed
 * @param expressType        the PCI Express port type from {@code Capabilities: [..] Express (v2) Endpoint},
 *                           for example {@code "Endpoint"}, {@code "Root Port"}, {@code "Downstream Port"}; null when absent
 * @param secondaryBus       a bridge's secondary bus from {@code Bus: primary=00, secondary=01, ...}; null otherwise
 * @param subordinateBus     a bridge's subordinate bus; null otherwise
 * @param linkCap            {@code LnkCap:}; null when not printed (non-root lspci prints {@code <access denied>})
 * @param linkStatus         {@code LnkSta:}; null when not printed
 * @param numaNode           {@code NUMA node:}; null when not printed
 * @param numaLine           1-based line of the {@code NUMA node:} line, for a finding to quote; null when not printed
 * @param driver             {@code Kernel driver in use:}; null when not printed
 * @param kernelModules      {@code Kernel modules:}, in printed order; empty when not printed
 * @param acs                Access Control Services flags; null when the capability is absent
 * @param vpdProductName     {@code Product Name:} of the Vital Product Data, for example the exact NIC model; null when not printed
 * @param resizableBars      current sizes from the Physical Resizable BAR capability; empty when absent
 * @param capabilitiesDenied true when lspci printed {@code Capabilities: <access denied>} (run without root)
 * @param line               1-based line of the device header (or of the first link line without a header)
 */
public record LspciDevice(String bdf, String deviceClass, String description, String revision, String subsystem,
                          String physicalSlot, String expressType, Integer secondaryBus, Integer subordinateBus,
                          LinkCap linkCap, LinkStatus linkStatus, Integer numaNode, Integer numaLine, String driver,
                          List<String> kernelModules, Acs acs, String vpdProductName, List<ResizableBar> resizableBars,
                          boolean capabilitiesDenied, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param bdf                canonical PCI address {@code dddd:bb:dd.f}; null for link lines pasted without
     *         their device header (for example {@code lspci -vvv | grep Lnk})
     * @param deviceClass        the class before the colon, for example {@code "VGA compatible controller"}; null when absent
     * @param description        vendor and device name, without {@code (rev ..)} and {@code (prog-if ..)}; null when absent
     * @param revision           the {@code (rev a1)} value; null when not printed
     * @param subsystem          {@code Subsystem:}; null when not printed
     * @param physicalSlot       {@code Physical Slot:}; null when not printed
     * @param expressType        the PCI Express port type from {@code Capabilities: [..] Express (v2) Endpoint},
     *         for example {@code "Endpoint"}, {@code "Root Port"}, {@code "Downstream Port"}; null when absent
     * @param secondaryBus       a bridge's secondary bus from {@code Bus: primary=00, secondary=01, ...}; null otherwise
     * @param subordinateBus     a bridge's subordinate bus; null otherwise
     * @param linkCap            {@code LnkCap:}; null when not printed (non-root lspci prints {@code <access denied>})
     * @param linkStatus         {@code LnkSta:}; null when not printed
     * @param numaNode           {@code NUMA node:}; null when not printed
     * @param numaLine           1-based line of the {@code NUMA node:} line, for a finding to quote; null when not printed
     * @param driver             {@code Kernel driver in use:}; null when not printed
     * @param kernelModules      {@code Kernel modules:}, in printed order; empty when not printed
     * @param acs                Access Control Services flags; null when the capability is absent
     * @param vpdProductName     {@code Product Name:} of the Vital Product Data, for example the exact NIC model; null when not printed
     * @param resizableBars      current sizes from the Physical Resizable BAR capability; empty when absent
     * @param capabilitiesDenied true when lspci printed {@code Capabilities: <access denied>} (run without root)
     * @param line               1-based line of the device header (or of the first link line without a header)
     */
    public LspciDevice {
        kernelModules = List.copyOf(kernelModules);
        resizableBars = List.copyOf(resizableBars);
    }

    /**
     * {@return true when the current link is slower or narrower than its capability, false when it is not,
     * null when either line or a value is missing} Unlike {@link LinkStatus#downgraded()} this does not
     * depend on the lspci version. A GPU idling at 2.5GT/s is a power-state effect, not a fault.
     */
    public Boolean belowCapability() {
        if (linkCap == null || linkStatus == null) return null;
        boolean known = false;
        boolean below = false;
        if (linkCap.speedGTs() != null && linkStatus.speedGTs() != null) {
            known = true;
            below = linkStatus.speedGTs() < linkCap.speedGTs();
        }
        if (linkCap.width() != null && linkStatus.width() != null) {
            known = true;
            below |= linkStatus.width() < linkCap.width();
        }
        return known ? below : null;
    }

    /** {@return true for an NVIDIA GPU's own function: a display controller that {@link PciDescriptions#nvidiaGpu} names one} */
    public boolean nvidiaGpu() {
        return pciClass() == PciClass.DISPLAY && PciDescriptions.nvidiaGpu(description, bdf);
    }

    /**
     * {@return true for a ConnectX network function: one bound to (or loadable by) {@code mlx5_core}, or of the network
     * class with a ConnectX description ({@link PciDescriptions#connectxNic})}
     */
    public boolean connectxNic() {
        if ("mlx5_core".equals(driver) || kernelModules.contains("mlx5_core")) return true;
        return pciClass() == PciClass.NETWORK && PciDescriptions.connectxNic(description);
    }

    /** {@return the kind of function, by its class name} */
    public PciClass pciClass() {
        return PciClass.of(deviceClass);
    }

    /**
     * {@return true for a bridge or a PCI Express port (a root, upstream or downstream port, an Express-to-PCI bridge),
     * by its class or its Express capability's type} Such a function's link status shows the link of whatever sits
     * below it; only an endpoint's tells its own.
     */
    public boolean portOrBridge() {
        String t = expressType == null ? "" : expressType.toLowerCase(Locale.ROOT);
        return t.contains("port") || t.contains("bridge") || pciClass() == PciClass.BRIDGE;
    }
}
