package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.isNa;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingLong;

import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Whitespace;

/**
 * The plain {@code nvidia-smi} summary table: its {@code NVIDIA-SMI 535.161 Driver Version: ... CUDA Version: ...} title,
 * and per GPU a row {@code | 0  NVIDIA H100 80GB HBM3  On | 00000000:18:00.0 Off |} and the row under it (memory used /
 * total, performance state). The process and MIG tables are skipped.
 */
final class SummaryTableLines {

    private final NvsmiOutput out;
    private boolean inSummary;
    private boolean summaryIgnore;
    /** The GPU whose first row was just read: the next row holds its memory and performance state. */
    private GpuFacts sumGpu;

    SummaryTableLines(NvsmiOutput out) {
        this.out = out;
    }

    /** A line that is no table row ends the table. */
    void end() {
        inSummary = false;
        summaryIgnore = false;
        sumGpu = null;
    }

    /** A line that is neither a table row nor blank: the table (not its state of the title) ends. */
    void leave() {
        inSummary = false;
    }

    // ------------------------------------------------------------ summary table

    void read(String s, int n) {
        if (s.startsWith("+")) {
            if (!inSummary) {
                inSummary = true;
                summaryIgnore = false;
            }
            sumGpu = null;
            return;
        }
        if (!inSummary && !s.contains("NVIDIA-SMI")) {
            out.w.warn(n, "table row outside an nvidia-smi table", ToolValues.excerpt(s));
            return;
        }
        inSummary = true;
        if (s.contains("NVIDIA-SMI")) {
            out.source(NvsmiSource.SUMMARY, n);
            String d = after(s, "Driver Version:");
            if (d != null && out.driver == null) out.driver = d;
            String c = after(s, "CUDA Version:");
            if (c != null && out.cuda == null) out.cuda = c;
            return;
        }
        if (s.contains("Processes:") || s.contains("MIG devices:")) {
            summaryIgnore = true;
            return;
        }
        if (summaryIgnore || s.startsWith("|=")) return;
        String[] cells = s.split("\\|", -1);
        if (cells.length < 3) return;
        String[] c1 = Paste.splitAtWhitespaceRuns(cells[1].strip());
        String[] c2 = Paste.splitAtWhitespaceRuns(cells[2].strip());
        Integer idx = c1.length >= 2 ? ToolValues.integer(c1[0]) : null;
        String bus = c2.length >= 1 && c2[0].indexOf(':') > 0 && c2[0].indexOf('.') > 0 ? ToolValues.pciAddress(c2[0]) : null;
        if (idx != null && bus != null) {
            GpuFacts g = out.gpu(idx, bus, null, n);
            int end = c1.length;
            if (end > 2 && (c1[end - 1].equals("On") || c1[end - 1].equals("Off"))) {
                if (g.persistence == null) g.persistence = c1[end - 1];
                end--;
            }
            if (g.name == null) g.name = String.join(" ", java.util.Arrays.copyOfRange(c1, 1, end));
            sumGpu = g;
            return;
        }
        if (sumGpu != null) {
            String memCell = cells[2];
            int slash = memCell.indexOf('/');
            if (slash > 0 && memCell.contains("MiB")) {
                Long used = leadingLong(memCell.substring(0, slash).strip());
                Long total = leadingLong(memCell.substring(slash + 1).strip());
                if (used != null || total != null) {
                    if (sumGpu.memUsed == null) sumGpu.memUsed = used;
                    if (sumGpu.memTotal == null) sumGpu.memTotal = total;
                    sumGpu.memAt(n);
                }
            }
            for (String t : Paste.splitAtWhitespaceRuns(cells[1].strip())) {
                if (t.length() >= 2 && t.length() <= 3 && t.charAt(0) == 'P' && Character.isDigit(t.charAt(1))) {
                    if (sumGpu.pstate == null) sumGpu.pstate = t;
                }
            }
            sumGpu = null;
        }
    }

    /** The first token after {@code key} in {@code s}, or null. */
    private static String after(String s, String key) {
        int i = s.indexOf(key);
        if (i < 0) return null;
        String rest = s.substring(i + key.length()).strip();
        int sp = 0;
        while (sp < rest.length() && !Whitespace.is(rest.charAt(sp)) && rest.charAt(sp) != '|') sp++;
        String v = rest.substring(0, sp);
        return isNa(v) ? null : v;
    }
}
