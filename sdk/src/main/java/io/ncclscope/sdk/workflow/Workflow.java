package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.PairResult;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The five-step method of the seed as a value: where an investigation stands, what is missing, and the exact commands
 * to run next. Evidence comes in any order, one piece at a time ({@link #with(Evidence, Diagnosis)}, a
 * {@link Comparison}, a {@link Localization}, a {@link Scaling}); each call returns a new workflow and leaves this one
 * as it was. The state kept is small and language-independent: the facts that fill commands in, the checklist items
 * backed by evidence (with the lines that back them), and the findings. Steps, situation and conclusion are derived
 * from it, so a state written with {@link WorkflowJson} and read back judges the same.
 *
 * <p>A chat bot or a stateless service keeps the JSON between messages: state + new evidence = new state.
 *
 * <pre>{@code
 * Workflow w = Workflow.empty();
 * w = w.with(evidence, NcclScope.diagnose(evidence));
 * for (NextCommand c : w.next()) System.out.println(c.command());
 * String state = WorkflowJson.write(w, Locale.ENGLISH);   // hand it back with the next piece of evidence
 * }</pre>
 *
 * Immutable and thread-safe. No I/O.
 */
public final class Workflow {

    /** The JSON state's schema version: a reader accepts any {@code 1.x}. */
    public static final String SCHEMA_VERSION = "1.0";

    /** Most findings and observations kept in a state. */
    public static final int MAX_ENTRIES = 500;

    private static final Workflow EMPTY = new Workflow(Facts.NONE, List.of(), List.of());

    private final Facts facts;
    private final List<Observation> observations;
    private final List<Finding> findings;
    private final Situation situation;
    private final List<Step> steps;
    private final Conclusion conclusion;

    private Workflow(Facts facts, List<Observation> observations, List<Finding> findings) {
        this.facts = Objects.requireNonNull(facts, "facts");
        this.observations = canonicalObservations(observations);
        this.findings = canonicalFindings(findings);
        this.situation = Planner.situation(this.findings, this.observations, facts);
        this.steps = Planner.steps(situation, facts, this.observations, this.findings);
        this.conclusion = Planner.conclusion(situation, steps, this.findings);
    }

    /** {@return a workflow with nothing seen: every step missing, step 1's commands next} */
    public static Workflow empty() {
        return EMPTY;
    }

    /**
     * {@return a workflow of a given state (as {@link WorkflowJson#read} rebuilds it)}
     *
     * @param facts        the facts known
     * @param observations what was observed
     * @param findings     the findings so far
     */
    public static Workflow of(Facts facts, List<Observation> observations, List<Finding> findings) {
        return new Workflow(facts, observations, findings);
    }

    /**
     * {@return this workflow with {@code evidence} and its {@code diagnosis} (from {@code NcclScope.diagnose}) added}
     *
     * @param evidence  the new evidence
     * @param diagnosis its diagnosis
     */
    public Workflow with(Evidence evidence, Diagnosis diagnosis) {
        Objects.requireNonNull(evidence, "evidence");
        Objects.requireNonNull(diagnosis, "diagnosis");
        Observer o = Observer.read(evidence, diagnosis);
        return add(o.facts(), o.observations(), diagnosis.findings());
    }

    /**
     * {@return a fold that adds evidence handed in slices ({@link Evidence#slices()}) to a workflow: the same as
     * {@link #with(Evidence, Diagnosis)} of the whole}
     */
    public static Fold fold() {
        return new Fold();
    }

    /**
     * Evidence added to a workflow one slice at a time; the diagnosis comes at the end. Each slice is observed when it
     * comes into small records (observations and facts), so its parsed data can go. Not thread-safe.
     */
    public static final class Fold {
        private final Observer.Fold observer = new Observer.Fold();
        private final java.util.TreeSet<Finding> findings = new java.util.TreeSet<>(Diagnosis.ORDER);

        private Fold() {
        }

        /**
         * Reads one slice.
         *
         * @param slice one node's artifacts, or the artifacts of no node
         */
        public void add(Evidence slice) {
            read(slice).fold();
        }

        /**
         * Reads one slice apart from this fold's state: safe to call from any thread, for many slices at once and while
         * the fold takes others. Folding what it returns, on the fold's thread in slice order, is {@link #add}.
         *
         * @param slice one node's artifacts, or the artifacts of no node
         * @return what was observed of the slice, to fold once
         */
        public Pass.SliceSummary read(Evidence slice) {
            return observer.read(Objects.requireNonNull(slice, "slice"));
        }

        /**
         * {@return {@code state} with the evidence of every slice added and its {@code diagnosis}}
         *
         * @param state     the workflow so far
         * @param diagnosis the diagnosis of all the slices
         */
        public Workflow finish(Workflow state, Diagnosis diagnosis) {
            Objects.requireNonNull(diagnosis, "diagnosis");
            diagnosis.findings().forEach(this::finding);
            return finish(state);
        }

        /**
         * Takes one finding of the diagnosis of the slices, in any order, at any time after the slices its lines
         * quote have been added. What is kept does not grow with the findings: the first {@link #MAX_ENTRIES} in
         * {@link Diagnosis#ORDER}, and which runs the observations hold failed.
         *
         * @param finding a finding
         */
        public void finding(Finding finding) {
            Objects.requireNonNull(finding, "finding");
            observer.finding(finding);
            // Full, a finding ranked at or after the last kept would go again at once (or equals one kept): one
            // comparison instead of a put and a poll, for the thousands of findings of a bundle's nodes.
            if (findings.size() >= MAX_ENTRIES && Diagnosis.ORDER.compare(finding, findings.last()) >= 0) return;
            findings.add(finding);
            if (findings.size() > MAX_ENTRIES) findings.pollLast();
        }

        /**
         * {@return {@code state} with the evidence of every slice added and the findings taken}
         *
         * @param state the workflow so far
         */
        public Workflow finish(Workflow state) {
            Observer o = observer.finish();
            return state.add(o.facts(), o.observations(), List.copyOf(findings));
        }
    }

    /**
     * {@return this workflow with an A/B comparison (step 3) added: both sides' runs and the reading's findings}
     *
     * @param comparison an A/B comparison
     */
    public Workflow with(Comparison comparison) {
        Objects.requireNonNull(comparison, "comparison");
        List<Observation> obs = new ArrayList<>();
        for (io.ncclscope.sdk.compare.Side side : List.of(comparison.a(), comparison.b())) {
            if (!side.judged() || side.runs().isEmpty()) continue;
            boolean off = side.settings().containsKey("NCCL_IB_DISABLE") && "1".equals(side.settings().get("NCCL_IB_DISABLE").value());
            var run = side.runs().get(0);
            var row = run.data().largestRow().orElse(null);
            Link l = new Link(null, run.source(), row == null ? 0 : row.line(), row == null ? side.label()
                    : String.format(Locale.ROOT, "%s: plateau %.1f GB/s", side.label(), side.plateau()));
            obs.add(new Observation(off ? Need.AB_IB_DISABLED : Need.AB_DEFAULT, null, "measured", List.of(l)));
        }
        return add(Facts.NONE, obs, comparison.findings());
    }

    /**
     * {@return this workflow with pairwise results (step 4) added}
     *
     * @param localization a localization of pairwise tests
     */
    public Workflow with(Localization localization) {
        Objects.requireNonNull(localization, "localization");
        List<Observation> obs = new ArrayList<>();
        if (!localization.results().isEmpty()) {
            List<Link> links = new ArrayList<>();
            for (PairResult r : localization.results()) {
                if (r.source() != null && links.size() < Observation.MAX_LINKS) links.add(Link.of(null, r.source()));
            }
            if (links.isEmpty()) links.add(new Link(null, "pairs", 0, localization.results().size() + " pairs"));
            obs.add(new Observation(Need.PAIRWISE, null, localization.results().size() + " pairs", links));
        }
        Facts f = new Facts(localization.nodes(), null, List.of(), List.of(), List.of(), List.of(), null, null, Map.of(), null);
        return add(f, obs, localization.findings());
    }

    /**
     * {@return this workflow with a scaling series (runs at growing node counts, step 4) added}
     *
     * @param scaling a scaling series
     */
    public Workflow with(Scaling scaling) {
        Objects.requireNonNull(scaling, "scaling");
        List<Observation> obs = new ArrayList<>();
        if (scaling.points().size() >= 2) {
            List<Link> links = new ArrayList<>();
            for (var p : scaling.points()) {
                if (links.size() < Observation.MAX_LINKS) {
                    links.add(new Link(null, p.runs().get(0).source(), 0,
                            String.format(Locale.ROOT, "%d nodes: %.1f GB/s", p.nodes(), p.plateau())));
                }
            }
            obs.add(new Observation(Need.PAIRWISE, null, scaling.points().size() + " node counts", links));
        }
        return add(Facts.NONE, obs, scaling.findings());
    }

    /**
     * {@return this workflow with findings from elsewhere added (a service's own analysis, a finding a person confirmed)}
     *
     * @param more findings to add
     */
    public Workflow withFindings(List<Finding> more) {
        return add(Facts.NONE, List.of(), more);
    }

    /**
     * {@return this workflow with another one's state added (two investigations of one job merged)}
     *
     * @param other another workflow of the same job
     */
    public Workflow merge(Workflow other) {
        return add(other.facts, other.observations, other.findings);
    }

    private Workflow add(Facts f, List<Observation> obs, List<Finding> fs) {
        List<Observation> o = new ArrayList<>(observations);
        o.addAll(obs);
        List<Finding> all = new ArrayList<>(findings);
        all.addAll(fs);
        return new Workflow(facts.merge(f), o, all);
    }

    private static List<Observation> canonicalObservations(List<Observation> in) {
        // Sorted and without repeats, so that the same evidence in another order gives an equal state.
        List<Observation> s = new ArrayList<>(new LinkedHashSet<>(in));
        s.sort(Candidates.ORDER);
        return List.copyOf(s.size() > MAX_ENTRIES ? s.subList(0, MAX_ENTRIES) : s);
    }

    private static List<Finding> canonicalFindings(List<Finding> in) {
        // Sorted and without repeats (Diagnosis.ORDER ties only equal findings), the first MAX_ENTRIES.
        java.util.TreeSet<Finding> sorted = new java.util.TreeSet<>(Diagnosis.ORDER);
        sorted.addAll(in);
        List<Finding> s = new ArrayList<>(sorted);
        return List.copyOf(s.size() > MAX_ENTRIES ? s.subList(0, MAX_ENTRIES) : s);
    }

    /** {@return the facts that fill commands in} */
    public Facts facts() {
        return facts;
    }

    /** {@return the checklist items backed by evidence, in {@link Need} order} */
    public List<Observation> observations() {
        return observations;
    }

    /** {@return every finding seen, worst first} */
    public List<Finding> findings() {
        return findings;
    }

    /** {@return the situation the evidence points to} */
    public Situation situation() {
        return situation;
    }

    /** {@return the five steps, in order} */
    public List<Step> steps() {
        return steps;
    }

    /**
     * {@return one step}
     *
     * @param id a step
     */
    public Step step(StepId id) {
        return steps.get(id.ordinal());
    }

    /** {@return the first step that asks for something (blocked, partial or missing); empty when every step is done} */
    public Optional<Step> current() {
        return steps.stream().filter(s -> !s.done()).findFirst();
    }

    /** {@return the commands to run next: those of {@link #current()}; empty when every step is done} */
    public List<NextCommand> next() {
        return current().map(Step::commands).orElse(List.of());
    }

    /** {@return step 5's conclusion, as far as the evidence goes (see {@link Conclusion#complete()})} */
    public Conclusion conclusion() {
        return conclusion;
    }

    /**
     * {@return this workflow in {@code locale} (en or zh-CN): texts filled in, ready for JSON, Markdown or text}
     *
     * @param locale en or zh-CN (any Chinese locale)
     */
    public WorkflowView view(Locale locale) {
        return WorkflowView.of(this, locale);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Workflow w && facts.equals(w.facts) && observations.equals(w.observations)
                && findings.equals(w.findings);
    }

    @Override
    public int hashCode() {
        return Objects.hash(facts, observations, findings);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Workflow[").append(situation);
        for (Step s : steps) sb.append(", ").append(s.id().number()).append('=').append(s.status());
        return sb.append(']').toString();
    }
}
