package io.ncclscope.parsers.nvsmi;

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
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the output of {@code nvidia-smi -q} (also {@code -q -d PCI} excerpts), {@code nvidia-smi nvlink -s},
 * {@code nvidia-smi --query-gpu=... --format=csv[,noheader][,nounits]}, {@code nvidia-smi -L} and the plain
 * {@code nvidia-smi} summary table, alone or pasted one after another (an echoed {@code $ nvidia-smi ...}
 * line tells which form follows and, for {@code noheader} CSV, which columns).
 *
 * <p>Facts about one GPU from several forms are merged (by UUID, bus id, then index). Drivers up to
 * 535 print "PCIe Generation / Max, Current"; newer ones add "Device Current, Device Max, Host Max"
 * (corpus nvsmi-q/gpud-nvsmi-q-535-161-h100-1.txt); both are read, and {@code Host Max: N/A} inside a
 * VM (nvsmi-q/gpud-nvsmi-q-535-183-h100-vm-1.txt) gives null. {@code nvidia-smi nvlink -s} on a GPU
 * with no NVLink prints nothing at all (captured/h200-1gpu/sys/nvlink-s.txt): the echoed command is
 * then the only content, which is recognised and noted, not an error.
 *
 * <p>Stateless and thread-safe.
 */
public final class NvidiaSmiParser implements ToolParser<NvidiaSmiData> {

    /** Most GPUs kept; more are counted in one warning. */
    public static final int MAX_GPUS = 4096;
    /** Most NVLinks kept per GPU. */
    public static final int MAX_LINKS_PER_GPU = 256;
    /** Most tool error messages kept. */
    public static final int MAX_TOOL_ERRORS = 1000;

    private static final int SNIFF_CHARS = 64 * 1024;
    private static final int SNIFF_LINES = 400;

    private static final Pattern SUMMARY_TIMESTAMP =
            Pattern.compile("(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\d{4}");
    private static final Pattern CSV_HEADER_FIELD = Pattern.compile("[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*(?: \\[[^\\]]{0,20}\\])?");

    /** Substrings of the messages nvidia-smi prints instead of data. */
    private static final String[] TOOL_ERRORS = {
        "Failed to parse", "NVIDIA-SMI has failed", "No devices were found", "Unable to determine the device handle",
        "is not a valid field to query", "couldn't communicate with the NVIDIA driver", "Failed to initialize NVML",
        "Invalid combination of input arguments", "Driver/library version mismatch", "command not found",
        "Insufficient Permissions", "Unknown Error", "GPU access blocked", "Invalid device"
    };

    @Override
    public Kind kind() {
        return Kind.NVIDIA_SMI_Q;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = (head.length() > SNIFF_CHARS ? head.subSequence(0, SNIFF_CHARS) : head).toString();
        if (h.contains("==NVSMI LOG==")) return 100;
        int score = 0;
        int lines = 0;
        boolean listLine = false;
        boolean linkLine = false;
        int start = 0;
        while (start <= h.length() && lines < SNIFF_LINES) {
            int end = h.indexOf('\n', start);
            if (end < 0) end = h.length();
            String s = h.substring(start, end).strip();
            start = end + 1;
            lines++;
            if (s.isEmpty()) continue;
            String cmd = commandOf(s);
            if (cmd != null) {
                NvsmiSource f = formOf(cmd);
                score = Math.max(score, f != NvsmiSource.UNKNOWN ? 90 : 0);
                continue;
            }
            if (s.startsWith("|") && s.contains("NVIDIA-SMI") && s.contains("Driver Version")) {
                score = Math.max(score, 95);
            } else if (isListLine(s) && s.contains("(UUID: GPU-")) {
                listLine = true;
                score = Math.max(score, 85);
            } else if (s.startsWith("Link ") && (s.endsWith("GB/s") || s.endsWith("<inactive>"))) {
                linkLine = true;
                score = Math.max(score, 50);
            } else if (s.startsWith("NVML: Unable to retrieve NVLink")) {
                score = Math.max(score, 80);
            } else if (s.indexOf(',') > 0 || s.startsWith("pci") || s.startsWith("index")) {
                List<String> cols = csvHeader(s);
                if (cols != null) {
                    boolean strong = cols.stream().anyMatch(c -> c.startsWith("pci") || c.startsWith("clocks.")
                            || c.startsWith("memory.") || c.equals("uuid") || c.equals("driver_version"));
                    score = Math.max(score, strong ? 90 : 40);
                }
            }
            if (score >= 95) break;
        }
        if (listLine && linkLine) score = Math.max(score, 95);
        return score;
    }

    @Override
    public ParseResult<NvidiaSmiData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        State st = new State(w);
        String line;
        while ((line = src.next()) != null) {
            st.accept(line, src.lineNumber());
        }
        return new ParseResult<>(kind(), st.finish(), w.toList());
    }

    // ---------------------------------------------------------------- shared helpers

    /**
     * The nvidia-smi command of an echoed command line ({@code $ nvidia-smi -q}, {@code root@h:~# sudo nvidia-smi -L},
     * {@code >> nvidia-smi}), from {@code nvidia-smi} on; null when the line is no such command.
     */
    static String commandOf(String s) {
        int idx = s.indexOf("nvidia-smi");
        if (idx < 0) return null;
        int after = idx + "nvidia-smi".length();
        if (after < s.length() && !Character.isWhitespace(s.charAt(after))) return null;
        String prefix = s.substring(0, idx).strip();
        if (prefix.endsWith("sudo")) prefix = prefix.substring(0, prefix.length() - 4).strip();
        if (!prefix.isEmpty()) {
            char c = prefix.charAt(prefix.length() - 1);
            if (c != '$' && c != '#' && c != '>') return null;
        }
        return s.substring(idx).strip();
    }

    /** The form an nvidia-smi command line prints. */
    static NvsmiSource formOf(String cmd) {
        String[] t = cmd.split("\\s+");
        boolean nvlink = false;
        boolean status = false;
        NvsmiSource form = NvsmiSource.SUMMARY;
        for (int i = 1; i < t.length; i++) {
            String a = t[i];
            if (a.startsWith("--query-gpu")) return NvsmiSource.QUERY_GPU_CSV;
            switch (a) {
                case "nvlink" -> nvlink = true;
                case "-s", "--status" -> status = true;
                case "-q", "--query", "-a" -> form = NvsmiSource.QUERY;
                case "-L", "--list-gpus" -> form = NvsmiSource.LIST;
                case "-i", "--id", "-d", "--display", "-f", "--filename" -> {
                    i++; // option value
                }
                default -> {
                    if (a.startsWith("-i=") || a.startsWith("--id=") || a.startsWith("-d=") || a.startsWith("--display=")
                            || a.startsWith("-f=") || a.startsWith("--filename=") || a.startsWith("|") || a.equals("2>&1")) {
                        // options of the forms above, or a pipe
                    } else if (!a.startsWith("-")) {
                        // a subcommand this parser does not read (topo, dmon, mig, ...)
                        if (!nvlink) return NvsmiSource.UNKNOWN;
                    }
                }
            }
            if (a.startsWith("|")) break;
        }
        if (nvlink) return status ? NvsmiSource.NVLINK_STATUS : NvsmiSource.UNKNOWN;
        return form;
    }

    /** True for {@code GPU 0: NAME (UUID: GPU-...)} lines of {@code -L} and {@code nvlink -s}. */
    static boolean isListLine(String s) {
        if (!s.startsWith("GPU ")) return false;
        int i = 4;
        int n = s.length();
        int digits = 0;
        while (i < n && Character.isDigit(s.charAt(i)) && digits < 6) {
            i++;
            digits++;
        }
        return digits > 0 && i < n && s.charAt(i) == ':' && (i + 1 == n || s.charAt(i + 1) == ' ');
    }

    /** The normalised column names of a {@code --query-gpu} CSV header, or null when {@code s} is none. */
    static List<String> csvHeader(String s) {
        if (s.isEmpty() || s.length() > 4096 || s.charAt(0) < 'a' || s.charAt(0) > 'z') return null;
        // The fields of split(",", -1), cut one at a time: the sniffer calls this on every line with a comma, and most
        // lines (an NCCL log's) fail at their first field.
        List<String> cols = new ArrayList<>();
        boolean known = false;
        int from = 0;
        while (true) {
            int comma = s.indexOf(',', from);
            String f = (comma < 0 ? s.substring(from) : s.substring(from, comma)).strip();
            if (!CSV_HEADER_FIELD.matcher(f).matches()) return null;
            String c = normaliseColumn(f);
            if (c.indexOf('.') > 0 || KNOWN_PLAIN_COLUMNS.contains(c)) known = true;
            cols.add(c);
            if (comma < 0) break;
            from = comma + 1;
        }
        return known ? cols : null;
    }

    private static final java.util.Set<String> KNOWN_PLAIN_COLUMNS = java.util.Set.of(
            "index", "name", "uuid", "serial", "driver_version", "count", "pstate", "persistence_mode", "vbios_version",
            "gpu_name", "gpu_bus_id", "gpu_uuid", "gpu_serial", "timestamp", "compute_mode");

    /** {@code clocks.current.sm [MHz]} becomes {@code clocks.current.sm}. */
    static String normaliseColumn(String f) {
        int b = f.indexOf(" [");
        return (b > 0 ? f.substring(0, b) : f).strip().toLowerCase(Locale.ROOT);
    }

    /** True for values nvidia-smi prints when it has none. */
    static boolean isNa(String v) {
        if (v == null) return true;
        String s = v.strip();
        if (s.startsWith("[") && s.endsWith("]")) s = s.substring(1, s.length() - 1);
        return s.isEmpty() || s.equalsIgnoreCase("N/A") || s.equalsIgnoreCase("Not Supported")
                || s.equalsIgnoreCase("Unknown Error") || s.equalsIgnoreCase("Insufficient Permissions")
                || s.equalsIgnoreCase("Not Available") || s.equalsIgnoreCase("Requested functionality has been deprecated");
    }

    /** The value, or null when nvidia-smi printed N/A or the like. */
    static String text(String v) {
        return isNa(v) ? null : v.strip();
    }

    /** The leading number of {@code 345 MHz}, {@code 16x}, {@code 5}. */
    static Long leadingLong(String v) {
        if (isNa(v)) return null;
        String s = v.strip();
        int i = 0;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || (i == 0 && s.charAt(i) == '-'))) i++;
        return i == 0 ? null : Tok.longValue(s.substring(0, i));
    }

    static Integer leadingInt(String v) {
        Long l = leadingLong(v);
        return l == null || l > Integer.MAX_VALUE || l < Integer.MIN_VALUE ? null : (int) (long) l;
    }

    static int indentOf(String line) {
        int n = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') n++;
            else if (c == '\t') n += 4;
            else break;
        }
        return n;
    }

    // ---------------------------------------------------------------- building

    /** A GPU being built from one or more forms. */
    private static final class GpuB {
        final int line;
        Integer index;
        String busId;
        String name;
        String uuid;
        String serial;
        Integer minor;
        String arch;
        String virt;
        String persistence;
        String pstate;
        Integer genCur;
        Integer genMax;
        Integer genDevCur;
        Integer genDevMax;
        Integer genHostMax;
        Integer widthCur;
        Integer widthMax;
        int pcieLine;
        final List<NvLink> links = new ArrayList<>();
        boolean linksCapped;
        String nvlinkError;
        Integer gr;
        Integer sm;
        Integer mem;
        Integer video;
        Integer maxGr;
        Integer maxSm;
        Integer maxMem;
        Integer maxVideo;
        int clockLine;
        Long memTotal;
        Long memReserved;
        Long memUsed;
        Long memFree;
        int memLine;
        Map<String, String> csv;

        GpuB(int line) {
            this.line = line;
        }

        void pcieAt(int l) {
            if (pcieLine == 0) pcieLine = l;
        }

        void clockAt(int l) {
            if (clockLine == 0) clockLine = l;
        }

        void memAt(int l) {
            if (memLine == 0) memLine = l;
        }

        NvsmiGpu build() {
            Integer gc = genCur != null ? genCur : genDevCur;
            Integer gm = genMax != null ? genMax : genDevMax;
            PcieLink pcie = pcieLine == 0 ? null
                    : new PcieLink(gc, gm, genDevCur, genDevMax, genHostMax, widthCur, widthMax, pcieLine);
            GpuClocks clocks = clockLine == 0 ? null
                    : new GpuClocks(gr, sm, mem, video, maxGr, maxSm, maxMem, maxVideo, clockLine);
            GpuMemory memory = memLine == 0 ? null : new GpuMemory(memTotal, memReserved, memUsed, memFree, memLine);
            return new NvsmiGpu(index, busId, name, uuid, serial, minor, arch, virt, persistence, pstate, pcie, links,
                    nvlinkError, clocks, memory, csv, line);
        }
    }

    private record Section(int indent, String name) {
    }

    /** The parse of one input. */
    private static final class State {
        private final Warnings w;
        private final List<GpuB> gpus = new ArrayList<>();
        private final Map<String, GpuB> byUuid = new HashMap<>();
        private final Map<String, GpuB> byBus = new HashMap<>();
        private final Map<Integer, GpuB> byIndex = new HashMap<>();
        private int droppedGpus;
        private final Map<NvsmiSource, Integer> sources = new LinkedHashMap<>();
        private final List<NvsmiMessage> toolErrors = new ArrayList<>();
        private String command;
        private NvsmiSource commandForm;
        private String timestamp;
        private String driver;
        private String cuda;
        private Integer attached;
        // -q
        private GpuB qGpu;
        private int qIndent;
        private final ArrayList<Section> stack = new ArrayList<>();
        // -L / nvlink -s
        private GpuB listGpu;
        private int undecidedListLine;
        private boolean sawLinks;
        // csv
        private List<String> csvCols;
        private List<String> csvQuery;
        private boolean csvNoHeader;
        // summary
        private boolean inSummary;
        private boolean summaryIgnore;
        private GpuB sumGpu;

        State(Warnings w) {
            this.w = w;
        }

        private void source(NvsmiSource s, int line) {
            if (s != NvsmiSource.UNKNOWN) sources.putIfAbsent(s, line);
        }

        private GpuB gpu(Integer index, String busId, String uuid, int line) {
            GpuB g = uuid == null ? null : byUuid.get(uuid);
            if (g == null && busId != null) g = byBus.get(busId);
            if (g == null && index != null) {
                GpuB c = byIndex.get(index);
                if (c != null && (c.busId == null || busId == null) && (c.uuid == null || uuid == null)) g = c;
            }
            if (g == null) {
                if (gpus.size() >= MAX_GPUS) {
                    droppedGpus++;
                    return new GpuB(line); // a throwaway, so callers need no null checks
                }
                g = new GpuB(line);
                gpus.add(g);
            }
            if (index != null && g.index == null) {
                g.index = index;
                byIndex.putIfAbsent(index, g);
            }
            if (busId != null && g.busId == null) {
                g.busId = busId;
                byBus.putIfAbsent(busId, g);
            }
            if (uuid != null && g.uuid == null) {
                g.uuid = uuid;
                byUuid.putIfAbsent(uuid, g);
            }
            return g;
        }

        void accept(String line, int n) {
            String s = line.strip();
            if (s.isEmpty()) {
                inSummary = false;
                summaryIgnore = false;
                sumGpu = null;
                return;
            }
            if (s.startsWith("# [cut") || s.equals("...") || s.equals("[...]")) {
                w.info(n, "cut marker skipped", s);
                return;
            }
            String cmd = commandOf(s);
            if (cmd != null) {
                command(cmd, n);
                return;
            }
            if (isPrompt(s)) {
                w.info(n, "shell command skipped", Tok.excerpt(s));
                return;
            }
            if (s.contains("==NVSMI LOG==")) {
                source(NvsmiSource.QUERY, n);
                endForms();
                return;
            }
            if (s.startsWith("+-") || s.startsWith("|")) {
                summary(s, n);
                return;
            }
            inSummary = false;
            if (timestamp == null && s.length() >= 23 && s.length() <= 25 && SUMMARY_TIMESTAMP.matcher(s).matches()) {
                timestamp = s;
                return;
            }
            if (s.startsWith("GPU ") && queryGpuLine(s, line, n)) return;
            if (isListLine(s)) {
                listLine(s, n);
                return;
            }
            if (s.startsWith("Link ") && linkLine(s, n)) return;
            if (s.startsWith("NVML:") && s.contains("NVLink")) {
                source(NvsmiSource.NVLINK_STATUS, n);
                sawLinks = true;
                if (listGpu != null) {
                    listGpu.nvlinkError = s;
                } else {
                    w.warn(n, "NVML message with no GPU line before it", Tok.excerpt(s));
                }
                return;
            }
            if (s.startsWith("MIG ") && s.contains("(UUID: MIG-")) {
                w.info(n, "MIG device line skipped", Tok.excerpt(s));
                return;
            }
            if (csvCols != null && csvRow(s, n)) return;
            List<String> header = csvHeader(s);
            if (header != null) {
                endForms();
                csvCols = header;
                csvNoHeader = false;
                source(NvsmiSource.QUERY_GPU_CSV, n);
                return;
            }
            int colon = s.indexOf(':');
            if (colon > 0 && keyValue(line, s, colon, n)) return;
            if (qGpu != null && colon < 0 && indentOf(line) > qIndent) {
                section(line, s);
                return;
            }
            if (isToolError(s)) {
                toolError(s, n);
                return;
            }
            w.warn(n, "unrecognised line", Tok.excerpt(s));
        }

        private static boolean isPrompt(String s) {
            if (s.startsWith("$ ") || s.equals("$")) return true;
            int sp = s.indexOf(' ');
            String first = sp < 0 ? s : s.substring(0, sp);
            return first.length() > 1 && first.contains("@") && (first.endsWith("$") || first.endsWith("#"));
        }

        private static boolean isToolError(String s) {
            for (String e : TOOL_ERRORS) {
                if (s.contains(e)) return true;
            }
            return false;
        }

        private void toolError(String s, int n) {
            if (toolErrors.size() < MAX_TOOL_ERRORS) toolErrors.add(new NvsmiMessage(s, n));
            w.warn(n, "nvidia-smi printed an error instead of data", Tok.excerpt(s));
        }

        private void endForms() {
            qGpu = null;
            stack.clear();
            listGpu = null;
            csvCols = null;
            csvNoHeader = false;
            inSummary = false;
            summaryIgnore = false;
            sumGpu = null;
        }

        private void command(String cmd, int n) {
            endForms();
            if (command == null) command = cmd;
            commandForm = formOf(cmd);
            if (commandForm == NvsmiSource.UNKNOWN) {
                w.warn(n, "an nvidia-smi command whose output this parser does not read", Tok.excerpt(cmd));
                return;
            }
            source(commandForm, n);
            if (commandForm == NvsmiSource.QUERY_GPU_CSV) {
                csvQuery = null;
                for (String t : cmd.split("\\s+")) {
                    if (t.startsWith("--query-gpu=")) {
                        List<String> q = new ArrayList<>();
                        for (String c : t.substring("--query-gpu=".length()).split(",")) {
                            if (!c.isBlank()) q.add(normaliseColumn(c.replace("\"", "").replace("'", "")));
                        }
                        csvQuery = q;
                    }
                    if (t.startsWith("--format=") && t.contains("noheader")) csvNoHeader = true;
                }
                if (csvNoHeader) {
                    if (csvQuery == null || csvQuery.isEmpty()) {
                        csvNoHeader = false;
                        w.warn(n, "CSV without header and without a readable --query-gpu list: columns unknown", Tok.excerpt(cmd));
                    } else {
                        csvCols = csvQuery;
                    }
                }
            }
        }

        // ------------------------------------------------------------ summary table

        private void summary(String s, int n) {
            if (s.startsWith("+")) {
                if (!inSummary) {
                    inSummary = true;
                    summaryIgnore = false;
                }
                sumGpu = null;
                return;
            }
            if (!inSummary && !s.contains("NVIDIA-SMI")) {
                w.warn(n, "table row outside an nvidia-smi table", Tok.excerpt(s));
                return;
            }
            inSummary = true;
            if (s.contains("NVIDIA-SMI")) {
                source(NvsmiSource.SUMMARY, n);
                String d = after(s, "Driver Version:");
                if (d != null && driver == null) driver = d;
                String c = after(s, "CUDA Version:");
                if (c != null && cuda == null) cuda = c;
                return;
            }
            if (s.contains("Processes:") || s.contains("MIG devices:")) {
                summaryIgnore = true;
                return;
            }
            if (summaryIgnore || s.startsWith("|=")) return;
            String[] cells = s.split("\\|", -1);
            if (cells.length < 3) return;
            String[] c1 = cells[1].strip().split("\\s+");
            String[] c2 = cells[2].strip().split("\\s+");
            Integer idx = c1.length >= 2 ? Tok.integer(c1[0]) : null;
            String bus = c2.length >= 1 && c2[0].indexOf(':') > 0 && c2[0].indexOf('.') > 0 ? Tok.pciAddress(c2[0]) : null;
            if (idx != null && bus != null) {
                GpuB g = gpu(idx, bus, null, n);
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
                for (String t : cells[1].strip().split("\\s+")) {
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
            while (sp < rest.length() && !Character.isWhitespace(rest.charAt(sp)) && rest.charAt(sp) != '|') sp++;
            String v = rest.substring(0, sp);
            return isNa(v) ? null : v;
        }

        // ------------------------------------------------------------ -L and nvlink -s

        private void listLine(String s, int n) {
            if (qGpu != null || csvCols != null) {
                qGpu = null;
                stack.clear();
                csvCols = null;
                csvNoHeader = false;
            }
            int colon = s.indexOf(':');
            Integer idx = Tok.integer(s.substring(4, colon));
            String rest = s.substring(colon + 1).strip();
            String name = rest;
            String uuid = null;
            int u = rest.lastIndexOf("(UUID:");
            if (u >= 0) {
                name = rest.substring(0, u).strip();
                int close = rest.indexOf(')', u);
                uuid = rest.substring(u + 6, close < 0 ? rest.length() : close).strip();
                if (uuid.isEmpty()) uuid = null;
            }
            GpuB g = gpu(idx, null, uuid, n);
            if (g.name == null && !name.isEmpty()) g.name = name;
            listGpu = g;
            if (commandForm == NvsmiSource.NVLINK_STATUS || commandForm == NvsmiSource.LIST) {
                source(commandForm, n);
            } else if (undecidedListLine == 0) {
                undecidedListLine = n;
            }
        }

        private boolean linkLine(String s, int n) {
            int colon = s.indexOf(':');
            if (colon < 0) return false;
            Integer link = Tok.integer(s.substring(5, colon));
            if (link == null) return false;
            String value = s.substring(colon + 1).strip();
            sawLinks = true;
            source(NvsmiSource.NVLINK_STATUS, n);
            if (listGpu == null) {
                w.warn(n, "NVLink line with no GPU line before it", Tok.excerpt(s));
                return true;
            }
            if (listGpu.links.size() >= MAX_LINKS_PER_GPU) {
                if (!listGpu.linksCapped) w.warn(n, "more than " + MAX_LINKS_PER_GPU + " links for one GPU; the rest were dropped", Tok.excerpt(s));
                listGpu.linksCapped = true;
                return true;
            }
            Double speed = null;
            int gb = value.indexOf("GB/s");
            if (gb > 0) {
                speed = Tok.decimal(value.substring(0, gb).strip());
                if (speed == null) w.warn(n, "NVLink speed not readable", Tok.excerpt(s));
            } else if (!value.toLowerCase(Locale.ROOT).contains("inactive") && !value.toLowerCase(Locale.ROOT).contains("disabled")) {
                w.warn(n, "NVLink state not recognised", Tok.excerpt(s));
            }
            listGpu.links.add(new NvLink(link, speed, speed != null && speed > 0, value, n));
            return true;
        }

        // ------------------------------------------------------------ --query-gpu csv

        private boolean csvRow(String s, int n) {
            List<String> cols = csvCols;
            String[] parts = s.split(",", -1);
            if (parts.length != cols.size()) {
                csvCols = null;
                csvNoHeader = false;
                return false;
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < parts.length; i++) row.put(cols.get(i), parts[i].strip());
            Integer idx = leadingInt(row.get("index"));
            String busRaw = first(row, "pci.bus_id", "gpu_bus_id");
            String bus = isNa(busRaw) ? null : Tok.pciAddress(busRaw);
            String uuid = text(first(row, "uuid", "gpu_uuid"));
            source(NvsmiSource.QUERY_GPU_CSV, n);
            String dv = text(row.get("driver_version"));
            if (dv != null && driver == null) driver = dv;
            GpuB g = gpu(idx, bus, uuid, n);
            if (g.csv == null) g.csv = new LinkedHashMap<>();
            g.csv.putAll(row);
            for (Map.Entry<String, String> e : row.entrySet()) {
                csvCell(g, e.getKey(), e.getValue(), n);
            }
            return true;
        }

        private static String first(Map<String, String> row, String a, String b) {
            String v = row.get(a);
            return v != null ? v : row.get(b);
        }

        private static void csvCell(GpuB g, String col, String v, int n) {
            switch (col) {
                case "name", "gpu_name" -> {
                    if (g.name == null) g.name = text(v);
                }
                case "serial", "gpu_serial" -> {
                    if (g.serial == null) g.serial = text(v);
                }
                case "persistence_mode" -> {
                    if (g.persistence == null) g.persistence = text(v);
                }
                case "pstate" -> {
                    if (g.pstate == null) g.pstate = text(v);
                }
                case "pcie.link.gen.current" -> {
                    g.genCur = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pcie.link.gen.max" -> {
                    g.genMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pcie.link.gen.gpucurrent", "pcie.link.gen.devicecurrent" -> {
                    g.genDevCur = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pcie.link.gen.gpumax", "pcie.link.gen.devicemax" -> {
                    g.genDevMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pcie.link.gen.hostmax" -> {
                    g.genHostMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pcie.link.width.current" -> {
                    g.widthCur = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pcie.link.width.max" -> {
                    g.widthMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "clocks.current.graphics", "clocks.gr", "clocks.graphics" -> {
                    g.gr = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks.current.sm", "clocks.sm" -> {
                    g.sm = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks.current.memory", "clocks.mem", "clocks.memory" -> {
                    g.mem = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks.current.video", "clocks.video" -> {
                    g.video = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks.max.graphics", "clocks.max.gr" -> {
                    g.maxGr = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks.max.sm" -> {
                    g.maxSm = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks.max.memory", "clocks.max.mem" -> {
                    g.maxMem = leadingInt(v);
                    g.clockAt(n);
                }
                case "memory.total" -> {
                    g.memTotal = leadingLong(v);
                    g.memAt(n);
                }
                case "memory.reserved" -> {
                    g.memReserved = leadingLong(v);
                    g.memAt(n);
                }
                case "memory.used" -> {
                    g.memUsed = leadingLong(v);
                    g.memAt(n);
                }
                case "memory.free" -> {
                    g.memFree = leadingLong(v);
                    g.memAt(n);
                }
                default -> {
                    // kept in csvFields only
                }
            }
        }

        // ------------------------------------------------------------ -q

        private boolean queryGpuLine(String s, String line, int n) {
            String rest = s.substring(4).strip();
            if (rest.indexOf(' ') >= 0 || rest.indexOf(':') < 0 || rest.indexOf('.') < 0) return false;
            String bus = Tok.pciAddress(rest);
            if (bus == null) return false;
            listGpu = null;
            csvCols = null;
            csvNoHeader = false;
            qGpu = gpu(null, bus, null, n);
            qIndent = indentOf(line);
            stack.clear();
            source(NvsmiSource.QUERY, n);
            return true;
        }

        private void section(String line, String s) {
            int ind = indentOf(line);
            popTo(ind);
            if (stack.size() < 32) stack.add(new Section(ind, s.toLowerCase(Locale.ROOT)));
        }

        private void popTo(int ind) {
            while (!stack.isEmpty() && stack.get(stack.size() - 1).indent() >= ind) stack.remove(stack.size() - 1);
        }

        private boolean keyValue(String line, String s, int colon, int n) {
            String key = s.substring(0, colon).strip();
            String value = s.substring(colon + 1).strip();
            if (key.isEmpty() || key.length() > 80) return false;
            int ind = indentOf(line);
            if (qGpu != null && ind > qIndent) {
                popTo(ind);
                StringBuilder path = new StringBuilder();
                for (Section sec : stack) path.append(sec.name()).append('/');
                path.append(key.toLowerCase(Locale.ROOT));
                queryValue(qGpu, path.toString(), value, n);
                return true;
            }
            // Top-level keys of -q (before the first GPU, or after it at the GPU's own indent).
            String k = key.toLowerCase(Locale.ROOT);
            switch (k) {
                case "driver version" -> {
                    if (driver == null) driver = text(value);
                }
                case "cuda version" -> {
                    if (cuda == null) cuda = text(value);
                }
                case "timestamp" -> {
                    if (timestamp == null) timestamp = text(value);
                }
                case "attached gpus" -> {
                    if (attached == null) attached = leadingInt(value);
                }
                default -> {
                    return false;
                }
            }
            qGpu = null;
            stack.clear();
            source(NvsmiSource.QUERY, n);
            return true;
        }

        private static void queryValue(GpuB g, String path, String v, int n) {
            switch (path) {
                case "product name" -> g.name = text(v);
                case "product architecture" -> g.arch = text(v);
                case "gpu uuid" -> {
                    if (g.uuid == null) g.uuid = text(v);
                }
                case "serial number" -> g.serial = text(v);
                case "minor number" -> g.minor = leadingInt(v);
                case "persistence mode" -> g.persistence = text(v);
                case "performance state" -> g.pstate = text(v);
                case "gpu virtualization mode/virtualization mode" -> g.virt = text(v);
                case "pci/bus id" -> {
                    if (g.busId == null) g.busId = Tok.pciAddress(v);
                }
                case "pci/gpu link info/pcie generation", "pci/gpu link info/link width" -> {
                    // One-line form "Link Width : Max 16x, Current 8x" / "PCIe Generation : Max 4, Current 1".
                    boolean width = path.endsWith("width");
                    for (String part : v.split(",")) {
                        String p = part.strip();
                        Integer x = width ? Tok.linkWidth(p) : leadingInt(p.replaceFirst("^[A-Za-z ]+", "").strip());
                        if (p.startsWith("Max")) {
                            if (width) g.widthMax = x;
                            else g.genMax = x;
                        } else if (p.startsWith("Current")) {
                            if (width) g.widthCur = x;
                            else g.genCur = x;
                        }
                    }
                    g.pcieAt(n);
                }
                case "pci/gpu link info/pcie generation/max" -> {
                    g.genMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pci/gpu link info/pcie generation/current" -> {
                    g.genCur = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pci/gpu link info/pcie generation/device current" -> {
                    g.genDevCur = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pci/gpu link info/pcie generation/device max" -> {
                    g.genDevMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pci/gpu link info/pcie generation/host max" -> {
                    g.genHostMax = leadingInt(v);
                    g.pcieAt(n);
                }
                case "pci/gpu link info/link width/max" -> {
                    g.widthMax = isNa(v) ? null : Tok.linkWidth(v);
                    g.pcieAt(n);
                }
                case "pci/gpu link info/link width/current" -> {
                    g.widthCur = isNa(v) ? null : Tok.linkWidth(v);
                    g.pcieAt(n);
                }
                case "clocks/graphics" -> {
                    g.gr = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks/sm" -> {
                    g.sm = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks/memory" -> {
                    g.mem = leadingInt(v);
                    g.clockAt(n);
                }
                case "clocks/video" -> {
                    g.video = leadingInt(v);
                    g.clockAt(n);
                }
                case "max clocks/graphics" -> {
                    g.maxGr = leadingInt(v);
                    g.clockAt(n);
                }
                case "max clocks/sm" -> {
                    g.maxSm = leadingInt(v);
                    g.clockAt(n);
                }
                case "max clocks/memory" -> {
                    g.maxMem = leadingInt(v);
                    g.clockAt(n);
                }
                case "max clocks/video" -> {
                    g.maxVideo = leadingInt(v);
                    g.clockAt(n);
                }
                case "fb memory usage/total" -> {
                    g.memTotal = leadingLong(v);
                    g.memAt(n);
                }
                case "fb memory usage/reserved" -> {
                    g.memReserved = leadingLong(v);
                    g.memAt(n);
                }
                case "fb memory usage/used" -> {
                    g.memUsed = leadingLong(v);
                    g.memAt(n);
                }
                case "fb memory usage/free" -> {
                    g.memFree = leadingLong(v);
                    g.memAt(n);
                }
                default -> {
                    // one of the many -q fields ncclscope does not use
                }
            }
        }

        // ------------------------------------------------------------ result

        NvidiaSmiData finish() {
            if (undecidedListLine > 0) {
                source(sawLinks ? NvsmiSource.NVLINK_STATUS : NvsmiSource.LIST, undecidedListLine);
            }
            if (droppedGpus > 0) {
                w.warn(0, droppedGpus + " GPUs beyond the limit of " + MAX_GPUS + " were dropped", "");
            }
            List<Map.Entry<NvsmiSource, Integer>> order = new ArrayList<>(sources.entrySet());
            order.sort(Map.Entry.comparingByValue());
            List<NvsmiSource> srcs = order.stream().map(Map.Entry::getKey).toList();
            List<NvsmiGpu> out = gpus.stream().map(GpuB::build).toList();
            boolean any = !srcs.isEmpty() || !out.isEmpty() || driver != null || !toolErrors.isEmpty();
            if (!any) {
                w.error(0, "no nvidia-smi-q content found", "");
            } else if (out.isEmpty() && toolErrors.isEmpty()) {
                if (srcs.contains(NvsmiSource.NVLINK_STATUS)) {
                    w.info(0, "nvidia-smi nvlink -s printed no GPU and no link: the GPUs have no NVLink", "");
                } else if (!srcs.contains(NvsmiSource.SUMMARY)) {
                    w.warn(0, "no GPU found", "");
                }
            }
            return new NvidiaSmiData(srcs.isEmpty() ? NvsmiSource.UNKNOWN : srcs.get(0), srcs, command, timestamp,
                    driver, cuda, attached, out, toolErrors);
        }
    }
}
