package io.ncclscope.sdk.diagnose;

import io.ncclscope.parsers.nccl.InterfaceList;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
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

    /** The NCCL_SOCKET_IFNAME exclusion a suggested one starts from: loopback and Docker's bridges. */
    private static final String EXCLUDED = "^lo,docker";

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
        all.sort(ORDER);
        return new Diagnosis(all);
    }

    private static final Comparator<String> NULLS = Comparator.nullsFirst(Comparator.<String>naturalOrder());

    /**
     * Catalogue position of each code, for {@link #ORDER}: read at the first comparison, not when this class is
     * initialized. A workflow's fold makes its set of findings sorted by {@link #ORDER} as an analysis begins, before
     * anything is parsed, and the node bundle's CLI reads the rule catalogue on a warm-up thread meanwhile
     * ({@code CatalogueWarmup}): with the order read here, the main thread of every one-log analyze waited for that
     * thread to finish the catalogue at that point (the JVM's lock on the catalogue's class initialization).
     */
    private static final class CatalogueOrder {
        static final Map<String, Integer> POSITION = catalogueOrder();
    }

    /**
     * Report order: worst first, then catalogue order, then subject label, then the finding's own content (detail,
     * evidence lines, parameters), so that findings made in any order (by passes fed slices in any order, handed over
     * as they settle) sort the same. Consistent with {@link Finding#equals}: it ties only equal findings. One lambda
     * of ours rather than {@code Comparator.comparing} chains: the JDK's lambdas there are serializable, linked at
     * their first call in every run (the node bundle's AOT cache keeps only ours), and every analysis sorts findings.
     */
    public static final Comparator<Finding> ORDER = (a, b) -> {
        int c = b.severity().compareTo(a.severity());
        if (c == 0) {
            Map<String, Integer> position = CatalogueOrder.POSITION;
            c = Integer.compare(position.getOrDefault(a.code(), Integer.MAX_VALUE),
                    position.getOrDefault(b.code(), Integer.MAX_VALUE));
        }
        if (c == 0) c = a.subject().label().compareTo(b.subject().label());
        return c != 0 ? c : compareContent(a, b);
    };

    private static Map<String, Integer> catalogueOrder() {
        // The codes alone: reading every entry here was a fifth of a one-file analyze.
        Map<String, Integer> order = new HashMap<>();
        List<String> codes = RuleCatalog.codeNames();
        for (int i = 0; i < codes.size(); i++) order.put(codes.get(i), i);
        return Map.copyOf(order);
    }

    private static final Comparator<Integer> NULL_INTS = Comparator.nullsFirst(Comparator.<Integer>naturalOrder());

    /** Node, rank, GPU, device, port, interface, peer; nulls first. One lambda of ours, as {@link #ORDER}. */
    private static final Comparator<Subject> SUBJECT = (a, b) -> {
        int c = NULLS.compare(a.node(), b.node());
        if (c == 0) c = NULL_INTS.compare(a.rank(), b.rank());
        if (c == 0) c = NULLS.compare(a.gpu(), b.gpu());
        if (c == 0) c = NULLS.compare(a.device(), b.device());
        if (c == 0) c = NULL_INTS.compare(a.port(), b.port());
        if (c == 0) c = NULLS.compare(a.iface(), b.iface());
        return c != 0 ? c : NULLS.compare(a.peer(), b.peer());
    };

    /** Ties of severity, code and label, broken by everything else a finding holds. */
    private static int compareContent(Finding a, Finding b) {
        if (a == b) return 0;
        int c = a.code().compareTo(b.code());
        if (c == 0) c = SUBJECT.compare(a.subject(), b.subject());
        if (c == 0) c = a.detail().bundle().compareTo(b.detail().bundle());
        if (c == 0) c = a.detail().key().compareTo(b.detail().key());
        if (c == 0) c = compareMaps(a.detail().args(), b.detail().args());
        for (int i = 0; c == 0 && i < Math.min(a.evidence().size(), b.evidence().size()); i++) {
            EvidenceLine x = a.evidence().get(i), y = b.evidence().get(i);
            c = x.artifact().compareTo(y.artifact());
            if (c == 0) c = Integer.compare(x.line(), y.line());
            if (c == 0) c = x.text().compareTo(y.text());
        }
        if (c == 0) c = Integer.compare(a.evidence().size(), b.evidence().size());
        if (c == 0) c = compareMaps(a.params(), b.params());
        return c;
    }

    private static int compareMaps(Map<String, String> a, Map<String, String> b) {
        var x = a.entrySet().iterator();
        var y = b.entrySet().iterator();
        while (x.hasNext() && y.hasNext()) {
            Map.Entry<String, String> p = x.next(), q = y.next();
            int c = p.getKey().compareTo(q.getKey());
            if (c == 0) c = String.valueOf(p.getValue()).compareTo(String.valueOf(q.getValue()));
            // A null value and the text "null" read alike above; they differ here, so that ORDER ties equal maps only.
            if (c == 0) c = Boolean.compare(p.getValue() != null, q.getValue() != null);
            if (c != 0) return c;
        }
        return Boolean.compare(x.hasNext(), y.hasNext());
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
        return localize(f, locale, Map.of());
    }

    /**
     * {@return {@code f} in {@code locale}, as {@link #localize(Finding, Locale)}, with values of the whole job filling
     * the placeholders the finding's own values leave open}
     *
     * @param f         a finding
     * @param locale    Simplified Chinese for any Chinese locale, English otherwise
     * @param jobValues placeholder name to a value that holds for the whole job ({@code gpus_per_node}); may be empty
     */
    public static LocalizedFinding localize(Finding f, Locale locale, Map<String, String> jobValues) {
        RuleText t = RuleCatalog.text(f.code(), locale);
        // Values this finding knows fill the commands; the rest read as <name> (Action.unfilled), safe to paste and edit.
        // The interface a finding is about is the one an exclusion names (^lo,docker,veth25f2e72), never an example;
        // loopback and docker bridges NCCL's own ^lo,docker already leaves out (its entries are prefixes).
        Map<String, String> values = new HashMap<>(f.params());
        String culprit = f.subject().iface();
        if (culprit != null) {
            boolean covered = !InterfaceList.of(EXCLUDED).admits(culprit);
            values.putIfAbsent("exclusion", covered ? EXCLUDED : EXCLUDED + "," + culprit);
        }
        jobValues.forEach(values::putIfAbsent);
        for (Action a : t.actions()) a.placeholders().forEach(name -> values.putIfAbsent(name, Action.unfilled(name)));
        List<Action> actions = t.actions().stream().map(a -> a.fill(values)).toList();
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
