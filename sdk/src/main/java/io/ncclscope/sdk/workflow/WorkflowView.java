package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Workflow} in one language: the JSON of the state ({@link WorkflowJson}), the {@code workflow} member of
 * {@code analyze}'s JSON, and what the Markdown and text renderers show. The first members say where the investigation
 * stands; {@code facts}, {@code observations} and {@code findings} are the state a reader rebuilds the workflow from.
 *
 * @param schemaVersion {@link Workflow#SCHEMA_VERSION}
 * @param language      {@code en} or {@code zh-CN}
 * @param situation     the situation the evidence points to
 * @param summary       one sentence: the situation and the step to work on
 * @param current       the number of the first step that asks for something; null when every step is done
 * @param steps         the five steps
 * @param next          the commands to run next (those of the current step)
 * @param conclusion    step 5, as far as the evidence goes
 * @param facts         state: the facts that fill commands in
 * @param observations  state: the checklist items backed by evidence
 * @param findings      state: the findings, language-independent (their texts are in {@code conclusion})
 */
public record WorkflowView(String schemaVersion, String language, Situation situation, String summary, Integer current,
                           List<StepView> steps, List<CommandView> next, ConclusionView conclusion, Facts facts,
                           List<Observation> observations, List<Finding> findings) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param schemaVersion {@link Workflow#SCHEMA_VERSION}
     * @param language      {@code en} or {@code zh-CN}
     * @param situation     the situation the evidence points to
     * @param summary       one sentence: the situation and the step to work on
     * @param current       the number of the first step that asks for something; null when every step is done
     * @param steps         the five steps
     * @param next          the commands to run next (those of the current step)
     * @param conclusion    step 5, as far as the evidence goes
     * @param facts         state: the facts that fill commands in
     * @param observations  state: the checklist items backed by evidence
     * @param findings      state: the findings, language-independent (their texts are in {@code conclusion})
     */
    public WorkflowView {
        steps = List.copyOf(steps);
        next = List.copyOf(next);
        observations = List.copyOf(observations);
        findings = List.copyOf(findings);
    }

    /**
     * One step.
     *
     * @param step     its number, 1 to 5
     * @param id       its id
     * @param title    what the step does
     * @param status   where it stands
     * @param checks   its checklist
     * @param blockers finding codes that make it fail
     * @param missing  the required items still missing, in words
     * @param commands the commands that produce them
     */
    public record StepView(int step, StepId id, String title, StepStatus status, List<CheckView> checks,
                           List<String> blockers, List<String> missing, List<CommandView> commands) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param step     its number, 1 to 5
         * @param id       its id
         * @param title    what the step does
         * @param status   where it stands
         * @param checks   its checklist
         * @param blockers finding codes that make it fail
         * @param missing  the required items still missing, in words
         * @param commands the commands that produce them
         */
        public StepView {
            checks = List.copyOf(checks);
            blockers = List.copyOf(blockers);
            missing = List.copyOf(missing);
            commands = List.copyOf(commands);
        }
    }

    /**
     * One checklist item.
     *
     * @param need      the item
     * @param text      what it is, in words
     * @param required  needed in this situation (else a useful extra)
     * @param satisfied backed by evidence
     * @param node      the node it must come from; null when any
     * @param links     the lines that back it
     */
    public record CheckView(Need need, String text, boolean required, boolean satisfied, String node, List<Link> links) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param need      the item
         * @param text      what it is, in words
         * @param required  needed in this situation (else a useful extra)
         * @param satisfied backed by evidence
         * @param node      the node it must come from; null when any
         * @param links     the lines that back it
         */
        public CheckView {
            links = List.copyOf(links);
        }
    }

    /**
     * One command.
     *
     * @param need         what it produces
     * @param purpose      that, in words
     * @param node         where to run it; null when on every node or the launch node
     * @param command      the command line
     * @param placeholders the {@code <name>} values still to replace; empty when it can run as it is
     */
    public record CommandView(Need need, String purpose, String node, String command, List<String> placeholders) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param need         what it produces
         * @param purpose      that, in words
         * @param node         where to run it; null when on every node or the launch node
         * @param command      the command line
         * @param placeholders the {@code <name>} values still to replace; empty when it can run as it is
         */
        public CommandView {
            placeholders = List.copyOf(placeholders);
        }
    }

    /**
     * Step 5 in words: the symptom, the evidence chain, the fix, and what is not proven yet.
     *
     * @param situation the situation
     * @param summary   one sentence: the conclusion, or what it waits for
     * @param complete  every needed step is satisfied (or blocked with its cause named)
     * @param symptom   the finding that explains the symptom, in words; null when none
     * @param supporting further findings that bear on it
     * @param evidence  the evidence chain, in the method's order
     * @param fixes     what to do: the symptom's actions, then the supporting findings' (commands filled in)
     * @param suspects  nodes named as the cause
     * @param unproven  what remains unproven, in words
     * @param unprovenNeeds the same, as items
     */
    public record ConclusionView(Situation situation, String summary, boolean complete, LocalizedFinding symptom,
                                 List<LocalizedFinding> supporting, List<Link> evidence, List<Action> fixes,
                                 List<String> suspects, List<String> unproven, List<Need> unprovenNeeds) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param situation the situation
         * @param summary   one sentence: the conclusion, or what it waits for
         * @param complete  every needed step is satisfied (or blocked with its cause named)
         * @param symptom   the finding that explains the symptom, in words; null when none
         * @param supporting further findings that bear on it
         * @param evidence  the evidence chain, in the method's order
         * @param fixes     what to do: the symptom's actions, then the supporting findings' (commands filled in)
         * @param suspects  nodes named as the cause
         * @param unproven  what remains unproven, in words
         * @param unprovenNeeds the same, as items
         */
        public ConclusionView {
            supporting = List.copyOf(supporting);
            evidence = List.copyOf(evidence);
            fixes = List.copyOf(fixes);
            suspects = List.copyOf(suspects);
            unproven = List.copyOf(unproven);
            unprovenNeeds = List.copyOf(unprovenNeeds);
        }
    }

    /** Most fix actions listed in a conclusion. */
    public static final int MAX_FIXES = 8;

    static String t(Locale l, String key, Object... args) {
        return Message.of(WorkflowView.class, key, args).render(l);
    }

    /**
     * Each item's, step's and status's text, by language (English, Chinese) and ordinal, rendered on first use: every
     * report names them all, and a text of no arguments is the same each time. A race renders one twice, equal.
     */
    private static final String[][] NEED_TEXTS = new String[2][Need.values().length];
    private static final String[][] STEP_TITLES = new String[2][StepId.values().length];
    private static final String[][] STATUS_TEXTS = new String[2][StepStatus.values().length];

    /** The text of {@code key} in {@code l}, kept in {@code texts} at {@code ordinal}: one per language, as Message picks it. */
    private static String kept(String[][] texts, int ordinal, Locale l, String prefix, String name) {
        String[] ofLanguage = texts[l != null && "zh".equals(l.getLanguage()) ? 1 : 0];
        String text = ofLanguage[ordinal];
        if (text == null) {
            text = t(l, prefix + name);
            ofLanguage[ordinal] = text;
        }
        return text;
    }

    /**
     * {@return the text of a checklist item}
     *
     * @param n a checklist item
     * @param l en or zh-CN
     */
    public static String text(Need n, Locale l) {
        return kept(NEED_TEXTS, n.ordinal(), l, "need.", n.name());
    }

    /**
     * {@return the title of a step}
     *
     * @param id a step
     * @param l  en or zh-CN
     */
    public static String title(StepId id, Locale l) {
        return kept(STEP_TITLES, id.ordinal(), l, "step.", id.name());
    }

    /**
     * {@return a status in words}
     *
     * @param s a status
     * @param l en or zh-CN
     */
    public static String status(StepStatus s, Locale l) {
        return kept(STATUS_TEXTS, s.ordinal(), l, "status.", s.name());
    }

    static WorkflowView of(Workflow w, Locale locale) {
        boolean zh = io.ncclscope.sdk.Language.of(locale) == io.ncclscope.sdk.Language.SIMPLIFIED_CHINESE;
        Locale l = zh ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
        List<StepView> steps = new ArrayList<>();
        for (Step s : w.steps()) {
            List<CheckView> checks = new ArrayList<>();
            for (Check c : s.checks()) checks.add(new CheckView(c.need(), text(c.need(), l), c.required(), c.satisfied(), c.node(), c.links()));
            List<String> missing = s.missing().stream().map(n -> text(n, l)).toList();
            steps.add(new StepView(s.id().number(), s.id(), title(s.id(), l), s.status(), checks, s.blockers(),
                    s.status() == StepStatus.BLOCKED ? List.of() : missing, commands(s.commands(), l)));
        }
        Step cur = w.current().orElse(null);
        Conclusion c = w.conclusion();
        LocalizedFinding symptom = c.primary() == null ? null : Diagnosis.localize(c.primary(), l);
        List<LocalizedFinding> supporting = c.supporting().stream().map(f -> Diagnosis.localize(f, l)).toList();
        List<Action> fixes = new ArrayList<>();
        if (symptom != null) fixes.addAll(symptom.actions());
        for (LocalizedFinding f : supporting) {
            for (Action a : f.actions()) if (!fixes.contains(a)) fixes.add(a);
        }
        if (fixes.size() > MAX_FIXES) fixes = fixes.subList(0, MAX_FIXES);
        String csum = conclusionSummary(c, symptom, l);
        ConclusionView cv = new ConclusionView(c.situation(), csum, c.complete(), symptom, supporting, c.chain(), fixes,
                c.suspects(), c.unproven().stream().map(n -> text(n, l)).toList(), c.unproven());
        String summary = cur == null
                ? t(l, "summary.done", "situation", t(l, "situation." + w.situation().name()))
                : t(l, "summary.current", "situation", t(l, "situation." + w.situation().name()), "step", cur.id().number(),
                    "title", title(cur.id(), l), "status", status(cur.status(), l));
        return new WorkflowView(Workflow.SCHEMA_VERSION, zh ? "zh-CN" : "en", w.situation(), summary,
                cur == null ? null : cur.id().number(), steps, commands(w.next(), l), cv, w.facts(), w.observations(),
                w.findings());
    }

    private static String conclusionSummary(Conclusion c, LocalizedFinding symptom, Locale l) {
        if (c.situation() == Situation.UNKNOWN) return t(l, "conclusion.unknown");
        if (symptom == null) return t(l, c.complete() ? "conclusion.healthy" : "conclusion.healthyPartial");
        String subject = symptom.subject().label();
        // A finding that names no subject reads without one, never with a placeholder.
        String key = (c.complete() ? "conclusion.complete" : "conclusion.partial") + (subject.isEmpty() ? "NoSubject" : "");
        return t(l, key, "situation", t(l, "situation." + c.situation().name()), "title", symptom.title(),
                "subject", subject, "missing", c.unproven().size());
    }

    private static List<CommandView> commands(List<NextCommand> cs, Locale l) {
        return cs.stream().map(nc -> new CommandView(nc.need(), text(nc.need(), l), nc.node(), nc.command(), nc.placeholders())).toList();
    }
}
