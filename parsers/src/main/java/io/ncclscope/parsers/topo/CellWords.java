package io.ncclscope.parsers.topo;

import static io.ncclscope.parsers.topo.TopoParser.MAX_COLUMNS;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of a matrix cell ({@code X}, {@code NV18}, {@code PIX}... {@code SYS}, the p2p status words {@code OK},
 * {@code CNS}...), and glued cells ({@code NODENODE}) split into them.
 */
final class CellWords {

    /** Cell words in the order a glued cell is split by (longer words first where they share a start). */
    private static final String[] WORDS = {"NODE", "CNS", "GNS", "TNS", "PIX", "PXB", "PHB", "PSB", "SYS", "SOC",
        "OK", "NS", "DR", "X", "U"};

    private CellWords() {
    }

    /** A known cell word: {@code X}, {@code NVn}, {@code PIX}... {@code SYS}, or a p2p status word. */
    static boolean isWord(String s) {
        if (PathType.isNvWord(s)) return true;
        for (String w : WORDS) {
            if (w.equals(s)) return true;
        }
        return false;
    }

    /** The shared instance of a known word (cells repeat a few words many times). */
    static String canon(String s) {
        for (String w : WORDS) {
            if (w.equals(s)) return w;
        }
        return s;
    }

    /** A cell word this parser does not know but that reads as one (upper case, short, not a number). */
    static boolean isUnknownWord(String s) {
        int n = s.length();
        if (n == 0 || n > 6 || !Character.isUpperCase(s.charAt(0))) return false;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (!(Character.isUpperCase(c) || Character.isDigit(c) || c == '#')) return false;
        }
        return !s.equals("N/A");
    }

    /** True when {@code s} starts like an affinity value (a digit, or N/A). */
    static boolean startsValue(String s) {
        return !s.isEmpty() && (Character.isDigit(s.charAt(0)) || s.startsWith("N/A"));
    }

    /** Known words at the start of a glued cell, and where the rest begins. */
    record GluedWords(List<String> words, int rest) {
    }

    static GluedWords split(String s) {
        List<String> words = new ArrayList<>();
        int i = 0;
        int n = s.length();
        outer:
        while (i < n && words.size() <= MAX_COLUMNS) {
            if (s.startsWith("NV", i) && i + 2 < n && Character.isDigit(s.charAt(i + 2))) {
                int p = i + 2;
                while (p < n && p < i + 5 && Character.isDigit(s.charAt(p))) p++;
                words.add(s.substring(i, p));
                i = p;
                continue;
            }
            for (String w : WORDS) {
                if (s.startsWith(w, i)) {
                    words.add(w);
                    i += w.length();
                    continue outer;
                }
            }
            break;
        }
        return new GluedWords(words, i);
    }
}
