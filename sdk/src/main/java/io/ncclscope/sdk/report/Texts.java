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

    /**
     * The verdict in one sentence: the inputs and nodes read (no node count when no node was named), the first
     * problem with its subject (none when the finding names none), or why the evidence cannot answer its question.
     */
    static String summary(Locale l, Verdict verdict, List<LocalizedFinding> findings, Coverage coverage, int inputs,
                          int nodes) {
        if (inputs == 0) {
            return t(l, "summary.empty");
        }
        String scope = nodes > 0 ? t(l, "summary.scope", "inputs", inputs, "nodes", nodes)
                : t(l, "summary.scopeNoNode", "inputs", inputs);
        switch (verdict) {
            case HEALTHY:
                return t(l, "summary.healthy", "scope", scope);
            case INCONCLUSIVE:
                return t(l, "summary.inconclusive", "scope", scope, "gap", coverage.gaps().get(0).text());
            default:
                break;
        }
        long problems = findings.stream().filter(f -> f.severity().atLeast(FindingSeverity.WARNING)).count();
        LocalizedFinding top = findings.get(0);
        String subject = subject(l, top, 0);
        return subject.isEmpty()
                ? t(l, "summary.problemsNoSubject", "count", problems, "scope", scope, "title", top.title())
                : t(l, "summary.problems", "count", problems, "scope", scope, "title", top.title(), "subject", subject);
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
