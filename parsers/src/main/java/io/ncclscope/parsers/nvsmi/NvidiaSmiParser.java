package io.ncclscope.parsers.nvsmi;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * <p>Stateless and thread-safe. Each parse is read by an {@code NvidiaSmiReader}.
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

    static final Pattern SUMMARY_TIMESTAMP =
            Pattern.compile("(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\d{4}");
    private static final Pattern CSV_HEADER_FIELD = Pattern.compile("[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*(?: \\[[^\\]]{0,20}\\])?");

    /** Substrings of the messages nvidia-smi prints instead of data. */
    static final String[] TOOL_ERRORS = {
        "Failed to parse", "NVIDIA-SMI has failed", "No devices were found", "Unable to determine the device handle",
        "is not a valid field to query", "couldn't communicate with the NVIDIA driver", "Failed to initialize NVML",
        "Invalid combination of input arguments", "Driver/library version mismatch", "command not found",
        "Insufficient Permissions", "Unknown Error", "GPU access blocked", "Invalid device"
    };

    /**
     * What nvidia-smi prints as its whole output when the driver or a GPU fails: a file that starts with one of them
     * is nvidia-smi's output (an {@code ncclscope collect} bundle of a node with a broken driver holds nothing else).
     */
    static final String[] FAILURE_STARTS = {
        "NVIDIA-SMI has failed because", "No devices were found", "Failed to initialize NVML",
        "Unable to determine the device handle for GPU"
    };

    @Override
    public Kind kind() {
        return Kind.NVIDIA_SMI_Q;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = (head.length() > SNIFF_CHARS ? head.subSequence(0, SNIFF_CHARS) : head).toString();
        if (HeadLines.headContains(h, "==NVSMI LOG==") || HeadLines.headContains(h, "<nvidia_smi_log>")) return 100;
        int score = 0;
        int lines = 0;
        boolean listLine = false;
        boolean linkLine = false;
        boolean afterLinkTitle = false;
        HeadLines line = new HeadLines(h, Integer.MAX_VALUE);
        while (lines < SNIFF_LINES && line.next()) {
            lines++;
            if (line.isEmpty()) continue;
            if (lines > 3 && testsNothing(line)) {
                // Most lines of a paste: none of the tests below can hold, so the line is not copied.
                afterLinkTitle = line.is("Link Width") || line.is("PCIe Generation");
                if (score >= 95) break;
                continue;
            }
            String s = line.text();
            if (lines <= 3 && score == 0 && failureStart(s)) score = 75;
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
            } else if (isQueryExcerptLine(s) || s.startsWith("Max ") && s.contains(" : ") && afterLinkTitle) {
                // -q cut by grep, with no GPU line (QueryFragmentLines): the field names are -q's own.
                score = Math.max(score, 60);
            } else if (s.indexOf(',') > 0 || s.startsWith("pci") || s.startsWith("index")) {
                List<String> cols = csvHeader(s);
                if (cols != null) {
                    boolean strong = cols.stream().anyMatch(c -> c.startsWith("pci") || c.startsWith("clocks.")
                            || c.startsWith("memory.") || c.equals("uuid") || c.equals("driver_version"));
                    score = Math.max(score, strong ? 90 : 40);
                }
            }
            afterLinkTitle = isQueryLinkTitle(s);
            if (score >= 95) break;
        }
        if (listLine && linkLine) score = Math.max(score, 95);
        return score;
    }

    /**
     * True when no test of {@link #sniff} after the first three lines can hold for the current line: it names no
     * nvidia-smi, starts no table, GPU, Link or NVML line, holds no {@code " : "}, and is no CSV header (whose first
     * field is lower-case letters, digits, dots and underscores up to a comma, a space or its end).
     */
    private static boolean testsNothing(HeadLines line) {
        if (line.contains("nvidia-smi") || line.first() == '|' || line.startsWith("GPU ") || line.startsWith("Link ")
                || line.startsWith("NVML: ") || line.contains(" : ")) {
            return false;
        }
        // A CSV header's first field first: it ends within a few characters on most lines (an NCCL log's host:pid), where
        // the search for a comma would read the whole line.
        char c = line.first();
        if (c < 'a' || c > 'z') return true;
        for (int i = 1; i < line.length(); i++) {
            c = line.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.')) {
                if (c != ',' && !Whitespace.is(c)) return true;
                break;
            }
        }
        return !line.contains(',') && !line.startsWith("pci") && !line.startsWith("index");
    }

    /** The -q section titles whose first key is {@code Max}. */
    private static boolean isQueryLinkTitle(String s) {
        return s.equals("Link Width") || s.equals("PCIe Generation");
    }

    /** {@code Product Name : NVIDIA H100 80GB HBM3}, {@code Max : 16x} under {@code Link Width}, and other -q fields. */
    private static boolean isQueryExcerptLine(String s) {
        int colon = s.indexOf(" : ");
        if (colon < 0) return false;
        String key = s.substring(0, colon).strip();
        return key.equals("Product Name") || key.equals("GPU UUID") || key.equals("Bus Id") || key.equals("Device Current")
                || key.equals("Device Max") || key.equals("Host Max") || key.equals("Product Architecture");
    }

    @Override
    public ParseResult<NvidiaSmiData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        NvidiaSmiReader st = new NvidiaSmiReader(w);
        String line;
        while ((line = src.next()) != null) {
            st.accept(line, src.lineNumber());
        }
        return new ParseResult<>(kind(), st.finish(), w.toList());
    }

    private static boolean failureStart(String s) {
        for (String f : FAILURE_STARTS) {
            if (s.startsWith(f)) return true;
        }
        return false;
    }

    /**
     * The nvidia-smi command of an echoed command line ({@code $ nvidia-smi -q}, {@code root@h:~# sudo nvidia-smi -L},
     * {@code >> nvidia-smi}), from {@code nvidia-smi} on; null when the line is no such command.
     */
    static String commandOf(String s) {
        int idx = s.indexOf("nvidia-smi");
        if (idx < 0) return null;
        int after = idx + "nvidia-smi".length();
        if (after < s.length() && !Whitespace.is(s.charAt(after))) return null;
        String prefix = s.substring(0, idx).strip();
        if (prefix.endsWith("sudo")) prefix = prefix.substring(0, prefix.length() - 4).strip();
        String command = s.substring(idx).strip();
        if (!prefix.isEmpty()) {
            char c = prefix.charAt(prefix.length() - 1);
            if (c == '\'' || c == '"') {
                // ansible's -a 'nvidia-smi -q': the quote closes after the command
                int close = command.indexOf(c);
                if (close > 0) command = command.substring(0, close).strip();
            }
            if (c != '$' && c != '#' && c != '>' && !runsOnNodes(prefix)) return null;
        }
        return command;
    }

    /** Whether {@code prefix} is a prompt and a fleet runner with nothing after it: {@code $ pdsh -w node1}. */
    private static boolean runsOnNodes(String prefix) {
        String command = Paste.afterPrompt(prefix);
        return command != null && !command.isEmpty() && Paste.runCommand(command + " ").isBlank();
    }

    /** The form an nvidia-smi command line prints. */
    static NvsmiSource formOf(String cmd) {
        String[] t = Paste.splitAtWhitespaceRuns(cmd);
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

}
