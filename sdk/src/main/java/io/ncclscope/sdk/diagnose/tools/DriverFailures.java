package io.ncclscope.sdk.diagnose.tools;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.manifest.CollectManifest;
import io.ncclscope.parsers.manifest.CollectStep;
import io.ncclscope.parsers.manifest.StepOutcome;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiFailure;
import io.ncclscope.parsers.nvsmi.NvsmiMessage;
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
import java.util.List;
import java.util.Map;

/**
 * {@code GPU_DRIVER_UNREACHABLE}, {@code GPU_NOT_FOUND} and {@code GPU_LOST}: the messages nvidia-smi prints instead
 * of data when the driver or a GPU fails. Read from every nvidia-smi output of the node (its tool-error lines) and from
 * the notes of the collect manifest (the first lines of a step's standard error), so a message is found wherever the
 * tool printed it. One finding per code and node, quoting each output's line and the failing step of the manifest
 * (its outcome, with the exit status), as said by the first output that shows it.
 */
final class DriverFailures {

    /** A driver failure: its code and severity, for what nvidia-smi's words say went wrong ({@link NvsmiFailure}). */
    private enum Failure {
        DRIVER("GPU_DRIVER_UNREACHABLE", FindingSeverity.CRITICAL),
        LOST("GPU_LOST", FindingSeverity.CRITICAL),
        NONE("GPU_NOT_FOUND", FindingSeverity.ERROR);

        final String code;
        final FindingSeverity severity;

        Failure(String code, FindingSeverity severity) {
            this.code = code;
            this.severity = severity;
        }

        static Failure of(String text) {
            return switch (NvsmiFailure.of(text)) {
                case DRIVER_UNREACHABLE -> DRIVER;
                case GPU_LOST -> LOST;
                case NO_DEVICES -> NONE;
                case OTHER -> null;
            };
        }
    }

    /** What the first output showing a failure said, and every line quoted for it. */
    private static final class Seen {
        String error;
        String command;
        String file;
        Integer exit;
        final List<EvidenceLine> lines = new ArrayList<>();
    }

    private static final String MANIFEST = "manifest.json";

    private DriverFailures() {
    }

    static void check(String node, Evidence slice, List<Finding> out) {
        List<Artifact> manifests = slice.artifacts().stream()
                .filter(a -> a.kind() == Kind.COLLECT_MANIFEST && a.name().endsWith(MANIFEST)).toList();
        Map<Failure, Seen> seen = new LinkedHashMap<>();
        for (Artifact a : slice.artifacts()) {
            NvidiaSmiData d = a.data(NvidiaSmiData.class).orElse(null);
            if (d == null) continue;
            for (NvsmiMessage m : d.toolErrors()) {
                Failure f = Failure.of(m.text());
                if (f == null) continue;
                Seen s = seen.computeIfAbsent(f, k -> new Seen());
                boolean first = s.error == null;
                if (first) {
                    s.error = m.text().strip();
                    s.file = a.name();
                }
                s.lines.add(a.quote(m.line(), m.text()));
                StepAt step = step(manifests, a.name());
                if (step != null) {
                    if (first) {
                        s.command = step.step().command();
                        s.exit = step.step().exitCode();
                    }
                    if (step.step().outcome() != StepOutcome.OK) s.lines.add(step.manifest().quote(step.step().line()));
                }
                break;
            }
        }
        for (Artifact m : manifests) {
            CollectManifest cm = m.data(CollectManifest.class).orElseThrow();
            for (CollectStep st : cm.steps()) {
                if (st.note() == null || st.outcome() == StepOutcome.OK) continue;
                Failure f = Failure.of(st.note());
                if (f == null) continue;
                Seen s = seen.computeIfAbsent(f, k -> new Seen());
                if (s.error == null) {
                    s.error = st.note().lines().filter(l -> Failure.of(l) == f).findFirst().orElse(st.note()).strip();
                    s.command = st.command();
                    s.exit = st.exitCode();
                }
                s.lines.add(m.quote(st.line()));
                s.lines.add(m.quote(st.noteLine()));
            }
        }
        Map<String, String> params = node == null ? Map.of() : Map.of("node", node);
        seen.forEach((f, s) -> {
            Map<String, String> args = new LinkedHashMap<>();
            String key;
            if (s.command != null && s.exit != null) {
                key = f.code + ".detail.tool";
                args.put("command", s.command);
                args.put("exit", s.exit == null ? "-" : String.valueOf(s.exit));
            } else {
                key = f.code + ".detail.file";
                args.put("file", s.file != null ? s.file : s.command);
            }
            args.put("error", s.error);
            out.add(new Finding(f.code, f.severity, Subject.node(node), new Message(RuleCatalog.BUNDLE_BASE_NAME, key, args),
                    distinct(s.lines), params));
        });
    }

    /** A step of a manifest and the manifest's artifact. */
    private record StepAt(Artifact manifest, CollectStep step) {
    }

    /** The manifest step that wrote {@code artifactName} ({@code bundle/sys/nvsmi-q.txt} for {@code sys/nvsmi-q.txt}). */
    private static StepAt step(List<Artifact> manifests, String artifactName) {
        for (Artifact m : manifests) {
            String folder = m.name().substring(0, m.name().length() - MANIFEST.length());
            for (CollectStep s : m.data(CollectManifest.class).orElseThrow().steps()) {
                if (s.file() != null && artifactName.equals(folder + s.file())) {
                    return new StepAt(m, s);
                }
            }
        }
        return null;
    }

    private static List<EvidenceLine> distinct(List<EvidenceLine> lines) {
        return List.copyOf(new java.util.LinkedHashSet<>(lines));
    }
}
