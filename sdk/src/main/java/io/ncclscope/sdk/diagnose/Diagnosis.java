package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Rule;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.rules.RuleText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of running analyzers over evidence: findings, worst first. Immutable.
 *
 * @param findings findings ordered by severity (worst first), then catalogue order, then subject
 */
public record Diagnosis(List<Finding> findings) {

    private static final java.util.regex.Pattern UNFILLED = java.util.regex.Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}");

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param findings findings ordered by severity (worst first), then catalogue order, then subject
     * @throws NullPointerException when a required component is null
     */
    public Diagnosis {
        findings = List.copyOf(findings);
    }

    /**
     * Runs {@code analyzers} over {@code evidence}; an analyzer that throws is a bug and propagates.
     *
     * @param evidence  the evidence read
     * @param analyzers the analyzers, run in order
     * @return the findings of all of them
     */
    public static Diagnosis run(Evidence evidence, List<? extends Analyzer> analyzers) {
        Objects.requireNonNull(evidence, "evidence");
        List<Finding> all = new ArrayList<>();
        for (Analyzer a : analyzers) {
            all.addAll(a.analyze(evidence));
        }
        return of(all);
    }

    /**
     * {@return a diagnosis of {@code findings} in report order: worst first, then catalogue order, then subject}
     *
     * @param findings findings in any order (from {@link Pass#finish()} of several analyzers)
     */
    public static Diagnosis of(List<Finding> findings) {
        List<Finding> all = new ArrayList<>(findings);
        Map<String, Integer> order = new HashMap<>();
        List<Rule> rules = RuleCatalog.all();
        for (int i = 0; i < rules.size(); i++) order.put(rules.get(i).code(), i);
        all.sort(Comparator.comparing((Finding f) -> f.severity()).reversed()
                .thenComparing(f -> order.getOrDefault(f.code(), Integer.MAX_VALUE))
                .thenComparing(f -> f.subject().label()));
        return new Diagnosis(all);
    }

    /** {@return the worst severity found; empty when there are no findings} */
    public java.util.Optional<FindingSeverity> worst() {
        return findings.stream().map(Finding::severity).max(Comparator.naturalOrder());
    }

    /** {@return true when no finding is {@link FindingSeverity#WARNING} or worse} */
    public boolean healthy() {
        return findings.stream().noneMatch(f -> f.severity().atLeast(FindingSeverity.WARNING));
    }

    /**
     * {@return the findings with one code}
     *
     * @param code a finding code
     */
    public List<Finding> withCode(String code) {
        return findings.stream().filter(f -> f.code().equals(code)).toList();
    }

    /**
     * {@return {@code f} in {@code locale}: catalogue title, causes and actions (commands filled with {@code f.params()})}
     *
     * @param f      a finding
     * @param locale Simplified Chinese for any Chinese locale, English otherwise
     */
    public static LocalizedFinding localize(Finding f, Locale locale) {
        RuleText t = RuleCatalog.text(f.code(), locale);
        // Values this finding knows fill the commands; the rest read as <name>, safe to paste and edit.
        List<Action> actions = t.actions().stream().map(a -> a.fill(f.params()))
                .map(a -> a.hasCommand() ? new Action(a.text(), UNFILLED.matcher(a.command()).replaceAll("<$1>")) : a)
                .toList();
        return new LocalizedFinding(f.code(), f.severity(), t.title(), f.subject(), f.detail().render(locale),
                f.evidence(), t.causes(), actions);
    }

    /**
     * {@return every finding in {@code locale}}
     *
     * @param locale Simplified Chinese for any Chinese locale, English otherwise
     */
    public List<LocalizedFinding> localized(Locale locale) {
        return findings.stream().map(f -> localize(f, locale)).toList();
    }
}
