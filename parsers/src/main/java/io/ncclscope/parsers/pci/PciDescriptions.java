package io.ncclscope.parsers.pci;

import java.util.Locale;

/**
 * What the vendor and device names lspci prints from pci.ids say ({@link LspciDevice#description()},
 * {@link TreeDevice#description()}): which vendor made a device and whether it is a GPU's own function or a
 * ConnectX network function. pci.ids names NVIDIA's GPUs {@code <chip> [<product>]} ({@code GH100 [H100 SXM5 80GB]}),
 * its GPUs' other functions by what they do ({@code ... High Definition Audio Controller}, {@code ... USB 3.1 Host
 * Controller}), and Mellanox's cards {@code MT2910 Family [ConnectX-7]}.
 */
public final class PciDescriptions {

    private PciDescriptions() {
    }

    /**
     * {@return true for an NVIDIA GPU's own function (not its audio, USB or serial functions, not an NVSwitch or
     * bridge)} A GPU that an outdated pci.ids names only {@code Device 2330} is not recognised: pci.ids names GPUs as
     * {@code <chip> [<product>]}, and {@code NVIDIA Corporation Device 22a3} may be an NVSwitch.
     *
     * @param description the device's description; null allowed
     * @param bdf         its PCI address, when known: a GPU is function 0; null allowed
     */
    public static boolean nvidiaGpu(String description, String bdf) {
        if (description == null) return false;
        String d = description.toLowerCase(Locale.ROOT);
        if (!d.contains("nvidia")) return false;
        if (d.contains("audio") || d.contains("usb") || d.contains("ucsi") || d.contains("serial")
                || d.contains("nvswitch") || d.contains("bridge") || d.contains("switch")) return false;
        return d.contains("[") && (bdf == null || bdf.endsWith(".0"));
    }

    /**
     * {@return true for a Mellanox / NVIDIA ConnectX or BlueField network function: not the card's bridge or switch,
     * nor a BlueField's management, DMA, memory-controller or crypto function}
     *
     * @param description the device's description; null allowed
     */
    public static boolean connectxNic(String description) {
        if (description == null) return false;
        String d = description.toLowerCase(Locale.ROOT);
        if (!(d.contains("mellanox") || d.contains("connectx"))) return false;
        return !(d.contains("bridge") || d.contains("switch") || d.contains("management") || d.contains("dma")
                || d.contains("soc ") || d.contains("memory controller") || d.contains("crypto"));
    }

    /**
     * {@return true for any Mellanox device (a ConnectX or BlueField by name, or the vendor's name)}
     *
     * @param description the device's description, or a VPD product name; null allowed
     */
    public static boolean mellanox(String description) {
        if (description == null) return false;
        String d = description.toLowerCase(Locale.ROOT);
        return d.contains("mellanox") || d.contains("connectx") || d.contains("bluefield");
    }

    /**
     * {@return true when the vendor is one that makes GPUs: NVIDIA, or AMD ({@code Advanced Micro Devices, Inc.
     * [AMD/ATI]})} The BMC's display controller (ASPEED, Matrox) is none.
     *
     * @param description the device's description; null allowed
     */
    public static boolean gpuVendor(String description) {
        if (description == null) return false;
        String d = description.toLowerCase(Locale.ROOT);
        return d.contains("nvidia") || d.contains("advanced micro devices") || d.contains("amd/ati");
    }
}
