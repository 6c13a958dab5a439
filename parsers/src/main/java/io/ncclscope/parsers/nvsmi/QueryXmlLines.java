package io.ncclscope.parsers.nvsmi;

import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code nvidia-smi -q -x}: the XML form of {@code -q}, one element per line as nvidia-smi prints it. Each element is
 * handed to {@link QueryLines} as the {@code -q} line it stands for ({@code <gpu id="00000000:00:04.0">} as {@code GPU
 * 00000000:00:04.0}, {@code <pci_bus_id>} as {@code Bus Id}, nested elements as indented sections), so both forms give
 * the same facts through one reader (corpus-more nvsmi-q/netdata-testdata-a100-sxm4-mig-1).
 */
final class QueryXmlLines {

    /** Most nested elements followed. */
    private static final int MAX_DEPTH = 32;

    /** Element names whose {@code -q} title is not the name with spaces for underscores. */
    private static final Map<String, String> TITLES = Map.ofEntries(
            Map.entry("uuid", "GPU UUID"), Map.entry("serial", "Serial Number"), Map.entry("pci_bus_id", "Bus Id"),
            Map.entry("pci_gpu_link_info", "GPU Link Info"), Map.entry("pcie_gen", "PCIe Generation"),
            Map.entry("max_link_gen", "Max"), Map.entry("current_link_gen", "Current"),
            Map.entry("device_current_link_gen", "Device Current"), Map.entry("max_device_link_gen", "Device Max"),
            Map.entry("max_host_link_gen", "Host Max"), Map.entry("link_widths", "Link Width"),
            Map.entry("max_link_width", "Max"), Map.entry("current_link_width", "Current"),
            Map.entry("graphics_clock", "Graphics"), Map.entry("sm_clock", "SM"), Map.entry("mem_clock", "Memory"),
            Map.entry("video_clock", "Video"));

    private final QueryLines query;
    private final NvsmiOutput out;
    private final Warnings w;
    private final List<String> open = new ArrayList<>();
    /** Depth of the open {@code <gpu>} element, or -1 outside one. */
    private int gpuDepth = -1;

    QueryXmlLines(QueryLines query, NvsmiOutput out, Warnings w) {
        this.query = query;
        this.out = out;
        this.w = w;
    }

    /** True for a line of the XML form: it starts with {@code <}. */
    static boolean isXml(String stripped) {
        return stripped.startsWith("<");
    }

    /**
     * Reads one stripped line of the XML form.
     *
     * @param s the line, stripped
     * @param n its 1-based number
     */
    void read(String s, int n) {
        if (s.startsWith("<?") || s.startsWith("<!") || s.endsWith("/>")) return;
        if (s.startsWith("</")) {
            close(s.substring(2, Math.max(2, s.indexOf('>'))).strip());
            return;
        }
        int gt = s.indexOf('>');
        if (gt < 0) {
            w.warn(n, "unrecognised XML line", ToolValues.excerpt(s));
            return;
        }
        String tag = s.substring(1, gt);
        int sp = tag.indexOf(' ');
        String name = sp < 0 ? tag : tag.substring(0, sp);
        String rest = s.substring(gt + 1);
        int end = rest.indexOf("</" + name + ">");
        if (end >= 0) {
            value(name, unescape(rest.substring(0, end).strip()), n);
            return;
        }
        if (name.equals("nvidia_smi_log")) {
            out.source(NvsmiSource.QUERY, n);
        } else if (name.equals("gpu") && gpuDepth < 0) {
            String id = attribute(tag, "id");
            if (id != null && query.queryGpuLine("GPU " + id, "GPU " + id, n)) gpuDepth = open.size() + 1;
        } else if (gpuDepth >= 0 && open.size() < MAX_DEPTH) {
            String title = title(name);
            query.section(indent(open.size() + 1 - gpuDepth) + title, title);
        }
        open.add(name);
    }

    private void value(String name, String value, int n) {
        String key = title(name);
        String line = indent(gpuDepth < 0 ? 0 : open.size() + 1 - gpuDepth) + key + " : " + value;
        query.keyValue(line, line.strip(), key.length() + 1, n);
    }

    private void close(String name) {
        int i = open.lastIndexOf(name);
        if (i < 0) return;
        while (open.size() > i) open.remove(open.size() - 1);
        if (gpuDepth > open.size()) {
            gpuDepth = -1;
            query.end();
        }
    }

    private static String title(String name) {
        String t = TITLES.get(name);
        return t != null ? t : name.replace('_', ' ');
    }

    private static String indent(int depth) {
        return "    ".repeat(Math.max(0, depth));
    }

    private static String attribute(String tag, String attr) {
        int a = tag.indexOf(attr + "=\"");
        if (a < 0) return null;
        int e = tag.indexOf('"', a + attr.length() + 2);
        return e < 0 ? null : tag.substring(a + attr.length() + 2, e);
    }

    private static String unescape(String v) {
        return v.indexOf('&') < 0 ? v
                : v.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&");
    }
}
