package io.ncclscope.parsers.nvsmi;

import io.ncclscope.parsers.internal.NearbyLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Which lines of nvidia-smi's output show a fact of an {@link NvsmiGpu}, for a reader to be shown them: the
 * {@code GPU Link Info} lines of {@code -q} ({@code PCIe Generation} and {@code Link Width}, each with its
 * {@code Max}, {@code Current}, {@code Device Max} and {@code Host Max} lines, {@code Bridge Chip} after them), the
 * {@code --query-gpu} row and its header, and the {@code NVML:} line {@code nvidia-smi nvlink -s} prints under a GPU
 * whose links it cannot read.
 */
public final class GpuLines {

    private GpuLines() {
    }

    /**
     * {@return the lines that show a GPU's PCIe link: of {@code -q}, the section asked for first (its
     * {@code Current} line first, then its maxima) and then the other's; of {@code --query-gpu}, the row and its
     * header; empty when the text shows none of them}
     *
     * @param text  the lines of the text the GPU was parsed from (line {@code n} is element {@code n - 1})
     * @param link  the GPU's link, {@link NvsmiGpu#pcie()}
     * @param width true for the {@code Link Width} section first, false for {@code PCIe Generation}
     */
    public static List<Integer> pcieLink(List<String> text, PcieLink link, boolean width) {
        List<Integer> out = new ArrayList<>();
        int line = link.line();
        String first = line >= 1 && line <= text.size() ? text.get(line - 1) : "";
        if (first.contains(",")) {
            // --query-gpu CSV: the row and its header
            out.add(line);
            for (int n = line - 1; n >= Math.max(1, line - 200); n--) {
                if (text.get(n - 1).contains("pcie.link")) {
                    out.add(n);
                    break;
                }
            }
            return out;
        }
        List<Integer> asked = new ArrayList<>();
        List<Integer> other = new ArrayList<>();
        boolean inWidth = false;
        for (int n = Math.max(1, line - 2); n <= line + 10 && n <= text.size(); n++) {
            String s = text.get(n - 1).strip();
            if (s.startsWith("Bridge Chip") || s.startsWith("Replays")) break;
            if (s.startsWith("Link Width")) inWidth = true;
            else if (s.startsWith("PCIe Generation")) inWidth = false;
            if (s.startsWith("Current") || s.startsWith("Max") || s.startsWith("Host Max") || s.startsWith("Device Max")) {
                List<Integer> to = inWidth == width ? asked : other;
                if (s.startsWith("Current")) to.add(0, n);
                else to.add(n);
            }
        }
        out.addAll(asked);
        out.addAll(other);
        return out;
    }

    /**
     * {@return the {@code NVML:} lines printed under the GPU line of {@code nvidia-smi nvlink -s} (at most two, before
     * the next GPU's line)}
     *
     * @param text    the lines of the text the GPU was parsed from (line {@code n} is element {@code n - 1})
     * @param gpuLine {@link NvsmiGpu#line()}
     */
    public static List<Integer> nvlinkError(List<String> text, int gpuLine) {
        return NearbyLines.after(text, gpuLine, 2, false, s -> s.startsWith("NVML"), s -> s.startsWith("GPU "));
    }
}
