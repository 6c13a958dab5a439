package io.ncclscope.parsers.ethtool;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the output of {@code ethtool IF} (link settings), and of {@code ethtool -i IF} (driver, firmware, bus)
 * and {@code ethtool -S IF} (NIC counters), one or several of them concatenated.
 *
 * <p>Sections: {@code Settings for IF:} starts the settings of an interface, a {@code driver:} line the
 * {@code -i} block, {@code NIC statistics:} the counters. A section without a name joins the interface
 * before it unless that one already has such a section; a pasted shell prompt ({@code $ ethtool -S eth0})
 * names the interface of the section after it. Counter lines with no {@code NIC statistics:} header, as
 * {@code ethtool -S IF | grep prio} leaves them, are read as counters too (corpus ethtool/byteps-179-1.txt).
 * Multi-line link-mode lists are joined; trailing blanks are dropped. Error lines ethtool prints among its
 * output ({@code Cannot get wake-on-lan settings: Operation not permitted}, {@code netlink error: ...}) become
 * {@link EthtoolData#toolErrors()} and a warning, and the parse goes on (corpus ethtool/open-nic-driver-29-1.txt).
 * Other ethtool sections ({@code -a}, {@code -g}, {@code -k}, ...) are skipped with a note. Stateless and
 * thread-safe.
 */
public final class EthtoolParser implements ToolParser<EthtoolData> {

    /** Most interfaces, and most counters in all, that one parse keeps. */
    static final int MAX_ITEMS = 1 << 16;

    @Override
    public Kind kind() {
        return Kind.ETHTOOL;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        boolean settings = false, stats = false, strong = false, driver = false, driverMate = false, cmd = false;
        int lines = 0, counters = 0, rxtx = 0;
        HeadLines t = new HeadLines(head.toString(), 400);
        while (t.next()) {
            if (t.isEmpty()) continue;
            lines++;
            if (t.startsWith("Settings for ") && t.endsWith(":")) settings = true;
            else if (t.is("NIC statistics:")) stats = true;
            else if (t.startsWith("Link detected:") || t.startsWith("Supported link modes:")
                    || t.startsWith("Advertised link modes:")) strong = true;
            else if (t.startsWith("driver:")) driver = true;
            else if (t.startsWith("bus-info:") || t.startsWith("firmware-version:") || t.startsWith("supports-statistics:")) driverMate = true;
            else if (t.contains("ethtool ") && Paste.afterPrompt(t.text()) != null) cmd = true;
            else if (t.indented() && t.contains(':')) {
                String name = counterName(t.text());
                if (name != null) {
                    counters++;
                    if (name.contains("rx") || name.contains("tx") || name.contains("packets") || name.contains("bytes")) rxtx++;
                }
            }
        }
        if (settings || stats || (driver && driverMate)) return 95;
        if (strong) return 90;
        if (cmd) return 70;
        if (counters >= 3 && counters * 5 >= lines * 4) return rxtx * 2 >= counters ? 70 : 45;
        return 0;
    }

    @Override
    public ParseResult<EthtoolData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        Reading r = new Reading(w);
        String raw;
        while ((raw = src.next()) != null) {
            r.line(raw, src.lineNumber());
        }
        return new ParseResult<>(Kind.ETHTOOL, r.finish(), w.toList());
    }

    private enum Mode { NONE, SETTINGS, INFO, STATS, OTHER }

    private static final class InterfaceFacts {
        String name;
        final int line;
        int settingsLine;
        int infoLine;
        int statsLine;
        final List<String> supportedPorts = new ArrayList<>();
        final List<String> supportedLinkModes = new ArrayList<>();
        String supportedPause;
        Boolean supportsAutoneg;
        final List<String> supportedFec = new ArrayList<>();
        final List<String> advertisedLinkModes = new ArrayList<>();
        String advertisedPause;
        Boolean advertisedAutoneg;
        final List<String> advertisedFec = new ArrayList<>();
        int partnerLine;
        final List<String> partnerModes = new ArrayList<>();
        String partnerPause;
        Boolean partnerAutoneg;
        final List<String> partnerFec = new ArrayList<>();
        Integer speed;
        Duplex duplex;
        Integer lanes;
        Boolean autoneg;
        String port;
        Integer phyad;
        String transceiver;
        String mdix;
        String supportsWakeOn;
        String wakeOn;
        Long messageLevel;
        final List<String> messageFlags = new ArrayList<>();
        Boolean linkDetected;
        String driver;
        String version;
        String firmware;
        String rom;
        String bus;
        Boolean sStats;
        Boolean sTest;
        Boolean sEeprom;
        Boolean sRegs;
        Boolean sPriv;
        final Map<String, Long> counters = new LinkedHashMap<>();
        final Map<String, Integer> counterLines = new LinkedHashMap<>();

        InterfaceFacts(String name, int line) {
            this.name = name;
            this.line = line;
        }

        EthtoolInterface build() {
            LinkPartner lp = partnerLine == 0 ? null
                    : new LinkPartner(partnerModes, partnerPause, partnerAutoneg, partnerFec, partnerLine);
            return new EthtoolInterface(name, supportedPorts, supportedLinkModes, supportedPause, supportsAutoneg,
                    supportedFec, advertisedLinkModes, advertisedPause, advertisedAutoneg, advertisedFec, lp, speed,
                    duplex, lanes, autoneg, port, phyad, transceiver, mdix, supportsWakeOn, wakeOn, messageLevel,
                    messageFlags, linkDetected, driver, version, firmware, rom, bus, sStats, sTest, sEeprom, sRegs,
                    sPriv, counters, counterLines, line);
        }
    }

    private static final class Reading {
        final Warnings w;
        final List<InterfaceFacts> ifs = new ArrayList<>();
        final List<ToolMessage> errors = new ArrayList<>();
        InterfaceFacts cur;
        Mode mode = Mode.NONE;
        String pendingName;
        List<String> continuation; // the list a wrapped line continues (link modes, message level names)
        int counterCount;
        boolean capped;

        Reading(Warnings w) {
            this.w = w;
        }

        void line(String raw, int ln) {
            String t = raw.strip();
            if (t.isEmpty()) return;
            if (Paste.skippedCut(w, t, ln)) return;
            String cmd = Paste.afterPrompt(t);
            if (cmd != null || t.startsWith("ethtool ") || t.startsWith("sudo ethtool ")) {
                command(cmd != null ? cmd : t, ln, t);
                return;
            }
            if (isToolMessage(t)) {
                if (errors.size() < MAX_ITEMS) errors.add(new ToolMessage(ln, t));
                w.warn(ln, "ethtool reported an error", t);
                return;
            }
            if (t.startsWith("Settings for ") && t.endsWith(":")) {
                String name = t.substring(13, t.length() - 1).strip();
                InterfaceFacts b = section(name, cur != null && cur.settingsLine == 0, ln);
                if (b != null) b.settingsLine = ln;
                mode = Mode.SETTINGS;
                continuation = null;
                return;
            }
            if (t.equals("NIC statistics:")) {
                startStats(ln);
                return;
            }
            if (t.endsWith(":") && (t.contains(" parameters for ") || t.startsWith("Features for "))) {
                mode = Mode.OTHER; // ethtool -a / -g / -c / -l / -k: not modelled
                continuation = null;
                w.info(ln, "skipped an ethtool section this parser does not read", t);
                return;
            }
            int colon = t.indexOf(':');
            String key = colon > 0 ? t.substring(0, colon).strip().toLowerCase(Locale.ROOT) : "";
            String val = colon > 0 ? t.substring(colon + 1).strip() : "";
            if (key.equals("driver")) {
                InterfaceFacts b = section(null, cur != null && cur.infoLine == 0 && cur.statsLine == 0, ln);
                if (b != null) b.infoLine = ln;
                mode = Mode.INFO;
                continuation = null;
                if (b != null) b.driver = val.isEmpty() ? null : val;
                return;
            }
            switch (mode) {
                case SETTINGS -> settings(t, colon, key, val, ln);
                case INFO -> info(t, key, val, ln);
                case STATS -> stats(t, ln);
                case OTHER -> {
                }
                default -> {
                    if (counterName(t) != null) {
                        w.info(ln, "counters without a 'NIC statistics:' header (filtered ethtool -S output)", t);
                        startStats(ln);
                        stats(t, ln);
                    } else {
                        w.info(ln, "skipped text outside any ethtool section", t);
                    }
                }
            }
        }

        private void command(String cmd, int ln, String t) {
            w.info(ln, "skipped a shell prompt or command line", t);
            continuation = null;
            String c = cmd;
            int bar = c.indexOf('|');
            if (bar >= 0) c = c.substring(0, bar);
            String[] tok = Paste.tokens(c.strip());
            int i = 0;
            while (i < tok.length && !(tok[i].equals("ethtool") || tok[i].endsWith("/ethtool"))) i++;
            if (i == tok.length) {
                mode = Mode.NONE;
                return;
            }
            String name = null;
            for (int k = i + 1; k < tok.length; k++) {
                if (!tok[k].startsWith("-")) {
                    name = tok[k];
                    break;
                }
            }
            mode = Mode.NONE;
            pendingName = name;
            if (cur != null && (name == null || !name.equals(cur.name))) cur = null; // a new interface follows
        }

        /** The interface a new section belongs to: the current one when {@code join} and the name fits, else a new one. */
        private InterfaceFacts section(String name, boolean join, int ln) {
            String n = name != null ? name : pendingName;
            if (cur != null && join && (n == null || cur.name == null || n.equals(cur.name))) {
                if (cur.name == null) cur.name = n;
                return cur;
            }
            if (ifs.size() >= MAX_ITEMS) {
                cap(ln);
                cur = null;
                return null;
            }
            cur = new InterfaceFacts(n, ln);
            ifs.add(cur);
            pendingName = null;
            return cur;
        }

        private void startStats(int ln) {
            InterfaceFacts b = section(null, cur != null && cur.statsLine == 0, ln);
            if (b != null) b.statsLine = ln;
            mode = Mode.STATS;
            continuation = null;
        }

        private void cap(int ln) {
            if (!capped) w.warn(ln, "more than " + MAX_ITEMS + " interfaces or counters; the rest are not kept", "");
            capped = true;
        }

        private void settings(String t, int colon, String key, String val, int ln) {
            if (cur == null) return;
            if (colon <= 0) {
                if (continuation != null) {
                    words(t, continuation);
                } else {
                    w.warn(ln, "unrecognised line in the settings", t);
                }
                return;
            }
            continuation = null;
            switch (key) {
                case "supported ports" -> words(val.replace('[', ' ').replace(']', ' '), cur.supportedPorts);
                case "supported link modes" -> continuation = modes(val, cur.supportedLinkModes);
                case "supported pause frame use" -> cur.supportedPause = nonEmpty(val);
                case "supports auto-negotiation" -> cur.supportsAutoneg = yesNo(val);
                case "supported fec modes" -> continuation = modes(val, cur.supportedFec);
                case "advertised link modes" -> continuation = modes(val, cur.advertisedLinkModes);
                case "advertised pause frame use" -> cur.advertisedPause = nonEmpty(val);
                case "advertised auto-negotiation" -> cur.advertisedAutoneg = yesNo(val);
                case "advertised fec modes" -> continuation = modes(val, cur.advertisedFec);
                case "link partner advertised link modes" -> {
                    partner(ln);
                    continuation = modes(val, cur.partnerModes);
                }
                case "link partner advertised pause frame use" -> {
                    partner(ln);
                    cur.partnerPause = nonEmpty(val);
                }
                case "link partner advertised auto-negotiation" -> {
                    partner(ln);
                    cur.partnerAutoneg = yesNo(val);
                }
                case "link partner advertised fec modes" -> {
                    partner(ln);
                    continuation = modes(val, cur.partnerFec);
                }
                case "speed" -> cur.speed = speed(val);
                case "duplex" -> cur.duplex = val.isEmpty() ? null : Duplex.of(val);
                case "lanes" -> cur.lanes = ToolValues.integer(val);
                case "auto-negotiation" -> cur.autoneg = onOff(val);
                case "port" -> cur.port = nonEmpty(val);
                case "phyad" -> cur.phyad = ToolValues.integer(val);
                case "transceiver" -> cur.transceiver = nonEmpty(val);
                case "mdi-x" -> cur.mdix = nonEmpty(val);
                case "supports wake-on" -> cur.supportsWakeOn = nonEmpty(val);
                case "wake-on" -> cur.wakeOn = nonEmpty(val);
                case "current message level" -> {
                    int sp = val.indexOf(' ');
                    cur.messageLevel = ToolValues.hex(sp < 0 ? val : val.substring(0, sp));
                    int close = val.indexOf(')');
                    if (close >= 0) words(val.substring(close + 1), cur.messageFlags);
                    continuation = cur.messageFlags;
                }
                case "link detected" -> cur.linkDetected = yesNo(val);
                default -> {
                    if (key.indexOf('_') >= 0 && key.indexOf(' ') < 0 && ToolValues.longValue(val) != null) {
                        w.info(ln, "counters after the settings without a 'NIC statistics:' header", t);
                        startStats(ln);
                        stats(t, ln);
                    }
                    // else: a setting this parser does not model (master-slave cfg, SecureOn password, ...)
                }
            }
        }

        private void partner(int ln) {
            if (cur.partnerLine == 0) cur.partnerLine = ln;
        }

        private void info(String t, String key, String val, int ln) {
            if (cur == null) return;
            String v = nonEmpty(val);
            switch (key) {
                case "version" -> cur.version = v;
                case "firmware-version" -> cur.firmware = v;
                case "expansion-rom-version" -> cur.rom = v;
                case "bus-info" -> cur.bus = v;
                case "supports-statistics" -> cur.sStats = yesNo(val);
                case "supports-test" -> cur.sTest = yesNo(val);
                case "supports-eeprom-access" -> cur.sEeprom = yesNo(val);
                case "supports-register-dump" -> cur.sRegs = yesNo(val);
                case "supports-priv-flags" -> cur.sPriv = yesNo(val);
                default -> {
                    if (key.isEmpty()) w.warn(ln, "unrecognised line in the driver information", t);
                }
            }
        }

        private void stats(String t, int ln) {
            if (cur == null) return;
            String name = counterName(t);
            if (name == null) {
                w.warn(ln, "unrecognised line in the statistics", t);
                return;
            }
            Long v = ToolValues.longValue(t.substring(t.lastIndexOf(':') + 1));
            if (cur.counters.containsKey(name)) {
                w.info(ln, "counter " + name + " repeated; the first value is kept", t);
                return;
            }
            if (counterCount >= MAX_ITEMS) {
                cap(ln);
                return;
            }
            cur.counters.put(name, v);
            cur.counterLines.put(name, ln);
            counterCount++;
        }

        EthtoolData finish() {
            List<EthtoolInterface> out = new ArrayList<>(ifs.size());
            for (InterfaceFacts b : ifs) out.add(b.build());
            if (out.isEmpty() && errors.isEmpty()) w.error(0, "no ethtool content found", "");
            return EthtoolData.of(out, errors);
        }
    }

    /** The name of a counter line {@code name: 123} (value a long), or null. */
    static String counterName(String t) {
        int colon = t.lastIndexOf(':');
        if (colon <= 0 || colon == t.length() - 1) return null;
        if (ToolValues.longValue(t.substring(colon + 1)) == null) return null;
        String name = t.substring(0, colon).strip();
        if (name.isEmpty() || name.length() > 200) return null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '[' || c == ']'
                    || c == ':' || c == ' ' || c == '/' || c == '(' || c == ')')) return null;
        }
        return name;
    }

    private static boolean isToolMessage(String t) {
        return t.startsWith("Cannot ") || t.startsWith("Could not ") || t.startsWith("Couldn't ")
                || t.startsWith("netlink error") || t.startsWith("No data available") || t.startsWith("Operation not ")
                || t.startsWith("No such device") || t.startsWith("ethtool: ") || t.startsWith("bad command line");
    }

    private static List<String> modes(String val, List<String> into) {
        if (!val.equalsIgnoreCase("Not reported")) words(val, into);
        return into;
    }

    private static void words(String s, List<String> into) {
        for (String x : Paste.tokens(s.strip())) {
            if (!x.isEmpty() && into.size() < 4096) into.add(x);
        }
    }

    private static String nonEmpty(String v) {
        return v.isEmpty() ? null : v;
    }

    private static Boolean yesNo(String v) {
        String s = v.strip().toLowerCase(Locale.ROOT);
        return s.equals("yes") ? Boolean.TRUE : s.equals("no") ? Boolean.FALSE : null;
    }

    private static Boolean onOff(String v) {
        String s = v.strip().toLowerCase(Locale.ROOT);
        return s.startsWith("on") ? Boolean.TRUE : s.startsWith("off") ? Boolean.FALSE : null;
    }

    /** {@code 100000Mb/s} gives 100000; {@code Unknown!} gives null. */
    private static Integer speed(String v) {
        if (!v.contains("b/s")) return null;
        Double g = ToolValues.gbps(v);
        return g == null ? null : (int) Math.round(g * 1000);
    }
}
