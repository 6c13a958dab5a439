package io.ncclscope.parsers.numa;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the output of {@code numactl -H} ({@code numactl --hardware}, also with {@code --cpu-compress})
 * and of {@code lscpu} (old flat and new indented layouts): NUMA nodes with their CPUs and memory,
 * the distance matrix, and lscpu's CPU model and socket/core/thread counts.
 *
 * <p>CPU lists come as {@code 0 1 2 3}, {@code 0-15 (16)} (numactl {@code --cpu-compress}, corpus
 * numactl/ktransformers-797-1.txt) or {@code 0-31,64-95} (lscpu); interleaved numbering
 * ({@code 0,2,4,...}) and CPU-less nodes are kept as printed. At most {@value #MAX_NODES} nodes and
 * {@value #MAX_TOTAL_CPUS} CPUs in all are kept.
 */
public final class NumactlParser implements ToolParser<NumaTopology> {

    /** Most nodes kept (Linux allows at most 1024). */
    public static final int MAX_NODES = 1024;

    /** Most CPUs kept over all nodes. */
    public static final int MAX_TOTAL_CPUS = 1 << 17;

    private static final Set<String> LSCPU_KEYS = Set.of("Architecture", "CPU op-mode(s)", "Byte Order", "CPU(s)",
            "On-line CPU(s) list", "Vendor ID", "Model name", "Thread(s) per core", "Core(s) per socket", "Socket(s)",
            "NUMA node(s)", "CPU family", "Address sizes", "BogoMIPS", "Flags");

    @Override
    public Kind kind() {
        return Kind.NUMACTL;
    }

    @Override
    public int sniff(CharSequence head) {
        boolean numactl = false;
        boolean numactlNode = false;
        boolean arch = false;
        boolean cpus = false;
        boolean numaLine = false;
        int lscpuKeys = 0;
        String h = head.toString();
        // Every score above 0 needs a line that starts with one of these (lscpu's CPU(s): only beside its other keys).
        if (!HeadLines.headContainsAny(h, "available:", "node distances:", "No NUMA available on this system", "node ",
                "Architecture:", "NUMA node", "Thread(s) per core:", "Core(s) per socket:", "Socket(s):")) {
            return 0;
        }
        HeadLines t = new HeadLines(h, 200);
        int lines = 0;
        while (lines < 2000 && t.next()) {
            if (t.startsWith("available:") && t.contains(" node")) {
                numactl = true;
            } else if (t.is("node distances:") || t.startsWith("No NUMA available on this system")) {
                numactl = true;
            } else if (t.startsWith("node ") && (t.contains(" cpus:") || t.contains(" size:") || t.contains(" free:"))) {
                numactlNode = true;
            } else if (t.startsWith("Architecture:")) {
                arch = true;
            } else if (t.startsWith("CPU(s):")) {
                cpus = true;
            } else if (t.startsWith("NUMA node(s):") || (t.startsWith("NUMA node") && t.contains(" CPU(s):"))) {
                numaLine = true;
            } else if (t.startsWith("Thread(s) per core:") || t.startsWith("Core(s) per socket:") || t.startsWith("Socket(s):")) {
                lscpuKeys++;
            }
            lines++;
        }
        if (numactl) return 95;
        if (arch && cpus) return 85;
        if (numaLine) return 85;
        if (numactlNode) return 80;
        if (lscpuKeys >= 2 || (cpus && lscpuKeys > 0)) return 60;
        return 0;
    }

    /** Mutable node while parsing. */
    private static final class NodeFacts {
        final int id;
        int line;
        List<Integer> cpus = List.of();
        boolean cpusSeen;
        Long size;
        Long free;

        NodeFacts(int id, int line) {
            this.id = id;
            this.line = line;
        }
    }

    /** Parse state shared by the line handlers. */
    private static final class NumactlReader {
        final Warnings w;
        final TreeMap<Integer, NodeFacts> nodes = new TreeMap<>();
        int totalCpus;
        boolean numactl;
        boolean lscpu;
        Integer nodeCount;
        Integer lscpuNodeCount;
        int distanceMode; // 0 off, 1 expecting header, 2 in rows
        final List<Integer> distanceNodes = new ArrayList<>();
        final List<List<Integer>> distances = new ArrayList<>();
        String architecture;
        String modelName;
        Integer cpuCount;
        String online;
        Integer sockets;
        Integer coresPerSocket;
        Integer threadsPerCore;

        NumactlReader(Warnings w) {
            this.w = w;
        }

        /** The node with {@code id}, made on first use; null (with a warning) past the limits. */
        NodeFacts node(int id, int ln, String t) {
            NodeFacts n = nodes.get(id);
            if (n != null) return n;
            if (id < 0 || nodes.size() >= MAX_NODES) {
                w.warn(ln, "more than " + MAX_NODES + " NUMA nodes or a bad node number; ignored", ToolValues.excerpt(t));
                return null;
            }
            n = new NodeFacts(id, ln);
            nodes.put(id, n);
            return n;
        }

        /** Sets a node's CPUs from {@code list}, keeping the total bounded; false when unreadable. */
        boolean setCpus(NodeFacts n, String list, int ln, String t) {
            String v = list.strip();
            // numactl --cpu-compress appends the count: "0-15 (16)".
            int paren = v.lastIndexOf('(');
            if (paren >= 0 && v.endsWith(")") && ToolValues.integer(v.substring(paren + 1, v.length() - 1)) != null) {
                v = v.substring(0, paren).strip();
            }
            List<Integer> cpus = ToolValues.cpuList(v);
            if (cpus.isEmpty() && !v.isEmpty()) {
                w.warn(ln, "unreadable CPU list for node " + n.id, ToolValues.excerpt(t));
                return false;
            }
            if (totalCpus + cpus.size() > MAX_TOTAL_CPUS) {
                w.warn(ln, "more than " + MAX_TOTAL_CPUS + " CPUs in all; node " + n.id + " CPUs dropped", ToolValues.excerpt(t));
                return false;
            }
            totalCpus += cpus.size() - n.cpus.size();
            n.cpus = cpus;
            n.cpusSeen = true;
            n.line = ln;
            return true;
        }
    }

    @Override
    public ParseResult<NumaTopology> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        NumactlReader st = new NumactlReader(w);
        String raw;
        while ((raw = src.next()) != null) {
            int ln = src.lineNumber();
            // Tabs stand for spaces in re-typed pastes ("node\t0\tcpus:"); no value of either tool holds one.
            String t = raw.replace('\t', ' ').strip();
            if (t.isEmpty() || Paste.isNoise(t)) continue;
            if (st.distanceMode > 0 && distanceLine(st, t, ln)) continue;
            st.distanceMode = 0;
            if (numactlLine(st, t, ln)) continue;
            lscpuLine(st, t, ln);
        }
        NumaSource source = st.numactl ? NumaSource.NUMACTL : st.lscpu ? NumaSource.LSCPU : NumaSource.UNKNOWN;
        if (source == NumaSource.UNKNOWN) {
            w.error(0, "no numactl content found", "");
        }
        List<NumaNode> nodes = new ArrayList<>(st.nodes.size());
        for (NodeFacts n : st.nodes.values()) {
            nodes.add(new NumaNode(n.id, n.cpus, compact(n.cpus), n.size, n.free, n.line));
        }
        Integer nodeCount = st.nodeCount != null ? st.nodeCount : st.lscpuNodeCount;
        if (nodeCount != null && !nodes.isEmpty() && nodeCount != nodes.size()) {
            w.warn(0, "tool announced " + nodeCount + " NUMA nodes but " + nodes.size() + " were listed", "");
        }
        List<Integer> dn = st.distanceNodes;
        List<List<Integer>> dist = st.distances;
        if (!dist.isEmpty() && dn.isEmpty()) {
            w.warn(0, "distance rows without a header line; matrix dropped", "");
            dist = List.of();
        }
        NumaTopology data = new NumaTopology(source, nodeCount, nodes, dn, dist, st.architecture, st.modelName,
                st.cpuCount, st.online, st.sockets, st.coresPerSocket, st.threadsPerCore);
        return new ParseResult<>(kind(), data, w.toList());
    }

    /** {@code node   0   1} and {@code   0:  10  32}; false when the line is neither. */
    private static boolean distanceLine(NumactlReader st, String t, int ln) {
        if (t.startsWith("node") && (t.length() == 4 || Whitespace.is(t.charAt(4)))) {
            List<Integer> ids = ints(t.substring(4));
            if (ids == null) return false;
            st.distanceNodes.clear();
            st.distances.clear();
            if (ids.size() > MAX_NODES) {
                st.w.warn(ln, "distance matrix wider than " + MAX_NODES + " nodes; cut", ToolValues.excerpt(t));
                ids = ids.subList(0, MAX_NODES);
            }
            st.distanceNodes.addAll(ids);
            st.distanceMode = 2;
            return true;
        }
        int colon = t.indexOf(':');
        if (colon <= 0 || st.distanceMode != 2) return false;
        Integer id = ToolValues.integer(t.substring(0, colon));
        List<Integer> row = ints(t.substring(colon + 1));
        if (id == null || row == null) return false;
        int k = st.distances.size();
        if (k >= st.distanceNodes.size()) {
            st.w.warn(ln, "more distance rows than header columns; row ignored", ToolValues.excerpt(t));
            return true;
        }
        if (!id.equals(st.distanceNodes.get(k))) {
            st.w.warn(ln, "distance row for node " + id + " where node " + st.distanceNodes.get(k) + " was expected", ToolValues.excerpt(t));
        }
        if (row.size() != st.distanceNodes.size()) {
            st.w.warn(ln, "distance row has " + row.size() + " values for " + st.distanceNodes.size() + " nodes", ToolValues.excerpt(t));
            if (row.size() > st.distanceNodes.size()) row = row.subList(0, st.distanceNodes.size());
        }
        st.distances.add(new ArrayList<>(row));
        return true;
    }

    /** Whitespace-separated non-negative integers; null when any token is not one (empty text gives an empty list). */
    private static List<Integer> ints(String s) {
        List<Integer> out = new ArrayList<>();
        for (String tok : words(s)) {
            Integer v = ToolValues.integer(tok);
            if (v == null || v < 0 || out.size() > MAX_NODES) return null;
            out.add(v);
        }
        return out;
    }

    /** Space-separated words (tabs were turned into spaces), without a regex. */
    private static String[] words(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            while (i < n && s.charAt(i) == ' ') i++;
            int j = i;
            while (j < n && s.charAt(j) != ' ') j++;
            if (j > i) out.add(s.substring(i, j));
            i = j;
        }
        return out.toArray(new String[0]);
    }

    /** The numactl lines; false when the line is not one. */
    private static boolean numactlLine(NumactlReader st, String t, int ln) {
        if (t.startsWith("available:")) {
            // available: 2 nodes (0-1)
            String rest = t.substring(10).strip();
            int sp = rest.indexOf(' ');
            Integer count = ToolValues.integer(sp < 0 ? rest : rest.substring(0, sp));
            if (count == null || !rest.contains("node")) {
                st.w.warn(ln, "unreadable numactl 'available:' line", ToolValues.excerpt(t));
            } else {
                st.nodeCount = count;
            }
            st.numactl = true;
            return true;
        }
        if (t.equals("node distances:")) {
            st.numactl = true;
            st.distanceMode = 1;
            return true;
        }
        if (t.startsWith("No NUMA available")) {
            st.numactl = true;
            st.w.info(ln, "numactl reports no NUMA on this system", ToolValues.excerpt(t));
            return true;
        }
        if (!t.startsWith("node ")) return false;
        // node 0 cpus: 0 1 2 / node 0 size: 193129 MB / node 0 free: 186031 MB
        int colon = t.indexOf(':');
        String[] head = colon < 0 ? new String[0] : words(t.substring(5, colon));
        Integer id = head.length == 2 ? ToolValues.integer(head[0]) : null;
        if (id == null) {
            st.w.warn(ln, "unrecognised numactl node line", ToolValues.excerpt(t));
            return true;
        }
        st.numactl = true;
        String value = t.substring(colon + 1).strip();
        NodeFacts n = st.node(id, ln, t);
        if (n == null) return true;
        switch (head[1]) {
            case "cpus" -> st.setCpus(n, value, ln, t);
            case "size" -> n.size = megabytes(st, value, ln, t);
            case "free" -> n.free = megabytes(st, value, ln, t);
            default -> st.w.warn(ln, "unrecognised numactl node line", ToolValues.excerpt(t));
        }
        return true;
    }

    /** {@code 193129 MB}; numactl always prints MB, other units are converted. */
    private static Long megabytes(NumactlReader st, String value, int ln, String t) {
        String[] parts = words(value);
        Long v = parts.length == 0 ? null : ToolValues.longValue(parts[0]);
        String unit = parts.length > 1 ? parts[1].toUpperCase(Locale.ROOT) : "MB";
        if (v != null) {
            switch (unit) {
                case "MB", "MIB" -> {
                    return v;
                }
                case "KB", "KIB" -> {
                    return v / 1024;
                }
                case "GB", "GIB" -> {
                    return v * 1024;
                }
                default -> {
                }
            }
        }
        st.w.warn(ln, "unreadable memory size", ToolValues.excerpt(t));
        return null;
    }

    /** lscpu {@code Key: value} lines, flat or indented; other lines are prose. */
    private static void lscpuLine(NumactlReader st, String t, int ln) {
        int colon = t.indexOf(':');
        if (colon <= 0) {
            st.w.info(ln, "not numactl or lscpu output; skipped", ToolValues.excerpt(t));
            return;
        }
        String key = t.substring(0, colon).strip();
        String value = t.substring(colon + 1).strip();
        if (key.startsWith("NUMA node") && key.endsWith(" CPU(s)")) {
            Integer id = ToolValues.integer(key.substring(9, key.length() - 7));
            if (id == null) {
                st.w.warn(ln, "unreadable lscpu NUMA node line", ToolValues.excerpt(t));
                return;
            }
            st.lscpu = true;
            NodeFacts n = st.node(id, ln, t);
            // With numactl in the same paste, its node CPUs win.
            if (n != null && !(st.numactl && n.cpusSeen)) st.setCpus(n, value, ln, t);
            return;
        }
        if (!LSCPU_KEYS.contains(key)) return; // lscpu prints many more keys; none matter here
        st.lscpu = true;
        switch (key) {
            case "Architecture" -> st.architecture = orNull(value);
            case "Model name" -> {
                if (st.modelName == null) st.modelName = orNull(value);
            }
            case "CPU(s)" -> st.cpuCount = ToolValues.integer(value);
            case "On-line CPU(s) list" -> st.online = orNull(value);
            case "Socket(s)" -> {
                if (st.sockets == null) st.sockets = ToolValues.integer(value);
            }
            case "Core(s) per socket" -> {
                if (st.coresPerSocket == null) st.coresPerSocket = ToolValues.integer(value);
            }
            case "Thread(s) per core" -> {
                if (st.threadsPerCore == null) st.threadsPerCore = ToolValues.integer(value);
            }
            case "NUMA node(s)" -> st.lscpuNodeCount = ToolValues.integer(value);
            default -> {
            }
        }
    }

    private static String orNull(String v) {
        return v.isEmpty() ? null : v;
    }

    /** {@code [0,1,2,3,8]} as {@code 0-3,8}. */
    static String compact(List<Integer> cpus) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) j++;
            if (sb.length() > 0) sb.append(',');
            sb.append(cpus.get(i));
            if (j > i) sb.append('-').append(cpus.get(j));
            i = j + 1;
        }
        return sb.toString();
    }
}
