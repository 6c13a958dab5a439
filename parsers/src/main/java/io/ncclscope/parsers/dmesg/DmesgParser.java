package io.ncclscope.parsers.dmesg;

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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads kernel log lines as printed by {@code dmesg}, {@code dmesg -T} (also {@code --ctime}, {@code -x},
 * {@code -r}, {@code --time-format iso}) or {@code journalctl -k} / syslog, and keeps those about GPUs, NVLink,
 * NICs and PCIe: NVIDIA Xid and SXid errors, "fallen off the bus", NVLink messages, mlx5 port and cable events,
 * PCIe AER errors and link bandwidth lines. nvidia-smi's "Unable to determine the device handle for GPU..." pasted
 * among the kernel lines (corpus-more dmesg/returnn-1486-1.txt) is kept as a lost GPU, as "fallen off the bus" is.
 *
 * <p>Lines without a timestamp that start with white space continue the message before them and are joined
 * to it (corpus dmesg/nvsentinel-155-1.txt prints "fallen off the bus" over three lines with no Xid). A
 * {@code +> } diff/quote prefix from pasted reviews is stripped (dmesg/gpud-pr-46-1.txt), and redacted bus ids
 * ({@code PCI:...}, dmesg/nccl-2241-1.txt) give a null device. Other kernel and journal lines (systemd, file
 * systems, stack traces) are counted, not kept.
 *
 * <p>Streaming: memory is bounded by {@link #MAX_EVENTS}. Stateless and thread-safe.
 */
public final class DmesgParser implements ToolParser<DmesgData> {

    /** Most events kept; further ones are counted in one warning. */
    public static final int MAX_EVENTS = 100_000;
    /** Most characters of one joined message. */
    public static final int MAX_MESSAGE = 4096;

    private static final int SNIFF_CHARS = 64 * 1024;

    /** A driver version token ({@code 570.158.01}); compiled once, not by String.matches at every token. */
    private static final Pattern DRIVER_VERSION = Pattern.compile("\\d{2,4}\\.\\d{1,4}(?:\\.\\d{1,4})?");
    private static final Pattern UPTIME = Pattern.compile("\\d{1,10}\\.\\d{1,9}");
    private static final Pattern RELATIVE = Pattern.compile("[+-]?\\d{1,10}\\.\\d{1,9}");
    private static final Pattern CTIME = Pattern.compile("[A-Z][a-z]{2} [A-Z][a-z]{2} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\d{4}");
    private static final Pattern SYSLOG = Pattern.compile("([A-Z][a-z]{2} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2}) (\\S+) (\\S+): ?(.*)");
    private static final Pattern ISO = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}:?\\d{2})?) (.*)");
    private static final Pattern HOST_PROC = Pattern.compile("(\\S+) ([\\w.@-]{1,64}(?:\\[\\d{1,10}\\])?): ?(.*)");
    /** The levels {@link #FACILITY} reads after a facility's colon. */
    private static final List<String> FACILITY_LEVELS = List.of("emerg", "alert", "crit", "err", "warn", "notice", "info", "debug");
    private static final Pattern FACILITY = Pattern.compile(
            "[a-z]{2,8} *:(?:emerg|alert|crit|err|warn|notice|info|debug) *: ?(.*)");
    private static final Pattern DEVICE_LINE = Pattern.compile(
            "([\\w.-]{1,64}) ([0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7])(?: ([\\w.-]{1,64}))?: ?(.*)");
    private static final Pattern GPU_SLOT = Pattern.compile("(?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}");
    private static final Pattern NVLINK_WORD = Pattern.compile("\\bnvlink\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern MLX5_PORT = Pattern.compile("Port: ?(\\d{1,3}) Link (\\w{1,20})");
    /** The command line a paste of the kernel log starts with ({@code $ sudo dmesg -T}). */
    private static final Pattern COMMAND = Pattern.compile("(?:\\S*[$#] )?(?:sudo )?(?:dmesg|journalctl)\\b.*");
    private static final Pattern LINK_NO = Pattern.compile("\\b[Ll]ink (-?\\d{1,3})\\b");
    /** The words of the kernel's OOM killer's line (mm/oom_kill.c {@code "%s: Killed process %d (%s) total-vm:%lukB, ..."}). */
    private static final String OOM_KILLED = "Killed process ";
    /** The process it names: pid and command name; the reason before it ({@code Out of memory}) changes by release. */
    private static final Pattern OOM_KILL = Pattern.compile("Killed process (\\d{1,9}) \\(([^)]{0,64})\\) total-vm:");

    /** nvidia-smi's line for a GPU the driver lost ({@code ...for GPU0000:07:00.0: Unknown Error}, {@code : GPU is lost}). */
    private static final String DEVICE_HANDLE = "Unable to determine the device handle for GPU";

    @Override
    public Kind kind() {
        return Kind.DMESG;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = (head.length() > SNIFF_CHARS ? head.subSequence(0, SNIFF_CHARS) : head).toString();
        if (HeadLines.headContains(h, "NVRM: Xid") || HeadLines.headContains(h, "SXid (PCI:")) return 100;
        int stamped = 0;
        int relevant = 0;
        int lines = 0;
        HeadLines line = new HeadLines(h, Integer.MAX_VALUE);
        while (lines < 500 && line.next()) {
            lines++;
            if (line.isEmpty()) continue;
            if (lines > 3 && unprefixed(line)) {
                // Most lines of a paste: nothing for prefix() to take off, so they are tested where they lie.
                if (line.startsWith("NVRM:") || line.startsWith("nvidia-") || line.startsWith("mlx5")
                        && DEVICE_LINE.matcher(line.text()).matches() || line.contains("AER:") || line.contains("PCIe Bus Error")) {
                    relevant++;
                }
                continue;
            }
            String s = stripQuote(line.raw()).strip();
            if (s.isEmpty()) continue;
            // COMMAND holds "dmesg" or "journalctl": a line of neither skips the regex, whose \S* backtracks over the line.
            if (lines <= 3 && (s.contains("dmesg") || s.contains("journalctl")) && COMMAND.matcher(s).matches()) return 90;
            Prefix p = prefix(s);
            // A journal line of another process than the kernel (python[1234]: an NCCL job's output that journald
            // kept), or a line a container runtime stamped, is no kernel log line.
            if (p.stamped && !p.foreign && !(p.host == null && containerTime(s))) stamped++;
            String m = p.rest;
            // The literal test first: the regex is the dear part, and only mlx5 lines need it.
            if (m.startsWith("NVRM:") || m.startsWith("nvidia-") || m.startsWith("mlx5") && DEVICE_LINE.matcher(m).matches()
                    || m.contains("AER:") || m.contains("PCIe Bus Error")) {
                relevant++;
            }
        }
        if (relevant > 0 && stamped > 0) return 90;
        if (relevant > 0) return 75;
        if (stamped >= 3) return 60;
        return stamped > 0 ? 30 : 0;
    }

    @Override
    public ParseResult<DmesgData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.streaming(in, w, limits);
        DmesgReader st = new DmesgReader(w);
        String line;
        while ((line = src.next()) != null) {
            st.accept(line, src.lineNumber());
        }
        return new ParseResult<>(kind(), st.finish(src.lineNumber()), w.toList());
    }

    /**
     * Whether {@code s} starts with the RFC 3339 time a container runtime stamps its output with, a fraction after a
     * dot and {@code Z} ({@code kubectl logs --timestamps}, {@code docker logs -t}: {@code 2024-05-01T10:00:00.123456789Z }):
     * a job's output. {@code dmesg --time-format iso} writes {@code 2024-11-15T05:39:15,491363+00:00} (corpus dmesg).
     */
    static boolean containerTime(String s) {
        if (s.length() < 22 || s.charAt(10) != 'T' || s.charAt(19) != '.') return false;
        int i = 20;
        while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
        return i > 20 && i < s.length() && s.charAt(i) == 'Z';
    }

    // ---------------------------------------------------------------- prefixes

    /** A line split into its timestamp/host prefix and the kernel message. */
    private record Prefix(String timestamp, Double uptime, String host, String rest, boolean stamped, boolean foreign) {
    }

    /** Strips a diff or markdown quote prefix ({@code +> }, {@code > }) that pastes add. */
    static String stripQuote(String s) {
        int i = 0;
        int n = s.length();
        int guard = 0;
        while (i < n && guard++ < 6 && (s.charAt(i) == '+' || s.charAt(i) == '>')) {
            i++;
            if (i < n && s.charAt(i) == ' ') i++;
        }
        return i == 0 ? s : s.substring(i);
    }

    /**
     * True when {@link #stripQuote} and {@link #prefix} would leave the current line as it is, stripped, and call it not
     * stamped: no quote mark to take off, and a first character that starts none of the prefixes prefix() reads (a
     * syslog priority, a facility, a syslog or ISO time, {@code kernel: }, a bracketed time), or a digit that starts no
     * ISO time. An upper-case start can only start a syslog time, which {@link #mayBeSyslog} rules out for most such
     * lines ({@code Product Name : ...} of nvidia-smi -q, {@code Architecture: ...} of lscpu) without copying them.
     */
    private static boolean unprefixed(HeadLines line) {
        char c = line.first();
        if (!line.indented() && (c == '+' || c == '>')) return false;
        if (c == '<' || c == '[') return false;
        // A digit starts only an ISO time (2024-05-01T10:00:00 ...): four ASCII digits and a '-', in a line longer than
        // 19 characters. nccl-tests' result rows, which start with their size, are not copied.
        if (Character.isDigit(c)) return !(line.length() > 19 && asciiDigits(line, 4) && line.charAt(4) == '-');
        if (Character.isUpperCase(c)) {
            if (line.length() <= 15 || !lowerAscii(line.charAt(1)) || !lowerAscii(line.charAt(2)) || line.charAt(3) != ' ') {
                return true;
            }
            char d = line.charAt(4) == ' ' ? line.charAt(5) : line.charAt(4);
            return d < '0' || d > '9';
        }
        // mayBeFacility read in place, then the level FACILITY wants after the colon (a host "vm:946:946" has none).
        int i = 0;
        while (i < 9 && line.charAt(i) >= 'a' && line.charAt(i) <= 'z') i++;
        if (i < 2 || i > 8) return true;
        if (line.startsWith("kernel: ")) return false;
        while (line.charAt(i) == ' ') i++;
        if (line.charAt(i) != ':') return true;
        for (String level : FACILITY_LEVELS) {
            if (line.startsWith(level, i + 1)) return false;
        }
        return true;
    }

    /** {@return true when the current line's first {@code n} characters are 0 to 9} */
    private static boolean asciiDigits(HeadLines line, int n) {
        for (int i = 0; i < n; i++) {
            char d = line.charAt(i);
            if (d < '0' || d > '9') return false;
        }
        return true;
    }

    /**
     * False when {@link #FACILITY} cannot match {@code s}: it needs 2 to 8 of a-z, spaces, then a colon. Most lines of a
     * paste ({@code gpu01:2231:2231 [0] NCCL INFO ...}) fail at their first characters without the regex.
     */
    private static boolean mayBeFacility(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && i < 9 && s.charAt(i) >= 'a' && s.charAt(i) <= 'z') i++;
        if (i < 2 || i > 8) return false;
        while (i < n && s.charAt(i) == ' ') i++;
        return i < n && s.charAt(i) == ':';
    }

    /**
     * False when {@link #SYSLOG} cannot match {@code s} (longer than 15 characters): it needs a month name's two lower
     * case letters, one or two spaces and a digit. Most lines that start upper case ({@code GPU UUID  : GPU-...} of
     * nvidia-smi -q) fail there without the regex.
     */
    private static boolean mayBeSyslog(String s) {
        if (!lowerAscii(s.charAt(1)) || !lowerAscii(s.charAt(2)) || s.charAt(3) != ' ') return false;
        char c = s.charAt(4) == ' ' ? s.charAt(5) : s.charAt(4);
        return c >= '0' && c <= '9';
    }

    private static boolean lowerAscii(char c) {
        return c >= 'a' && c <= 'z';
    }

    static Prefix prefix(String s) {
        String ts = null;
        Double up = null;
        String host = null;
        boolean stamped = false;
        String rest = s;
        if (rest.length() > 2 && rest.charAt(0) == '<' && Character.isDigit(rest.charAt(1))) {
            int gt = rest.indexOf('>');
            if (gt > 0 && gt < 5) rest = rest.substring(gt + 1);
        }
        Matcher fm;
        if (mayBeFacility(rest) && (fm = FACILITY.matcher(rest)).matches()) {
            rest = fm.group(1);
            stamped = true;
        }
        Matcher sm;
        if (rest.length() > 15 && Character.isUpperCase(rest.charAt(0)) && mayBeSyslog(rest) && (sm = SYSLOG.matcher(rest)).matches()) {
            String proc = sm.group(3);
            ts = sm.group(1);
            host = sm.group(2);
            rest = sm.group(4);
            stamped = true;
            if (!proc.equals("kernel") && !proc.startsWith("kernel[")) {
                return new Prefix(ts, null, host, rest, true, true);
            }
        } else if (rest.length() > 19 && Character.isDigit(rest.charAt(0)) && (sm = ISO.matcher(rest)).matches()) {
            ts = sm.group(1);
            rest = sm.group(2);
            stamped = true;
            Matcher hp = HOST_PROC.matcher(rest);
            if (hp.matches() && !GPU_SLOT.matcher(hp.group(2)).lookingAt()) {
                String proc = hp.group(2);
                if (proc.equals("kernel")) {
                    host = hp.group(1);
                    rest = hp.group(3);
                } else if (proc.indexOf('[') > 0) {
                    return new Prefix(ts, null, hp.group(1), hp.group(3), true, true);
                }
            }
        }
        if (rest.startsWith("kernel: ")) {
            rest = rest.substring(8);
            stamped = true;
        }
        if (rest.length() > 2 && rest.charAt(0) == '[') {
            int c = rest.indexOf(']');
            if (c > 1 && c < 48) {
                String inside = rest.substring(1, c).strip();
                int rel = inside.indexOf(" <");
                if (rel > 0) inside = inside.substring(0, rel); // dmesg -d: [ 123.456789 <    0.000012>]
                boolean ok = false;
                if (UPTIME.matcher(inside).matches()) {
                    up = ToolValues.decimal(inside);
                    ok = true;
                } else if (CTIME.matcher(inside).matches() || RELATIVE.matcher(inside).matches()) {
                    ok = true;
                }
                if (ok) {
                    if (ts == null) ts = inside;
                    rest = rest.substring(c + 1).strip();
                    stamped = true;
                }
            }
        }
        return new Prefix(ts, up, host, rest, stamped, false);
    }

    // ---------------------------------------------------------------- field helpers

    /** A GPU address from {@code PCI:0000:9b:00}, {@code 0000:9b:00.0} or {@code 9b:00}; null for {@code PCI:...}. */
    static String gpuAddress(String s) {
        if (s == null) return null;
        String t = s.strip();
        if (t.startsWith("PCI:")) t = t.substring(4);
        while (t.endsWith(":")) t = t.substring(0, t.length() - 1);
        if (t.isEmpty() || t.length() > 20) return null;
        if (t.indexOf('.') > 0) return ToolValues.pciAddress(t);
        return GPU_SLOT.matcher(t).matches() ? ToolValues.pciAddress(t + ".0") : null;
    }

    /** The GPU address after {@code PCI:} in {@code s}, or the first full PCI address; null when none. */
    static String addressIn(String s) {
        int p = s.indexOf("PCI:");
        if (p >= 0) {
            int i = p + 4;
            int e = i;
            while (e < s.length() && e - i < 16 && (Character.digit(s.charAt(e), 16) >= 0 || s.charAt(e) == ':' || s.charAt(e) == '.')) e++;
            String a = gpuAddress(s.substring(i, e));
            if (a != null) return a;
        }
        return s.indexOf(':') >= 0 && s.indexOf('.') >= 0 ? ToolValues.pciAddress(s) : null;
    }

    /** The digits (with an optional minus) at {@code from}; null when none. */
    private static Integer intAt(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) == ' ') i++;
        int st = i;
        if (i < s.length() && s.charAt(i) == '-') i++;
        while (i < s.length() && i - st < 11 && Character.isDigit(s.charAt(i))) i++;
        return i == st ? null : ToolValues.integer(s.substring(st, i));
    }

    private static String wordAfter(String s, String key) {
        int i = s.indexOf(key);
        if (i < 0) return null;
        int st = i + key.length();
        int e = st;
        while (e < s.length() && !Whitespace.is(s.charAt(e)) && s.charAt(e) != ',' && s.charAt(e) != ')') e++;
        return e == st ? null : s.substring(st, e);
    }

    private static boolean hasWord(String s, String w) {
        int i = s.indexOf(w);
        while (i >= 0) {
            boolean before = i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)) && s.charAt(i - 1) != '-';
            int e = i + w.length();
            boolean after = e >= s.length() || !Character.isLetterOrDigit(s.charAt(e)) && s.charAt(e) != '-';
            if (before && after) return true;
            i = s.indexOf(w, i + 1);
        }
        return false;
    }

    // ---------------------------------------------------------------- building

    /** A message being read (it may continue on the next lines). */
    private static final class Pending {
        final Prefix prefix;
        final StringBuilder msg = new StringBuilder();
        final int line;
        int endLine;
        int continuations;

        Pending(Prefix p, String m, int line) {
            this.prefix = p;
            this.msg.append(m);
            this.line = line;
            this.endLine = line;
        }
    }

    /** The mutable fields of one event while it is classified. */
    private static final class EventFacts {
        DmesgEventType type;
        String driver;
        String device;
        String netdev;
        String uuid;
        String serial;
        Integer xid;
        Integer causedBy;
        String severity;
        Integer pid;
        String process;
        Integer link;
        Integer port;
        Integer module;
        String state;
        Double gbps;
        Double gts;
        Integer width;
        String firmware;
        String detail;
    }

    private static final class DmesgReader {
        private final Warnings w;
        private final List<DmesgEvent> events = new ArrayList<>();
        private final Map<String, String> uuids = new LinkedHashMap<>();
        private final Set<String> gpuSlots = new HashSet<>();
        private Pending pending;
        private int skipped;
        private int stampedLines;
        private long dropped;
        private String lastGpuInfoDevice;
        private String driverVersion;

        DmesgReader(Warnings w) {
            this.w = w;
        }

        void accept(String raw, int n) {
            if (raw.isBlank()) {
                flush();
                return;
            }
            boolean indented = Whitespace.is(raw.charAt(0));
            String s = stripQuote(raw).strip();
            if (s.isEmpty()) {
                flush();
                return;
            }
            if (s.startsWith("# [cut") || s.equals("...") || s.equals("[...]") || s.equals("--")) {
                flush();
                if (!s.equals("--")) w.info(n, "cut marker skipped", s);
                return;
            }
            if (isPrompt(s)) {
                flush();
                w.info(n, "shell command skipped", ToolValues.excerpt(s));
                return;
            }
            Prefix p = prefix(s);
            if (!p.stamped && indented) {
                if (pending != null && pending.continuations < 32) {
                    String c = s.startsWith("NVRM:") ? s.substring(5).strip() : s;
                    if (pending.msg.length() + c.length() + 1 <= MAX_MESSAGE) pending.msg.append(' ').append(c);
                    pending.endLine = n;
                    pending.continuations++;
                    return;
                }
                skipped++;
                return;
            }
            flush();
            if (p.stamped) stampedLines++;
            if (p.foreign || p.rest.isEmpty()) {
                skipped++;
                return;
            }
            if (!relevant(p.rest)) {
                skipped++;
                return;
            }
            pending = new Pending(p, p.rest, n);
        }

        private static boolean isPrompt(String s) {
            if (s.startsWith("$ ") || s.startsWith("# ") && !s.startsWith("# [")) return true;
            int sp = s.indexOf(' ');
            String first = sp < 0 ? s : s.substring(0, sp);
            return first.length() > 1 && first.contains("@") && (first.endsWith("$") || first.endsWith("#"));
        }

        private boolean relevant(String m) {
            if (m.startsWith("NVRM") || m.startsWith("nvidia") || m.startsWith("mlx5") || m.startsWith("infiniband mlx5")) return true;
            if (m.contains("Xid") || m.contains("AER:") || m.contains("PCIe Bus Error") || m.contains("available PCIe bandwidth")) return true;
            if (m.contains(DEVICE_HANDLE) || m.contains(OOM_KILLED)) return true;
            if (NVLINK_WORD.matcher(m).find()) return true;
            Matcher dm = DEVICE_LINE.matcher(m);
            if (m.length() < 2048 && dm.matches()) {
                String dev = ToolValues.pciAddress(dm.group(2));
                return dev != null && gpuSlots.contains(slot(dev));
            }
            return false;
        }

        private static String slot(String dev) {
            int dot = dev.lastIndexOf('.');
            return dot > 0 ? dev.substring(0, dot) : dev;
        }

        private void flush() {
            Pending p = pending;
            pending = null;
            if (p == null) return;
            EventFacts e = classify(p.msg.toString());
            if (e.type == DmesgEventType.GPU_INFO && e.uuid != null && e.device != null) {
                uuids.putIfAbsent(e.device, e.uuid);
            }
            if (e.device != null && (e.type == DmesgEventType.XID || e.type == DmesgEventType.GPU_INFO
                    || e.type == DmesgEventType.GPU_FALLEN_OFF_BUS || "NVRM".equals(e.driver))) {
                gpuSlots.add(slot(e.device));
            }
            lastGpuInfoDevice = e.type == DmesgEventType.GPU_INFO ? e.device : null;
            if (events.size() >= MAX_EVENTS) {
                if (dropped++ == 0) w.warn(p.line, "more than " + MAX_EVENTS + " events; the rest are not kept", "");
                return;
            }
            Prefix x = p.prefix;
            events.add(new DmesgEvent(e.type, x.timestamp, x.uptime, x.host, e.driver, e.device, e.netdev, e.uuid, e.serial,
                    e.xid, e.causedBy, e.severity, e.pid, e.process, e.link, e.port, e.module, e.state, e.gbps, e.gts,
                    e.width, e.firmware, e.detail, p.msg.toString(), p.line, p.endLine));
        }

        private EventFacts classify(String m) {
            EventFacts e = new EventFacts();
            Matcher oom = m.contains(OOM_KILLED) ? OOM_KILL.matcher(m) : null;
            if (oom != null && oom.find()) {
                e.type = DmesgEventType.OOM_KILL;
                e.driver = "oom-kill";
                e.pid = Integer.valueOf(oom.group(1));
                e.process = oom.group(2);
                e.detail = m.startsWith("Memory cgroup out of memory") ? "memory cgroup" : null;
                return e;
            }
            if (m.startsWith("NVRM:") || m.startsWith("NVRM ")) {
                e.driver = "NVRM";
                nvrm(e, m.substring(5).strip());
                return e;
            }
            int sx = m.indexOf("SXid (");
            if (sx >= 0) {
                e.type = DmesgEventType.SXID;
                e.driver = driverOf(m);
                xid(e, m.substring(sx + 1));
                return e;
            }
            int x = m.indexOf("Xid (");
            if (x >= 0) {
                e.type = DmesgEventType.XID;
                e.driver = driverOf(m);
                xid(e, m.substring(x));
                return e;
            }
            int lost = m.indexOf(DEVICE_HANDLE);
            if (lost >= 0) {
                e.type = DmesgEventType.GPU_FALLEN_OFF_BUS;
                e.driver = "nvidia-smi";
                e.device = ToolValues.pciAddress(m.substring(lost + DEVICE_HANDLE.length()));
                int reason = m.indexOf(": ", lost + DEVICE_HANDLE.length());
                e.detail = reason < 0 ? null : m.substring(reason + 2).strip();
                return e;
            }
            Matcher dm = m.length() < 2048 ? DEVICE_LINE.matcher(m) : null;
            String body = m;
            if (dm != null && dm.matches()) {
                e.driver = dm.group(1);
                e.device = ToolValues.pciAddress(dm.group(2));
                e.netdev = dm.group(3);
                body = dm.group(4);
            } else {
                e.driver = driverOf(m);
                int colon = m.indexOf(": ");
                if (colon > 0 && colon < 64) body = m.substring(colon + 2);
            }
            if (body.contains("AER:") || body.contains("PCIe Bus Error")) {
                e.type = DmesgEventType.PCIE_AER;
                aer(e, body);
            } else if (body.contains("available PCIe bandwidth")) {
                e.type = DmesgEventType.PCIE_BANDWIDTH;
                bandwidth(e, body);
            } else if (m.startsWith("mlx5") || m.startsWith("infiniband mlx5") || e.driver != null && e.driver.startsWith("mlx5")) {
                mlx5(e, body);
            } else if (m.startsWith("nvidia-nvlink") || m.startsWith("nvidia-nvswitch") || NVLINK_WORD.matcher(m).find()) {
                e.type = DmesgEventType.NVLINK;
                e.link = linkNo(body);
                if (e.device == null) e.device = addressIn(body);
            } else {
                e.type = DmesgEventType.OTHER;
            }
            return e;
        }

        private static String driverOf(String m) {
            int e = 0;
            while (e < m.length() && e < 64 && !Whitespace.is(m.charAt(e)) && m.charAt(e) != ':') e++;
            return e == 0 ? null : m.substring(0, e);
        }

        private static Integer linkNo(String s) {
            Matcher lm = LINK_NO.matcher(s);
            return lm.find() ? ToolValues.integer(lm.group(1)) : null;
        }

        private void nvrm(EventFacts e, String body) {
            if (body.startsWith("Xid")) {
                e.type = DmesgEventType.XID;
                xid(e, body);
                return;
            }
            if (body.startsWith("GPU at PCI:")) {
                e.type = DmesgEventType.GPU_INFO;
                e.device = addressIn(body);
                String u = wordAfter(body, "GPU-");
                e.uuid = u == null ? null : "GPU-" + u;
                return;
            }
            if (body.startsWith("GPU Board Serial Number:")) {
                e.type = DmesgEventType.GPU_INFO;
                String v = body.substring("GPU Board Serial Number:".length()).strip();
                e.serial = v.isEmpty() ? null : v;
                e.device = lastGpuInfoDevice;
                return;
            }
            e.device = addressIn(body);
            if (body.contains("fallen off the bus")) {
                e.type = DmesgEventType.GPU_FALLEN_OFF_BUS;
            } else if (NVLINK_WORD.matcher(body).find()) {
                e.type = DmesgEventType.NVLINK;
                e.link = linkNo(body);
            } else {
                e.type = DmesgEventType.NVRM;
                int km = body.indexOf("Kernel Module");
                if (km >= 0 && driverVersion == null) driverVersion = versionAfter(body, km);
            }
        }

        /** The first {@code 570.158.01}-like token after {@code from}, or null. */
        private static String versionAfter(String s, int from) {
            String[] t = Paste.splitAtWhitespaceRuns(s.substring(from, Math.min(s.length(), from + 200)));
            for (String x : t) {
                if (DRIVER_VERSION.matcher(x).matches()) return x;
            }
            return null;
        }

        /** Reads {@code Xid (PCI:0000:9b:00): 119, pid=2024380, name=nvidia-smi, text} (also SXid). */
        private static void xid(EventFacts e, String s) {
            int open = s.indexOf('(');
            int close = open < 0 ? -1 : s.indexOf(')', open);
            String rest = s;
            if (open >= 0 && close > open) {
                e.device = gpuAddress(s.substring(open + 1, close));
                rest = s.substring(close + 1);
            }
            int i = 0;
            while (i < rest.length() && (rest.charAt(i) == ':' || rest.charAt(i) == ' ')) i++;
            rest = rest.substring(i);
            int d = 0;
            while (d < rest.length() && d < 10 && Character.isDigit(rest.charAt(d))) d++;
            e.xid = d == 0 ? null : ToolValues.integer(rest.substring(0, d));
            rest = rest.substring(d);
            for (int guard = 0; guard < 4; guard++) {
                rest = rest.stripLeading();
                if (rest.startsWith(",")) rest = rest.substring(1).stripLeading();
                if (rest.startsWith("pid=")) {
                    int c = rest.indexOf(',');
                    String v = (c < 0 ? rest.substring(4) : rest.substring(4, c)).replace("'", "").strip();
                    e.pid = ToolValues.integer(v);
                    rest = c < 0 ? "" : rest.substring(c);
                } else if (rest.startsWith("name=")) {
                    int c = rest.indexOf(',');
                    String v = (c < 0 ? rest.substring(5) : rest.substring(5, c)).replace("'", "").strip();
                    e.process = v.isEmpty() || v.equals("<unknown>") ? null : v;
                    rest = c < 0 ? "" : rest.substring(c);
                } else {
                    break;
                }
            }
            String detail = rest.strip();
            e.detail = detail.isEmpty() ? null : detail;
            if (detail.isEmpty()) return;
            int cb = detail.indexOf("caused by previous Xid ");
            if (cb >= 0) e.causedBy = intAt(detail, cb + "caused by previous Xid ".length());
            if (hasWord(detail, "Nonfatal") || hasWord(detail, "NonFatal") || hasWord(detail, "Non-fatal")) {
                e.severity = "Nonfatal";
            } else if (hasWord(detail, "Fatal")) {
                e.severity = "Fatal";
            }
            e.link = linkNo(detail);
        }

        private static void aer(EventFacts e, String body) {
            String sev = wordAfter(body, "severity=");
            if (sev != null) {
                int i = body.indexOf("severity=") + 9;
                int c = body.indexOf(',', i);
                e.state = (c < 0 ? body.substring(i) : body.substring(i, c)).strip();
            } else if (body.contains("Corrected error")) {
                e.state = "Corrected";
            } else if (body.contains("Uncorrected (Fatal)")) {
                e.state = "Uncorrected (Fatal)";
            } else if (body.contains("Uncorrected (Non-Fatal)")) {
                e.state = "Uncorrected (Non-Fatal)";
            }
            int t = body.indexOf("type=");
            if (t >= 0) {
                int c = body.indexOf(',', t);
                e.detail = (c < 0 ? body.substring(t + 5) : body.substring(t + 5, c)).strip();
            }
        }

        private static void bandwidth(EventFacts e, String body) {
            int gb = body.indexOf(" Gb/s");
            if (gb > 0) {
                int st = body.lastIndexOf(' ', gb - 1) + 1;
                e.gbps = ToolValues.decimal(body.substring(st, gb));
            }
            int b = body.indexOf("available PCIe bandwidth");
            String tail = body.substring(b + "available PCIe bandwidth".length());
            int cap = tail.indexOf("(capable of");
            String link = cap >= 0 ? tail.substring(0, cap) : tail;
            e.gts = ToolValues.gtPerSec(link);
            e.width = ToolValues.linkWidth(link);
            String lim = tail.strip();
            if (lim.startsWith(",")) lim = lim.substring(1).strip();
            if (lim.startsWith("limited by")) e.detail = lim;
        }

        private static void mlx5(EventFacts e, String body) {
            Matcher pm = MLX5_PORT.matcher(body);
            if (pm.find()) {
                e.type = DmesgEventType.MLX5_PORT;
                e.port = ToolValues.integer(pm.group(1));
                e.state = pm.group(2).toUpperCase(Locale.ROOT);
                return;
            }
            String b = body.strip();
            if (b.equals("Link up") || b.equals("Link down") || b.startsWith("Link up,") || b.startsWith("Link down,")) {
                e.type = DmesgEventType.MLX5_PORT;
                e.state = b.startsWith("Link up") ? "UP" : "DOWN";
                return;
            }
            int me = b.indexOf("Port module event");
            if (me >= 0) {
                e.type = DmesgEventType.MLX5_PORT;
                int mi = b.indexOf("module ", me + "Port module event".length());
                if (mi >= 0) {
                    e.module = intAt(b, mi + 7);
                    int c = b.indexOf(',', mi);
                    if (c > 0) {
                        String st = b.substring(c + 1).strip();
                        if (st.endsWith(".")) st = st.substring(0, st.length() - 1);
                        e.state = st.isEmpty() ? null : st;
                    }
                }
                return;
            }
            e.type = DmesgEventType.MLX5;
            if (b.startsWith("firmware version:")) {
                String v = b.substring("firmware version:".length()).strip();
                e.firmware = v.isEmpty() ? null : v;
            }
        }

        DmesgData finish(int lines) {
            flush();
            if (dropped > 0) w.warn(0, dropped + " events beyond the limit of " + MAX_EVENTS + " were dropped", "");
            if (events.isEmpty()) {
                if (stampedLines == 0) {
                    w.error(0, "no dmesg content found", "");
                } else {
                    w.info(0, "no GPU, NVLink, NIC or PCIe message among " + stampedLines + " kernel lines", "");
                }
            }
            return new DmesgData(events, driverVersion, uuids, lines, skipped);
        }
    }
}
