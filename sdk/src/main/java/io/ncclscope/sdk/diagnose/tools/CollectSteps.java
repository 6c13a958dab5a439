package io.ncclscope.sdk.diagnose.tools;

import io.ncclscope.parsers.manifest.CollectManifest;
import io.ncclscope.parsers.manifest.CollectStep;
import io.ncclscope.parsers.manifest.StepOutcome;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code COLLECT_STEPS_FAILED} and {@code COLLECT_TOOLS_MISSING}: the steps of a collect manifest that ran and did not
 * succeed (failed, timed out, refused), and the tools it did not find. One finding of each per manifest, quoting the
 * steps' outcome and note lines.
 */
final class CollectSteps {

    /** Steps named in a detail before {@code (+N)}. */
    private static final int SHOWN = 8;

    private CollectSteps() {
    }

    static void check(String node, Evidence slice, List<Finding> out) {
        // Two bundles of one node (before and after a job) that say the same of its tools say it once.
        Set<Message> said = new java.util.HashSet<>();
        List<Finding> mine = new ArrayList<>();
        for (Artifact a : slice.artifacts()) {
            a.data(CollectManifest.class).ifPresent(m -> check(node, a, m, mine));
        }
        for (Finding f : mine) if (said.add(f.detail())) out.add(f);
    }

    private static void check(String node, Artifact a, CollectManifest m, List<Finding> out) {
        List<CollectStep> failed = new ArrayList<>();
        List<CollectStep> missing = new ArrayList<>();
        for (CollectStep s : m.steps()) {
            switch (s.outcome()) {
                case FAILED, TIMED_OUT, REFUSED -> failed.add(s);
                case MISSING -> {
                    // A file read that found nothing (no InfiniBand under /sys) is no missing tool.
                    if (!s.command().startsWith("/")) missing.add(s);
                }
                default -> {
                }
            }
        }
        Map<String, String> params = node == null ? Map.of() : Map.of("node", node);
        if (!failed.isEmpty()) {
            List<String> names = new ArrayList<>();
            List<EvidenceLine> ev = new ArrayList<>();
            for (CollectStep s : failed) {
                names.add(s.command() + " (" + outcome(s) + ")");
                if (ev.size() < Finding.MAX_EVIDENCE - 1) {
                    ev.add(a.quote(s.line()));
                    if (s.noteLine() > 0) ev.add(a.quote(s.noteLine()));
                }
            }
            out.add(new Finding("COLLECT_STEPS_FAILED", FindingSeverity.INFO, Subject.node(node),
                    new Message(RuleCatalog.BUNDLE_BASE_NAME, "COLLECT_STEPS_FAILED.detail.list",
                            args("count", String.valueOf(failed.size()), "steps", shown(names))),
                    ev, params));
        }
        if (!missing.isEmpty()) {
            Set<String> tools = new LinkedHashSet<>();
            List<EvidenceLine> ev = new ArrayList<>();
            Set<String> quoted = new LinkedHashSet<>();
            for (CollectStep s : missing) {
                tools.add(s.tool());
                if (quoted.add(s.tool()) && ev.size() < 3) {
                    ev.add(a.quote(s.noteLine() > 0 ? s.noteLine() : s.line()));
                }
            }
            Map<String, String> args = new LinkedHashMap<>();
            args.put("count", String.valueOf(missing.size()));
            args.put("steps", String.valueOf(m.steps().size()));
            args.put("tools", String.join(", ", tools));
            out.add(new Finding("COLLECT_TOOLS_MISSING", FindingSeverity.INFO, Subject.node(node),
                    new Message(RuleCatalog.BUNDLE_BASE_NAME, "COLLECT_TOOLS_MISSING.detail.list", args), ev, params));
        }
    }

    /** {@code exit 9}, or the manifest's own word ({@code TIMED_OUT}, {@code REFUSED}): the same in every language. */
    private static String outcome(CollectStep s) {
        return s.outcome() == StepOutcome.FAILED && s.exitCode() != null ? "exit " + s.exitCode() : s.outcome().name();
    }

    /** Arguments in the order given (Map.of has none, and the JSON report writes them as they come). */
    private static Map<String, String> args(String... nameValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) m.put(nameValues[i], nameValues[i + 1]);
        return m;
    }

    private static String shown(List<String> names) {
        if (names.size() <= SHOWN) return String.join(", ", names);
        return String.join(", ", names.subList(0, SHOWN)) + " (+" + (names.size() - SHOWN) + ")";
    }
}
