package io.ncclscope.sdk.report;

import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Category;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import io.ncclscope.sdk.workflow.Workflow;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The deliverable conclusion of the seed's step 5 (形成可交付的结论与修复建议), in one language: the symptom with its
 * figures, the evidence chain with the lines that prove each link, the fix actions split by {@link FixArea}, and what
 * remains unproven with the commands that would prove it. Built by {@link #of}; rendered as Markdown, HTML, JSON or
 * plain text by {@link Renderers}. Immutable; serialises with {@code Json.pretty}.
 *
 * @param verdict   the verdict, as in {@link Report}
 * @param worst     worst severity found; null when nothing was found
 * @param summary   one sentence: the verdict for a person (the same sentence as {@link Report#summary()})
 * @param coverage  what the verdict rests on, as in {@link Report#coverage()}
 * @param language  {@code en} or {@code zh-CN}
 * @param nodes     hosts seen, in natural order
 * @param symptom   what the user saw, with figures
 * @param chain     the evidence chain, in the order an engineer works through it
 * @param fixes     fix actions by area, in {@link FixArea} order; areas without an action are left out
 * @param unproven  what the evidence does not prove yet, each with the commands that would
 * @param plots     busbw against message size of the nccl-tests tables read (multi-rank runs only)
 * @param segments  the three bandwidth segments, each measured against its expectation
 * @param attribution the segment that limits the job and the share of the shortfall each cause found explains;
 *                  null when no segment is slow
 * @param artifacts what was read, the first {@link Report#MAX_ARTIFACTS_LISTED} inputs at most
 * @param inputs    every input counted
 * @param problems  inputs that could not be read
 */
public record FinalReport(Verdict verdict, FindingSeverity worst, String summary, Coverage coverage, String language, List<String> nodes,
                          Symptom symptom, List<ChainLink> chain, List<FixGroup> fixes, List<Unproven> unproven,
                          List<Plot> plots, List<SegmentVerdict> segments, BandwidthAttribution attribution,
                          List<Report.ArtifactSummary> artifacts,
                          Report.InputTally inputs, List<Evidence.Problem> problems) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param verdict   the verdict, as in {@link Report}
     * @param worst     worst severity found; null when nothing was found
     * @param summary   one sentence: the verdict for a person (the same sentence as {@link Report#summary()})
     * @param coverage  what the verdict rests on, as in {@link Report#coverage()}
     * @param language  {@code en} or {@code zh-CN}
     * @param nodes     hosts seen, in natural order
     * @param symptom   what the user saw, with figures
     * @param chain     the evidence chain, in the order an engineer works through it
     * @param fixes     fix actions by area, in {@link FixArea} order; areas without an action are left out
     * @param unproven  what the evidence does not prove yet, each with the commands that would
     * @param plots     busbw against message size of the nccl-tests tables read (multi-rank runs only)
     * @param segments  the three bandwidth segments, each measured against its expectation
     * @param attribution the segment that limits the job and what each cause explains; null when no segment is slow
     * @param artifacts what was read, the first {@link Report#MAX_ARTIFACTS_LISTED} inputs at most
     * @param inputs    every input counted
     * @param problems  inputs that could not be read
     */
    public FinalReport {
        java.util.Objects.requireNonNull(coverage, "coverage");
        nodes = List.copyOf(nodes);
        chain = List.copyOf(chain);
        fixes = List.copyOf(fixes);
        unproven = List.copyOf(unproven);
        plots = List.copyOf(plots);
        segments = List.copyOf(segments);
        artifacts = List.copyOf(artifacts);
        java.util.Objects.requireNonNull(inputs, "inputs");
        problems = List.copyOf(problems);
    }

    /** {@return whether no finding of warning severity or worse was made} */
    public boolean healthy() {
        return verdict == Verdict.HEALTHY;
    }

    /**
     * What the user saw: one sentence, and the observations behind it.
     *
     * @param statement    the observations joined into one sentence ("2-node all_reduce busbw 9.1 GB/s against 24 GB/s
     *                     expected (38%); ...")
     * @param observations failures, bandwidth figures and jitter, in that order
     */
    public record Symptom(String statement, List<Observation> observations) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param statement    the observations joined into one sentence ("2-node all_reduce busbw 9.1 GB/s against 24 GB/s
         *         expected (38%); ...")
         * @param observations failures, bandwidth figures and jitter, in that order
         */
        public Symptom {
            observations = List.copyOf(observations);
        }
    }

    /** What an {@link Observation} is about. */
    public enum ObservationKind {
        /** The job failed: the first failing rank and host, and the error it printed. */
        FAILURE,
        /** A bandwidth figure held against its expectation. */
        BANDWIDTH,
        /** The figures move: dips, in-place against out-of-place differences, erratic latency, congestion. */
        JITTER
    }

    /**
     * One thing the user saw, with its figures. Fields that do not apply to the kind are null.
     *
     * @param kind        failure, bandwidth or jitter
     * @param text        the sentence, in the report's language
     * @param code        the finding code it comes from; null for a bandwidth figure judged ok
     * @param host        the host (failure: of the first failing rank); null when unknown
     * @param rank        the first failing rank; null when unknown or not a failure
     * @param test        the nccl-tests binary ({@code all_reduce_perf}); null when the figure is not from nccl-tests
     * @param segment     the bandwidth segment measured; null for a failure
     * @param nodes       hosts in the run; null when unknown
     * @param ranks       ranks in the run; null when unknown
     * @param measuredGBs measured busbw (or link bandwidth) plateau in GB/s; null when not a bandwidth figure
     * @param expectedGBs what the hardware found should give, GB/s; null when the inputs lack the hardware facts
     * @param evidence    the lines behind it
     */
    public record Observation(ObservationKind kind, String text, String code, String host, Integer rank, String test,
                              Segment segment, Integer nodes, Integer ranks, Double measuredGBs, Double expectedGBs,
                              List<EvidenceLine> evidence) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param kind        failure, bandwidth or jitter
         * @param text        the sentence, in the report's language
         * @param code        the finding code it comes from; null for a bandwidth figure judged ok
         * @param host        the host (failure: of the first failing rank); null when unknown
         * @param rank        the first failing rank; null when unknown or not a failure
         * @param test        the nccl-tests binary ({@code all_reduce_perf}); null when the figure is not from nccl-tests
         * @param segment     the bandwidth segment measured; null for a failure
         * @param nodes       hosts in the run; null when unknown
         * @param ranks       ranks in the run; null when unknown
         * @param measuredGBs measured busbw (or link bandwidth) plateau in GB/s; null when not a bandwidth figure
         * @param expectedGBs what the hardware found should give, GB/s; null when the inputs lack the hardware facts
         * @param evidence    the lines behind it
         */
        public Observation {
            evidence = List.copyOf(evidence);
        }
    }

    /**
     * One link of the evidence chain: a finding and the lines that prove it.
     *
     * @param index    1-based position in the chain
     * @param code     the finding code
     * @param severity how bad
     * @param category the part of the analysis (errors, transport, topology, bandwidth)
     * @param title    the catalogue title
     * @param subject  what it is about ({@code node1 rank 3 GPU3}); empty for the job as a whole
     * @param detail   the specific statement, with figures
     * @param evidence the quoted lines, most telling first
     */
    public record ChainLink(int index, String code, FindingSeverity severity, Category category, String title,
                            String subject, String detail, List<EvidenceLine> evidence) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param index    1-based position in the chain
         * @param code     the finding code
         * @param severity how bad
         * @param category the part of the analysis (errors, transport, topology, bandwidth)
         * @param title    the catalogue title
         * @param subject  what it is about ({@code node1 rank 3 GPU3}); empty for the job as a whole
         * @param detail   the specific statement, with figures
         * @param evidence the quoted lines, most telling first
         */
        public ChainLink {
            evidence = List.copyOf(evidence);
        }
    }

    /**
     * The fix actions of one area.
     *
     * @param area    where they lie
     * @param title   the area's name in the report's language
     * @param actions fixes first, then checks; each once
     */
    public record FixGroup(FixArea area, String title, List<FixAction> actions) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param area    where they lie
         * @param title   the area's name in the report's language
         * @param actions fixes first, then checks; each once
         */
        public FixGroup {
            actions = List.copyOf(actions);
        }
    }

    /**
     * One action, with the findings it answers.
     *
     * @param kind     whether it changes or reads something
     * @param text     what to do
     * @param command  the exact command or setting; empty when the step has none
     * @param codes    the finding codes it answers, in chain order
     * @param subjects what those findings are about ({@code gpu-b mlx5_0:1}), where named
     */
    public record FixAction(FixArea.Kind kind, String text, String command, List<String> codes, List<String> subjects) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param kind     whether it changes or reads something
         * @param text     what to do
         * @param command  the exact command or setting; empty when the step has none
         * @param codes    the finding codes it answers, in chain order
         * @param subjects what those findings are about ({@code gpu-b mlx5_0:1}), where named
         */
        public FixAction {
            codes = List.copyOf(codes);
            subjects = List.copyOf(subjects);
        }
    }

    /**
     * Something the evidence does not prove yet.
     *
     * @param step      the step of the five-step method it belongs to (1 facts, 2 connectivity, 3 A/B switch, 4 bad
     *                  node, 5 conclusion)
     * @param stepTitle that step's name in the report's language
     * @param statement what is not proven, or what is missing
     * @param commands  the exact commands that would prove it, with their environment variables
     */
    public record Unproven(int step, String stepTitle, String statement, List<String> commands) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param step      the step of the five-step method it belongs to (1 facts, 2 connectivity, 3 A/B switch, 4 bad
         *         node, 5 conclusion)
         * @param stepTitle that step's name in the report's language
         * @param statement what is not proven, or what is missing
         * @param commands  the exact commands that would prove it, with their environment variables
         */
        public Unproven {
            commands = List.copyOf(commands);
        }
    }

    /**
     * busbw against message size of one nccl-tests table.
     *
     * @param artifact    the table's artifact name; the names, comma-separated, of the runs that share one chart (an A/B
     *         pair of one test at one rank count is drawn on one axis)
     * @param test        the nccl-tests binary; null when the output did not name it
     * @param ranks       ranks of the run; null when not printed
     * @param nodes       hosts of the run
     * @param expectedGBs the expected plateau drawn in, GB/s; null when unknown
     * @param svg         the chart, an SVG 1.1 document ({@code BusBwPlot})
     */
    public record Plot(String artifact, String test, Integer ranks, int nodes, Double expectedGBs, String svg) {
    }

    /**
     * Builds the final report of {@code diagnosis} over {@code evidence} in {@code locale} (en or zh-CN); what remains
     * unproven comes from the five-step workflow of this evidence alone.
     *
     * @param evidence  the evidence read
     * @param diagnosis its diagnosis
     * @param locale    en or zh-CN (any Chinese locale)
     * @return the final report
     */
    public static FinalReport of(Evidence evidence, Diagnosis diagnosis, Locale locale) {
        return of(evidence, diagnosis, Workflow.empty(), locale);
    }

    /**
     * Builds the final report of {@code diagnosis} over {@code evidence}, with a workflow state handed back (evidence
     * given earlier, e.g. read with {@code WorkflowJson.read}): what remains unproven counts that earlier evidence too.
     *
     * @param evidence  what was read now
     * @param diagnosis its diagnosis
     * @param state     the workflow so far; {@link Workflow#empty()} for none
     * @param locale    the report's language (Simplified Chinese for any Chinese locale, else English)
     * @return the report
     */
    public static FinalReport of(Evidence evidence, Diagnosis diagnosis, Workflow state, Locale locale) {
        Objects.requireNonNull(state, "state");
        return Conclusions.build(evidence, diagnosis, state.with(evidence, diagnosis), locale);
    }
}
