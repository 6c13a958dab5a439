package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.indentOf;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code nvidia-smi -q | grep -A2 "Link Width"} and the like: lines of {@code -q} with no {@code GPU 00000000:18:00.0}
 * line above them. Each known section title or key is placed at its full {@code -q} path ({@code Link Width} under
 * {@code PCI/GPU Link Info}); a title or key seen again, or grep's {@code --} separator, starts the next GPU, as grep
 * prints the GPUs of {@code -q} one after another.
 */
final class QueryFragmentLines {

    /** Section titles a grep excerpt shows, to their path in {@code -q}. */
    private static final Map<String, String> SECTIONS = Map.of(
            "gpu link info", "pci/gpu link info",
            "pcie generation", "pci/gpu link info/pcie generation",
            "link width", "pci/gpu link info/link width",
            "fb memory usage", "fb memory usage",
            "clocks", "clocks",
            "max clocks", "max clocks");

    /** Keys of the GPU's own level (or of {@code PCI}) a grep excerpt shows, to their path in {@code -q}. */
    private static final Map<String, String> KEYS = Map.of(
            "product name", "product name",
            "product architecture", "product architecture",
            "gpu uuid", "gpu uuid",
            "serial number", "serial number",
            "minor number", "minor number",
            "persistence mode", "persistence mode",
            "performance state", "performance state",
            "bus id", "pci/bus id");

    private final NvsmiOutput out;
    private GpuFacts gpu;
    private final Set<String> seen = new HashSet<>();
    private String section;
    private int sectionIndent;

    QueryFragmentLines(NvsmiOutput out) {
        this.out = out;
    }

    /** grep's {@code --} between matches: the next match may be another GPU's, and starts afresh. */
    void separator() {
        section = null;
    }

    /** Forgets the GPU read, when a whole form (a {@code GPU} line, a command) begins. */
    void end() {
        gpu = null;
        seen.clear();
        section = null;
    }

    /**
     * Reads a line of an excerpt when it is a known title or key; false for any other line.
     *
     * @param line  the line as printed
     * @param s     the line, stripped
     * @param colon where the key ends in {@code s}, or -1 for a title
     * @param n     the 1-based line number
     */
    boolean read(String line, String s, int colon, int n) {
        int indent = indentOf(line);
        if (colon < 0) {
            String path = SECTIONS.get(s.toLowerCase(Locale.ROOT));
            if (path == null) return false;
            gpuFor(path, n);
            section = path;
            sectionIndent = indent;
            return true;
        }
        String key = s.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String path;
        if (section != null && indent > sectionIndent) {
            path = section + "/" + key;
        } else {
            section = null;
            path = KEYS.get(key);
            if (path == null) return false;
        }
        gpuFor(path, n).setQueryField(path, s.substring(colon + 1).strip(), n);
        out.source(NvsmiSource.QUERY, n);
        return true;
    }

    private GpuFacts gpuFor(String path, int n) {
        if (gpu == null || !seen.add(path)) {
            gpu = out.gpu(null, null, null, n);
            seen.clear();
            seen.add(path);
        }
        return gpu;
    }
}
