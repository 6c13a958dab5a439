package io.ncclscope.parsers.topo;

import static io.ncclscope.parsers.topo.MatrixHeader.isGpuName;
import static io.ncclscope.parsers.topo.MatrixHeader.isNicK;
import static io.ncclscope.parsers.topo.MatrixHeader.mayBeHeader;
import static io.ncclscope.parsers.topo.TopoParser.MAX_MATRICES;
import static io.ncclscope.parsers.topo.TopoParser.clean;
import static io.ncclscope.parsers.topo.TopoTokens.firstToken;
import static io.ncclscope.parsers.topo.TopoTokens.isDecoration;
import static io.ncclscope.parsers.topo.TopoTokens.tokenize;

import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parse of one {@code nvidia-smi topo} input: the echoed command ({@code nvidia-smi topo -m}, {@code -p2p r}...)
 * that says which matrix follows, each matrix's header ({@link MatrixHeader}) and rows ({@link MatrixRowReader}),
 * and the legend after it ({@code X    = Self}, {@code NIC Legend: NIC0: mlx5_0}). The first topology matrix is the
 * primary one; the others (p2p matrices, a second topology) are kept beside it.
 */
final class TopoReader {

    private static final Pattern NIC_LEGEND = Pattern.compile("(NIC\\d{1,4})\\s*:\\s*(\\S*)");

    private final Warnings w;
    private final CellBudget limits = new CellBudget();
    private final MatrixRowReader rows;
    private final List<MatrixTable> tables = new ArrayList<>();
    /** The matrix whose rows are being read; null before the first header. */
    private MatrixTable current;
    private MatrixType pendingType;
    private String pendingCommand;
    private boolean pendingP2pTitle;
    /** A {@code NIC0:} legend entry whose device is on the next line, and its matrix. */
    private String pendingNic;
    private MatrixTable pendingNicTable;

    TopoReader(Warnings w) {
        this.w = w;
        this.rows = new MatrixRowReader(w, limits);
    }

    void line(String raw, int no) {
        String line = clean(raw);
        String t = line.strip();
        if (t.isEmpty()) return;
        if (t.startsWith("# [cut") || t.equals("[cut]")) {
            w.info(no, "the capture was cut here", ToolValues.excerpt(t));
            return;
        }
        if (command(t)) return;
        if (t.startsWith("P2P Connectivity Matrix")) {
            close();
            pendingP2pTitle = true;
            return;
        }
        List<LineToken> toks = null;
        if (mayBeHeader(line)) {
            toks = tokenize(line);
            MatrixHeader h = MatrixHeader.read(toks);
            if (h != null) {
                start(h, line, no);
                return;
            }
        }
        if (limits.reached) return;
        if (current != null && current.open) {
            String label = firstToken(line);
            if (current.h.index.containsKey(label) && current.rows.containsKey(label)) {
                w.warn(no, "second row for " + label + " ignored", ToolValues.excerpt(line));
                return;
            }
            if (rows.row(current, toks == null ? tokenize(line) : toks, line, no)) return;
            if (!isDecoration(t)) close();
            else return;
        }
        legend(t, no);
    }

    private void close() {
        if (current != null) current.open = false;
    }

    /** A {@code nvidia-smi topo ...} command line: remembers which matrix comes next. */
    private boolean command(String t) {
        int at = t.indexOf("nvidia-smi");
        if (at < 0) return false;
        List<LineToken> toks = tokenize(t.substring(at));
        int topo = -1;
        for (int i = 1; i < toks.size() && i < 4; i++) {
            if (toks.get(i).text().equals("topo")) {
                topo = i;
                break;
            }
        }
        if (topo < 0) return false;
        MatrixType type = null;
        for (int i = topo + 1; i < toks.size(); i++) {
            String a = toks.get(i).text();
            switch (a) {
                case "-m", "--matrix" -> type = MatrixType.TOPOLOGY;
                case "-mp", "--matrix_pci" -> type = MatrixType.TOPOLOGY_PCI;
                case "-p2p", "--p2pstatus" -> type = p2p(i + 1 < toks.size() ? toks.get(i + 1).text() : "");
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

    private static MatrixType p2p(String cap) {
        return switch (cap) {
            case "r" -> MatrixType.P2P_READ;
            case "w" -> MatrixType.P2P_WRITE;
            case "n" -> MatrixType.P2P_NVLINK;
            case "a" -> MatrixType.P2P_ATOMICS;
            case "p" -> MatrixType.P2P_PROP;
            default -> MatrixType.P2P;
        };
    }

    private void start(MatrixHeader h, String line, int no) {
        close();
        if (tables.size() >= MAX_MATRICES || limits.reached) {
            if (!limits.reached) w.warn(no, "more than " + MAX_MATRICES + " matrices; the rest were not read", ToolValues.excerpt(line));
            limits.reached = true;
            current = null;
            return;
        }
        MatrixTable tb = new MatrixTable(h, no);
        tb.type = pendingType;
        tb.command = pendingCommand;
        tb.p2pTitle = pendingP2pTitle;
        pendingType = null;
        pendingCommand = null;
        pendingP2pTitle = false;
        tables.add(tb);
        current = tb;
    }

    private void legend(String t, int no) {
        Matcher m = NIC_LEGEND.matcher(t);
        if (m.lookingAt()) {
            String nic = m.group(1);
            String dev = m.group(2);
            MatrixTable tb = tableWith(nic);
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
        MatrixTable last = tables.isEmpty() ? null : tables.get(tables.size() - 1);
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

    private MatrixTable tableWith(String nic) {
        for (int i = tables.size() - 1; i >= 0; i--) {
            if (tables.get(i).h.index.containsKey(nic)) return tables.get(i);
        }
        return null;
    }

    Topology finish() {
        List<MatrixTable> found = new ArrayList<>();
        for (MatrixTable tb : tables) {
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
        MatrixTable primary = null;
        for (MatrixTable tb : found) {
            MatrixType t = type(tb);
            if (!t.isP2p() && primary == null) primary = tb;
        }
        if (primary == null) primary = found.get(0);
        List<TopoMatrix> others = new ArrayList<>();
        for (MatrixTable tb : found) {
            if (tb == primary) continue;
            if (!type(tb).isP2p()) {
                w.info(tb.line, "more than one topology matrix; the first is the primary one", "");
            }
            others.add(new TopoMatrix(type(tb), tb.command, tb.line, tb.h.columns, matrix(tb)));
        }
        return build(primary, others);
    }

    private MatrixType type(MatrixTable tb) {
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

    private static Map<String, Map<String, String>> matrix(MatrixTable tb) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        List<String> cols = tb.h.columns;
        for (String rowName : cols) {
            MatrixRow r = tb.rows.get(rowName);
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
    private void unglueAffinity(MatrixTable tb) {
        if (!tb.h.affinity.contains("NUMA Affinity")) return;
        for (Map.Entry<String, MatrixRow> e : tb.rows.entrySet()) {
            MatrixRow r = e.getValue();
            if (r.cpu == null || r.numa != null) continue;
            for (MatrixRow o : tb.rows.values()) {
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

    private static boolean numaSeen(MatrixTable tb, String numa) {
        for (MatrixRow o : tb.rows.values()) {
            if (numa.equals(o.numa)) return true;
        }
        return false;
    }

    private Topology build(MatrixTable tb, List<TopoMatrix> others) {
        unglueAffinity(tb);
        List<TopoGpu> gpus = new ArrayList<>();
        List<TopoNic> nics = new ArrayList<>();
        List<String> missingRows = new ArrayList<>();
        List<String> noLegend = new ArrayList<>();
        boolean anyNicK = false;
        for (String c : tb.h.columns) {
            MatrixRow r = tb.rows.get(c);
            if (r == null) missingRows.add(c);
            int line = r == null ? tb.line : r.line;
            if (isGpuName(c)) {
                gpus.add(new TopoGpu(c, ToolValues.integer(c.substring(3)), r == null ? null : r.cpu, r == null ? null : r.numa,
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
