package io.ncclscope.sdk.workflow;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The workflow's JSON state: written as a {@link WorkflowView} (texts in one language), read back from its
 * {@code schemaVersion}, {@code facts}, {@code observations} and {@code findings} alone (the rest is derived and
 * ignored on reading). Any {@code 1.x} state loads: members a reader does not know are ignored, optional members
 * that are absent take their defaults, and items naming an unknown need, code or severity (written by a newer version)
 * are skipped. Stateless and thread-safe.
 */
public final class WorkflowJson {

    private WorkflowJson() {
    }

    /**
     * {@return the state as indented JSON, texts in {@code locale}}
     *
     * @param w      a workflow
     * @param locale en or zh-CN (any Chinese locale)
     */
    public static String write(Workflow w, Locale locale) {
        return Json.pretty(w.view(locale)) + "\n";
    }

    /**
     * Reads a state written by {@link #write} (this or an older 1.x version).
     *
     * @param json JSON written by {@link #write}
     * @return the workflow
     * @throws IllegalArgumentException when the text is not JSON, not an object, has no {@code schemaVersion} or one
     *                                  of another major version; the message says which
     */
    public static Workflow read(CharSequence json) {
        Object root;
        try {
            root = Json.parse(json);
        } catch (Json.JsonException e) {
            throw new IllegalArgumentException("workflow state is not JSON: " + e.getMessage(), e);
        }
        if (!(root instanceof Map<?, ?> m)) throw new IllegalArgumentException("workflow state is not a JSON object");
        Object v = m.get("schemaVersion");
        if (!(v instanceof String version)) throw new IllegalArgumentException("workflow state has no schemaVersion");
        String major = Workflow.SCHEMA_VERSION.substring(0, Workflow.SCHEMA_VERSION.indexOf('.'));
        if (!version.equals(major) && !version.startsWith(major + ".")) {
            throw new IllegalArgumentException("workflow state schemaVersion " + version + " is not supported (this reader reads "
                    + major + ".x)");
        }
        Facts facts = facts(map(m.get("facts")));
        List<Observation> obs = new ArrayList<>();
        for (Object o : list(m.get("observations"))) {
            Observation x = observation(map(o));
            if (x != null) obs.add(x);
        }
        List<Finding> findings = new ArrayList<>();
        for (Object o : list(m.get("findings"))) {
            Finding f = finding(map(o));
            if (f != null) findings.add(f);
        }
        return Workflow.of(facts, obs, findings);
    }

    private static Map<?, ?> map(Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    private static String str(Object o) {
        return o instanceof String s ? s : null;
    }

    private static Integer integer(Object o) {
        return o instanceof Number n ? Integer.valueOf(n.intValue()) : null;
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        for (Object x : list(o)) if (x instanceof String s) out.add(s);
        return out;
    }

    private static Map<String, String> strMap(Object o) {
        Map<String, String> out = new LinkedHashMap<>();
        map(o).forEach((k, x) -> {
            if (x != null) out.put(String.valueOf(k), String.valueOf(x));
        });
        return out;
    }

    private static Facts facts(Map<?, ?> m) {
        return new Facts(strings(m.get("nodes")), integer(m.get("gpusPerNode")), strings(m.get("gpuModels")),
                strings(m.get("interfaces")), strings(m.get("netdevs")), strings(m.get("hcas")), str(m.get("network")),
                str(m.get("launcher")), strMap(m.get("env")), str(m.get("ncclVersion")), strings(m.get("activeHcas")));
    }

    private static <E extends Enum<E>> E constant(Class<E> type, Object o) {
        if (!(o instanceof String s)) return null;
        try {
            return Enum.valueOf(type, s);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Link link(Map<?, ?> m) {
        String artifact = str(m.get("artifact"));
        if (artifact == null) return null;
        Integer line = integer(m.get("line"));
        return new Link(str(m.get("code")), artifact, line == null || line < 0 ? 0 : line, str(m.get("text")));
    }

    private static Observation observation(Map<?, ?> m) {
        Need need = constant(Need.class, m.get("need"));
        if (need == null) return null;
        List<Link> links = new ArrayList<>();
        for (Object o : list(m.get("links"))) {
            Link l = link(map(o));
            if (l != null) links.add(l);
        }
        return new Observation(need, str(m.get("node")), str(m.get("value")), links);
    }

    private static Finding finding(Map<?, ?> m) {
        String code = str(m.get("code"));
        FindingSeverity sev = constant(FindingSeverity.class, m.get("severity"));
        if (code == null || sev == null || RuleCatalog.find(code).isEmpty()) return null;
        Map<?, ?> s = map(m.get("subject"));
        Subject subject = new Subject(str(s.get("node")), integer(s.get("rank")), str(s.get("gpu")), str(s.get("device")),
                integer(s.get("port")), str(s.get("iface")), str(s.get("peer")));
        Map<?, ?> d = map(m.get("detail"));
        String bundle = str(d.get("bundle"));
        String key = str(d.get("key"));
        // Only this library's own bundles, and only keys that exist: a state from elsewhere must not break rendering.
        if (bundle == null || key == null || !bundle.startsWith("io.ncclscope.sdk.")) return null;
        Message detail = new Message(bundle, key, strMap(d.get("args")));
        try {
            detail.render(Locale.ROOT);
        } catch (java.util.MissingResourceException e) {
            return null;
        }
        List<EvidenceLine> evidence = new ArrayList<>();
        for (Object o : list(m.get("evidence"))) {
            Map<?, ?> e = map(o);
            String artifact = str(e.get("artifact"));
            Integer line = integer(e.get("line"));
            if (artifact != null) evidence.add(new EvidenceLine(artifact, line == null ? 0 : line, str(e.get("text"))));
        }
        return new Finding(code, sev, subject, detail, evidence, strMap(m.get("params")));
    }
}
