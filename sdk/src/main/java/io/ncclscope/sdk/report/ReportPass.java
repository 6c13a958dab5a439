package io.ncclscope.sdk.report;

import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A {@link Report} built from evidence handed in slices ({@link Evidence#slices()}, or a
 * {@link io.ncclscope.sdk.evidence.NodeStream}): each slice goes through every analyzer's {@link Pass} and the report's
 * own tallies, then it can go. The report equals {@link Report#of(Evidence, Diagnosis, Locale)} of the whole evidence
 * and its diagnosis. Not thread-safe: add slices from one thread, then call {@link #finish} once; only
 * {@link #read(Evidence)} may run on other threads at the same time.
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
     * Reads one slice into every analyzer and the report's tallies: {@code add(read(slice))}.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     */
    public void add(Evidence slice) {
        add(read(slice));
    }

    /**
     * Reads one slice apart from the analyzers' and the tallies' state (every {@link Pass#summarize}): safe to call
     * from any thread, for many slices at once and while {@link #add(SliceRead)} takes others, so that the per-node
     * work of a bundle runs on every core and only the small folds run in order.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     * @return what was read, for {@link #add(SliceRead)} once
     */
    public SliceRead read(Evidence slice) {
        Objects.requireNonNull(slice, "slice");
        List<Pass.SliceSummary> summaries = new ArrayList<>(passes.size());
        for (Pass p : passes) summaries.add(p.summarize(slice));
        return new SliceRead(this, digest.read(slice), summaries);
    }

    /**
     * Folds one slice {@linkplain #read read} by this pass into every analyzer and the report's tallies; from one
     * thread, in the order the slices would be {@linkplain #add(Evidence) added}.
     *
     * @param read what {@link #read(Evidence)} of this pass returned, not added before
     */
    public void add(SliceRead read) {
        Objects.requireNonNull(read, "read");
        if (read.owner != this) throw new IllegalArgumentException("a slice read by another pass");
        if (read.folded) throw new IllegalStateException("a slice read added twice");
        read.folded = true;
        read.digest.fold();
        for (int i = 0; i < passes.size(); i++) {
            read.summaries.get(i).fold();
            passes.get(i).drain().forEach(digest::finding);
        }
    }

    /** One slice as every analyzer and the report's tallies read it apart from their state ({@link #read}). */
    public static final class SliceRead {
        private final ReportPass owner;
        private final Pass.SliceSummary digest;
        private final List<Pass.SliceSummary> summaries;
        private boolean folded;

        private SliceRead(ReportPass owner, Pass.SliceSummary digest, List<Pass.SliceSummary> summaries) {
            this.owner = owner;
            this.digest = digest;
            this.summaries = summaries;
        }
    }

    /**
     * {@return the report of every slice added}
     *
     * @param problems inputs that could not be read
     * @param locale   en or zh-CN (any Chinese locale)
     */
    public Report finish(List<Evidence.Problem> problems, Locale locale) {
        for (Pass p : passes) p.finish(digest::finding);
        return digest.finish(problems, locale);
    }

    /**
     * What a report needs of the evidence and its findings, tallied slice by slice and finding by finding in any
     * order (a finding after the slices its lines quote): it holds no more findings than the report shows.
     */
    static final class Digest {
        private final NodeMerge merged = new NodeMerge();
        private FindingSeverity worst;
        /** The inputs listed, by slice: no node first, then nodes in natural order; the last trimmed past the cap. */
        private final TreeMap<String, List<Report.ArtifactSummary>> listed =
                new TreeMap<>(Evidence.SLICE_NODE_ORDER);
        private final Map<String, Integer> kinds = new TreeMap<>();
        private final Set<String> hosts = new TreeSet<>(Evidence::compareNodes);
        private final Segments.Fold segments = Segments.fold();
        private final Workflow.Fold workflow = Workflow.fold();
        private final Coverage.Fold coverage = Coverage.fold();
        /** Each node's healthy HCAs, for the NCCL_IB_HCA the findings' commands set. */
        private final io.ncclscope.sdk.workflow.ActiveHcas activeHcas = new io.ncclscope.sdk.workflow.ActiveHcas();
        private int count;
        private int listedCount;
        private int withWarnings;
        private int withErrors;

        void add(Evidence slice) {
            read(slice).fold();
        }

        /** The part of {@link #add} that reads only {@code slice}, and the fold of the rest. */
        Pass.SliceSummary read(Evidence slice) {
            List<Report.ArtifactSummary> own = new ArrayList<>();
            for (Artifact a : slice.artifacts()) {
                int w = 0, e = 0;
                for (ParseWarning pw : a.result().warnings()) {
                    if (pw.severity() == Severity.ERROR) e++;
                    else if (pw.severity() == Severity.WARNING) w++;
                }
                own.add(new Report.ArtifactSummary(a.name(), a.kind().id(), a.node().orElse(null), w, e));
            }
            Pass.SliceSummary judged = segments.read(slice);
            Pass.SliceSummary observed = workflow.read(slice);
            List<String> sliceHosts = slice.hosts();
            return () -> fold(slice, own, sliceHosts, judged, observed);
        }

        private void fold(Evidence slice, List<Report.ArtifactSummary> own, List<String> sliceHosts,
                          Pass.SliceSummary judged, Pass.SliceSummary observed) {
            for (Report.ArtifactSummary a : own) {
                kinds.merge(a.kind(), 1, Integer::sum);
                if (a.warnings() > 0) withWarnings++;
                if (a.errors() > 0) withErrors++;
            }
            count += own.size();
            // A slice is one node's, or the inputs of no node: its key is that node, or null.
            String key = slice.sliceNode();
            listed.computeIfAbsent(key, k -> new ArrayList<>()).addAll(own);
            listedCount += own.size();
            while (listedCount > Report.MAX_ARTIFACTS_LISTED) {
                Map.Entry<String, List<Report.ArtifactSummary>> last = listed.lastEntry();
                List<Report.ArtifactSummary> l = last.getValue();
                int drop = Math.min(l.size(), listedCount - Report.MAX_ARTIFACTS_LISTED);
                if (drop == l.size()) listed.remove(last.getKey());
                else l.subList(l.size() - drop, l.size()).clear();
                listedCount -= drop;
            }
            hosts.addAll(sliceHosts);
            judged.fold();
            observed.fold();
            coverage.add(slice);
            activeHcas.add(slice);
        }

        /** Takes one finding of the slices' diagnosis. */
        void finding(Finding finding) {
            Finding f = activeHcas.fill(finding);
            if (worst == null || f.severity().compareTo(worst) > 0) worst = f.severity();
            merged.add(f);
            workflow.finding(f);
            coverage.finding(f);
        }

        Report finish(List<Evidence.Problem> problems, Locale locale) {
            Language language = Language.of(locale);
            Locale loc = language.locale();
            // Alike findings of many nodes read once (NodeMerge); the workflow below still sees every finding.
            io.ncclscope.sdk.workflow.Workflow flow = workflow.finish(Workflow.empty());
            // What holds for the whole job fills the commands' placeholders the findings leave open (-g <GPUs per node>).
            Integer gpus = flow.facts().gpusPerNode();
            List<LocalizedFinding> findings = merged.finish(loc, gpus == null ? Map.of() : Map.of("gpus_per_node", String.valueOf(gpus)));
            boolean problemsFound = worst != null && worst.atLeast(FindingSeverity.WARNING);
            var judged = segments.finish();
            Coverage covered = coverage.finish(judged, loc);
            // The verdict rule, in one place: problems when a finding says so, else inconclusive when the evidence
            // cannot answer its question (Coverage#gaps), else healthy.
            Verdict verdict = problemsFound ? Verdict.PROBLEMS
                    : covered.gaps().isEmpty() ? Verdict.HEALTHY : Verdict.INCONCLUSIVE;
            String summary = Texts.summary(loc, verdict, findings, covered, count, hosts.size());
            List<Report.ArtifactSummary> artifacts = new ArrayList<>(listedCount);
            listed.values().forEach(artifacts::addAll);
            return new Report(verdict, worst, summary, covered,
                    language.tag(), List.copyOf(hosts), artifacts,
                    new Report.InputTally(count, kinds, withWarnings, withErrors), findings, judged,
                    BandwidthAttribution.of(judged, loc).orElse(null), problems, flow.view(loc));
        }
    }
}
