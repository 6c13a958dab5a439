package io.ncclscope.parsers.topo;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Tok;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the output of {@code nvidia-smi topo -m} (also {@code topo -mp} and the {@code topo -p2p r|w|n|a|p}
 * matrices) into a {@link Topology}.
 *
 * <p>Layouts read: old ones with raw RDMA device columns ({@code mlx5_0}) and only a CPU Affinity column;
 * newer ones with NUMA Affinity, GPU NUMA ID, {@code NICk} columns and a NIC Legend; tab- or
 * space-separated; indented pastes; headers wrapped in ANSI underline escapes (also when the ESC byte
 * was lost and {@code [4m} remains); 1 to {@value #MAX_COLUMNS} columns. Glued cells are split:
 * path words by their vocabulary ({@code NODENODE}), affinity cells by the header's column layout
 * ({@code 0-45,92-1370} under {@code CPU Affinity} and {@code NUMA Affinity}). The trailing
 * {@code Legend:} block is not data; its {@code NIC Legend} names each NIC's device.
 * Stateless and thread-safe.
 */
public final class TopoParser implements ToolParser<Topology> {

    /** Most device columns one matrix may have; a wider "header" is not a topo matrix. */
    public static final int MAX_COLUMNS = 256;
    /** Most matrices kept from one input. */
    public static final int MAX_MATRICES = 32;
    /** Most cells kept from one input over all matrices. */
    static final int MAX_CELLS = 1 << 18;

    /** Cell words in the order a glued cell is split by (longer words first where they share a start). */
    private static final String[] WORDS = {"NODE", "CNS", "GNS", "TNS", "PIX", "PXB", "PHB", "PSB", "SYS", "SOC",
        "OK", "NS", "DR", "X", "U"};

    private static final Pattern LITERAL_ESCAPE = Pattern.compile("(?:\\^\\[|\\\\x1[bB]|\\\\e|\\\\033|\\\\u001[bB])?\\[[0-9;]{0,8}m");
    private static final Pattern NIC_LEGEND = Pattern.compile("(NIC\\d{1,4})\\s*:\\s*(\\S*)");

    @Override
    public Kind kind() {
        return Kind.TOPO;
    }

    // ---------------------------------------------------------------- sniff

    /**
     * 92 for a header with {@code GPU0} (and {@code NICk}/{@code mlx5_} columns) followed by a row whose
     * cells are topo words; 75 for a header and the topo legend ({@code X    = Self}); 55 for rows such as
     * {@code GPU0  X  NV18} without a header; 35 for a lone header; 0 otherwise.
     */
    @Override
    public int sniff(CharSequence head) {
        try {
            return sniffLines(head);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static int sniffLines(CharSequence head) {
        int n = head.length();
        int pos = 0;
        int lines = 0;
        Header header = null;
        boolean legendSelf = false;
        boolean rowLike = false;
        while (pos < n && lines < 4000) {
            int end = pos;
            while (end < n && head.charAt(end) != '\n') end++;
            String line = clean(stripEsc(head.subSequence(pos, Math.min(end, pos + 8192)).toString()));
            pos = end + 1;
            lines++;
            String t = line.strip();
            if (t.isEmpty()) continue;
            if (t.startsWith("X") && t.contains("= Self")) legendSelf = true;
            if (mayBeHeader(line)) {
                Header h = header(tokenize(line));
                if (h != null) {
                    header = h;
                    continue;
                }
            }
            if (!isGpuName(firstToken(line))) continue;
            List<Tk> toks = tokenize(line);
            if (toks.size() >= 2 && isWord(toks.get(1).text)) {
                if (header != null && header.index.containsKey(toks.get(0).text)) return 92;
                rowLike = true;
            }
        }
        if (header != null && legendSelf) return 75;
        if (rowLike) return 55;
        return header != null ? 35 : 0;
    }

    /** Strips ESC sequences the way LineSource does, for sniffing raw heads. */
    private static String stripEsc(String s) {
        if (s.indexOf('\u001b') < 0 && s.indexOf('\r') < 0) return s;
        StringBuilder sb = new StringBuilder(s.length());
        int esc = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (esc == 1) {
                esc = c == '[' ? 2 : 0;
                continue;
            }
            if (esc == 2) {
                if (c >= 0x40 && c <= 0x7e) esc = 0;
                continue;
            }
            if (c == 0x1b) {
                esc = 1;
                continue;
            }
            if (c == '\r') continue;
            sb.append(c);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- parse

    @Override
    public ParseResult<Topology> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        Run run = new Run(w);
        LineSource src = LineSource.table(in, w, limits);
        String line;
        while ((line = src.next()) != null) {
            run.line(line, src.lineNumber());
        }
        return new ParseResult<>(Kind.TOPO, run.finish(), w.toList());
    }

    /** Removes ANSI escapes that lost their ESC byte ({@code [4m}, {@code ^[[0m}, {@code \x1b[4m}). */
    static String clean(String line) {
        if (!hasColourCode(line)) return line;
        return LITERAL_ESCAPE.matcher(line).replaceAll("");
    }

    /**
     * True when {@code line} has {@code [}, up to 8 digits or semicolons, then {@code m}: the part every match of
     * {@link #LITERAL_ESCAPE} contains (its prefix is optional), so without one the regex would change nothing. NCCL
     * log lines ({@code [0] NCCL INFO comm ...}) have brackets and an m but no colour code: they skip the regex.
     */
    private static boolean hasColourCode(String line) {
        int n = line.length();
        for (int i = line.indexOf('['); i >= 0; i = line.indexOf('[', i + 1)) {
            int j = i + 1;
            while (j < n && j - i <= 8 && (Character.isDigit(line.charAt(j)) && line.charAt(j) < 128 || line.charAt(j) == ';')) j++;
            if (j < n && line.charAt(j) == 'm') return true;
        }
        return false;
    }

    /** The state of one parse. */
    private static final class Run {
        final Warnings w;
        final List<Table> tables = new ArrayList<>();
        Table current;
        MatrixType pendingType;
        String pendingCommand;
        boolean pendingP2pTitle;
        String pendingNic;
        Table pendingNicTable;
        int cells;
        boolean tooMany;

        Run(Warnings w) {
            this.w = w;
        }

        void line(String raw, int no) {
            String line = clean(raw);
            String t = line.strip();
            if (t.isEmpty()) return;
            if (t.startsWith("# [cut") || t.equals("[cut]")) {
                w.info(no, "the capture was cut here", Tok.excerpt(t));
                return;
            }
            if (command(t)) return;
            if (t.startsWith("P2P Connectivity Matrix")) {
                close();
                pendingP2pTitle = true;
                return;
            }
            List<Tk> toks = null;
            if (mayBeHeader(line)) {
                toks = tokenize(line);
                Header h = header(toks);
                if (h != null) {
                    start(h, line, no);
                    return;
                }
            }
            if (tooMany) return;
            if (current != null && current.open) {
                String label = firstToken(line);
                if (current.h.index.containsKey(label) && current.rows.containsKey(label)) {
                    w.warn(no, "second row for " + label + " ignored", Tok.excerpt(line));
                    return;
                }
                if (row(current, toks == null ? tokenize(line) : toks, line, no)) return;
                if (!isDecoration(t)) close();
                else return;
            }
            legend(t, no);
        }

        void close() {
            if (current != null) current.open = false;
        }

        /** A {@code nvidia-smi topo ...} command line: remembers which matrix comes next. */
        boolean command(String t) {
            int at = t.indexOf("nvidia-smi");
            if (at < 0) return false;
            List<Tk> toks = tokenize(t.substring(at));
            int topo = -1;
            for (int i = 1; i < toks.size() && i < 4; i++) {
                if (toks.get(i).text.equals("topo")) {
                    topo = i;
                    break;
                }
            }
            if (topo < 0) return false;
            MatrixType type = null;
            for (int i = topo + 1; i < toks.size(); i++) {
                String a = toks.get(i).text;
                switch (a) {
                    case "-m", "--matrix" -> type = MatrixType.TOPOLOGY;
                    case "-mp", "--matrix_pci" -> type = MatrixType.TOPOLOGY_PCI;
                    case "-p2p", "--p2pstatus" -> type = p2p(i + 1 < toks.size() ? toks.get(i + 1).text : "");
                    default -> {
                        if (a.startsWith("--p2pstatus=")) type = p2p(a.substring("--p2pstatus=".length()));
                    }
                }
                if (type != null) break;
            }
            if (type == null) return false;
            close();
            pendingType = type;
            String cmd = t.substring(at);
            pendingCommand = cmd.length() > 120 ? cmd.substring(0, 120) : cmd;
            return true;
        }

        static MatrixType p2p(String cap) {
            return switch (cap) {
                case "r" -> MatrixType.P2P_READ;
                case "w" -> MatrixType.P2P_WRITE;
                case "n" -> MatrixType.P2P_NVLINK;
                case "a" -> MatrixType.P2P_ATOMICS;
                case "p" -> MatrixType.P2P_PROP;
                default -> MatrixType.P2P;
            };
        }

        void start(Header h, String line, int no) {
            close();
            if (tables.size() >= MAX_MATRICES || tooMany) {
                if (!tooMany) w.warn(no, "more than " + MAX_MATRICES + " matrices; the rest were not read", Tok.excerpt(line));
                tooMany = true;
                current = null;
                return;
            }
            Table tb = new Table(h, no);
            tb.type = pendingType;
            tb.command = pendingCommand;
            tb.p2pTitle = pendingP2pTitle;
            pendingType = null;
            pendingCommand = null;
            pendingP2pTitle = false;
            tables.add(tb);
            current = tb;
        }

        /** Reads one matrix row; false when the line is no row of {@code tb}. */
        boolean row(Table tb, List<Tk> toks, String line, int no) {
            if (toks.isEmpty()) return false;
            Tk first = toks.get(0);
            String label = first.text;
            Integer idx = tb.h.index.get(label);
            List<Tk> rest = new ArrayList<>(toks.subList(1, toks.size()));
            if (idx == null) {
                // A label glued to its first cell ("GPU0X", "NIC3PIX").
                for (int p = Math.min(label.length() - 1, 40); p >= 3 && idx == null; p--) {
                    Integer i = tb.h.index.get(label.substring(0, p));
                    if (i != null && split(label.substring(p)).rest == label.length() - p) {
                        idx = i;
                        rest.add(0, new Tk(label.substring(p), first.start + p, first.end, first.col + p));
                        label = label.substring(0, p);
                    }
                }
                if (idx == null) return false;
            }
            if (tb.rows.containsKey(label)) {
                w.warn(no, "second row for " + label + " ignored", Tok.excerpt(line));
                return true;
            }
            int n = tb.h.columns.size();
            String[] cellv = new String[n];
            int got = 0;
            int lastEnd = first.end;
            List<Tk> tail = new ArrayList<>();
            boolean glued = false;
            boolean overflow = false;
            int i = 0;
            for (; i < rest.size() && got < n; i++) {
                Tk tk = rest.get(i);
                if (isWord(tk.text)) {
                    cellv[got++] = canon(tk.text);
                    lastEnd = tk.end;
                    continue;
                }
                Split sp = split(tk.text);
                boolean restIsValue = sp.rest < tk.text.length() && startsValue(tk.text.substring(sp.rest));
                if (!sp.words.isEmpty() && (sp.rest == tk.text.length() || restIsValue)) {
                    glued = true;
                    for (String word : sp.words) {
                        if (got < n) cellv[got++] = word;
                        else overflow = true;
                    }
                    lastEnd = tk.start + sp.rest;
                    if (sp.rest < tk.text.length()) {
                        tail.add(new Tk(tk.text.substring(sp.rest), tk.start + sp.rest, tk.end, tk.col + sp.rest));
                        i++;
                        break;
                    }
                    continue;
                }
                if (isUnknownWord(tk.text)) {
                    cellv[got++] = tk.text;
                    lastEnd = tk.end;
                    continue;
                }
                break;
            }
            for (; i < rest.size(); i++) tail.add(rest.get(i));
            if (glued) w.info(no, "glued cells split into path words", Tok.excerpt(line));
            if (overflow) w.warn(no, "row " + label + " has more cells than the header has columns", Tok.excerpt(line));
            if (got < n) w.warn(no, "row " + label + " has " + got + " of " + n + " cells (cut?)", Tok.excerpt(line));
            if (cells + got > MAX_CELLS) {
                if (!tooMany) w.warn(no, "more than " + MAX_CELLS + " cells; the rest were not read", Tok.excerpt(line));
                tooMany = true;
                tb.open = false;
                return true;
            }
            cells += got;
            for (int c = 0; c < got; c++) {
                PathType pt = PathType.fromWord(cellv[c]);
                if (pt.isP2pStatus()) tb.p2pWords = true;
                else if (pt.isPath() && pt != PathType.X) tb.pathWords = true;
            }
            Row r = new Row(no, cellv);
            if (isGpuName(label) && !tb.h.affinity.isEmpty()) {
                affinity(tb, r, line, lastEnd, tail, glued, no);
            }
            tb.rows.put(label, r);
            return true;
        }

        /** Maps the cells after the matrix to the header's affinity columns. */
        void affinity(Table tb, Row r, String line, int lastEnd, List<Tk> tail, boolean glued, int no) {
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
                if (idx < f.size()) w.warn(no, "extra cells after the affinity columns ignored", Tok.excerpt(line));
            } else {
                List<Tk> t = new ArrayList<>();
                for (Tk tk : tail) t.addAll(splitNa(tk));
                if (t.size() < k) t = layoutSplit(tb.h, t, no, line);
                assign(tb.h, t, vals, no, line);
            }
            for (int j = 0; j < k; j++) {
                String v = vals[j] == null ? null : vals[j].strip();
                if (v == null || v.isEmpty() || v.equalsIgnoreCase("N/A")) continue;
                switch (cols.get(j)) {
                    case "CPU Affinity" -> {
                        r.cpu = v;
                        if (!Tok.isCpuList(v)) w.warn(no, "CPU Affinity '" + v + "' is not a CPU list", Tok.excerpt(line));
                    }
                    case "NUMA Affinity" -> {
                        r.numa = v;
                        if (!Tok.isCpuList(v)) w.warn(no, "NUMA Affinity '" + v + "' is not a node list", Tok.excerpt(line));
                    }
                    case "GPU NUMA ID" -> {
                        r.gpuNumaId = Tok.integer(v);
                        if (r.gpuNumaId == null) w.warn(no, "GPU NUMA ID '" + v + "' is not a number", Tok.excerpt(line));
                    }
                    default -> { }
                }
            }
        }

        /** Splits a cell whose GPU NUMA ID is glued on ({@code 0N/A}). */
        static List<Tk> splitNa(Tk tk) {
            String s = tk.text;
            if (s.length() > 3 && s.endsWith("N/A") && Character.isDigit(s.charAt(s.length() - 4))) {
                int p = s.length() - 3;
                return List.of(new Tk(s.substring(0, p), tk.start, tk.start + p, tk.col),
                        new Tk("N/A", tk.start + p, tk.end, tk.col + p));
            }
            return List.of(tk);
        }

        /**
         * Too few cells: a cell that runs across the start of the next header column holds two glued
         * values ({@code 0-45,92-1370} under {@code CPU Affinity} and {@code NUMA Affinity}). Split it
         * there when both halves read as what their columns hold.
         */
        List<Tk> layoutSplit(Header h, List<Tk> t, int no, String line) {
            int k = h.affinity.size();
            List<Tk> out = new ArrayList<>(t);
            boolean changed = true;
            while (out.size() < k && changed) {
                changed = false;
                for (int i = 0; i < out.size() && !changed; i++) {
                    Tk tk = out.get(i);
                    for (int j = 1; j < k && !changed; j++) {
                        int b = h.affCol[j];
                        if (tk.col < b && b < tk.endCol()) {
                            int p = b - tk.col;
                            String a = tk.text.substring(0, p);
                            String c = tk.text.substring(p);
                            if (plausible(h.affinity.get(j - 1), a) && plausible(h.affinity.get(j), c)) {
                                out.set(i, new Tk(a, tk.start, tk.start + p, tk.col));
                                out.add(i + 1, new Tk(c, tk.start + p, tk.end, b));
                                w.info(no, "glued affinity cells split at the header's column layout: " + a + " | " + c, Tok.excerpt(line));
                                changed = true;
                            }
                        }
                    }
                }
            }
            return out;
        }

        static boolean plausible(String column, String v) {
            return switch (column) {
                case "CPU Affinity", "NUMA Affinity" -> Tok.isCpuList(v) || v.equals("N/A");
                case "GPU NUMA ID" -> Tok.integer(v) != null || v.equals("N/A");
                default -> true;
            };
        }

        /** Space-separated cells to affinity columns: by order, and by position where some are blank. */
        void assign(Header h, List<Tk> t, String[] vals, int no, String line) {
            int k = h.affinity.size();
            if (t.size() >= k) {
                for (int j = 0; j < k; j++) vals[j] = t.get(j).text;
                if (t.size() > k) w.warn(no, "extra cells after the affinity columns ignored", Tok.excerpt(line));
                return;
            }
            if (t.isEmpty()) return;
            List<Tk> left = new ArrayList<>(t);
            int cols = k;
            // nvidia-smi always prints the GPU NUMA ID (N/A or a number): a last N/A is that column.
            if (h.affinity.get(k - 1).equals("GPU NUMA ID") && left.get(left.size() - 1).text.equals("N/A")) {
                vals[k - 1] = "N/A";
                left.remove(left.size() - 1);
                cols = k - 1;
            }
            if (left.size() >= cols) {
                for (int j = 0; j < cols; j++) vals[j] = left.get(j).text;
                return;
            }
            // Blank cells: place each value in the column whose header starts nearest to it.
            int j = 0;
            for (int i = 0; i < left.size(); i++) {
                Tk tk = left.get(i);
                int maxJ = cols - (left.size() - i);
                int best = j;
                for (int c = j; c <= maxJ; c++) {
                    if (Math.abs(tk.col - h.affCol[c]) < Math.abs(tk.col - h.affCol[best])) best = c;
                }
                vals[best] = tk.text;
                j = best + 1;
            }
            w.info(no, "blank affinity cells; values placed by column position", Tok.excerpt(line));
        }

        void legend(String t, int no) {
            Matcher m = NIC_LEGEND.matcher(t);
            if (m.lookingAt()) {
                String nic = m.group(1);
                String dev = m.group(2);
                Table tb = tableWith(nic);
                if (tb == null) return;
                if (dev.isEmpty()) {
                    pendingNic = nic;
                    pendingNicTable = tb;
                    return;
                }
                tb.nicDevice.put(nic, dev);
                tb.nicLegendLine.put(nic, no);
                pendingNic = null;
                return;
            }
            if (pendingNic != null) {
                // "NIC0:" wrapped, its device on the next line.
                if (t.indexOf(':') < 0 && t.indexOf('=') < 0 && t.indexOf(' ') < 0) {
                    pendingNicTable.nicDevice.put(pendingNic, t);
                    pendingNicTable.nicLegendLine.put(pendingNic, no);
                }
                pendingNic = null;
            }
            Table last = tables.isEmpty() ? null : tables.get(tables.size() - 1);
            if (last == null) return;
            int eq = t.indexOf('=');
            if (eq > 0) {
                String key = t.substring(0, eq).strip();
                switch (key) {
                    case "OK", "CNS", "GNS", "TNS", "NS", "DR", "U" -> last.legendP2p = true;
                    case "NV#", "SYS", "NODE", "PHB", "PXB", "PIX", "SOC", "PSB" -> last.legendTopo = true;
                    default -> { }
                }
            }
        }

        Table tableWith(String nic) {
            for (int i = tables.size() - 1; i >= 0; i--) {
                if (tables.get(i).h.index.containsKey(nic)) return tables.get(i);
            }
            return null;
        }

        Topology finish() {
            List<Table> found = new ArrayList<>();
            for (Table tb : tables) {
                if (tb.rows.isEmpty()) {
                    w.warn(tb.line, "matrix header without rows", "");
                } else {
                    found.add(tb);
                }
            }
            if (found.isEmpty()) {
                w.error(0, "no topo content found", "");
                return Topology.empty();
            }
            Table primary = null;
            for (Table tb : found) {
                MatrixType t = type(tb);
                if (!t.isP2p() && primary == null) primary = tb;
            }
            if (primary == null) primary = found.get(0);
            List<TopoMatrix> others = new ArrayList<>();
            for (Table tb : found) {
                if (tb == primary) continue;
                if (!type(tb).isP2p()) {
                    w.info(tb.line, "more than one topology matrix; the first is the primary one", "");
                }
                others.add(new TopoMatrix(type(tb), tb.command, tb.line, tb.h.columns, matrix(tb)));
            }
            return build(primary, others);
        }

        MatrixType type(Table tb) {
            if (tb.resolved != null) return tb.resolved;
            MatrixType byContent = null;
            if (tb.p2pWords || tb.legendP2p || tb.p2pTitle) byContent = MatrixType.P2P;
            else if (tb.pathWords || !tb.h.affinity.isEmpty() || tb.legendTopo) byContent = MatrixType.TOPOLOGY;
            MatrixType t = tb.type;
            if (t == null) {
                t = byContent == null ? MatrixType.UNKNOWN : byContent;
            } else if (byContent != null && byContent.isP2p() != t.isP2p()) {
                w.warn(tb.line, "the command says " + t + " but the cells read as " + byContent, "");
                t = byContent;
            }
            tb.resolved = t;
            return t;
        }

        Map<String, Map<String, String>> matrix(Table tb) {
            Map<String, Map<String, String>> m = new LinkedHashMap<>();
            List<String> cols = tb.h.columns;
            for (String rowName : cols) {
                Row r = tb.rows.get(rowName);
                if (r == null) continue;
                Map<String, String> cellMap = new LinkedHashMap<>();
                for (int c = 0; c < cols.size(); c++) {
                    if (r.cells[c] != null) cellMap.put(cols.get(c), r.cells[c]);
                }
                m.put(rowName, cellMap);
            }
            return m;
        }

        /**
         * A CPU Affinity cell that swallowed the NUMA Affinity after it ({@code 0-45,92-1370} with the NUMA
         * cell blank) is split where another row of the same matrix printed that CPU list on its own
         * and the rest is a NUMA node some row printed.
         */
        void unglueAffinity(Table tb) {
            if (!tb.h.affinity.contains("NUMA Affinity")) return;
            for (Map.Entry<String, Row> e : tb.rows.entrySet()) {
                Row r = e.getValue();
                if (r.cpu == null || r.numa != null) continue;
                for (Row o : tb.rows.values()) {
                    if (o == r || o.cpu == null || o.numa == null) continue;
                    if (r.cpu.length() > o.cpu.length() && r.cpu.startsWith(o.cpu)) {
                        String numa = r.cpu.substring(o.cpu.length());
                        if (numaSeen(tb, numa)) {
                            w.info(r.line, "glued affinity cells split as in the row of another GPU: " + o.cpu + " | " + numa, "");
                            r.cpu = o.cpu;
                            r.numa = numa;
                            break;
                        }
                    }
                }
            }
        }

        private static boolean numaSeen(Table tb, String numa) {
            for (Row o : tb.rows.values()) {
                if (numa.equals(o.numa)) return true;
            }
            return false;
        }

        Topology build(Table tb, List<TopoMatrix> others) {
            unglueAffinity(tb);
            List<TopoGpu> gpus = new ArrayList<>();
            List<TopoNic> nics = new ArrayList<>();
            List<String> missingRows = new ArrayList<>();
            List<String> noLegend = new ArrayList<>();
            boolean anyNicK = false;
            for (String c : tb.h.columns) {
                Row r = tb.rows.get(c);
                if (r == null) missingRows.add(c);
                int line = r == null ? tb.line : r.line;
                if (isGpuName(c)) {
                    gpus.add(new TopoGpu(c, Tok.integer(c.substring(3)), r == null ? null : r.cpu, r == null ? null : r.numa,
                            r == null ? null : r.gpuNumaId, line));
                } else {
                    boolean nicK = isNicK(c);
                    anyNicK |= nicK;
                    String dev = tb.nicDevice.get(c);
                    if (dev == null && !nicK) dev = c;
                    if (dev == null) noLegend.add(c);
                    nics.add(new TopoNic(c, dev, line, tb.nicLegendLine.get(c)));
                }
            }
            if (!missingRows.isEmpty()) {
                w.warn(tb.line, "no row for " + String.join(", ", missingRows) + " (cut capture?)", "");
            }
            if (anyNicK && !noLegend.isEmpty()) {
                w.info(tb.line, (noLegend.size() == nics.size() ? "no NIC Legend" : "the NIC Legend lacks " + String.join(", ", noLegend))
                        + ": device names unknown", "");
            }
            return new Topology(type(tb), tb.command, tb.line, gpus, nics, tb.h.affinity, matrix(tb), others);
        }
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
                    for (Tk tk : tokenize(f)) {
                        for (Tk piece : Run.splitNa(tk)) out.add(piece.text);
                    }
                }
                start = i + 1;
            }
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }

    /** One matrix being read. */
    private static final class Table {
        final Header h;
        final int line;
        final Map<String, Row> rows = new HashMap<>();
        final Map<String, String> nicDevice = new HashMap<>();
        final Map<String, Integer> nicLegendLine = new HashMap<>();
        MatrixType type;
        MatrixType resolved;
        String command;
        boolean open = true;
        boolean p2pTitle;
        boolean p2pWords;
        boolean pathWords;
        boolean legendP2p;
        boolean legendTopo;

        Table(Header h, int line) {
            this.h = h;
            this.line = line;
        }
    }

    /** One row's cells and affinity. */
    private static final class Row {
        final int line;
        final String[] cells;
        String cpu;
        String numa;
        Integer gpuNumaId;

        Row(int line, String[] cells) {
            this.line = line;
            this.cells = cells;
        }
    }

    /** A header line: device columns, then affinity columns with their display positions. */
    private static final class Header {
        final List<String> columns = new ArrayList<>();
        final Map<String, Integer> index = new HashMap<>();
        final List<String> affinity = new ArrayList<>();
        int[] affCol = new int[0];
    }

    /**
     * Reads a header: optional prefix ending in ':', then {@code GPU0...}, then NIC columns ({@code NICk},
     * {@code mlx5_0}...), then {@code CPU Affinity}, {@code NUMA Affinity}, {@code GPU NUMA ID}. Null when
     * the line is no header.
     */
    static Header header(List<Tk> toks) {
        int start = -1;
        for (int i = 0; i < toks.size() && i < 6; i++) {
            String s = toks.get(i).text;
            if (s.startsWith("GPU") && s.length() > 3 && Character.isDigit(s.charAt(3))) {
                start = i;
                break;
            }
        }
        if (start < 0 || start > 0 && !toks.get(start - 1).text.endsWith(":")) return null;
        Header h = new Header();
        List<Tk> t = new ArrayList<>();
        for (int i = start; i < toks.size(); i++) {
            Tk tk = toks.get(i);
            List<String> parts = splitDeviceGlue(tk.text);
            if (tk.text.startsWith("Affinity") && tk.text.length() > 8) parts = List.of("Affinity", tk.text.substring(8));
            if (parts.size() < 2) {
                t.add(tk);
            } else {
                int off = 0;
                for (String p : parts) {
                    t.add(new Tk(p, tk.start + off, tk.start + off + p.length(), tk.col + off));
                    off += p.length();
                }
            }
        }
        int k = 0;
        boolean sawNic = false;
        List<Integer> affCol = new ArrayList<>();
        while (k < t.size()) {
            String s = t.get(k).text;
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
            String s = t.get(k).text;
            String n1 = k + 1 < t.size() ? t.get(k + 1).text : "";
            String n2 = k + 2 < t.size() ? t.get(k + 2).text : "";
            if (s.equals("CPU") && n1.equals("Affinity")) {
                h.affinity.add("CPU Affinity");
                affCol.add(t.get(k).col);
                k += 2;
            } else if (s.equals("NUMA") && n1.equals("Affinity")) {
                h.affinity.add("NUMA Affinity");
                affCol.add(t.get(k).col);
                k += 2;
            } else if (s.equals("GPU") && n1.equals("NUMA") && n2.equals("ID")) {
                h.affinity.add("GPU NUMA ID");
                affCol.add(t.get(k).col);
                k += 3;
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

    /** The first whitespace-separated token of a line; empty for a blank line. */
    static String firstToken(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && isSep(line.charAt(i))) i++;
        int s = i;
        while (i < n && !isSep(line.charAt(i))) i++;
        return line.substring(s, i);
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

    /** A known cell word: {@code X}, {@code NVn}, {@code PIX}... {@code SYS}, or a p2p status word. */
    static boolean isWord(String s) {
        if (PathType.isNvWord(s)) return true;
        for (String w : WORDS) {
            if (w.equals(s)) return true;
        }
        return false;
    }

    /** The shared instance of a known word (cells repeat a few words many times). */
    private static String canon(String s) {
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
    private static boolean startsValue(String s) {
        return !s.isEmpty() && (Character.isDigit(s.charAt(0)) || s.startsWith("N/A"));
    }

    /** Known words at the start of a glued cell, and where the rest begins. */
    record Split(List<String> words, int rest) {
    }

    static Split split(String s) {
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
        return new Split(words, i);
    }

    /** A line of only table decoration ({@code +----+----+}, {@code ====}). */
    static boolean isDecoration(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!(c == '-' || c == '+' || c == '=' || c == '|' || c == ' ' || c == '\t')) return false;
        }
        return true;
    }

    /** A token: text, char offsets in the line, and display column (tabs to multiples of 8). */
    record Tk(String text, int start, int end, int col) {
        int endCol() {
            return col + (end - start);
        }
    }

    static boolean isSep(char c) {
        return c == ' ' || c == '\t' || c == '|' || c == '\u00a0' || Character.isWhitespace(c);
    }

    static List<Tk> tokenize(String line) {
        List<Tk> out = new ArrayList<>();
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
            out.add(new Tk(line.substring(s, i), s, i, sc));
        }
        return out;
    }
}
