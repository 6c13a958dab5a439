package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the findings of one analysis, one per problem instance: a second report of the same instance
 * (the same GPU link seen by lspci and by nvidia-smi, say) adds its evidence to the first and keeps the more
 * severe statement. Not thread-safe; one per {@code analyze} call.
 */
final class Sink {

    private final Map<String, Acc> byKey = new LinkedHashMap<>();

    private static final class Acc {
        final String code;
        FindingSeverity severity;
        Subject subject;
        Message detail;
        final Map<String, EvidenceLine> evidence = new LinkedHashMap<>();
        final Map<String, String> params = new LinkedHashMap<>();

        Acc(String code) {
            this.code = code;
        }
    }

    /**
     * Adds a finding for the problem instance {@code key} (unique within {@code code}).
     *
     * @param params alternating names and values; null values are left out
     */
    void add(String key, String code, FindingSeverity severity, Subject subject, Message detail,
             List<EvidenceLine> evidence, String... params) {
        Acc a = byKey.get(code + '\u0000' + key);
        Map<String, String> p = params(params);
        if (a == null) {
            a = new Acc(code);
            a.severity = severity;
            a.subject = subject;
            a.detail = detail;
            addEvidence(a, evidence);
            a.params.putAll(p);
            byKey.put(code + '\u0000' + key, a);
            return;
        }
        if (severity.compareTo(a.severity) > 0) {
            // The more severe statement leads, with its lines first.
            Map<String, EvidenceLine> old = new LinkedHashMap<>(a.evidence);
            a.evidence.clear();
            addEvidence(a, evidence);
            old.forEach(a.evidence::putIfAbsent);
            a.severity = severity;
            a.subject = subject;
            a.detail = detail;
        } else {
            addEvidence(a, evidence);
        }
        p.forEach(a.params::putIfAbsent);
    }

    private static void addEvidence(Acc a, List<EvidenceLine> evidence) {
        for (EvidenceLine e : evidence) a.evidence.putIfAbsent(e.artifact() + '\u0000' + e.line(), e);
    }

    static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            if (kv[i + 1] != null && !kv[i + 1].isBlank()) m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    List<Finding> findings() {
        List<Finding> out = new ArrayList<>(byKey.size());
        for (Acc a : byKey.values()) {
            out.add(new Finding(a.code, a.severity, a.subject, a.detail, new ArrayList<>(a.evidence.values()), a.params));
        }
        return out;
    }
}
