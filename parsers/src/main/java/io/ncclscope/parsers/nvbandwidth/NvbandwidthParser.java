package io.ncclscope.parsers.nvbandwidth;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the output of {@code nvbandwidth} (for example {@code nvbandwidth -t device_to_device_memcpy_read_ce}):
 * the version and device header, then per testcase a {@code Running X.} line, a matrix titled like
 * {@code memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)} and a {@code SUM X value} line; also the
 * {@code -j} JSON output.
 *
 * <p>Versions differ: before 0.8 row and column labels start at column 0 and there is no SUM line
 * (corpus nvbandwidth/nvbandwidth-readme-1.txt); markdown pastes quote lines with {@code > } and lose the
 * header's indentation (nvbandwidth-24-1.txt); a paste may elide the {@code Running} line, the name then
 * comes from the SUM line (nvbandwidth-50-1.txt). The matrix shape is taken from its column header, not
 * from the device list (superbenchmark-testdata-nvbandwidth_results-1.txt). A testcase that printed a
 * data-verification failure or an abort instead of a matrix is {@link NvbwStatus#ERROR}, a waived one
 * {@link NvbwStatus#WAIVED}: neither is a zero bandwidth.
 *
 * <p>Stateless and thread-safe.
 */
public final class NvbandwidthParser implements ToolParser<NvbandwidthData> {

    /** Most testcases kept. */
    public static final int MAX_TESTCASES = 10_000;
    /** Most matrix rows or columns kept. */
    public static final int MAX_MATRIX = 4096;
    /** Most messages kept per testcase. */
    public static final int MAX_MESSAGES = 100;

    private static final int SNIFF_CHARS = 64 * 1024;

    @Override
    public Kind kind() {
        return Kind.NVBANDWIDTH;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = (head.length() > SNIFF_CHARS ? head.subSequence(0, SNIFF_CHARS) : head).toString();
        if (HeadLines.headContains(h, "nvbandwidth Version:")) return 100;
        if (HeadLines.headContains(h, "\"nvbandwidth\"") && HeadLines.headContains(h, "\"testcases\"")) return 95;
        if (HeadLines.headContains(h, "(row)") && HeadLines.headContains(h, "(column)") && (HeadLines.headContains(h, "bandwidth (GB/s)") || HeadLines.headContains(h, "(ns)"))) return 90;
        if (HeadLines.headContains(h, "Running ") && (HeadLines.headContains(h, "_memcpy_") || HeadLines.headContains(h, "_sm.") || HeadLines.headContains(h, "_ce."))) return 80;
        if (HeadLines.headContains(h, "Waiving ") && HeadLines.headContains(h, "_memcpy_")) return 80;
        // An echoed command names the program (commandOf): a head that nowhere holds its name has none, and its first
        // lines are not cut (this runs on every input, and most are no nvbandwidth output).
        if (!HeadLines.headContains(h, "nvbandwidth")) return 0;
        int start = 0;
        int lines = 0;
        while (start < h.length() && lines++ < 20) {
            int end = h.indexOf('\n', start);
            if (end < 0) end = h.length();
            String s = unquote(h.substring(start, end).strip());
            start = end + 1;
            if (commandOf(s) != null) return 85;
        }
        return 0;
    }

    @Override
    public ParseResult<NvbandwidthData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        Text t = new Text(w);
        StringBuilder json = null;
        int jsonLine = 0;
        String line;
        while ((line = src.next()) != null) {
            int n = src.lineNumber();
            if (json != null) {
                json.append(line).append('\n');
                continue;
            }
            String s = line.strip();
            if (s.startsWith("{") && t.nothingYet()) {
                json = new StringBuilder(s).append('\n');
                jsonLine = n;
                continue;
            }
            t.accept(line, n);
        }
        NvbandwidthData data = json != null ? parseJson(json.toString(), jsonLine, t, w) : t.finish();
        return new ParseResult<>(kind(), data, w.toList());
    }

    // ---------------------------------------------------------------- helpers

    /** Strips a markdown quote prefix ({@code > }) or a prompt of the form {@code >> }. */
    static String unquote(String s) {
        int i = 0;
        while (i < s.length() && i < 4 && s.charAt(i) == '>') i++;
        return i == 0 ? s : s.substring(i).strip();
    }

    /** The nvbandwidth command of an echoed command line, or null. */
    static String commandOf(String s) {
        String t = s;
        if (t.startsWith("$ ") || t.startsWith("# ")) t = t.substring(2).strip();
        else {
            int sp = t.indexOf(' ');
            String first = sp < 0 ? t : t.substring(0, sp);
            if (first.length() > 1 && first.contains("@") && (first.endsWith("$") || first.endsWith("#"))) t = t.substring(sp + 1).strip();
        }
        if (t.startsWith("sudo ")) t = t.substring(5).strip();
        int sp = t.indexOf(' ');
        String prog = sp < 0 ? t : t.substring(0, sp);
        if (prog.equals("nvbandwidth") || prog.endsWith("/nvbandwidth")) {
            if (t.startsWith("nvbandwidth Version")) return null;
            return t;
        }
        return null;
    }

    /** A PCI address from nvbandwidth's {@code 00000000:34:00}, with function 0 added. */
    static String busId(String s) {
        String t = s.strip();
        if (t.indexOf('.') < 0) t = t + ".0";
        return ToolValues.pciAddress(t);
    }

    /** The unit in the last parentheses of a matrix title ({@code GB/s}, {@code ns}). */
    static String unitOf(String title) {
        int close = title.lastIndexOf(')');
        int open = close < 0 ? -1 : title.lastIndexOf('(', close);
        if (open < 0 || close != title.length() - 1) return null;
        String u = title.substring(open + 1, close).strip();
        return u.equals("row") || u.equals("column") || u.isEmpty() ? null : u;
    }

    static boolean isTitle(String s) {
        return s.contains("(row)") && s.contains("(column)");
    }

    /** A matrix cell: a number, or null for N/A; {@code bad[0]} is set when the token is neither. */
    static Double cell(String tok, boolean[] bad) {
        if (tok.equalsIgnoreCase("N/A")) return null;
        Double d = ToolValues.decimal(tok);
        if (d == null) bad[0] = true;
        return d;
    }

    // ---------------------------------------------------------------- text form

    private enum Phase { NONE, RUNNING, TITLE, ROWS, AFTER }

    /** A testcase being read. */
    private static final class TestcaseFacts {
        final int line;
        String name;
        NvbwStatus status;
        String description;
        String unit;
        final List<List<Double>> matrix = new ArrayList<>();
        final List<String> rows = new ArrayList<>();
        List<String> cols = new ArrayList<>();
        Double sum;
        String error;
        final List<String> messages = new ArrayList<>();
        boolean cut;

        TestcaseFacts(String name, int line) {
            this.name = name;
            this.line = line;
        }

        void message(String m) {
            if (messages.size() < MAX_MESSAGES) messages.add(m);
        }

        NvbwTestcase build() {
            NvbwStatus st = status;
            if (st == null) {
                if (cut) st = NvbwStatus.INCOMPLETE;
                else if (!matrix.isEmpty()) st = NvbwStatus.PASSED;
                else st = NvbwStatus.INCOMPLETE;
            }
            return new NvbwTestcase(name, st, description, unit, matrix, rows, cols, sum, error, messages, line);
        }
    }

    private static final class Text {
        private final Warnings w;
        String command;
        String version;
        String git;
        Integer cudaRuntime;
        Integer cudaDriver;
        String driver;
        final List<NvbwDevice> devices = new ArrayList<>();
        final List<NvbwTestcase> tests = new ArrayList<>();
        int unnamedWaived;
        private TestcaseFacts cur;
        private Phase phase = Phase.NONE;
        private boolean anything;
        private boolean inNote;
        private int droppedTests;

        Text(Warnings w) {
            this.w = w;
        }

        boolean nothingYet() {
            return !anything && cur == null;
        }

        void accept(String raw, int n) {
            String s = unquote(raw.strip());
            if (s.isEmpty()) {
                inNote = false;
                if (phase == Phase.ROWS) phase = Phase.AFTER;
                return;
            }
            if (s.startsWith("# [cut") || s.equals("...") || s.equals("[...]")) {
                w.info(n, "cut marker skipped", s);
                if (cur != null && cur.sum == null && cur.status == null && phase != Phase.AFTER) {
                    cur.cut = true;
                    w.warn(n, "testcase " + (cur.name == null ? "(unnamed)" : cur.name) + " is cut before its end", s);
                    close();
                }
                return;
            }
            String cmd = commandOf(s);
            if (cmd != null) {
                if (command == null) command = cmd;
                return;
            }
            if (header(s, n)) {
                anything = true;
                inNote = false;
                return;
            }
            if (s.startsWith("NOTE:") || inNote) {
                inNote = true;
                w.info(n, "note skipped", ToolValues.excerpt(s));
                return;
            }
            if (s.startsWith("Running ")) {
                close();
                anything = true;
                cur = new TestcaseFacts(name(s.substring(8)), n);
                phase = Phase.RUNNING;
                return;
            }
            if (s.startsWith("Waiving ")) {
                close();
                anything = true;
                TestcaseFacts t = new TestcaseFacts(name(s.substring(8)), n);
                t.status = NvbwStatus.WAIVED;
                add(t);
                return;
            }
            if (s.startsWith("Waived:") || s.startsWith("Not Found:") || s.startsWith("Error:")) {
                statusLine(s, n);
                return;
            }
            if (isTitle(s)) {
                title(s, n);
                return;
            }
            if (s.startsWith("SUM ")) {
                sum(s, n);
                return;
            }
            String[] tok = Paste.splitAtWhitespaceRuns(s);
            if (phase == Phase.TITLE && allInts(tok)) {
                cur.cols = new ArrayList<>(List.of(tok).subList(0, Math.min(tok.length, MAX_MATRIX)));
                phase = Phase.ROWS;
                return;
            }
            if (phase == Phase.ROWS && tok.length >= 2 && row(tok, s, n)) return;
            if (cur != null && (phase == Phase.RUNNING || phase == Phase.TITLE || phase == Phase.ROWS)) {
                // Printed instead of (or inside) the matrix: an error of this testcase.
                cur.message(s);
                if (cur.error == null) {
                    cur.error = s;
                    w.warn(n, "testcase " + (cur.name == null ? "(unnamed)" : cur.name) + " printed an error instead of a result",
                            ToolValues.excerpt(s));
                }
                cur.status = NvbwStatus.ERROR;
                return;
            }
            w.warn(n, "unrecognised line", ToolValues.excerpt(s));
        }

        /** {@code Waived: ...}, {@code Not Found: ...}, {@code Error: ...}: the end of the running testcase. */
        private void statusLine(String s, int n) {
            anything = true;
            NvbwStatus st = s.startsWith("Waived") ? NvbwStatus.WAIVED : s.startsWith("Not") ? NvbwStatus.NOT_FOUND : NvbwStatus.ERROR;
            String msg = s.substring(s.indexOf(':') + 1).strip();
            if (cur != null && phase == Phase.RUNNING && cur.status == null) {
                cur.status = st;
                if (!msg.isEmpty()) {
                    cur.message(msg);
                    if (st == NvbwStatus.ERROR) cur.error = msg;
                }
                close();
            } else if (st == NvbwStatus.WAIVED) {
                close();
                unnamedWaived++;
            } else {
                close();
                w.warn(n, "status line with no testcase", ToolValues.excerpt(s));
            }
        }

        /** A matrix title ({@code memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)}): a new matrix starts. */
        private void title(String s, int n) {
            anything = true;
            if (cur == null || cur.description != null || phase == Phase.AFTER) {
                close();
                cur = new TestcaseFacts(null, n);
            }
            cur.description = s;
            cur.unit = unitOf(s);
            phase = Phase.TITLE;
        }

        private static String name(String s) {
            String t = s.strip();
            while (t.endsWith(".")) t = t.substring(0, t.length() - 1);
            return t.isEmpty() ? null : t;
        }

        private static boolean allInts(String[] tok) {
            for (String t : tok) {
                if (ToolValues.integer(t) == null) return false;
            }
            return tok.length > 0;
        }

        private boolean row(String[] tok, String s, int n) {
            boolean[] bad = new boolean[1];
            int cols = cur.cols.size();
            List<Double> vals = new ArrayList<>(cols);
            for (int i = 1; i < tok.length && vals.size() < Math.max(cols, 1) + 1; i++) {
                vals.add(cell(tok[i], bad));
            }
            if (bad[0]) return false;
            if (cur.matrix.size() >= MAX_MATRIX) {
                if (cur.matrix.size() == MAX_MATRIX && !cur.cut) {
                    w.warn(n, "matrix longer than " + MAX_MATRIX + " rows; the rest were dropped", ToolValues.excerpt(s));
                    cur.cut = true;
                    cur.status = NvbwStatus.PASSED;
                }
                return true;
            }
            if (vals.size() < cols) {
                w.warn(n, "matrix row has " + vals.size() + " values for " + cols + " columns; missing cells are null", ToolValues.excerpt(s));
                while (vals.size() < cols) vals.add(null);
            } else if (vals.size() > cols) {
                w.warn(n, "matrix row has more values than the header has columns; extra cells dropped", ToolValues.excerpt(s));
                vals = vals.subList(0, cols);
            }
            cur.rows.add(tok[0]);
            cur.matrix.add(vals);
            return true;
        }

        private void sum(String s, int n) {
            anything = true;
            String[] tok = Paste.splitAtWhitespaceRuns(s);
            Double v = tok.length >= 3 ? ToolValues.decimal(tok[tok.length - 1]) : null;
            String name = tok.length >= 3 ? tok[1] : null;
            if (v == null) {
                w.warn(n, "SUM line not readable", ToolValues.excerpt(s));
                return;
            }
            if (cur != null && cur.sum == null && (cur.name == null || cur.name.equals(name))) {
                if (cur.name == null) cur.name = name;
                cur.sum = v;
                close();
                return;
            }
            close();
            w.warn(n, "SUM line with no matrix before it", ToolValues.excerpt(s));
            TestcaseFacts t = new TestcaseFacts(name, n);
            t.sum = v;
            t.cut = true;
            add(t);
        }

        private boolean header(String s, int n) {
            int colon = s.indexOf(':');
            if (colon < 0) return false;
            String k = s.substring(0, colon).strip();
            String v = s.substring(colon + 1).strip();
            switch (k) {
                case "nvbandwidth Version" -> version = v.isEmpty() ? null : v;
                case "Built from Git version" -> git = v.isEmpty() ? null : v;
                case "CUDA Runtime Version" -> cudaRuntime = ToolValues.integer(v);
                case "CUDA Driver Version" -> cudaDriver = ToolValues.integer(v);
                case "Driver Version" -> driver = v.isEmpty() ? null : v;
                case "MPI version" -> {
                    // multinode builds; not used
                }
                default -> {
                    if (k.startsWith("Device ") && ToolValues.integer(k.substring(7)) != null) {
                        device(ToolValues.integer(k.substring(7)), v, null, n);
                        return true;
                    }
                    if (k.startsWith("Process ")) {
                        // Process 0 (host): device 0: NAME (0000...)
                        int open = k.indexOf('(');
                        int close = k.indexOf(')');
                        String host = open > 0 && close > open ? k.substring(open + 1, close) : null;
                        String rest = v;
                        int c2 = rest.indexOf(':');
                        if (rest.startsWith("device ") && c2 > 0) {
                            Integer idx = ToolValues.integer(rest.substring(7, c2));
                            if (idx != null) {
                                device(idx, rest.substring(c2 + 1).strip(), host, n);
                                return true;
                            }
                        }
                    }
                    return false;
                }
            }
            return true;
        }

        private void device(int idx, String v, String host, int n) {
            String name = v;
            String bus = null;
            int open = v.lastIndexOf('(');
            if (open > 0 && v.endsWith(")")) {
                String b = busId(v.substring(open + 1, v.length() - 1));
                if (b != null) {
                    bus = b;
                    name = v.substring(0, open).strip();
                }
            }
            if (devices.size() < MAX_MATRIX) devices.add(new NvbwDevice(idx, name, bus, host, n));
        }

        private void add(TestcaseFacts t) {
            if (tests.size() >= MAX_TESTCASES) {
                droppedTests++;
                return;
            }
            tests.add(t.build());
        }

        private void close() {
            if (cur != null) add(cur);
            cur = null;
            phase = Phase.NONE;
        }

        NvbandwidthData finish() {
            if (cur != null && cur.status == null && cur.sum == null && cur.matrix.isEmpty()) {
                w.warn(cur.line, "output ends before testcase " + (cur.name == null ? "(unnamed)" : cur.name) + " printed a result", "");
            }
            close();
            if (droppedTests > 0) w.warn(0, droppedTests + " testcases beyond the limit of " + MAX_TESTCASES + " were dropped", "");
            if (!anything && command == null && tests.isEmpty() && devices.isEmpty()) {
                w.error(0, "no nvbandwidth content found", "");
            }
            return new NvbandwidthData(NvbwFormat.TEXT, command, version, git, cudaRuntime, cudaDriver, driver, devices,
                    tests, unnamedWaived, null);
        }
    }

    // ---------------------------------------------------------------- JSON form

    private static NvbandwidthData parseJson(String text, int firstLine, Text t, Warnings w) {
        int end = endOfValue(text);
        String body = end > 0 ? text.substring(0, end) : text;
        String tail = end > 0 ? text.substring(end).strip() : "";
        Object root;
        try {
            root = Json.parse(body);
        } catch (RuntimeException e) {
            if (end <= 0 && cutByPaste(text)) {
                // Cut short where the paste says so (corpus-more nvbandwidth/nvbandwidth-54-1 ends inside the first
                // testcase at '# [cut]'): nvbandwidth output, with nothing complete to read.
                w.warn(firstLine, "nvbandwidth JSON cut short, nothing complete to read: " + e.getMessage(), "");
            } else {
                w.error(firstLine, "nvbandwidth JSON not readable (cut or malformed): " + e.getMessage(), "");
            }
            return new NvbandwidthData(NvbwFormat.JSON, t.command, null, null, null, null, null, List.of(), List.of(), 0, null);
        }
        if (!tail.isEmpty()) {
            int tailLine = firstLine + countLines(text, end);
            w.warn(tailLine, "text after the JSON output ignored", ToolValues.excerpt(tail.lines().findFirst().orElse("")));
        }
        Map<?, ?> nb = root instanceof Map<?, ?> m && m.get("nvbandwidth") instanceof Map<?, ?> inner ? inner
                : root instanceof Map<?, ?> m2 ? m2 : null;
        if (nb == null) {
            w.error(firstLine, "no nvbandwidth content found: JSON is not an nvbandwidth report", "");
            return new NvbandwidthData(NvbwFormat.JSON, t.command, null, null, null, null, null, List.of(), List.of(), 0, null);
        }
        List<NvbwTestcase> tests = new ArrayList<>();
        if (nb.get("testcases") instanceof List<?> list) {
            int searchFrom = 0;
            for (Object o : list) {
                if (!(o instanceof Map<?, ?> tc)) continue;
                if (tests.size() >= MAX_TESTCASES) break;
                String name = str(tc.get("name"));
                int at = name == null ? -1 : text.indexOf("\"" + name + "\"", searchFrom);
                if (at >= 0) searchFrom = at + 1;
                int line = firstLine + (at >= 0 ? countLines(text, at) : 0);
                String desc = str(tc.get("bandwidth_description"));
                List<List<Double>> matrix = new ArrayList<>();
                int cols = 0;
                if (tc.get("bandwidth_matrix") instanceof List<?> rows) {
                    for (Object r : rows) {
                        if (!(r instanceof List<?> cells) || matrix.size() >= MAX_MATRIX) continue;
                        List<Double> vals = new ArrayList<>();
                        for (Object c : cells) {
                            if (vals.size() >= MAX_MATRIX) break;
                            vals.add(c instanceof Number num ? Double.valueOf(num.doubleValue())
                                    : c == null ? null : cell(c.toString().strip(), new boolean[1]));
                        }
                        cols = Math.max(cols, vals.size());
                        matrix.add(vals);
                    }
                }
                for (List<Double> r : matrix) {
                    while (r.size() < cols) r.add(null);
                }
                List<String> rowLabels = new ArrayList<>();
                for (int i = 0; i < matrix.size(); i++) rowLabels.add(Integer.toString(i));
                List<String> colLabels = new ArrayList<>();
                for (int i = 0; i < cols; i++) colLabels.add(Integer.toString(i));
                String err = str(tc.get("error"));
                NvbwStatus st = NvbwStatus.fromWord(str(tc.get("status")));
                if (tc.get("status") == null) st = matrix.isEmpty() ? (err != null ? NvbwStatus.ERROR : NvbwStatus.INCOMPLETE) : NvbwStatus.PASSED;
                List<String> msgs = err == null ? List.of() : List.of(err);
                tests.add(new NvbwTestcase(name, st, desc, desc == null ? null : unitOf(desc), matrix, rowLabels, colLabels,
                        num(tc.get("sum")), err, msgs, line));
            }
        } else if (nb.get("version") == null && nb.get("error") == null) {
            w.error(firstLine, "no nvbandwidth content found: JSON has no testcases", "");
        }
        String warning = str(nb.get("warning"));
        if (warning != null) w.warn(firstLine, "nvbandwidth warning: " + warning, "");
        Number rt = nb.get("CUDA Runtime Version") instanceof Number x ? x : null;
        Number dv = nb.get("CUDA Driver Version") instanceof Number x2 ? x2 : null;
        return new NvbandwidthData(NvbwFormat.JSON, t.command, str(nb.get("version")), str(nb.get("git_version")),
                rt == null ? ToolValues.integer(str(nb.get("CUDA Runtime Version"))) : Integer.valueOf(rt.intValue()),
                dv == null ? ToolValues.integer(str(nb.get("CUDA Driver Version"))) : Integer.valueOf(dv.intValue()),
                str(nb.get("Driver Version")), List.of(), tests, 0, str(nb.get("error")));
    }

    private static String str(Object o) {
        if (o == null) return null;
        String s = o.toString().strip();
        return s.isEmpty() ? null : s;
    }

    private static Double num(Object o) {
        if (o instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? d : null;
        }
        return o == null ? null : ToolValues.decimal(o.toString());
    }

    private static int countLines(String s, int upTo) {
        int c = 0;
        for (int i = 0; i < upTo && i < s.length(); i++) {
            if (s.charAt(i) == '\n') c++;
        }
        return c;
    }

    /** The index just after the first complete top-level JSON value (string-aware brace matching), or -1. */
    /** True when a line marks where a paste was cut: {@code # [cut]}, {@code ...} or {@code [...]}. */
    private static boolean cutByPaste(String text) {
        return text.lines().map(String::strip).anyMatch(l -> l.startsWith("# [cut") || l.equals("...") || l.equals("[...]"));
    }

    private static int endOfValue(String s) {
        int depth = 0;
        boolean str = false;
        boolean esc = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (str) {
                if (esc) esc = false;
                else if (c == '\\') esc = true;
                else if (c == '"') str = false;
                continue;
            }
            switch (c) {
                case '"' -> str = true;
                case '{', '[' -> depth++;
                case '}', ']' -> {
                    depth--;
                    if (depth == 0) return i + 1;
                }
                default -> {
                }
            }
        }
        return -1;
    }
}
