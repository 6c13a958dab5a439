package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The result table of a text run and its footer: the column titles ({@code size count type redop root time algbw busbw
 * #wrong ...}, which fix the {@link TableLayout}), the rows ({@code 8 2 float sum -1 10.45 0.00 0.00 0 ...}) and the
 * {@code # Out of bounds values : 0 OK} and {@code # Avg bus bandwidth : 12.3} lines.
 */
final class ResultTable {

    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern TIME = Pattern.compile("\\d{2}:\\d{2}:\\d{2}");

    private final Warnings w;
    TableLayout layout;
    /** Values per half of a row: time, algbw, busbw, #wrong, and with {@code -I 1} four per-iteration figures. */
    int valuesPerHalf = 4;
    final List<NcclTestsRow> rows = new ArrayList<>();
    /** Type and redop words seen in this table, so that its rows share one copy of each. */
    final Map<String, String> words = new HashMap<>();
    boolean halfRowWarned;
    OutOfBounds oob;
    Double avg;
    Boolean avgFailed;
    Integer avgLine;

    ResultTable(Warnings w) {
        this.w = w;
    }

    void readLayout(String[] t, int no) {
        int first = -1;
        int second = -1;
        boolean redop = false, root = false, cpu = false, perIter = false, ts = false;
        String wrong = null;
        for (int i = 0; i < t.length; i++) {
            switch (t[i]) {
                case "redop" -> redop = true;
                case "root" -> root = true;
                case "cputime", "time" -> {
                    if (t[i].equals("cputime")) cpu = true;
                    if (first < 0) first = i;
                    else if (second < 0) second = i;
                }
                case "#wrong", "wrong" -> wrong = "#wrong";
                case "error" -> wrong = "error";
                case "i_min" -> perIter = true;
                case "timestamp" -> ts = true;
                default -> {
                }
            }
        }
        int v;
        if (first >= 0 && second > first) {
            v = second - first;
        } else if (first >= 0) {
            v = t.length - first - (ts ? 1 : 0);
        } else {
            v = perIter ? 8 : 4;
        }
        if (v != 4 && v != 8) {
            w.warn(no, "unexpected column header; rows are read by shape", String.join(" ", t));
            v = perIter ? 8 : 4;
        }
        if (layout == null) {
            layout = new TableLayout(redop, root, wrong, cpu, perIter, ts, no);
            valuesPerHalf = v;
        }
    }

    boolean readRow(String[] t, int no, String raw) {
        int end = t.length;
        String ts = null;
        if (end >= 2 && DATE.matcher(t[end - 2]).matches() && TIME.matcher(t[end - 1]).matches()) {
            ts = t[end - 2] + " " + t[end - 1];
            end -= 2;
        }
        int rest = end - 3;
        int v = layout != null ? valuesPerHalf : (rest >= 16 && rest <= 18 ? 8 : 4);
        int halves;
        int mid;
        if (rest - 2 * v >= 0 && rest - 2 * v <= 2) {
            halves = 2;
            mid = rest - 2 * v;
        } else if (rest - v >= 0 && rest - v <= 2) {
            halves = 1;
            mid = rest - v;
        } else {
            w.warn(no, "unreadable result row: " + (end) + " columns", raw);
            return false;
        }
        String redop = null;
        Integer root = null;
        for (int i = 3; i < 3 + mid; i++) {
            Integer r = ToolValues.integer(t[i]);
            if (r != null && root == null) {
                root = r;
            } else if (r == null && redop == null && root == null && ToolValues.decimal(t[i]) == null) {
                redop = t[i];
            } else {
                w.warn(no, "unreadable result row: unexpected '" + t[i] + "'", raw);
                return false;
            }
        }
        int at = 3 + mid;
        NcclTestsResult out = half(t, at, v);
        NcclTestsResult inp = halves == 2 ? half(t, at + v, v) : null;
        if (out == null || (halves == 2 && inp == null)) {
            w.warn(no, "unreadable result row: a value is not a number", raw);
            return false;
        }
        if (halves == 1 && !halfRowWarned) {
            halfRowWarned = true;
            w.warn(no, "result rows hold only the out-of-place half (in-place columns missing)", raw);
        }
        rows.add(new NcclTestsRow(ToolValues.longValue(t[0]), ToolValues.longValue(t[1]), NcclTestsRecords.shared(words, t[2]),
                NcclTestsRecords.shared(words, redop), root, out, inp, ts, null, no));
        return true;
    }

    private NcclTestsResult half(String[] t, int at, int v) {
        Double[] x = new Double[v];
        for (int i = 0; i < v; i++) {
            x[i] = ToolValues.decimal(t[at + i]);
            if (x[i] == null && !isNanOrInf(t[at + i])) return null;
        }
        Double time = x[0];
        Double alg = x[1];
        Double bus = x[2];
        String check = t[at + 3];
        Long wrong = null;
        Double error = null;
        Double cv = x[3];
        if (cv != null) {
            boolean isError;
            if (layout != null && layout.wrongColumn() != null) {
                isError = layout.wrongColumn().equals("error");
            } else {
                // Old builds print the error column with %5.0le (always an exponent), new ones the #wrong
                // count with %6g (an exponent only from 1e+06 on).
                isError = check.toLowerCase(Locale.ROOT).contains("e") && cv < 1000;
            }
            if (isError) error = cv;
            else wrong = Math.round(cv);
        }
        IterStats it = null;
        if (v == 8) {
            it = new IterStats(x[4], x[5], x[6], x[7], null, null, null, null, null, List.of());
        }
        return new NcclTestsResult(time, alg, bus, wrong, error, it);
    }

    boolean readOutOfBounds(String c, int no, String raw) {
        String[] t = afterColon(c);
        Long n = t.length > 0 ? ToolValues.longValue(t[0]) : null;
        if (n == null) {
            w.warn(no, "unreadable out-of-bounds footer", raw);
            return false;
        }
        boolean ok = t.length > 1 ? !t[1].equalsIgnoreCase("FAILED") : n == 0;
        if (oob == null) oob = new OutOfBounds(n, ok, no);
        return true;
    }

    boolean readAverage(String c, int no, String raw) {
        String[] t = afterColon(c);
        if (t.length == 0) {
            w.warn(no, "unreadable average bus bandwidth footer", raw);
            return false;
        }
        Double v = ToolValues.decimal(t[0]);
        if (v == null && !isNanOrInf(t[0])) {
            w.warn(no, "unreadable average bus bandwidth footer", raw);
            return false;
        }
        if (avgLine == null) {
            avg = v;
            avgLine = no;
            if (t.length > 1) {
                if (t[1].equalsIgnoreCase("FAILED")) avgFailed = true;
                else if (t[1].equalsIgnoreCase("OK")) avgFailed = false;
            }
        }
        return true;
    }

    private static String[] afterColon(String c) {
        int colon = c.indexOf(':');
        String rest = colon < 0 ? "" : c.substring(colon + 1).strip();
        return rest.isEmpty() ? new String[0] : Paste.words(rest);
    }

    static boolean isNanOrInf(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        return l.equals("n/a") || l.equals("nan") || l.equals("-nan") || l.equals("inf") || l.equals("-inf")
                || l.equals("+inf");
    }

    static boolean isRowShape(String[] t) {
        if (t.length < 7) return false;
        Long size = ToolValues.longValue(t[0]);
        Long count = ToolValues.longValue(t[1]);
        if (size == null || size < 0 || count == null || count < 0) return false;
        String type = t[2];
        return !type.isEmpty() && Character.isLetter(type.charAt(0)) && ToolValues.decimal(type) == null && !isNanOrInf(type);
    }

    static boolean looksNumericRow(String[] t) {
        return t.length >= 5 && ToolValues.longValue(t[0]) != null && ToolValues.longValue(t[1]) != null;
    }
}
