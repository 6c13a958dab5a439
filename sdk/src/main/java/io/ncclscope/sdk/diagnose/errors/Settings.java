package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NetPlugin;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What the NCCL variables of a log say by themselves: values NCCL cannot accept (it ignores them or fails once the
 * setting is used), {@code NCCL_DEBUG_FILE} sending the NCCL lines elsewhere, and a network plugin asked for but not
 * loaded. Accepted values follow NCCL's sources (src/init.cc algorithm and protocol names, src/graph/tuning.cc list
 * syntax, src/misc/param.cc integer parsing, src/debug.cc levels).
 */
final class Settings {

    private static final Set<String> ALGOS = Set.of("ring", "tree", "collnet", "collnetdirect", "collnetchain", "nvls",
            "nvlstree", "pat");
    private static final Set<String> PROTOS = Set.of("ll", "ll128", "simple");
    private static final Set<String> DEBUG_LEVELS = Set.of("version", "warn", "info", "abort", "trace");
    /** Variables NCCL reads as integers (ncclParam*); a word there makes NCCL fall back to the default. */
    private static final Set<String> INTEGERS = Set.of("NCCL_IB_DISABLE", "NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE",
            "NCCL_NET_GDR_READ", "NCCL_IB_GID_INDEX", "NCCL_IB_TIMEOUT", "NCCL_IB_RETRY_CNT", "NCCL_IB_SL", "NCCL_IB_TC",
            "NCCL_IB_QPS_PER_CONNECTION", "NCCL_BUFFSIZE", "NCCL_NTHREADS", "NCCL_MIN_NCHANNELS", "NCCL_MAX_NCHANNELS",
            "NCCL_NVLS_ENABLE", "NCCL_CUMEM_ENABLE", "NCCL_NSOCKS_PERTHREAD", "NCCL_SOCKET_NTHREADS", "NCCL_CROSS_NIC",
            "NCCL_COLLNET_ENABLE", "NCCL_IB_PCI_RELAXED_ORDERING", "NCCL_IB_ADAPTIVE_ROUTING", "NCCL_NVLS_NCHANNELS",
            "NCCL_P2P_NET_CHUNKSIZE", "NCCL_LAUNCH_MODE_PARALLEL", "NCCL_IGNORE_CPU_AFFINITY", "NCCL_NET_SHARED_BUFFERS");

    /** Path levels of NCCL_P2P_LEVEL / NCCL_NET_GDR_LEVEL (src/graph/topo.cc topoPathTypeStr up to SYS), or a number. */
    private static final Set<String> LEVELS = Set.of("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS");
    /**
     * Variables NCCL compares with a few names (strcmp, so case counts) and ignores otherwise: src/misc/socket.cc
     * NCCL_SOCKET_FAMILY, src/graph/paths.cc ncclGetLevel. Captured on the H200 node: NCCL_SOCKET_FAMILY=AF_INET9 ran
     * on with any family (examples/captured/h200-nccl-fail/socket-family-bad.log).
     */
    private static final Map<String, Set<String>> NAMES = Map.of("NCCL_SOCKET_FAMILY", Set.of("AF_INET", "AF_INET6"),
            "NCCL_P2P_LEVEL", LEVELS, "NCCL_NET_GDR_LEVEL", LEVELS);
    /** Buffer sizes in bytes below which a setting is a mistake (NCCL's default is 4 MiB; 1 was captured). */
    private static final Pattern TINY_BYTES = Pattern.compile("\\d{1,4}");
    /** An integer as src/misc/param.cc reads it. */
    private static final Pattern INTEGER = Pattern.compile("-?\\d+|0x[0-9a-fA-F]+");

    private Settings() {
    }

    /**
     * {@return the settings findings of one log} Invalid values come for every variable; the analyzer drops those a WARN
     * line's finding already reported ({@code params.env}), which it knows only once every log was read.
     *
     * @param a   the artifact quoted (a stub will do)
     * @param log its parsed log
     */
    static List<Finding> check(Artifact a, NcclLog log) {
        List<Finding> out = new ArrayList<>();
        envValues(a, log, out);
        debugFile(a, log, out);
        plugin(a, log, out);
        return out;
    }

    /** What NCCL cannot accept in a value: the message key and the values it accepts (null where the key says). */
    private record Invalid(String key, String valid) {
    }

    private static void envValues(Artifact a, NcclLog log, List<Finding> out) {
        Set<String> done = new HashSet<>();
        for (EnvSetting s : log.envSettings()) {
            if (!done.add(s.name())) continue;
            String v = s.value() == null ? "" : s.value().trim();
            // NCCL ends 'set by environment to X.' with a full stop; the parser drops it after numbers only.
            if ("nccl".equals(s.origin()) && v.endsWith(".")) v = v.substring(0, v.length() - 1);
            Invalid invalid = invalid(s.name(), v);
            if (invalid == null) continue;
            String key = invalid.key();
            // A single-rank run never reaches the tuning that parses NCCL_ALGO / NCCL_PROTO, so NCCL said nothing
            // (captured h200-1gpu-variants/nccl/bad-algo.log); with more ranks init fails with ncclInvalidUsage.
            if (key.equals("env.list") && LogIndex.singleRankOnly(log.ranks())) key = "env.list.single";
            FindingSeverity sev = key.equals("env.list.single") ? FindingSeverity.INFO : FindingSeverity.WARNING;
            Message detail = Message.of(ErrorsAnalyzer.class, key, "env", s.name(), "value", v, "valid", invalid.valid());
            out.add(finding(Classifier.ENV, sev, s.host() != null ? s.host() : a.node().orElse(null), s.name(), detail,
                    List.of(a.quote(s.line(), s.name() + "=" + v))));
        }
    }

    /** {@return what NCCL cannot accept in value {@code v} of variable {@code name}; null when it can} */
    private static Invalid invalid(String name, String v) {
        return switch (name) {
            case "NCCL_ALGO" -> listValid(v, ALGOS) ? null
                    : new Invalid("env.list", "Ring, Tree, CollNetDirect, CollNetChain, NVLS, NVLSTree, PAT");
            case "NCCL_PROTO" -> listValid(v, PROTOS) ? null : new Invalid("env.list", "LL, LL128, Simple");
            case "NCCL_DEBUG" -> DEBUG_LEVELS.contains(v.toLowerCase(Locale.ROOT)) ? null
                    : new Invalid("env.debug", "VERSION, WARN, INFO, ABORT, TRACE");
            case "NCCL_BUFFSIZE" -> !INTEGER.matcher(v).matches() ? new Invalid("env.int", null)
                    : TINY_BYTES.matcher(v).matches() ? new Invalid("env.small", null) : null;
            default -> {
                Set<String> names = NAMES.get(name);
                if (INTEGERS.contains(name) && !INTEGER.matcher(v).matches()) yield new Invalid("env.int", null);
                if (names == null || names.contains(v) || levelNumber(name, v)) yield null;
                yield new Invalid("env.names", String.join(", ", new TreeSet<>(names)));
            }
        };
    }

    /** A finding about variable {@code env} of a log of {@code node}. */
    private static Finding finding(String code, FindingSeverity severity, String node, String env, Message detail,
            List<EvidenceLine> evidence) {
        return new Finding(code, severity, Subject.node(node), detail, evidence, FindingText.params("env", env, "node", node));
    }

    /** The old numeric form of a path level ({@code NCCL_P2P_LEVEL=2}), which ncclGetLevel still reads. */
    private static boolean levelNumber(String name, String v) {
        return !name.equals("NCCL_SOCKET_FAMILY") && !v.isEmpty() && Character.isDigit(v.charAt(0));
    }

    /** A NCCL_ALGO / NCCL_PROTO value: {@code ^a,b} or {@code a,b;func:c,d} (2.24+ per-function syntax). */
    static boolean listValid(String value, Set<String> names) {
        if (value.isEmpty()) return true;
        for (String part : value.split(";")) {
            String p = part.trim();
            int colon = p.indexOf(':');
            if (colon >= 0) p = p.substring(colon + 1);
            if (p.startsWith("^")) p = p.substring(1);
            for (String tok : p.split(",")) {
                String t = tok.trim().toLowerCase(Locale.ROOT);
                if (t.isEmpty()) continue;
                if (!names.contains(t)) return false;
            }
        }
        return true;
    }

    /** NCCL_DEBUG_FILE set and no NCCL line here: the NCCL lines are in per-process files. */
    private static void debugFile(Artifact a, NcclLog log, List<Finding> out) {
        String v = log.environment().get("NCCL_DEBUG_FILE");
        if (v == null || log.ncclLines() > 0) return;
        List<EvidenceLine> ev = log.envSettings().stream().filter(e -> e.name().equals("NCCL_DEBUG_FILE")).limit(1)
                .map(e -> a.quote(e.line(), "NCCL_DEBUG_FILE=" + v)).toList();
        out.add(finding(Classifier.DEBUG_FILE, FindingSeverity.INFO, a.node().orElse(null), "NCCL_DEBUG_FILE",
                Message.of(ErrorsAnalyzer.class, "debugfile", "value", v), ev));
    }

    /** A plugin asked for (NCCL_NET_PLUGIN) or present but unusable, while NCCL fell back to its internal transport. */
    private static void plugin(Artifact a, NcclLog log, List<Finding> out) {
        NetPlugin p = log.netPlugin();
        if (p == null || p.found()) return;
        String asked = log.environment().get("NCCL_NET_PLUGIN");
        String l = p.text() == null ? "" : p.text().toLowerCase(Locale.ROOT);
        boolean incompatible = l.contains("symbol") || l.contains("incompatible") || l.contains("unsupported");
        String key;
        if (asked != null && !asked.isBlank() && !asked.equalsIgnoreCase("none")) key = "plugin.env";
        else if (incompatible) key = "plugin.incompatible";
        else return;
        String network = log.network() == null ? "?" : log.network();
        FindingSeverity sev = "Socket".equalsIgnoreCase(network) ? FindingSeverity.ERROR : FindingSeverity.WARNING;
        out.add(finding(Classifier.PLUGIN, sev, a.node().orElse(null), "NCCL_NET_PLUGIN",
                Message.of(ErrorsAnalyzer.class, key, "value", asked, "text", p.text() == null ? "" : p.text(),
                        "network", network), List.of(a.quote(p.line(), p.text()))));
    }
}
