package io.ncclscope.sdk.report;

import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.workflow.WorkflowView;
import java.util.List;
import java.util.Locale;

/**
 * The result of {@code analyze} in one language, ready to render: the verdict, what was read, the
 * findings worst first. Serialises to the JSON of DESIGN.md with {@code Json.pretty}.
 *
 * @param verdict   the verdict (written {@code healthy}, {@code problems} or {@code inconclusive} in JSON)
 * @param worst     worst severity found; null when nothing was found
 * @param summary   one sentence: the verdict for a person
 * @param coverage  what the verdict rests on: each family of checks as checked or not, and the gaps that make it
 *                  inconclusive
 * @param language  {@code en} or {@code zh-CN}
 * @param nodes     nodes seen
 * @param artifacts what was read: every input up to {@link #MAX_ARTIFACTS_LISTED}, else the first ones (inputs of no
 *                  node, then node by node in {@link Evidence#nodes()} order)
 * @param inputs    every input counted: how many, by kind, with warnings, with errors
 * @param findings  findings, worst first; a finding made alike on several nodes appears once, naming them
 *                  ({@link LocalizedFinding#nodes()})
 * @param segments  the three bandwidth segments, each measured against its expectation ({@link Segments})
 * @param attribution the segment that limits the job and the share of the shortfall each cause found explains;
 *                  null when no segment is slow
 * @param problems  inputs that could not be read
 * @param workflow  the five-step workflow of this evidence: where the investigation stands and what to run next
 *                  (also the JSON state {@code ncclscope workflow --state} reads back)
 */
public record Report(Verdict verdict, FindingSeverity worst, String summary, Coverage coverage, String language, List<String> nodes,
                     List<ArtifactSummary> artifacts, InputTally inputs, List<LocalizedFinding> findings, List<SegmentVerdict> segments,
                     BandwidthAttribution attribution, List<Evidence.Problem> problems, WorkflowView workflow) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param verdict   the verdict (written {@code healthy}, {@code problems} or {@code inconclusive} in JSON)
     * @param worst     worst severity found; null when nothing was found
     * @param summary   one sentence: the verdict for a person
     * @param coverage  what the verdict rests on
     * @param language  {@code en} or {@code zh-CN}
     * @param nodes     nodes seen
     * @param artifacts what was read, the first {@link #MAX_ARTIFACTS_LISTED} inputs at most
     * @param inputs    every input counted
     * @param findings  findings, worst first
     * @param segments  the three bandwidth segments, each measured against its expectation ({@link Segments})
     * @param attribution the segment that limits the job and what each cause explains; null when no segment is slow
     * @param problems  inputs that could not be read
     * @param workflow  the five-step workflow of this evidence
     */
    public Report {
        java.util.Objects.requireNonNull(coverage, "coverage");
        nodes = List.copyOf(nodes);
        artifacts = List.copyOf(artifacts);
        java.util.Objects.requireNonNull(inputs, "inputs");
        findings = List.copyOf(findings);
        segments = List.copyOf(segments);
        problems = List.copyOf(problems);
    }

    /**
     * Most inputs listed in {@link #artifacts()}: a cluster bundle reads tens of thousands of files, and the report of
     * a thousand nodes must not grow with them; {@link #inputs()} counts them all.
     */
    public static final int MAX_ARTIFACTS_LISTED = 1_000;

    /**
     * Every input read, counted.
     *
     * @param count        how many
     * @param kinds        how many of each kind id, by kind id
     * @param withWarnings how many have parse warnings of WARNING severity
     * @param withErrors   how many have parse warnings of ERROR severity (not of their kind, a limit reached)
     */
    public record InputTally(int count, java.util.Map<String, Integer> kinds, int withWarnings, int withErrors) {
        /**
         * Copies the map, sorted by kind id.
         *
         * @param count        how many
         * @param kinds        how many of each kind id
         * @param withWarnings how many have parse warnings of WARNING severity
         * @param withErrors   how many have parse warnings of ERROR severity
         */
        public InputTally {
            kinds = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(kinds));
        }
    }

    /**
     * One input as read.
     *
     * @param name     artifact name
     * @param kind     kind id
     * @param node     node; null when none
     * @param warnings parse warnings of WARNING severity or worse
     * @param errors   parse warnings of ERROR severity (input not of its kind, a limit reached)
     */
    public record ArtifactSummary(String name, String kind, String node, int warnings, int errors) {
    }

    /**
     * Builds the report of {@code diagnosis} over {@code evidence} in {@code locale}.
     *
     * @param evidence  the evidence read
     * @param diagnosis its diagnosis
     * @param locale    en or zh-CN (any Chinese locale)
     * @return the report
     */
    public static Report of(Evidence evidence, Diagnosis diagnosis, Locale locale) {
        // The same tallies as a ReportPass fed slice by slice, so that the streamed report cannot drift from this one.
        ReportPass.Digest d = new ReportPass.Digest();
        for (Evidence slice : evidence.slices()) d.add(slice);
        diagnosis.findings().forEach(d::finding);
        return d.finish(evidence.problems(), locale);
    }
}
