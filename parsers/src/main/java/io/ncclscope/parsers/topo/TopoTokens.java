package io.ncclscope.parsers.topo;

import io.ncclscope.parsers.internal.Whitespace;
import java.util.ArrayList;
import java.util.List;

/** Cutting a {@code topo -m} line into {@link LineToken}s: by spaces, tabs (to multiples of 8) and {@code |}. */
final class TopoTokens {

    private TopoTokens() {
    }

    static boolean isSep(char c) {
        return c == ' ' || c == '\t' || c == '|' || c == '\u00a0' || Whitespace.is(c);
    }

    static List<LineToken> tokenize(String line) {
        List<LineToken> out = new ArrayList<>();
        int col = 0;
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (isSep(c)) {
                col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
                i++;
                continue;
            }
            int s = i;
            int sc = col;
            while (i < n && !isSep(line.charAt(i))) {
                i++;
                col++;
            }
            out.add(new LineToken(line.substring(s, i), s, i, sc));
        }
        return out;
    }

    /** The first whitespace-separated token of a line; empty for a blank line. */
    static String firstToken(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && isSep(line.charAt(i))) i++;
        int s = i;
        while (i < n && !isSep(line.charAt(i))) i++;
        return line.substring(s, i);
    }

    /** Fields of a tab-separated tail: the separator after the last cell dropped, blank fields kept. */
    static List<String> tabFields(String s) {
        int p = 0;
        while (p < s.length() && s.charAt(p) != '\t' && isSep(s.charAt(p))) p++;
        if (p < s.length() && s.charAt(p) == '\t') p++;
        List<String> out = new ArrayList<>();
        int start = p;
        for (int i = p; i <= s.length(); i++) {
            if (i == s.length() || s.charAt(i) == '\t') {
                String f = s.substring(start, i).strip();
                if (f.isEmpty()) {
                    out.add("");
                } else {
                    for (LineToken tk : tokenize(f)) {
                        for (LineToken piece : splitNa(tk)) out.add(piece.text());
                    }
                }
                start = i + 1;
            }
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }

    /** Splits a cell whose GPU NUMA ID is glued on ({@code 0N/A}). */
    static List<LineToken> splitNa(LineToken tk) {
        String s = tk.text();
        if (s.length() > 3 && s.endsWith("N/A") && Character.isDigit(s.charAt(s.length() - 4))) {
            int p = s.length() - 3;
            return List.of(new LineToken(s.substring(0, p), tk.start(), tk.start() + p, tk.col()),
                    new LineToken("N/A", tk.start() + p, tk.end(), tk.col() + p));
        }
        return List.of(tk);
    }

    /** A line of only table decoration ({@code +----+----+}, {@code ====}). */
    static boolean isDecoration(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!(c == '-' || c == '+' || c == '=' || c == '|' || c == ' ' || c == '\t')) return false;
        }
        return true;
    }
}
