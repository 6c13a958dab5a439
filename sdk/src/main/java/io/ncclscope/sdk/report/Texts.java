package io.ncclscope.sdk.report;

import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Locale;

/** The report's own sentences, from this package's {@code Messages} bundles. */
final class Texts {

    private Texts() {
    }

    static String t(Locale l, String key, Object... args) {
        return Message.of(Texts.class, key, args).render(l);
    }

    static String summary(Locale l, boolean healthy, List<LocalizedFinding> findings, int inputs, int nodes) {
        long problems = findings.stream().filter(f -> f.severity().atLeast(FindingSeverity.WARNING)).count();
        if (inputs == 0) {
            return t(l, "summary.empty");
        }
        // No node named in the inputs (a paste with no host prefix) is said so, never "from 0 node(s)"; a finding
        // with no subject is named by its title alone, never "(-)".
        String where = nodes == 0 ? ".noNode" : "";
        if (healthy) {
            return t(l, "summary.healthy" + where, "inputs", inputs, "nodes", nodes);
        }
        LocalizedFinding top = findings.get(0);
        String subject = subject(l, top, 0);
        return t(l, "summary.problems" + where + (subject.isEmpty() ? ".noSubject" : ""), "count", problems,
                "inputs", inputs, "nodes", nodes, "title", top.title(), "subject", subject);
    }

    /**
     * The subject's label, and for a finding made on several nodes how many with the first {@code names} of them
     * ({@code gpu-node0001 rank 1, on 1024 nodes: gpu-node0001, gpu-node0002 and 1022 more}).
     */
    static String subject(Locale l, LocalizedFinding f, int names) {
        String label = f.subject().label();
        if (f.nodes() == null) return label;
        int n = f.nodes().size();
        if (names <= 0) return t(l, "label.onNodes", "subject", label, "count", n);
        String shown = String.join(", ", f.nodes().subList(0, Math.min(names, n)));
        return n > names ? t(l, "label.onNodesMore", "subject", label, "count", n, "names", shown, "more", n - names)
                : t(l, "label.onNodesNamed", "subject", label, "count", n, "names", shown);
    }
}
