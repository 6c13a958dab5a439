package io.ncclscope.sdk.report;

import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A {@link Report} built from evidence handed in slices ({@link Evidence#slices()}, or a
 * {@link io.ncclscope.sdk.evidence.NodeStream}): each slice goes through every analyzer's {@link Pass} and the report's
 * own tallies, then it can go. The report equals {@link Report#of(Evidence, Diagnosis, Locale)} of the whole evidence
 * and its diagnosis. Not thread-safe: add slices from one thread, then call {@link #finish} once.
 */
public final class ReportPass {

    private final List<Pass> passes;
    private final Digest digest = new Digest();

    /**
     * A pass running {@code analyzers}.
     *
     * @param analyzers the analyzers, in the order their findings are gathered
     */
    public ReportPass(List<? extends Analyzer> analyzers) {
        this.passes = analyzers.stream().map(Analyzer::pass).toList();
    }

    /**
     * Reads one slice into every analyzer and the report's tallies.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     */
    public void add(Evidence slice) {
        Objects.requireNonNull(slice, "slice");
        for (Pass p : passes) p.add(slice);
        digest.add(slice);
    }

    /**
     * {@return the report of every slice added}
     *
     * @param problems inputs that could not be read
     * @param locale   en or zh-CN (any Chinese locale)
     */
    public Report finish(List<Evidence.Problem> problems, Locale locale) {
        List<Finding> all = new ArrayList<>();
        for (Pass p : passes) all.addAll(p.finish());
        return digest.finish(Diagnosis.of(all), problems, locale);
    }

    /** What a report needs of the evidence besides the findings, tallied slice by slice. */
    static final class Digest {
        private final List<Report.ArtifactSummary> artifacts = new ArrayList<>();
        private final Set<String> hosts = new TreeSet<>(Evidence::compareNodes);
        private final Segments.Fold segments = Segments.fold();
        private final Workflow.Fold workflow = Workflow.fold();

        void add(Evidence slice) {
            for (Artifact a : slice.artifacts()) {
                int w = 0, e = 0;
                for (ParseWarning pw : a.result().warnings()) {
                    if (pw.severity() == Severity.ERROR) e++;
                    else if (pw.severity() == Severity.WARNING) w++;
                }
                artifacts.add(new Report.ArtifactSummary(a.name(), a.kind().id(), a.node().orElse(null), w, e));
            }
            hosts.addAll(slice.hosts());
            segments.add(slice);
            workflow.add(slice);
        }

        Report finish(Diagnosis diagnosis, List<Evidence.Problem> problems, Locale locale) {
            boolean zh = locale != null && "zh".equals(locale.getLanguage());
            Locale loc = zh ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
            // Alike findings of many nodes read once (NodeMerge); the workflow below still sees every finding.
            List<LocalizedFinding> findings = NodeMerge.merge(diagnosis.localized(loc));
            boolean healthy = diagnosis.healthy();
            String summary = Texts.summary(loc, healthy, findings, artifacts.size(), hosts.size());
            return new Report(healthy ? "healthy" : "problems", diagnosis.worst().orElse(null), summary,
                    zh ? "zh-CN" : "en", List.copyOf(hosts), artifacts, findings, segments.finish(), problems,
                    workflow.finish(Workflow.empty(), diagnosis).view(loc));
        }
    }
}
