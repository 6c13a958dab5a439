package io.ncclscope.sdk.report;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.plot.BusBwPlot;
import io.ncclscope.sdk.report.FinalReport.ChainLink;
import io.ncclscope.sdk.report.FinalReport.FixAction;
import io.ncclscope.sdk.report.FinalReport.FixGroup;
import io.ncclscope.sdk.report.FinalReport.Observation;
import io.ncclscope.sdk.report.FinalReport.ObservationKind;
import io.ncclscope.sdk.report.FinalReport.Plot;
import io.ncclscope.sdk.report.FinalReport.Symptom;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.Category;
import io.ncclscope.sdk.rules.FindingCode;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.workflow.Workflow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Builds a {@link FinalReport}: symptom, evidence chain, fixes by area, unproven, plots. Stateless. */
final class Conclusions {

    /** Most busbw plots in one report; the table that bounds the job comes first. */
    static final int MAX_PLOTS = 6;
    /** Most jitter observations in the symptom. */
    static final int MAX_JITTER = 3;
    /** Most slow nodes, pairs or scaling knees in the symptom. */
    static final int MAX_LOCATED = 2;
    private Conclusions() {
    }

    static FinalReport build(Evidence evidence, Diagnosis diagnosis, Workflow workflow, Locale locale) {
        Report base = Report.of(evidence, diagnosis, locale);
        Locale l = Language.ofReport(base.language()).locale();
        List<LocalizedFinding> ordered = chainOrder(base.findings());
        List<ChainLink> chain = new ArrayList<>();
        for (LocalizedFinding f : ordered) {
            chain.add(new ChainLink(chain.size() + 1, f.code(), f.severity(), category(f.code()), f.title(),
                    f.subject().label(), f.detail(), f.evidence()));
        }
        Symptom symptom = symptom(evidence, base, l);
        List<FixGroup> fixes = fixes(ordered, l);
        List<FinalReport.Unproven> unproven = Unknowns.of(workflow, ordered, l);
        List<Plot> plots = plots(evidence, base.segments());
        return new FinalReport(base.verdict(), base.worst(), base.summary(), base.coverage(), base.language(), base.nodes(), symptom,
                chain, fixes, unproven, plots, base.segments(), base.attribution(), base.artifacts(), base.inputs(), base.problems());
    }

    static Category category(String code) {
        return RuleCatalog.entry(code).rule().category();
    }

    /** Whether the catalogue states a finding as a symptom of {@code kind} (its entry's {@code symptom}). */
    static boolean states(LocalizedFinding f, ObservationKind kind) {
        FindingCode.Symptom s = RuleCatalog.entry(f.code()).symptom();
        return s != null && s.kind() == kind && s.states(f.severity());
    }

    /**
     * The order an engineer works through: problems before notes (INFO findings explain, they prove nothing wrong);
     * within each, what failed (errors), the route it took (transport), the hardware under it (topology and links),
     * then the numbers (bandwidth); worst first within a category; the diagnosis order breaks ties.
     */
    static List<LocalizedFinding> chainOrder(List<LocalizedFinding> findings) {
        List<LocalizedFinding> out = new ArrayList<>(findings);
        Map<LocalizedFinding, Integer> pos = new java.util.IdentityHashMap<>();
        for (int i = 0; i < findings.size(); i++) pos.put(findings.get(i), i);
        out.sort(Comparator.comparing((LocalizedFinding f) -> !f.severity().atLeast(FindingSeverity.WARNING))
                .thenComparing(f -> category(f.code()))
                .thenComparing(LocalizedFinding::severity, Comparator.reverseOrder())
                .thenComparing(pos::get));
        return out;
    }

    // ---- symptom ----

    static Symptom symptom(Evidence evidence, Report base, Locale l) {
        List<Observation> obs = new ArrayList<>();
        failure(base.findings(), l).ifPresent(obs::add);
        // Pairwise and scaling runs name where the bandwidth goes (their codes' symptom is a located bandwidth); their
        // statements carry the figures that matter.
        List<Observation> located = new ArrayList<>();
        for (LocalizedFinding f : base.findings()) {
            if (located.size() == MAX_LOCATED) break;
            if (!states(f, ObservationKind.BANDWIDTH)) continue;
            located.add(new Observation(ObservationKind.BANDWIDTH, f.detail(), f.code(), f.subject().node(), null, null,
                    null, null, null, null, null, f.evidence().stream().limit(3).toList()));
        }
        Optional<Observation> figure = bandwidth(evidence, base.segments(), l);
        // A figure without an expectation says little next to a named slow node or pair.
        figure.filter(o -> o.expectedGBs() != null || located.isEmpty()).ifPresent(obs::add);
        obs.addAll(located);
        int jitter = 0;
        for (LocalizedFinding f : base.findings()) {
            if (jitter == MAX_JITTER) break;
            if (!states(f, ObservationKind.JITTER)) continue;
            jitter++;
            obs.add(new Observation(ObservationKind.JITTER, f.detail(), f.code(), f.subject().node(), null, null,
                    null, null, null, null, null, f.evidence().stream().limit(3).toList()));
        }
        String statement;
        if (obs.isEmpty()) {
            statement = Texts.t(l, base.artifacts().isEmpty() ? "summary.empty" : "symptom.none");
        } else {
            statement = String.join(Texts.t(l, "symptom.join"), obs.stream().map(Observation::text).toList());
        }
        return new Symptom(statement, obs);
    }

    /** The first failure: the first critical finding, else the first error-category finding of error severity. */
    static Optional<Observation> failure(List<LocalizedFinding> findings, Locale l) {
        LocalizedFinding first = findings.stream().filter(f -> f.severity() == FindingSeverity.CRITICAL).findFirst()
                .orElseGet(() -> findings.stream().filter(f -> f.severity().atLeast(FindingSeverity.ERROR)
                        && category(f.code()) == Category.ERROR).findFirst().orElse(null));
        if (first == null) return Optional.empty();
        String host = first.subject().node();
        Integer rank = first.subject().rank();
        String who;
        if (rank != null && host != null) who = Texts.t(l, "symptom.who.rankHost", "rank", rank, "host", host);
        else if (rank != null) who = Texts.t(l, "symptom.who.rank", "rank", rank);
        else if (host != null) who = Texts.t(l, "symptom.who.host", "host", host);
        else who = Texts.t(l, "symptom.who.job");
        String quote = first.evidence().isEmpty() ? "" : first.evidence().get(0).text().strip();
        String text = quote.isEmpty() ? Texts.t(l, "symptom.failure", "who", who, "title", first.title())
                : Texts.t(l, "symptom.failureQuoted", "who", who, "title", first.title(), "quote", clip(quote, 160));
        return Optional.of(new Observation(ObservationKind.FAILURE, text, first.code(), host, rank, null, null, null,
                null, null, null, first.evidence().stream().limit(3).toList()));
    }

    /** The bandwidth figure of the segment that bounds the job, with the run it comes from. */
    static Optional<Observation> bandwidth(Evidence evidence, List<SegmentVerdict> segments, Locale l) {
        Optional<SegmentVerdict> b = Segments.bounding(segments);
        if (b.isEmpty()) {
            b = segments.stream().filter(v -> v.measuredGBs() != null).findFirst();
        }
        if (b.isEmpty() || b.get().measuredGBs() == null) return Optional.empty();
        SegmentVerdict v = b.get();
        NcclTestsData table = table(evidence, v).orElse(null);
        String seg = Texts.t(l, "segment." + Segments.name(v.segment()));
        String measured = gbs(v.measuredGBs());
        String code = SegmentVerdict.SLOW.equals(v.verdict()) ? "BUSBW_BELOW_EXPECTED" : null;
        Integer nodes = table == null || table.hosts().isEmpty() ? null : table.hosts().size();
        Integer ranks = table == null ? null : table.ranks();
        String test = table == null ? null : testName(table);
        String scope = nodes == null ? Texts.t(l, "symptom.scope.unknown")
                : Texts.t(l, "symptom.scope.nodes", "nodes", nodes);
        String rankNote = ranks == null ? "" : Texts.t(l, "symptom.ranks", "ranks", ranks);
        String text;
        if (table != null && v.expectedGBs() != null) {
            text = Texts.t(l, "symptom.bandwidth", "scope", scope, "test", test, "measured", measured,
                    "expected", gbs(v.expectedGBs()), "pct", pct(v.ratio()), "ranks", rankNote, "segment", seg);
        } else if (table != null) {
            text = Texts.t(l, "symptom.bandwidthNoExpectation", "scope", scope, "test", test, "measured", measured,
                    "ranks", rankNote, "segment", seg);
        } else if (v.expectedGBs() != null) {
            text = Texts.t(l, "symptom.segment", "segment", seg, "measured", measured, "expected", gbs(v.expectedGBs()),
                    "pct", pct(v.ratio()), "basis", v.basis());
        } else {
            text = Texts.t(l, "symptom.segmentNoExpectation", "segment", seg, "measured", measured, "basis", v.basis());
        }
        return Optional.of(new Observation(ObservationKind.BANDWIDTH, text, code, nodes != null && nodes == 1
                ? table.hosts().get(0) : null, null, table == null ? null : table.test(), v.segment(), nodes, ranks,
                v.measuredGBs(), v.expectedGBs(), v.evidence().stream().limit(3).toList()));
    }

    /** The nccl-tests table a segment verdict was measured on, found by the artifact its evidence quotes. */
    static Optional<NcclTestsData> table(Evidence evidence, SegmentVerdict v) {
        Set<String> names = new LinkedHashSet<>();
        for (EvidenceLine e : v.evidence()) names.add(e.artifact());
        for (Evidence.Item<NcclTestsData> it : evidence.all(NcclTestsData.class)) {
            if (names.contains(it.artifact().name()) && !it.data().rows().isEmpty()) return Optional.of(it.data());
        }
        return Optional.empty();
    }

    /** {@code all_reduce_perf} reads as {@code all_reduce}; a table without the binary's name gives its collective. */
    static String testName(NcclTestsData d) {
        if (d.test() != null && !d.test().isBlank()) return d.test().replaceFirst("_perf(_mpi)?$", "");
        if (d.collective() != null && d.collective() != Collective.UNKNOWN) return d.collective().toString();
        return "nccl-tests";
    }

    static String gbs(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    static String pct(Double ratio) {
        return ratio == null ? "?" : String.format(Locale.ROOT, "%.0f%%", ratio * 100);
    }

    static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    // ---- fixes ----

    /** Every action of every finding of warning severity or worse, placed by area, each once, fixes before checks. */
    static List<FixGroup> fixes(List<LocalizedFinding> ordered, Locale l) {
        record Key(FixArea.Kind kind, String text, String command) {
        }
        Map<FixArea, Map<Key, List<Set<String>>>> byArea = new EnumMap<>(FixArea.class);
        for (LocalizedFinding f : ordered) {
            if (!f.severity().atLeast(FindingSeverity.WARNING)) continue;
            for (int i = 0; i < f.actions().size(); i++) {
                Action a = f.actions().get(i);
                FixArea.Placement p = FixArea.of(f.code(), i + 1);
                Map<Key, List<Set<String>>> m = byArea.computeIfAbsent(p.area(), k -> new LinkedHashMap<>());
                List<Set<String>> refs = m.computeIfAbsent(new Key(p.kind(), a.text(), a.command()),
                        k -> List.of(new LinkedHashSet<>(), new LinkedHashSet<>()));
                refs.get(0).add(f.code());
                if (!f.subject().label().isEmpty()) refs.get(1).add(f.subject().label());
            }
        }
        List<FixGroup> out = new ArrayList<>();
        for (Map.Entry<FixArea, Map<Key, List<Set<String>>>> e : byArea.entrySet()) {
            List<FixAction> actions = new ArrayList<>();
            for (FixArea.Kind kind : FixArea.Kind.values()) {
                e.getValue().forEach((k, refs) -> {
                    if (k.kind() == kind) {
                        actions.add(new FixAction(k.kind(), k.text(), k.command(), List.copyOf(refs.get(0)),
                                List.copyOf(refs.get(1))));
                    }
                });
            }
            out.add(new FixGroup(e.getKey(), Texts.t(l, "area." + e.getKey().name()), actions));
        }
        return out;
    }

    // ---- plots ----

    static List<Plot> plots(Evidence evidence, List<SegmentVerdict> segments) {
        Map<String, Double> expected = new LinkedHashMap<>();
        for (SegmentVerdict v : segments) {
            if (v.measuredGBs() == null || v.expectedGBs() == null) continue;
            for (EvidenceLine e : v.evidence()) expected.putIfAbsent(e.artifact(), v.expectedGBs());
        }
        String bound = Segments.bounding(segments).flatMap(v -> v.evidence().stream().findFirst())
                .map(EvidenceLine::artifact).orElse(null);
        List<Evidence.Item<NcclTestsData>> tables = new ArrayList<>();
        for (Evidence.Item<NcclTestsData> it : evidence.all(NcclTestsData.class)) {
            NcclTestsData d = it.data();
            // One rank moves no data between GPUs: its busbw is 0 by definition and its plot says nothing.
            if (d.rows().isEmpty() || (d.ranks() != null && d.ranks() == 1)) continue;
            tables.add(it);
        }
        tables.sort(Comparator.comparing(it -> !it.artifact().name().equals(bound)));
        // The two tables of one test at one rank count (an A/B pair: default and NCCL_IB_DISABLE=1) share one chart and
        // one axis, each run a line in the legend: two charts of their own scales hide the difference. More tables of
        // one kind (a pairwise campaign) keep a chart each.
        Map<String, List<Evidence.Item<NcclTestsData>>> groups = new LinkedHashMap<>();
        for (Evidence.Item<NcclTestsData> it : tables) {
            groups.computeIfAbsent(it.data().test() + "/" + it.data().ranks(), k -> new ArrayList<>()).add(it);
        }
        List<List<Evidence.Item<NcclTestsData>>> charts = new ArrayList<>();
        for (List<Evidence.Item<NcclTestsData>> g : groups.values()) {
            if (g.size() == 2) charts.add(g);
            else g.forEach(it -> charts.add(List.of(it)));
        }
        List<Plot> out = new ArrayList<>();
        for (List<Evidence.Item<NcclTestsData>> chart : charts) {
            if (out.size() == MAX_PLOTS) break;
            Evidence.Item<NcclTestsData> first = chart.get(0);
            Double exp = chart.stream().map(it -> expected.get(it.artifact().name())).filter(java.util.Objects::nonNull)
                    .findFirst().orElse(null);
            List<BusBwPlot.Series> series = chart.stream()
                    .map(it -> new BusBwPlot.Series(chart.size() == 1 ? null : it.artifact().name(), it.data())).toList();
            String names = String.join(", ", chart.stream().map(it -> it.artifact().name()).toList());
            out.add(new Plot(names, first.data().test(), first.data().ranks(), first.data().hosts().size(), exp,
                    BusBwPlot.svg(series, exp, null)));
        }
        return out;
    }
}
