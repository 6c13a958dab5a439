package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.VersionSeen;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;


/**
 * The NCCL versions of the evidence, gathered artifact by artifact in any order: per version the hosts that printed
 * it and its first line in the whole evidence's order (logs first, then nccl-tests outputs), which is all the
 * comparison reads.
 */
final class VersionCheck {

    /** One version: its hosts, and where it was first printed ({@code first} in the artifact at {@code where}). */
    static final class Seen {
        final TreeSet<String> hosts = new TreeSet<>();
        ArtifactPlace where;
        Printed first;
    }

    /** Per version, in the order first added. */
    final Map<String, Seen> byVersion = new LinkedHashMap<>();

    /** One version an artifact printed: its order among the artifact's, its host and its line, quoted. */
    record Printed(int seq, String version, String host, EvidenceLine quote) {
    }

    /**
     * {@return the versions a log printed, its lines quoted now} Apart from the check's state: a node's logs are read on
     * any thread while their text is at hand, and only {@link #add} runs in order.
     */
    static List<Printed> printed(Artifact a, NcclLog log) {
        List<Printed> out = new ArrayList<>(0);
        for (VersionSeen v : log.versions()) {
            if (v.version() == null) continue;
            String host = v.host() != null ? v.host() : a.node().orElse(null);
            out.add(new Printed(out.size(), v.version(), host, a.quote(v.line(), "NCCL version " + v.printed())));
        }
        return out;
    }

    /** {@return the version an nccl-tests output printed, if any, as {@link #printed(Artifact, NcclLog)}} */
    static List<Printed> printed(Artifact a, NcclTestsData t) {
        String v = t.ncclVersion();
        if (v == null) return List.of();
        String host = t.hosts().size() == 1 ? t.hosts().get(0) : a.node().orElse(null);
        return List.of(new Printed(0, v, host, a.quote(0, "nccl-library " + v)));
    }

    /** Adds the versions one artifact printed ({@link #printed}), the artifact being at {@code where}. */
    void add(ArtifactPlace where, List<Printed> printed) {
        for (Printed p : printed) {
            Seen s = byVersion.computeIfAbsent(p.version(), k -> new Seen());
            if (p.host() != null) s.hosts.add(p.host());
            if (s.where == null || where.before(p.seq(), s.where, s.first.seq())) {
                s.where = where;
                s.first = p;
            }
        }
    }

    /** VersionCheck seen across the evidence that differ; none when a WARN line already said so. */
    List<Finding> finish(Set<String> codesFound) {
        if (codesFound.contains(Classifier.VERSION) || byVersion.size() < 2) return List.of();
        List<Map.Entry<String, Seen>> inOrder = new ArrayList<>(byVersion.entrySet());
        inOrder.sort((x, y) -> {
            int c = x.getValue().where.compareTo(y.getValue().where);
            return c != 0 ? c : Integer.compare(x.getValue().first.seq(), y.getValue().first.seq());
        });
        StringBuilder detail = new StringBuilder();
        String minority = null;
        int fewest = Integer.MAX_VALUE;
        List<EvidenceLine> ev = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        for (Map.Entry<String, Seen> en : inOrder) {
            Seen s = en.getValue();
            versions.add(en.getKey());
            detail.append(detail.length() > 0 ? "; " : "").append(en.getKey());
            if (!s.hosts.isEmpty()) detail.append(" (").append(FindingText.list(s.hosts)).append(')');
            if (s.hosts.size() < fewest && !s.hosts.isEmpty()) {
                fewest = s.hosts.size();
                minority = s.hosts.first();
            }
            ev.add(s.first.quote());
        }
        return List.of(new Finding(Classifier.VERSION, FindingSeverity.ERROR, Subject.node(minority),
                Message.of(ErrorsAnalyzer.class, "version.mismatch", "versions", String.join(", ", versions),
                        "detail", detail.toString()), ev, FindingText.params("node", minority)));
    }
}
