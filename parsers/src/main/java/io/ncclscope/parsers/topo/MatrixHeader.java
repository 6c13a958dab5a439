package io.ncclscope.parsers.topo;

import static io.ncclscope.parsers.topo.CellWords.isWord;
import static io.ncclscope.parsers.topo.TopoParser.MAX_COLUMNS;
import static io.ncclscope.parsers.topo.TopoTokens.isSep;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A header line: device columns, then affinity columns with their display positions. */
final class MatrixHeader {
    final List<String> columns = new ArrayList<>();
    final Map<String, Integer> index = new HashMap<>();
    final List<String> affinity = new ArrayList<>();
    int[] affCol = new int[0];

    /**
     * Reads a header: optional prefix ending in ':', then {@code GPU0...}, then NIC columns ({@code NICk},
     * {@code mlx5_0}...), then {@code CPU Affinity}, {@code NUMA Affinity}, {@code GPU NUMA ID}. Null when
     * the line is no header.
     */
    static MatrixHeader read(List<LineToken> toks) {
        int start = -1;
        for (int i = 0; i < toks.size() && i < 6; i++) {
            String s = toks.get(i).text();
            if (s.startsWith("GPU") && s.length() > 3 && Character.isDigit(s.charAt(3))) {
                start = i;
                break;
            }
        }
        if (start < 0 || start > 0 && !toks.get(start - 1).text().endsWith(":")) return null;
        MatrixHeader h = new MatrixHeader();
        List<LineToken> t = new ArrayList<>();
        for (int i = start; i < toks.size(); i++) {
            LineToken tk = toks.get(i);
            List<String> parts = splitDeviceGlue(tk.text());
            if (tk.text().startsWith("Affinity") && tk.text().length() > 8) parts = List.of("Affinity", tk.text().substring(8));
            if (parts.size() < 2) {
                t.add(tk);
            } else {
                int off = 0;
                for (String p : parts) {
                    t.add(new LineToken(p, tk.start() + off, tk.start() + off + p.length(), tk.col() + off));
                    off += p.length();
                }
            }
        }
        int k = 0;
        boolean sawNic = false;
        List<Integer> affCol = new ArrayList<>();
        while (k < t.size()) {
            String s = t.get(k).text();
            if (isGpuName(s) && !sawNic || !isGpuName(s) && isDeviceName(s)) {
                sawNic |= !isGpuName(s);
                if (h.index.containsKey(s) || h.columns.size() >= MAX_COLUMNS) return null;
                h.index.put(s, h.columns.size());
                h.columns.add(s);
                k++;
                continue;
            }
            break;
        }
        if (h.columns.isEmpty()) return null;
        while (k < t.size()) {
            String s = t.get(k).text();
            String n1 = k + 1 < t.size() ? t.get(k + 1).text() : "";
            String n2 = k + 2 < t.size() ? t.get(k + 2).text() : "";
            if (s.equals("CPU") && n1.equals("Affinity")) {
                h.affinity.add("CPU Affinity");
                affCol.add(t.get(k).col());
                k += 2;
            } else if (s.equals("NUMA") && n1.equals("Affinity")) {
                h.affinity.add("NUMA Affinity");
                affCol.add(t.get(k).col());
                k += 2;
            } else if (s.equals("GPU") && n1.equals("NUMA") && n2.equals("ID")) {
                h.affinity.add("GPU NUMA ID");
                affCol.add(t.get(k).col());
                k += 3;
            } else if (s.equals("GPU") && n1.equals("NUMA") && k + 2 == t.size()) {
                // A header retyped by hand: "CPU Affinity   NUMA  GPU NUMA" (corpus-more topo/weiziyang-gpu-communication1-1).
                h.affinity.add("GPU NUMA ID");
                affCol.add(t.get(k).col());
                k += 2;
            } else if (s.equals("NUMA") && !h.affinity.contains("NUMA Affinity")) {
                h.affinity.add("NUMA Affinity");
                affCol.add(t.get(k).col());
                k += 1;
            } else {
                return null;
            }
        }
        h.affCol = affCol.stream().mapToInt(Integer::intValue).toArray();
        return h;
    }

    /**
     * A cheap test before tokenizing: a header has a {@code GPUn} followed by the end of the line or by
     * another column name ({@code GPUn}, {@code NICn}, {@code CPU Affinity}, a lower-case device), never
     * by a cell word as a row has.
     */
    static boolean mayBeHeader(String line) {
        int n = line.length();
        int from = 0;
        for (int tries = 0; tries < 8; tries++) {
            int i = line.indexOf("GPU", from);
            if (i < 0) return false;
            int p = i + 3;
            from = p;
            if (p >= n || !Character.isDigit(line.charAt(p))) continue;
            while (p < n && Character.isDigit(line.charAt(p))) p++;
            while (p < n && isSep(line.charAt(p))) p++;
            if (p >= n) return true;
            char c = line.charAt(p);
            return line.startsWith("GPU", p) || line.startsWith("NIC", p) || line.startsWith("CPU", p) || Character.isLowerCase(c);
        }
        return false;
    }

    /** {@code GPU0GPU1} to {@code GPU0}, {@code GPU1}; anything else to itself. */
    static List<String> splitDeviceGlue(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            int p = s.startsWith("GPU", i) || s.startsWith("NIC", i) ? i + 3 : -1;
            if (p < 0 || p >= n || !Character.isDigit(s.charAt(p))) return List.of(s);
            while (p < n && Character.isDigit(s.charAt(p))) p++;
            out.add(s.substring(i, p));
            i = p;
        }
        return out;
    }

    static boolean isGpuName(String s) {
        return s.length() > 3 && s.length() < 8 && s.startsWith("GPU") && allDigits(s, 3);
    }

    static boolean isNicK(String s) {
        return s.length() > 3 && s.length() < 8 && s.startsWith("NIC") && allDigits(s, 3);
    }

    private static boolean allDigits(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) return false;
        }
        return from < s.length();
    }

    /**
     * A non-GPU column name: {@code NICk}, or an RDMA device such as {@code mlx5_0}, {@code mlx5_bond_0},
     * {@code mlx5_ib3}, {@code hfi1_0} (a letter first, a digit last, no path word).
     */
    static boolean isDeviceName(String s) {
        int n = s.length();
        if (n < 2 || n > 40 || !Character.isLetter(s.charAt(0)) || !Character.isDigit(s.charAt(n - 1))) return false;
        if (isWord(s) || s.startsWith("GPU")) return false;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) return false;
        }
        return true;
    }
}
