package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.MAX_LINKS_PER_GPU;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.Locale;

/**
 * {@code nvidia-smi -L} ({@code GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)}) and {@code nvidia-smi nvlink -s}, which
 * prints the same GPU lines, each followed by its links ({@code Link 0: 26.562 GB/s}) or an {@code NVML:} message.
 */
final class GpuListLines {

    private final NvsmiOutput out;
    private final QueryLines query;
    private final QueryGpuCsvLines csv;
    /** The GPU of the last GPU line: the link lines after it are its. */
    private GpuFacts listGpu;
    /** The first GPU line when no command said which form it is ({@code -L} or {@code nvlink -s}); 0 when none. */
    private int undecidedListLine;
    private boolean sawLinks;

    GpuListLines(NvsmiOutput out, QueryLines query, QueryGpuCsvLines csv) {
        this.out = out;
        this.query = query;
        this.csv = csv;
    }

    /** Another form starts: link lines no longer belong to the last GPU line. */
    void end() {
        listGpu = null;
    }

    // ------------------------------------------------------------ -L and nvlink -s

    void listLine(String s, int n) {
        if (query.active() || csv.active()) {
            query.end();
            csv.end();
        }
        int colon = s.indexOf(':');
        Integer idx = ToolValues.integer(s.substring(4, colon));
        String rest = s.substring(colon + 1).strip();
        String name = rest;
        String uuid = null;
        int u = rest.lastIndexOf("(UUID:");
        if (u >= 0) {
            name = rest.substring(0, u).strip();
            int close = rest.indexOf(')', u);
            uuid = rest.substring(u + 6, close < 0 ? rest.length() : close).strip();
            if (uuid.isEmpty()) uuid = null;
        }
        GpuFacts g = out.gpu(idx, null, uuid, n);
        if (g.name == null && !name.isEmpty()) g.name = name;
        listGpu = g;
        if (out.commandForm == NvsmiSource.NVLINK_STATUS || out.commandForm == NvsmiSource.LIST) {
            out.source(out.commandForm, n);
        } else if (undecidedListLine == 0) {
            undecidedListLine = n;
        }
    }

    boolean linkLine(String s, int n) {
        int colon = s.indexOf(':');
        if (colon < 0) return false;
        Integer link = ToolValues.integer(s.substring(5, colon));
        if (link == null) return false;
        String value = s.substring(colon + 1).strip();
        sawLinks = true;
        out.source(NvsmiSource.NVLINK_STATUS, n);
        if (listGpu == null) {
            out.w.warn(n, "NVLink line with no GPU line before it", ToolValues.excerpt(s));
            return true;
        }
        if (listGpu.links.size() >= MAX_LINKS_PER_GPU) {
            if (!listGpu.linksCapped) out.w.warn(n, "more than " + MAX_LINKS_PER_GPU + " links for one GPU; the rest were dropped", ToolValues.excerpt(s));
            listGpu.linksCapped = true;
            return true;
        }
        Double speed = null;
        int gb = value.indexOf("GB/s");
        if (gb > 0) {
            speed = ToolValues.decimal(value.substring(0, gb).strip());
            if (speed == null) out.w.warn(n, "NVLink speed not readable", ToolValues.excerpt(s));
        } else if (!value.toLowerCase(Locale.ROOT).contains("inactive") && !value.toLowerCase(Locale.ROOT).contains("disabled")) {
            out.w.warn(n, "NVLink state not recognised", ToolValues.excerpt(s));
        }
        listGpu.links.add(new NvLink(link, speed, speed != null && speed > 0, value, n));
        return true;
    }

    /** {@code NVML: Unable to retrieve NVLink information as all links are inActive}: the NVLink error of the GPU above. */
    void nvmlMessage(String s, int n) {
        out.source(NvsmiSource.NVLINK_STATUS, n);
        sawLinks = true;
        if (listGpu != null) {
            listGpu.nvlinkError = s;
        } else {
            out.w.warn(n, "NVML message with no GPU line before it", ToolValues.excerpt(s));
        }
    }

    /** Says which form the GPU lines of an input without a command line were: {@code nvlink -s} when links followed. */
    void finish() {
        if (undecidedListLine > 0) {
            out.source(sawLinks ? NvsmiSource.NVLINK_STATUS : NvsmiSource.LIST, undecidedListLine);
        }
    }
}
