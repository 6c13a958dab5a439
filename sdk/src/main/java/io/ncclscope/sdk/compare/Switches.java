package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the NCCL switches a side ran with: the -J {@code env}, NCCL's own log lines ({@code NCCL_IB_DISABLE set by
 * environment to 1}), the command line, and last the file or folder names ({@code ib-disable}, {@code NCCL_ALGO=Ring}).
 */
public final class Switches {

    /** The switches of the A/B method, with the value NCCL uses when the variable is not set. */
    public static final Map<String, String> DEFAULTS = defaults();

    private static final Pattern ASSIGN = Pattern.compile("\\b(NCCL_[A-Z0-9_]+)=((?:(?!,NCCL_)[^\\s\"';])+)");
    private static final Pattern SET_BY_ENV =
            Pattern.compile("\\b(NCCL_[A-Z0-9_]+) set by environment to ([^\\s.]+(?:\\.[^\\s.]+)*)");

    private Switches() {
    }

    private static Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("NCCL_IB_DISABLE", "0");
        m.put("NCCL_P2P_DISABLE", "0");
        m.put("NCCL_SHM_DISABLE", "0");
        m.put("NCCL_ALGO", "auto");
        m.put("NCCL_NVLS_ENABLE", "auto");
        m.put("NCCL_IB_HCA", "all");
        m.put("NCCL_NET_GDR_LEVEL", "auto");
        m.put("NCCL_PROTO", "auto");
        m.put("NCCL_NET", "auto");
        m.put("NCCL_SOCKET_IFNAME", "auto");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The settings of one side: the strongest origin wins per variable. */
    static Map<String, Setting> read(String label, Evidence evidence, List<Run> runs) {
        Map<String, Setting> out = new LinkedHashMap<>();
        for (Run r : runs) {
            if (r.data().env() != null) {
                for (String e : r.data().env()) {
                    Matcher m = ASSIGN.matcher(e);
                    while (m.find()) put(out, new Setting(m.group(1), m.group(2), "json-env", null));
                }
            }
        }
        if (evidence != null) {
            for (Evidence.Item<NcclLog> it : evidence.all(NcclLog.class)) {
                for (EnvSetting s : it.data().envSettings()) {
                    if (s.name() != null && s.name().startsWith("NCCL_") && s.value() != null) {
                        put(out, new Setting(s.name(), s.value(), "nccl-log", it.artifact().quote(s.line(),
                                s.name() + "=" + s.value())));
                    }
                }
                it.data().environment().forEach((k, v) -> {
                    if (k.startsWith("NCCL_")) put(out, new Setting(k, v, "nccl-log", null));
                });
            }
        }
        for (Run r : runs) {
            // NCCL's own lines interleaved with the table (NCCL_DEBUG=INFO).
            if (r.artifact() != null && r.data().ncclLogLines() > 0) {
                List<String> text = r.artifact().text();
                for (int i = 0; i < text.size() && i < 20_000; i++) {
                    String line = text.get(i);
                    if (!line.contains("set by environment")) continue;
                    Matcher m = SET_BY_ENV.matcher(line);
                    if (m.find()) put(out, new Setting(m.group(1), m.group(2), "nccl-log", r.artifact().quote(i + 1)));
                }
            }
            if (r.data().command() != null) {
                Matcher m = ASSIGN.matcher(r.data().command());
                while (m.find()) put(out, new Setting(m.group(1), m.group(2), "command", commandLine(r)));
            }
        }
        for (Run r : runs) fromName(out, r.source());
        if (label != null) fromName(out, label);
        return out;
    }

    private static EvidenceLine commandLine(Run r) {
        Artifact a = r.artifact();
        if (a != null) {
            List<String> text = a.text();
            for (int i = 0; i < text.size() && i < 2_000; i++) {
                if (text.get(i).contains(r.data().command())) return a.quote(i + 1);
            }
        }
        return new EvidenceLine(r.source(), 0, r.data().command());
    }

    private static void put(Map<String, Setting> out, Setting s) {
        Setting old = out.get(s.name());
        if (old == null || rank(s.origin()) > rank(old.origin())) out.put(s.name(), s);
    }

    private static int rank(String origin) {
        return switch (origin) {
            case "json-env" -> 4;
            case "nccl-log" -> 3;
            case "command" -> 2;
            default -> 1;
        };
    }

    /** Switches written into a file or folder name: {@code NCCL_IB_DISABLE=1}, {@code ib-disable}, {@code no-nvls}, {@code ring}. */
    static void fromName(Map<String, Setting> out, String name) {
        if (name == null) return;
        boolean explicit = false;
        for (String segment : name.split("[/\\\\]")) {
            String seg = segment.replaceFirst("\\.(txt|log|out|json|csv)$", "");
            Matcher m = ASSIGN.matcher(seg);
            while (m.find()) {
                put(out, new Setting(m.group(1), m.group(2), "name", null));
                explicit = true;
            }
        }
        if (explicit) return;
        String n = name.toLowerCase(Locale.ROOT).replace('\\', '/');
        String[] tokens = n.split("[^a-z0-9]+");
        String joined = "-" + String.join("-", tokens) + "-";
        if (joined.matches(".*-(ib-?disabled?|ib-?off|no-?ib|noib|tcp|socket)-.*")
                || joined.contains("-ib-disable-1-")) put(out, new Setting("NCCL_IB_DISABLE", "1", "name", null));
        if (joined.matches(".*-(p2p-?disabled?|p2p-?off|no-?p2p)-.*")) put(out, new Setting("NCCL_P2P_DISABLE", "1", "name", null));
        if (joined.matches(".*-(shm-?disabled?|shm-?off|no-?shm)-.*")) put(out, new Setting("NCCL_SHM_DISABLE", "1", "name", null));
        if (joined.matches(".*-(nvls-?0|nvls-?off|no-?nvls|nvls-?disabled?)-.*")) put(out, new Setting("NCCL_NVLS_ENABLE", "0", "name", null));
        if (joined.matches(".*-(algo-)?ring-.*")) put(out, new Setting("NCCL_ALGO", "Ring", "name", null));
        else if (joined.matches(".*-(algo-)?tree-.*")) put(out, new Setting("NCCL_ALGO", "Tree", "name", null));
        if (joined.matches(".*-(gdr-?off|no-?gdr|gdr-?loc)-.*")) put(out, new Setting("NCCL_NET_GDR_LEVEL", "LOC", "name", null));
    }

    /** The value a side ran with: its setting, else NCCL's default; normalised for comparison. */
    static String effective(Map<String, Setting> side, String name) {
        Setting s = side.get(name);
        String v = s == null ? DEFAULTS.getOrDefault(name, "unset") : s.value();
        return normal(name, v);
    }

    static String normal(String name, String v) {
        String t = v.trim();
        if (name.endsWith("_DISABLE") || name.equals("NCCL_NVLS_ENABLE")) {
            String l = t.toLowerCase(Locale.ROOT);
            if (l.equals("true") || l.equals("yes")) return "1";
            if (l.equals("false") || l.equals("no")) return "0";
        }
        if (name.equals("NCCL_NVLS_ENABLE") && t.equals("1")) return "auto";
        if (name.equals("NCCL_ALGO")) return t.isEmpty() ? t : t.substring(0, 1).toUpperCase(Locale.ROOT) + t.substring(1).toLowerCase(Locale.ROOT);
        return t;
    }
}
