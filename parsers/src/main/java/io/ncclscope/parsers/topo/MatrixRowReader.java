package io.ncclscope.parsers.topo;

import static io.ncclscope.parsers.topo.CellWords.canon;
import static io.ncclscope.parsers.topo.CellWords.isUnknownWord;
import static io.ncclscope.parsers.topo.CellWords.isWord;
import static io.ncclscope.parsers.topo.CellWords.split;
import static io.ncclscope.parsers.topo.CellWords.startsValue;
import static io.ncclscope.parsers.topo.MatrixHeader.isGpuName;
import static io.ncclscope.parsers.topo.TopoParser.MAX_CELLS;
import static io.ncclscope.parsers.topo.TopoTokens.splitNa;
import static io.ncclscope.parsers.topo.TopoTokens.tabFields;

import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.topo.CellWords.GluedWords;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a matrix: {@code GPU0  X  NV18  PXB  SYS  0-47,96-143  0  N/A}, a label, one cell per header column
 * (glued ones split by their words) and, for GPU rows, the affinity columns ({@code CPU Affinity}, {@code NUMA
 * Affinity}, {@code GPU NUMA ID}) read by tabs, by order, or by the header's column positions.
 */
final class MatrixRowReader {

    private final Warnings w;
    private final CellBudget limits;

    MatrixRowReader(Warnings w, CellBudget limits) {
        this.w = w;
        this.limits = limits;
    }

    /** Reads one matrix row; false when the line is no row of {@code tb}. */
    boolean row(MatrixTable tb, List<LineToken> toks, String line, int no) {
        if (toks.isEmpty()) return false;
        LineToken first = toks.get(0);
        String label = first.text();
        Integer idx = tb.h.index.get(label);
        List<LineToken> rest = new ArrayList<>(toks.subList(1, toks.size()));
        if (idx == null) {
            label = unglueLabel(tb, first, rest);
            if (label == null) return false;
        }
        if (tb.rows.containsKey(label)) {
            w.warn(no, "second row for " + label + " ignored", ToolValues.excerpt(line));
            return true;
        }
        int n = tb.h.columns.size();
        CellsRead read = readCells(rest, n, first.end());
        String[] cellv = read.cells();
        int got = read.got();
        boolean glued = read.glued();
        if (glued) w.info(no, "glued cells split into path words", ToolValues.excerpt(line));
        if (read.overflow()) w.warn(no, "row " + label + " has more cells than the header has columns", ToolValues.excerpt(line));
        if (got < n) w.warn(no, "row " + label + " has " + got + " of " + n + " cells (cut?)", ToolValues.excerpt(line));
        if (limits.cells + got > MAX_CELLS) {
            if (!limits.reached) w.warn(no, "more than " + MAX_CELLS + " cells; the rest were not read", ToolValues.excerpt(line));
            limits.reached = true;
            tb.open = false;
            return true;
        }
        limits.cells += got;
        for (int c = 0; c < got; c++) {
            PathType pt = PathType.fromWord(cellv[c]);
            if (pt.isP2pStatus()) tb.p2pWords = true;
            else if (pt.isPath() && pt != PathType.X) tb.pathWords = true;
        }
        MatrixRow r = new MatrixRow(no, cellv);
        if (isGpuName(label) && !tb.h.affinity.isEmpty()) {
            affinity(tb, r, line, read.lastEnd(), read.tail(), glued, no);
        }
        tb.rows.put(label, r);
        return true;
    }

    /** The cells of a row after its label, as many as the header has columns, glued ones split. */
    private static CellsRead readCells(List<LineToken> rest, int n, int labelEnd) {
        String[] cellv = new String[n];
        int got = 0;
        int lastEnd = labelEnd;
        List<LineToken> tail = new ArrayList<>();
        boolean glued = false;
        boolean overflow = false;
        int i = 0;
        for (; i < rest.size() && got < n; i++) {
            LineToken tk = rest.get(i);
            if (isWord(tk.text())) {
                cellv[got++] = canon(tk.text());
                lastEnd = tk.end();
                continue;
            }
            GluedWords sp = split(tk.text());
            boolean restIsValue = sp.rest() < tk.text().length() && startsValue(tk.text().substring(sp.rest()));
            if (!sp.words().isEmpty() && (sp.rest() == tk.text().length() || restIsValue)) {
                glued = true;
                for (String word : sp.words()) {
                    if (got < n) cellv[got++] = word;
                    else overflow = true;
                }
                lastEnd = tk.start() + sp.rest();
                if (sp.rest() < tk.text().length()) {
                    tail.add(new LineToken(tk.text().substring(sp.rest()), tk.start() + sp.rest(), tk.end(), tk.col() + sp.rest()));
                    i++;
                    break;
                }
                continue;
            }
            if (isUnknownWord(tk.text())) {
                cellv[got++] = tk.text();
                lastEnd = tk.end();
                continue;
            }
            break;
        }
        for (; i < rest.size(); i++) tail.add(rest.get(i));
        return new CellsRead(cellv, got, lastEnd, tail, glued, overflow);
    }

    /**
     * A label glued to its first cell ({@code GPU0X}, {@code NIC3PIX}): the label, with the cell put back in front of
     * {@code rest}; null when no column's name starts the token.
     */
    private static String unglueLabel(MatrixTable tb, LineToken first, List<LineToken> rest) {
        String label = first.text();
        for (int p = Math.min(label.length() - 1, 40); p >= 3; p--) {
            Integer i = tb.h.index.get(label.substring(0, p));
            if (i != null && split(label.substring(p)).rest() == label.length() - p) {
                rest.add(0, new LineToken(label.substring(p), first.start() + p, first.end(), first.col() + p));
                return label.substring(0, p);
            }
        }
        return null;
    }

    /**
     * The cells read from a row: {@code got} of them, where the last ended, the tokens after them (the affinity
     * columns), whether glued cells were split and whether more cells than columns were found.
     */
    private record CellsRead(String[] cells, int got, int lastEnd, List<LineToken> tail, boolean glued, boolean overflow) {
    }

    /** Maps the cells after the matrix to the header's affinity columns. */
    private void affinity(MatrixTable tb, MatrixRow r, String line, int lastEnd, List<LineToken> tail, boolean glued, int no) {
        List<String> cols = tb.h.affinity;
        int k = cols.size();
        String[] vals = new String[k];
        if (!glued && line.indexOf('\t', lastEnd) >= 0) {
            // Tab-separated: nvidia-smi prints "CPU\tNUMA\t\tGPU NUMA ID"; empty fields are blank cells.
            List<String> f = tabFields(line.substring(lastEnd));
            int idx = 0;
            for (int j = 0; j < k; j++) {
                if (j >= 2) while (idx < f.size() && f.get(idx).isEmpty()) idx++;
                vals[j] = idx < f.size() ? f.get(idx++) : null;
            }
            while (idx < f.size() && f.get(idx).isEmpty()) idx++;
            if (idx < f.size()) w.warn(no, "extra cells after the affinity columns ignored", ToolValues.excerpt(line));
        } else {
            List<LineToken> t = new ArrayList<>();
            for (LineToken tk : tail) t.addAll(splitNa(tk));
            if (t.size() < k) t = layoutSplit(tb.h, t, no, line);
            assign(tb.h, t, vals, no, line);
        }
        for (int j = 0; j < k; j++) {
            String v = vals[j] == null ? null : vals[j].strip();
            if (v == null || v.isEmpty() || v.equalsIgnoreCase("N/A")) continue;
            switch (cols.get(j)) {
                case "CPU Affinity" -> {
                    r.cpu = v;
                    if (!ToolValues.isCpuList(v)) w.warn(no, "CPU Affinity '" + v + "' is not a CPU list", ToolValues.excerpt(line));
                }
                case "NUMA Affinity" -> {
                    r.numa = v;
                    if (!ToolValues.isCpuList(v)) w.warn(no, "NUMA Affinity '" + v + "' is not a node list", ToolValues.excerpt(line));
                }
                case "GPU NUMA ID" -> {
                    r.gpuNumaId = ToolValues.integer(v);
                    if (r.gpuNumaId == null) w.warn(no, "GPU NUMA ID '" + v + "' is not a number", ToolValues.excerpt(line));
                }
                default -> { }
            }
        }
    }

    /**
     * Too few cells: a cell that runs across the start of the next header column holds two glued
     * values ({@code 0-45,92-1370} under {@code CPU Affinity} and {@code NUMA Affinity}). Split it
     * there when both halves read as what their columns hold.
     */
    private List<LineToken> layoutSplit(MatrixHeader h, List<LineToken> t, int no, String line) {
        int k = h.affinity.size();
        List<LineToken> out = new ArrayList<>(t);
        boolean changed = true;
        while (out.size() < k && changed) {
            changed = false;
            for (int i = 0; i < out.size() && !changed; i++) {
                LineToken tk = out.get(i);
                for (int j = 1; j < k && !changed; j++) {
                    int b = h.affCol[j];
                    if (tk.col() < b && b < tk.endCol()) {
                        int p = b - tk.col();
                        String a = tk.text().substring(0, p);
                        String c = tk.text().substring(p);
                        if (plausible(h.affinity.get(j - 1), a) && plausible(h.affinity.get(j), c)) {
                            out.set(i, new LineToken(a, tk.start(), tk.start() + p, tk.col()));
                            out.add(i + 1, new LineToken(c, tk.start() + p, tk.end(), b));
                            w.info(no, "glued affinity cells split at the header's column layout: " + a + " | " + c, ToolValues.excerpt(line));
                            changed = true;
                        }
                    }
                }
            }
        }
        return out;
    }

    private static boolean plausible(String column, String v) {
        return switch (column) {
            case "CPU Affinity", "NUMA Affinity" -> ToolValues.isCpuList(v) || v.equals("N/A");
            case "GPU NUMA ID" -> ToolValues.integer(v) != null || v.equals("N/A");
            default -> true;
        };
    }

    /** Space-separated cells to affinity columns: by order, and by position where some are blank. */
    private void assign(MatrixHeader h, List<LineToken> t, String[] vals, int no, String line) {
        int k = h.affinity.size();
        if (t.size() >= k) {
            for (int j = 0; j < k; j++) vals[j] = t.get(j).text();
            if (t.size() > k) w.warn(no, "extra cells after the affinity columns ignored", ToolValues.excerpt(line));
            return;
        }
        if (t.isEmpty()) return;
        List<LineToken> left = new ArrayList<>(t);
        int cols = k;
        // nvidia-smi always prints the GPU NUMA ID (N/A or a number): a last N/A is that column.
        if (h.affinity.get(k - 1).equals("GPU NUMA ID") && left.get(left.size() - 1).text().equals("N/A")) {
            vals[k - 1] = "N/A";
            left.remove(left.size() - 1);
            cols = k - 1;
        }
        if (left.size() >= cols) {
            for (int j = 0; j < cols; j++) vals[j] = left.get(j).text();
            return;
        }
        // Blank cells: place each value in the column whose header starts nearest to it.
        int j = 0;
        for (int i = 0; i < left.size(); i++) {
            LineToken tk = left.get(i);
            int maxJ = cols - (left.size() - i);
            int best = j;
            for (int c = j; c <= maxJ; c++) {
                if (Math.abs(tk.col() - h.affCol[c]) < Math.abs(tk.col() - h.affCol[best])) best = c;
            }
            vals[best] = tk.text();
            j = best + 1;
        }
        w.info(no, "blank affinity cells; values placed by column position", ToolValues.excerpt(line));
    }
}
