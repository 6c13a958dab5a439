package io.ncclscope.sdk.report;

import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.evidence.Evidence;
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

    static String summary(Locale l, boolean healthy, List<LocalizedFinding> findings, Evidence e) {
        long problems = findings.stream().filter(f -> f.severity().atLeast(FindingSeverity.WARNING)).count();
        int inputs = e.artifacts().size();
        int nodes = e.hosts().size();
        if (e.artifacts().isEmpty()) {
            return t(l, "summary.empty");
        }
        if (healthy) {
            return t(l, "summary.healthy", "inputs", inputs, "nodes", nodes);
        }
        LocalizedFinding top = findings.get(0);
        return t(l, "summary.problems", "count", problems, "inputs", inputs, "nodes", nodes,
                "title", top.title(), "subject", top.subject().label().isEmpty() ? "-" : top.subject().label());
    }
}
