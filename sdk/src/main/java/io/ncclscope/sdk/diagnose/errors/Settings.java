package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclParams;
import io.ncclscope.parsers.nccl.NetPlugin;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What the NCCL variables of a log say by themselves: values NCCL cannot accept (it ignores them or fails once the
 * setting is used), {@code NCCL_DEBUG_FILE} sending the NCCL lines elsewhere, and a network plugin asked for but not
 * loaded. Which values NCCL accepts is the parser's {@link NcclParams}, read from NCCL's own parsing of them.
 */
final class Settings {

    /** Buffer sizes in bytes below which a setting is a mistake (NCCL's default is 4 MiB; 1 was captured). */
    private static final Pattern TINY_BYTES = Pattern.compile("\\d{1,4}");

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
            String v = s.valueAsRead();
            Invalid invalid = invalid(s.name(), v);
            if (invalid == null) continue;
            String key = invalid.key();
            // A single-rank run never reaches the tuning that parses NCCL_ALGO / NCCL_PROTO, so NCCL said nothing
            // (captured h200-1gpu-variants/nccl/bad-algo.log); with more ranks init fails with ncclInvalidUsage.
            if (key.equals("env.list") && log.singleRankOnly()) key = "env.list.single";
            FindingSeverity sev = key.equals("env.list.single") ? FindingSeverity.INFO : FindingSeverity.WARNING;
            Message detail = Message.of(ErrorsAnalyzer.class, key, "env", s.name(), "value", v, "valid", invalid.valid());
            out.add(finding(Classifier.ENV, sev, s.host() != null ? s.host() : a.node().orElse(null), s.name(), detail,
                    List.of(a.quote(s.line(), s.name() + "=" + v))));
        }
    }

    /** {@return what NCCL cannot accept in value {@code v} of variable {@code name}; null when it can} */
    private static Invalid invalid(String name, String v) {
        if (NcclParams.accepts(name, v)) {
            return name.equals("NCCL_BUFFSIZE") && TINY_BYTES.matcher(v).matches() ? new Invalid("env.small", null) : null;
        }
        List<String> names = NcclParams.names(name);
        return switch (NcclParams.form(name)) {
            case ALGORITHMS, PROTOCOLS -> new Invalid("env.list", String.join(", ", names));
            case DEBUG_LEVEL -> new Invalid("env.debug", String.join(", ", names));
            case INTEGER -> new Invalid("env.int", null);
            default -> new Invalid("env.names", String.join(", ", new TreeSet<>(names)));
        };
    }

    /** A finding about variable {@code env} of a log of {@code node}. */
    private static Finding finding(String code, FindingSeverity severity, String node, String env, Message detail,
            List<EvidenceLine> evidence) {
        return new Finding(code, severity, Subject.node(node), detail, evidence, FindingText.params("env", env, "node", node));
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
        String key;
        if (asked != null && !asked.isBlank() && !asked.equalsIgnoreCase("none")) key = "plugin.env";
        else if (p.incompatible()) key = "plugin.incompatible";
        else return;
        String network = log.network() == null ? "?" : log.network();
        FindingSeverity sev = TransportTerms.isSocket(network) ? FindingSeverity.ERROR : FindingSeverity.WARNING;
        out.add(finding(Classifier.PLUGIN, sev, a.node().orElse(null), "NCCL_NET_PLUGIN",
                Message.of(ErrorsAnalyzer.class, key, "value", asked, "text", p.text() == null ? "" : p.text(),
                        "network", network), List.of(a.quote(p.line(), p.text()))));
    }
}
