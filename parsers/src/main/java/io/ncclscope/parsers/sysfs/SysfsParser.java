package io.ncclscope.parsers.sysfs;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code PATH VALUE} lines of files under {@code /sys}: the {@code net/sysfs.txt} (interface {@code mtu},
 * {@code speed}, {@code duplex}, {@code operstate}, {@code carrier}, {@code type}) and {@code ib/sysfs.txt}
 * (InfiniBand port {@code state}, {@code rate}, {@code link_layer} and counters) of an {@code ncclscope collect}
 * bundle, and the {@code PATH:VALUE} lines of {@code grep . /sys/class/net/STAR/mtu}.
 *
 * <p>A value may hold spaces ({@code 4: ACTIVE}, {@code 400 Gb/sec (4X NDR)}); the path is the first word. Lines
 * starting with {@code #} are the collector's comments. Stateless and thread-safe.
 */
public final class SysfsParser implements ToolParser<SysfsData> {

    /** Most values one parse keeps. */
    static final int MAX_ITEMS = 1 << 18;

    @Override
    public Kind kind() {
        return Kind.SYSFS;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = head.toString();
        // A value is a line that starts with /sys/, and no score without one.
        if (!HeadLines.headContains(h, "/sys/")) return 0;
        int lines = 0, values = 0;
        HeadLines t = new HeadLines(h, 400);
        while (lines < 400 && t.next()) {
            if (t.isEmpty() || t.startsWith("#")) continue;
            lines++;
            if (t.startsWith("/sys/") && value(t.text(), 0) != null) values++;
        }
        if (values == 0 || values * 10 < lines * 9) return 0;
        return values >= 2 ? 85 : 50;
    }

    @Override
    public ParseResult<SysfsData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        List<SysfsValue> out = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        boolean capped = false;
        String raw;
        while ((raw = src.next()) != null) {
            int ln = src.lineNumber();
            String t = raw.strip();
            if (t.isEmpty()) continue;
            if (t.startsWith("#")) {
                if (comments.size() < 64) comments.add(t.substring(1).strip());
                continue;
            }
            SysfsValue v = value(t, ln);
            if (v == null) {
                w.warn(ln, "not a /sys PATH VALUE line", t);
                continue;
            }
            if (out.size() >= MAX_ITEMS) {
                if (!capped) w.warn(ln, "more than " + MAX_ITEMS + " values; the rest were not read", t);
                capped = true;
                continue;
            }
            out.add(v);
        }
        if (out.isEmpty()) w.error(0, "no /sys PATH VALUE line: not a sysfs listing", "");
        return new ParseResult<>(Kind.SYSFS, new SysfsData(out, comments), w.toList());
    }

    /**
     * {@return {@code /sys/... VALUE} or {@code /sys/...:VALUE} as a value; null when {@code t} is neither} The colon
     * of {@code grep .} is the first one after the path's last slash: folders may hold colons (PCI addresses,
     * {@code /sys/bus/pci/devices/0000:3b:00.0/current_link_speed}), the files read do not.
     */
    static SysfsValue value(String t, int line) {
        if (!t.startsWith("/sys/")) return null;
        int sp = t.indexOf(' ');
        int end = sp < 0 ? t.length() : sp;
        int colon = t.indexOf(':', t.lastIndexOf('/', end - 1));
        if (colon > 0 && colon < end) return new SysfsValue(t.substring(0, colon), t.substring(colon + 1).strip(), line);
        if (sp < 0) return null;
        return new SysfsValue(t.substring(0, sp), t.substring(sp + 1).strip(), line);
    }
}
