package io.ncclscope.parsers.pci;

import java.util.Locale;

/**
 * What kind of function a PCI device is, by the class name lspci prints before the colon
 * ({@link LspciDevice#deviceClass()}): the names of pci.ids' class and subclass list ({@code C 03 Display controller},
 * {@code 02 3D controller}; {@code C 02 Network controller}, {@code 00 Ethernet controller}, {@code 07 Infiniband
 * controller}; {@code C 12 Processing accelerators}; {@code C 06 Bridge}).
 */
public enum PciClass {
    /** A display adapter or GPU: {@code VGA compatible controller}, {@code 3D controller}, {@code Display controller}. */
    DISPLAY,
    /** {@code Processing accelerators} (class 0x12): AI and compute accelerators, some GPUs among them. */
    PROCESSING_ACCELERATOR,
    /** A network function: {@code Ethernet controller}, {@code Network controller}, {@code Infiniband controller}. */
    NETWORK,
    /** A bridge: {@code PCI bridge}, {@code Host bridge}, {@code ISA bridge}... */
    BRIDGE,
    /** Any other class: storage, USB, memory, system peripherals, {@code Non-VGA unclassified device}... */
    OTHER,
    /** No class printed. */
    UNKNOWN;

    /**
     * Reads lspci's class name; never null.
     *
     * @param className the class as printed before the colon ({@code "3D controller"}); null allowed
     * @return the kind; {@link #UNKNOWN} for null
     */
    public static PciClass of(String className) {
        if (className == null) return UNKNOWN;
        String c = className.toLowerCase(Locale.ROOT);
        if (c.contains("ethernet") || c.contains("network") || c.contains("infiniband")) return NETWORK;
        if ((c.contains("vga") && !c.contains("non-vga")) || c.contains("3d controller") || c.contains("display controller")) {
            return DISPLAY;
        }
        if (c.contains("processing accelerators")) return PROCESSING_ACCELERATOR;
        if (c.contains("bridge")) return BRIDGE;
        return OTHER;
    }
}
