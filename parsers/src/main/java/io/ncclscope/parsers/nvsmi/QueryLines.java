package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.indentOf;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingInt;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.text;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.Locale;

/**
 * {@code nvidia-smi -q}: the top-level keys ({@code Driver Version}, {@code CUDA Version}, {@code Attached GPUs}), then
 * per {@code GPU 00000000:18:00.0} its indented sections ({@code PCI}, {@code GPU Link Info}, {@code Clocks}, {@code FB
 * Memory Usage}...), whose {@code key : value} lines are handed to the GPU as {@code section/key} paths.
 */
final class QueryLines {

    /** Most nested sections followed. */
    private static final int MAX_DEPTH = 32;

    private final NvsmiOutput out;
    private GpuListLines list;
    private QueryGpuCsvLines csv;
    /** The GPU whose section is being read; null outside one. */
    private GpuFacts qGpu;
    private int qIndent;
    private final ArrayList<Section> stack = new ArrayList<>();

    QueryLines(NvsmiOutput out) {
        this.out = out;
    }

    /** The other forms, which a {@code GPU} line ends. */
    void otherForms(GpuListLines list, QueryGpuCsvLines csv) {
        this.list = list;
        this.csv = csv;
    }

    /** True inside a GPU's section. */
    boolean active() {
        return qGpu != null;
    }

    /** Leaves the GPU's section. */
    void end() {
        qGpu = null;
        stack.clear();
    }

    /** True for a section title: a line without a colon, indented under the GPU line. */
    boolean isSectionTitle(String line, int colon) {
        return qGpu != null && colon < 0 && indentOf(line) > qIndent;
    }

    // ------------------------------------------------------------ -q

    boolean queryGpuLine(String s, String line, int n) {
        String rest = s.substring(4).strip();
        if (rest.indexOf(' ') >= 0 || rest.indexOf(':') < 0 || rest.indexOf('.') < 0) return false;
        String bus = ToolValues.pciAddress(rest);
        if (bus == null) return false;
        list.end();
        csv.end();
        qGpu = out.gpu(null, bus, null, n);
        qIndent = indentOf(line);
        stack.clear();
        out.source(NvsmiSource.QUERY, n);
        return true;
    }

    void section(String line, String s) {
        int ind = indentOf(line);
        popTo(ind);
        if (stack.size() < MAX_DEPTH) stack.add(new Section(ind, s.toLowerCase(Locale.ROOT)));
    }

    private void popTo(int ind) {
        while (!stack.isEmpty() && stack.get(stack.size() - 1).indent() >= ind) stack.remove(stack.size() - 1);
    }

    boolean keyValue(String line, String s, int colon, int n) {
        String key = s.substring(0, colon).strip();
        String value = s.substring(colon + 1).strip();
        if (key.isEmpty() || key.length() > 80) return false;
        int ind = indentOf(line);
        if (qGpu != null && ind > qIndent) {
            popTo(ind);
            StringBuilder path = new StringBuilder();
            for (Section sec : stack) path.append(sec.name()).append('/');
            path.append(key.toLowerCase(Locale.ROOT));
            qGpu.setQueryField(path.toString(), value, n);
            return true;
        }
        // Top-level keys of -q (before the first GPU, or after it at the GPU's own indent).
        String k = key.toLowerCase(Locale.ROOT);
        switch (k) {
            case "driver version" -> {
                if (out.driver == null) out.driver = text(value);
            }
            case "cuda version" -> {
                if (out.cuda == null) out.cuda = text(value);
            }
            case "timestamp" -> {
                if (out.timestamp == null) out.timestamp = text(value);
            }
            case "attached gpus" -> {
                if (out.attached == null) out.attached = leadingInt(value);
            }
            default -> {
                return false;
            }
        }
        end();
        out.source(NvsmiSource.QUERY, n);
        return true;
    }

    /** A section title of {@code -q}, with its indent. */
    private record Section(int indent, String name) {
    }
}
