package io.ncclscope.parsers.pci;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the output of {@code lspci -vvv} (also {@code -vv}, {@code -vvvs BDF}, {@code -D}, {@code -nn},
 * plain {@code lspci}, and {@code lspci -vvv | grep Lnk} pastes without device headers): per function
 * the {@code LnkCap:} and {@code LnkSta:} speed and width with lspci's {@code (downgraded)} verdict,
 * the NUMA node, the driver in use and the ACS flags.
 *
 * <p>Only the exact keys count: {@code LnkCap2:}, {@code LnkSta2:}, {@code LnkCtl2:} and {@code DevCap:}
 * describe other things. Indentation may be tabs (a real terminal) or spaces (a Markdown paste).
 * Shell and sudo prompts in pastes are skipped. At most {@value #MAX_DEVICES} functions are kept.
 */
public final class LspciVerboseParser implements ToolParser<LspciVerbose> {

    /** Most functions kept. */
    public static final int MAX_DEVICES = 100_000;

    private static final Pattern HEADER = Pattern.compile(
            "^((?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7])\\s+(\\S.*)$");
    private static final Pattern EXPRESS = Pattern.compile(
            "^\\[[0-9a-fA-F]{1,4}(?: v\\d{1,2})?\\]\\s+Express\\s+(?:\\(v\\d{1,2}\\)\\s+)?([^,]{1,80})");
    private static final Pattern CLASS_CODE = Pattern.compile("\\s*\\[[0-9a-fA-F]{4}\\]$");

    @Override
    public Kind kind() {
        return Kind.LSPCI_VERBOSE;
    }

    @Override
    public int sniff(CharSequence head) {
        int headers = 0;
        int links = 0;
        int caps = 0;
        int props = 0;
        String h = head.toString();
        int lines = 0;
        // The lines' bounds from HeadLines (found once for every sniffer while detection shares the head).
        HeadLines line = new HeadLines(h, Integer.MAX_VALUE);
        while (lines < 3000 && line.next()) {
            int end = line.rawTo();
            int i = line.rawFrom();
            while (i < end && (h.charAt(i) == ' ' || h.charAt(i) == '\t')) i++;
            // The first character that is not whitespace within 200 of i: the stripped line's, when it lies there.
            int first = line.from();
            char c = first < Math.min(end, i + 200) ? h.charAt(first) : ' ';
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || "LCKSN".indexOf(c) >= 0)) {
                // A header starts with a hex digit, the other lines counted with L, C, K, S or N: not copied.
                lines++;
                continue;
            }
            String t = h.substring(i, Math.min(end, i + 200)).strip();
            if (looksLikeHeader(t)) {
                headers++;
            } else if (t.startsWith("LnkCap:") || t.startsWith("LnkSta:")) {
                links++;
            } else if (t.startsWith("Capabilities: [") || t.startsWith("Capabilities: <access denied>")) {
                caps++;
            } else if (t.startsWith("Kernel driver in use:") || t.startsWith("Subsystem:") || t.startsWith("NUMA node:")) {
                props++;
            }
            lines++;
        }
        if (headers > 0 && (links > 0 || caps > 0)) return 92;
        if (headers > 0 && props > 0) return 75;
        if (links > 0) return 60;
        if (headers >= 2) return 50;
        if (headers == 1) return 30;
        return 0;
    }

    /** A cheap test before the regex: {@code bb:dd.f } or {@code dddd:bb:dd.f }. */
    private static boolean maybeHeader(String t) {
        if (t.length() < 9) return false;
        char c = t.charAt(0);
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
        int dot = t.charAt(2) == ':' ? 5 : t.indexOf(':') >= 4 && t.indexOf(':') <= 8 ? t.indexOf(':') + 6 : -1;
        return dot > 0 && dot < t.length() && t.charAt(dot) == '.';
    }

    private static boolean looksLikeHeader(String t) {
        if (!maybeHeader(t)) return false;
        Matcher m = HEADER.matcher(t);
        return m.matches() && m.group(2).indexOf(':') > 0;
    }

    /** Mutable function while parsing. */
    private static final class FunctionFacts {
        final String bdf;
        final int line;
        String cls;
        String desc;
        String rev;
        String subsystem;
        String slot;
        String express;
        Integer sec;
        Integer sub;
        LinkCap cap;
        LinkStatus sta;
        Integer numa;
        Integer numaLine;
        String driver;
        List<String> modules = List.of();
        Map<String, Boolean> acsCap;
        Map<String, Boolean> acsCtl;
        int acsLine;
        boolean denied;
        String vpd;
        List<ResizableBar> bars = new ArrayList<>();

        FunctionFacts(String bdf, int line) {
            this.bdf = bdf;
            this.line = line;
        }

        LspciDevice build() {
            Acs acs = acsCap == null && acsCtl == null ? null
                    : new Acs(acsCap == null ? Map.of() : acsCap, acsCtl == null ? Map.of() : acsCtl, acsLine);
            return new LspciDevice(bdf, cls, desc, rev, subsystem, slot, express, sec, sub, cap, sta, numa, numaLine,
                    driver, modules, acs, vpd, bars, denied, line);
        }
    }

    @Override
    public ParseResult<LspciVerbose> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        List<LspciDevice> out = new ArrayList<>();
        FunctionFacts cur = null;
        boolean full = false;
        String raw;
        while ((raw = src.next()) != null) {
            int ln = src.lineNumber();
            String t = raw.strip();
            if (t.isEmpty() || full) continue;
            boolean indented = Whitespace.is(raw.charAt(0));
            Matcher hm = maybeHeader(t) && !Paste.isNoise(t) ? HEADER.matcher(t) : null;
            if (hm != null && hm.matches()) {
                if (cur != null) out.add(cur.build());
                cur = null;
                if (out.size() >= MAX_DEVICES) {
                    w.warn(ln, "more than " + MAX_DEVICES + " functions; the rest were not kept", ToolValues.excerpt(t));
                    full = true;
                    continue;
                }
                cur = header(ToolValues.pciAddress(hm.group(1)), hm.group(2), ln);
                continue;
            }
            if (Paste.isNoise(t)) continue;
            int colon = t.indexOf(':');
            String key = colon > 0 ? t.substring(0, colon).strip() : "";
            String value = colon > 0 ? t.substring(colon + 1).strip() : "";
            switch (key) {
                case "LnkCap" -> {
                    if (cur == null || (cur.bdf == null && (cur.cap != null || cur.sta != null))) {
                        cur = anonymous(cur, out, ln);
                    }
                    if (cur.cap != null) {
                        w.warn(ln, "second LnkCap line for " + cur.bdf + "; ignored", ToolValues.excerpt(t));
                    } else {
                        cur.cap = linkCap(value, ln);
                    }
                }
                case "LnkSta" -> {
                    if (cur == null || (cur.bdf == null && cur.sta != null)) {
                        cur = anonymous(cur, out, ln);
                    }
                    if (cur.sta != null) {
                        w.warn(ln, "second LnkSta line for " + cur.bdf + "; ignored", ToolValues.excerpt(t));
                    } else {
                        cur.sta = linkStatus(value, ln);
                    }
                }
                default -> {
                    if (cur == null) {
                        if (!indented) w.info(ln, "not lspci -vvv output; skipped", ToolValues.excerpt(t));
                        continue;
                    }
                    property(cur, key, value, ln);
                }
            }
        }
        if (cur != null) out.add(cur.build());
        if (out.isEmpty()) {
            w.error(0, "no lspci-verbose content found", "");
        }
        return new ParseResult<>(kind(), new LspciVerbose(out), w.toList());
    }

    private static FunctionFacts anonymous(FunctionFacts cur, List<LspciDevice> out, int ln) {
        if (cur != null) out.add(cur.build());
        return new FunctionFacts(null, ln);
    }

    /** {@code VGA compatible controller: NVIDIA Corporation AD102GL [RTX 6000 Ada Generation] (rev a1) (prog-if 00 [VGA controller])}. */
    private static FunctionFacts header(String bdf, String rest, int ln) {
        FunctionFacts d = new FunctionFacts(bdf, ln);
        int sep = rest.indexOf(": ");
        String cls = sep > 0 ? rest.substring(0, sep).strip() : null;
        String desc = sep > 0 ? rest.substring(sep + 2).strip() : rest.strip();
        if (cls != null) {
            cls = CLASS_CODE.matcher(cls).replaceFirst("");
        }
        int prog = desc.lastIndexOf(" (prog-if ");
        if (prog >= 0) desc = desc.substring(0, prog).strip();
        int rev = desc.lastIndexOf(" (rev ");
        if (rev >= 0 && desc.endsWith(")")) {
            d.rev = desc.substring(rev + 6, desc.length() - 1).strip();
            desc = desc.substring(0, rev).strip();
        }
        d.cls = cls == null || cls.isEmpty() ? null : cls;
        d.desc = desc.isEmpty() ? null : desc;
        return d;
    }

    private static void property(FunctionFacts d, String key, String value, int ln) {
        switch (key) {
            case "Subsystem" -> {
                if (d.subsystem == null) d.subsystem = value;
            }
            case "Physical Slot" -> d.slot = value;
            case "NUMA node" -> {
                Integer v = ToolValues.integer(value);
                d.numa = v != null && v >= 0 ? v : null; // the kernel's -1 means "no node"
                d.numaLine = ln;
            }
            case "Kernel driver in use" -> d.driver = value.isEmpty() ? null : value;
            case "Kernel modules" -> {
                List<String> mods = new ArrayList<>();
                for (String m : value.split(",")) {
                    if (!m.isBlank()) mods.add(m.strip());
                }
                d.modules = mods;
            }
            case "Capabilities" -> {
                if (value.startsWith("<access denied>")) {
                    d.denied = true;
                } else if (d.express == null) {
                    Matcher m = EXPRESS.matcher(value);
                    if (m.find()) {
                        String type = m.group(1).strip();
                        int paren = type.indexOf(" (");
                        if (paren > 0) type = type.substring(0, paren);
                        d.express = type;
                    }
                }
            }
            case "Bus" -> {
                // Bus: primary=00, secondary=01, subordinate=01, sec-latency=0
                for (String part : value.split(",")) {
                    String p = part.strip();
                    if (p.startsWith("secondary=")) d.sec = hexByte(p.substring(10));
                    else if (p.startsWith("subordinate=")) d.sub = hexByte(p.substring(12));
                }
            }
            case "ACSCap" -> {
                d.acsCap = flags(value);
                if (d.acsCtl == null) d.acsLine = ln;
            }
            case "ACSCtl" -> {
                d.acsCtl = flags(value);
                d.acsLine = ln;
            }
            case "Product Name" -> {
                if (d.vpd == null && !value.isEmpty()) d.vpd = value;
            }
            default -> {
                // BAR 1: current size: 64GB, supported: 64MB 128MB ... (Physical Resizable BAR)
                if (key.startsWith("BAR ") && value.startsWith("current size:") && d.bars.size() < 8) {
                    Integer bar = ToolValues.integer(key.substring(4));
                    int comma = value.indexOf(',');
                    String size = (comma < 0 ? value.substring(13) : value.substring(13, comma)).strip();
                    if (bar != null && !size.isEmpty()) d.bars.add(new ResizableBar(bar, size, ToolValues.binaryBytes(size), ln));
                }
                // Every other line of -vvv output carries nothing we keep.
            }
        }
    }

    private static Integer hexByte(String s) {
        Long v = ToolValues.hex(s.strip());
        return v == null || v > 0xff ? null : (int) (long) v;
    }

    /** {@code Port #0, Speed 16GT/s, Width x16, ASPM L1, Exit Latency L1 <4us}. */
    static LinkCap linkCap(String value, int ln) {
        Integer port = null;
        Double speed = null;
        Integer width = null;
        for (String part : value.split(",")) {
            String p = part.strip();
            if (p.startsWith("Port #")) port = ToolValues.integer(p.substring(6));
            else if (p.startsWith("Speed ") && speed == null) speed = ToolValues.gtPerSec(p);
            else if (p.startsWith("Width ") && width == null) width = ToolValues.linkWidth(p);
        }
        return new LinkCap(port, speed, width, ln);
    }

    /** {@code Speed 2.5GT/s (downgraded), Width x16 (ok)}; old lspci appends {@code TrErr- Train- ...}. */
    static LinkStatus linkStatus(String value, int ln) {
        Double speed = null;
        Integer width = null;
        Boolean speedDown = null;
        Boolean widthDown = null;
        for (String part : value.split(",")) {
            String p = part.strip();
            if (p.startsWith("Speed ") && speed == null) {
                speed = ToolValues.gtPerSec(p);
                speedDown = verdict(p);
            } else if (p.startsWith("Width ") && width == null) {
                width = ToolValues.linkWidth(p);
                widthDown = verdict(p);
            }
        }
        Boolean down = Boolean.TRUE.equals(speedDown) || Boolean.TRUE.equals(widthDown) ? Boolean.TRUE
                : speedDown != null || widthDown != null ? Boolean.FALSE : null;
        return new LinkStatus(speed, width, down, speedDown, widthDown, ln);
    }

    private static Boolean verdict(String part) {
        if (part.contains("(downgraded)")) return Boolean.TRUE;
        if (part.contains("(ok)") || part.contains("(overdriven)")) return Boolean.FALSE;
        return null;
    }

    /** {@code SrcValid+ TransBlk- ReqRedir- ...} by name. */
    private static Map<String, Boolean> flags(String value) {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (String tok : Paste.splitAtWhitespaceRuns(value)) {
            if (tok.length() < 2 || m.size() >= 64) continue;
            char last = tok.charAt(tok.length() - 1);
            if (last == '+' || last == '-') m.put(tok.substring(0, tok.length() - 1), last == '+');
        }
        return m;
    }
}
