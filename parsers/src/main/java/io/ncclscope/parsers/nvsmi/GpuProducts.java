package io.ncclscope.parsers.nvsmi;

import java.util.Locale;
import java.util.regex.Pattern;

/** What a GPU's product name ({@link NvsmiGpu#name()}, {@code NVIDIA H100 80GB HBM3}) says about the GPU. */
public final class GpuProducts {

    private static final Pattern SXM_MODELS =
            Pattern.compile("(?i).*\\b(GB|GH)?(A100|A800|H100|H200|H800|H20|B100|B200|B300|GB200|GB300|GH200)\\b.*");

    private GpuProducts() {
    }

    /**
     * {@return true for a model that sits on an NVLink/NVSwitch baseboard (an SXM module, an HGX or DGX board), where
     * every GPU is expected to have its links} The data-centre models are SXM unless their name says {@code PCIe} or
     * {@code NVL} (the bridged cards: {@code H100 PCIe}, {@code H100 NVL}).
     *
     * @param productName the name as nvidia-smi prints it
     */
    public static boolean onNvlinkBaseboard(String productName) {
        String m = productName.toUpperCase(Locale.ROOT);
        if (m.contains("SXM") || m.contains("HGX") || m.contains("DGX")) return true;
        return SXM_MODELS.matcher(m).matches() && !m.contains("PCIE") && !m.contains(" NVL");
    }
}
