package io.ncclscope.parsers.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place that turns tool tokens into numbers: integers, decimals, units ({@code 16GT/s},
 * {@code 200 Gb/sec}, {@code 100000Mb/s}, {@code 4X HDR}), PCI addresses, CPU lists
 * ({@code 0-47,96-143}) and GUIDs. Nothing else calls {@code Integer.parseInt} on tool text.
 * Every method returns {@code null} (or an empty list) for text it cannot read: a tool that
 * printed {@code N/A} did not print {@code 0}.
 */
public final class ToolValues {

    private ToolValues() {
    }

    /** A decimal integer, allowing a leading sign and surrounding space; null otherwise or on overflow. */
    public static Integer integer(CharSequence s) {
        Long v = longValue(s);
        return v == null || v > Integer.MAX_VALUE || v < Integer.MIN_VALUE ? null : (int) (long) v;
    }

    /** A decimal long, allowing a leading sign and surrounding space; null otherwise or on overflow. */
    public static Long longValue(CharSequence cs) {
        if (cs == null) return null;
        String s = cs.toString().trim();
        int n = s.length();
        if (n == 0 || n > 19) return null;
        int i = 0;
        boolean neg = false;
        if (s.charAt(0) == '-' || s.charAt(0) == '+') {
            neg = s.charAt(0) == '-';
            i = 1;
            if (n == 1) return null;
        }
        long v = 0;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return null;
            v = v * 10 + (c - '0');
            if (v < 0) return null;
        }
        return neg ? -v : v;
    }

    /** A hexadecimal long with or without {@code 0x}; null otherwise. */
    public static Long hex(CharSequence cs) {
        if (cs == null) return null;
        String s = cs.toString().trim();
        if (s.startsWith("0x") || s.startsWith("0X")) s = s.substring(2);
        if (s.isEmpty() || s.length() > 16) return null;
        long v = 0;
        for (int i = 0; i < s.length(); i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0) return null;
            v = (v << 4) | d;
        }
        return v;
    }

    /**
     * A decimal number such as {@code 12.5}, {@code -3}, {@code 1e+06}, {@code 1,234.5} (thousands
     * commas dropped); null for {@code N/A}, {@code -}, {@code inf}, {@code nan} and anything else.
     */
    public static Double decimal(CharSequence cs) {
        if (cs == null) return null;
        String s = cs.toString().trim();
        if (s.isEmpty() || s.length() > 40) return null;
        if (s.indexOf(',') >= 0) {
            if (!THOUSANDS.matcher(s).matches()) return null;
            s = s.replace(",", "");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return null;
        }
        try {
            double d = Double.parseDouble(s);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // Compiled once: String.matches and a split at a regex of more than one character compile theirs at every call.
    private static final Pattern THOUSANDS = Pattern.compile("[-+]?\\d{1,3}(,\\d{3})+(\\.\\d+)?");
    private static final Pattern CPU_LIST_SEPARATORS = Pattern.compile("[,\\s]+");
    private static final Pattern CPU_LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");
    private static final Pattern GTS = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*GT/s", Pattern.CASE_INSENSITIVE);

    /** A PCIe transfer rate in GT/s from text such as {@code Speed 16GT/s} or {@code 2.5GT/s (downgraded)}. */
    public static Double gtPerSec(CharSequence s) {
        if (s == null) return null;
        Matcher m = GTS.matcher(s);
        return m.find() ? decimal(m.group(1)) : null;
    }

    private static final Pattern WIDTH = Pattern.compile("(?:\\bx(\\d{1,2})\\b)|(?:\\b(\\d{1,2})x\\b)", Pattern.CASE_INSENSITIVE);

    /** A PCIe link width from {@code x16}, {@code Width x8} or {@code 16x}. */
    public static Integer linkWidth(CharSequence s) {
        if (s == null) return null;
        Matcher m = WIDTH.matcher(s);
        if (!m.find()) return null;
        return integer(m.group(1) != null ? m.group(1) : m.group(2));
    }

    private static final Pattern RATE = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*([KMGT]?)(?:b/s|bps|b/sec|bit/s|bits/sec|Gbit|Mbit)?", Pattern.CASE_INSENSITIVE);

    /**
     * A link rate in Gb/s from text such as {@code 200 Gb/sec (4X HDR)}, {@code 100000Mb/s}, {@code 25Gb/s},
     * {@code 400}; a bare number is taken as Gb/s. Null when no number is present.
     */
    public static Double gbps(CharSequence s) {
        if (s == null) return null;
        Matcher m = RATE.matcher(s);
        if (!m.find()) return null;
        Double v = decimal(m.group(1));
        if (v == null) return null;
        switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K": return v / 1e6;
            case "M": return v / 1e3;
            case "T": return v * 1e3;
            default: return v;
        }
    }

    private static final Pattern PCI = Pattern.compile(
            "(?:([0-9a-fA-F]{4,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-7])");

    /**
     * A PCI address in canonical form {@code dddd:bb:dd.f} (lower case, 4-digit domain) from
     * {@code 0000:b1:00.0}, {@code 00000000:B1:00.0} or {@code b1:00.0}; null when none is present.
     */
    public static String pciAddress(CharSequence s) {
        if (s == null) return null;
        Matcher m = PCI.matcher(s);
        if (!m.find()) return null;
        String dom = m.group(1) == null ? "0000" : m.group(1).toLowerCase(Locale.ROOT);
        if (dom.length() > 4) {
            String head = dom.substring(0, dom.length() - 4);
            if (head.chars().allMatch(c -> c == '0')) dom = dom.substring(dom.length() - 4);
        }
        return dom + ":" + m.group(2).toLowerCase(Locale.ROOT) + ":" + m.group(3).toLowerCase(Locale.ROOT) + "." + m.group(4);
    }

    /** Most CPUs a list may name; a longer list is junk (a glued cell), not a machine. */
    public static final int MAX_CPUS = 1 << 16;

    /**
     * Expands a CPU list such as {@code 0-47,96-143} or {@code 0 1 2 3} into CPU numbers.
     * Returns an empty list for text that is not a CPU list or names more than {@link #MAX_CPUS}.
     */
    public static List<Integer> cpuList(CharSequence cs) {
        List<Integer> out = new ArrayList<>();
        if (cs == null) return out;
        String s = cs.toString().trim();
        if (s.isEmpty()) return out;
        for (String part : CPU_LIST_SEPARATORS.split(s)) {
            if (part.isEmpty()) continue;
            int dash = part.indexOf('-');
            if (dash > 0) {
                Integer a = integer(part.substring(0, dash));
                Integer b = integer(part.substring(dash + 1));
                if (a == null || b == null || a < 0 || b < a || b - a >= MAX_CPUS || out.size() + (b - a) >= MAX_CPUS) {
                    return new ArrayList<>();
                }
                for (int i = a; i <= b; i++) out.add(i);
            } else {
                Integer a = integer(part);
                if (a == null || a < 0 || out.size() >= MAX_CPUS) return new ArrayList<>();
                out.add(a);
            }
        }
        return out;
    }

    /** True when {@code s} reads as a CPU list ({@code 0-47,96-143}, {@code 3}, {@code 0,2,4}). */
    public static boolean isCpuList(CharSequence s) {
        return s != null && CPU_LIST.matcher(s.toString().trim()).matches() && !cpuList(s).isEmpty();
    }

    /**
     * A 64-bit GUID as 16 lower-case hex digits from {@code 0x506b4b0300d1e4a8} or
     * {@code 506b:4b03:00d1:e4a8}; null otherwise.
     */
    public static String guid(CharSequence cs) {
        if (cs == null) return null;
        String s = cs.toString().trim().toLowerCase(Locale.ROOT);
        if (s.startsWith("0x")) s = s.substring(2);
        s = s.replace(":", "");
        if (s.length() != 16) return null;
        for (int i = 0; i < 16; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) return null;
        }
        return s;
    }

    /** The excerpt of a line used in warnings and evidence: trimmed, at most 120 characters. */
    public static String excerpt(String line) {
        if (line == null) return "";
        String t = line.strip();
        return t.length() > 120 ? t.substring(0, 120) : t;
    }
    /**
     * An IPv6 address or RoCE GID in full form, 8 groups of 4 lower-case hex digits, from full
     * ({@code 0000:...:ffff:ac14:0101}), compressed ({@code fe80::ac0:ebff:feda:1cfb}) or IPv4-embedded
     * ({@code ::ffff:200.0.209.6}) notation; null otherwise.
     */
    public static String gid(CharSequence cs) {
        if (cs == null) return null;
        String s = cs.toString().trim().toLowerCase(Locale.ROOT);
        if (s.length() < 2 || s.length() > 45) return null;
        List<Integer> head = new ArrayList<>();
        List<Integer> tail = new ArrayList<>();
        int dc = s.indexOf("::");
        if (dc >= 0 && s.indexOf("::", dc + 1) >= 0) return null;
        String[][] parts = dc < 0 ? new String[][] {s.split(":", -1)}
                : new String[][] {dc == 0 ? new String[0] : s.substring(0, dc).split(":", -1),
                        dc + 2 == s.length() ? new String[0] : s.substring(dc + 2).split(":", -1)};
        for (int p = 0; p < parts.length; p++) {
            List<Integer> out = p == 0 ? head : tail;
            String[] groups = parts[p];
            for (int i = 0; i < groups.length; i++) {
                String g = groups[i];
                if (i == groups.length - 1 && g.indexOf('.') >= 0 && p == parts.length - 1) {
                    String[] q = g.split("\\.", -1);
                    if (q.length != 4) return null;
                    int[] b = new int[4];
                    for (int k = 0; k < 4; k++) {
                        Integer v = q[k].length() > 3 ? null : integer(q[k]);
                        if (v == null || v < 0 || v > 255 || q[k].startsWith("+")) return null;
                        b[k] = v;
                    }
                    out.add(b[0] << 8 | b[1]);
                    out.add(b[2] << 8 | b[3]);
                } else {
                    Long v = g.isEmpty() || g.length() > 4 || g.startsWith("0x") ? null : hex(g);
                    if (v == null) return null;
                    out.add((int) (long) v);
                }
            }
        }
        int n = head.size() + tail.size();
        if (dc < 0 ? n != 8 : n > 7) return null;
        StringBuilder sb = new StringBuilder(39);
        List<Integer> all = new ArrayList<>(head);
        for (int i = n; i < 8; i++) all.add(0);
        all.addAll(tail);
        for (int i = 0; i < 8; i++) {
            if (i > 0) sb.append(':');
            String hx = Integer.toHexString(all.get(i));
            sb.append("0000", hx.length(), 4).append(hx);
        }
        return sb.toString();
    }
    /**
     * A bus id as NCCL prints it in INFO lines ({@code busId 60}, {@code 1b000}, {@code a01d0}, {@code 0x1b000}) in
     * canonical form {@code dddd:bb:dd.f}, or null. NCCL builds that number from the hex digits of the PCI address
     * with the separators dropped (src/misc/utils.cc busIdToInt64 / int64ToBusId): function = last digit, device =
     * the two before, bus = the two before that, domain = the rest. So {@code 60} is {@code 0000:00:06.0} (the
     * H200 of corpus captured/h200-1gpu, whose nvidia-smi says 00000000:00:06.0) and {@code a01d0} is
     * {@code 0000:a0:1d.0}. Text with a colon is read as a PCI address.
     */
    public static String ncclInt64BusId(CharSequence s) {
        if (s == null) return null;
        String t = s.toString().trim();
        if (t.indexOf(':') >= 0) return pciAddress(t);
        Long v = hex(t);
        if (v == null || v < 0) return null;
        // "%04x:%02x:%02x.%x" without a Formatter (this runs for every rank's bus id of every log).
        StringBuilder sb = new StringBuilder(12);
        zeroPaddedHex(sb, v >>> 20, 4).append(':');
        zeroPaddedHex(sb, (v >>> 12) & 0xff, 2).append(':');
        zeroPaddedHex(sb, (v >>> 4) & 0xff, 2).append('.');
        return sb.append(Character.forDigit((int) (v & 0xf), 16)).toString();
    }

    /** {@code value} (not negative) in lower-case hex, zeros before it up to {@code width} digits, as {@code %0Nx}. */
    private static StringBuilder zeroPaddedHex(StringBuilder sb, long value, int width) {
        String hex = Long.toHexString(value);
        for (int i = hex.length(); i < width; i++) sb.append('0');
        return sb.append(hex);
    }
    /**
     * A memory size in bytes with binary multiples, as lspci and nvidia-smi print them: {@code 64GB},
     * {@code 16M}, {@code 512K}, {@code 256 MiB}, {@code 4096} (bytes); null otherwise or on overflow.
     */
    public static Long binaryBytes(CharSequence cs) {
        if (cs == null) return null;
        String s = cs.toString().trim().toUpperCase(Locale.ROOT).replace(" ", "");
        if (s.endsWith("IB")) s = s.substring(0, s.length() - 2);
        else if (s.endsWith("B")) s = s.substring(0, s.length() - 1);
        int shift = 0;
        if (!s.isEmpty()) {
            int k = "KMGTP".indexOf(s.charAt(s.length() - 1));
            if (k >= 0) {
                shift = 10 * (k + 1);
                s = s.substring(0, s.length() - 1);
            }
        }
        Long v = longValue(s);
        if (v == null || v < 0 || (shift > 0 && v > (Long.MAX_VALUE >> shift))) return null;
        return v << shift;
    }
    // -- add new helpers above this line (one small insertion at a time; never rewrite this file) --
}
