package io.ncclscope.sdk.report;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.compare.ScalingPoint;
import io.ncclscope.sdk.compare.Side;
import io.ncclscope.sdk.compare.SideExpectation;
import io.ncclscope.sdk.compare.SwitchDiff;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders an A/B comparison ({@link Comparison}) or a scaling series ({@link Scaling}) as JSON, Markdown, plain text or
 * one self-contained HTML page: what {@code ncclscope compare} prints and {@code POST /v1/compare} answers, both
 * through these methods. JSON, Markdown and text are written from one view of the result (the JSON's members); the
 * HTML page from the model itself, with the same rounded figures, and its plot. Stateless and thread-safe.
 */
public final class CompareReport {

    private static final Markup MD = Markup.MARKDOWN;

    private CompareReport() {
    }

    /** Text read from the runs (a setting's value, its origin), escaped in Markdown. */
    private static String prose(Object value, boolean md) {
        String s = String.valueOf(value);
        return md ? MD.text(s) : s;
    }

    /**
     * {@return an A/B comparison and the runs to make next, as {@code format}}
     *
     * @param c      the comparison
     * @param plan   the runs to make next
     * @param locale the language of the words
     * @param format JSON, Markdown, text or HTML
     * @throws IllegalArgumentException for the chat payloads ({@link Format#SLACK}, {@link Format#FEISHU})
     */
    public static String comparison(Comparison c, List<PlannedRun> plan, Locale locale, Format format) {
        return comparison(c, plan, List.of(), locale, format);
    }

    /**
     * {@return an A/B comparison and the runs to make next, as {@code format}, each side's segment and expectation
     * beside its measured figures}
     *
     * @param c            the comparison
     * @param plan         the runs to make next
     * @param expectations the segment and expectation of side A then side B ({@link SideExpectation#of}); empty when
     *                     not judged
     * @param locale       the language of the words
     * @param format       JSON, Markdown, text or HTML
     * @throws IllegalArgumentException for the chat payloads ({@link Format#SLACK}, {@link Format#FEISHU})
     */
    public static String comparison(Comparison c, List<PlannedRun> plan, List<SideExpectation> expectations, Locale locale,
                                    Format format) {
        if (format == Format.HTML) return CompareHtml.comparison(c, plan, expectations, locale);
        return render(compareView(c, plan, expectations, locale), format, locale);
    }

    /**
     * {@return a scaling series as {@code format}}
     *
     * @param s      the series
     * @param locale the language of the words
     * @param format JSON, Markdown, text or HTML
     * @throws IllegalArgumentException for the chat payloads ({@link Format#SLACK}, {@link Format#FEISHU})
     */
    public static String scaling(Scaling s, Locale locale, Format format) {
        if (format == Format.HTML) return CompareHtml.scaling(s, locale);
        return render(scalingView(s, locale), format, locale);
    }

    static boolean zh(Locale locale) {
        return Language.of(locale) == Language.SIMPLIFIED_CHINESE;
    }

    private static String render(Map<String, Object> view, Format format, Locale locale) {
        boolean zh = zh(locale);
        return switch (format) {
            case JSON -> Json.pretty(view) + "\n";
            case MARKDOWN -> render(view, true, zh);
            case TEXT -> render(view, false, zh);
            default -> throw new IllegalArgumentException("a comparison is written as JSON, Markdown, text or HTML, not " + format);
        };
    }

    private static Map<String, Object> compareView(Comparison c, List<PlannedRun> plan, List<SideExpectation> expectations,
                                                   Locale locale) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("mode", "compare");
        v.put("reading", c.reading().name());
        v.put("summary", c.summary().render(locale));
        v.put("collective", c.a().collective());
        List<Object> sides = new ArrayList<>();
        List<Side> both = List.of(c.a(), c.b());
        for (int i = 0; i < both.size(); i++) {
            Side s = both.get(i);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", s.label());
            m.put("runs", s.runs().size());
            m.put("ranks", s.ranks());
            m.put("nodes", s.nodes());
            m.put("plateauBusBw", round(s.plateau()));
            m.put("jitter", round(s.jitter()));
            if (i < expectations.size()) {
                SideExpectation e = expectations.get(i);
                m.put("segment", e.segment() == null ? null : e.segment().name());
                m.put("expectedBusBw", round(e.expectedGBs()));
                m.put("segmentVerdict", e.verdict());
                m.put("expectationBasis", e.basis());
            }
            sides.add(m);
        }
        v.put("sides", sides);
        List<Object> sw = new ArrayList<>();
        for (SwitchDiff d : c.switches()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", d.name());
            m.put("a", d.valueA());
            m.put("b", d.valueB());
            m.put("origin", d.origin());
            sw.add(m);
        }
        v.put("switches", sw);
        v.put("ratio", round(c.ratio()));
        v.put("rowsMatched", c.rows().size());
        v.put("findings", localized(c.findings(), locale));
        List<Object> next = new ArrayList<>();
        for (PlannedRun r : plan) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("step", r.step());
            m.put("stage", r.stage());
            m.put("purpose", r.purpose().render(locale));
            m.put("command", r.command());
            next.add(m);
        }
        v.put("nextRuns", next);
        return v;
    }

    private static Map<String, Object> scalingView(Scaling s, Locale locale) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("mode", "scaling");
        v.put("collective", s.collective());
        List<Object> pts = new ArrayList<>();
        for (ScalingPoint p : s.points()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("nodes", p.nodes());
            m.put("ranks", p.ranks());
            m.put("plateauBusBw", round(p.plateau()));
            m.put("expected", round(p.expected()));
            m.put("runs", p.runs().size());
            pts.add(m);
        }
        v.put("points", pts);
        v.put("kneeNodes", s.knee() == null ? null : s.knee().nodes());
        v.put("findings", localized(s.findings(), locale));
        return v;
    }

    static List<LocalizedFinding> localized(List<Finding> fs, Locale locale) {
        List<LocalizedFinding> out = new ArrayList<>();
        for (Finding f : fs) out.add(Diagnosis.localize(f, locale));
        return out;
    }

    /** {@return {@code d} rounded to three decimals, as the JSON gives it; null for null} */
    static Double round(Double d) {
        return d == null ? null : Math.round(d * 1000) / 1000.0;
    }

    /** A side's expectation in the table, from the JSON view's members (see {@link #expected(Double, Double, String, boolean)}). */
    private static String expected(Map<String, Object> side, boolean zh) {
        return expected((Double) side.get("plateauBusBw"), (Double) side.get("expectedBusBw"), (String) side.get("segmentVerdict"), zh);
    }

    /**
     * A side's expectation in the table: {@code 371.0 (26%, slow)}; {@code -} when the side has no hardware facts to
     * count one (then the basis says so in the JSON).
     *
     * @param measured the side's plateau, rounded ({@link #round}); null when none
     * @param expected its expectation, rounded; null when none
     * @param verdict  its segment verdict ({@link SegmentVerdict#OK}, {@link SegmentVerdict#SLOW}, ...)
     */
    static String expected(Double measured, Double expected, String verdict, boolean zh) {
        if (expected == null || expected <= 0) return "-";
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%.1f", expected));
        if (measured != null) {
            String v = String.valueOf(verdict);
            String word = SegmentVerdict.SLOW.equals(v) ? (zh ? "偏慢" : "slow") : SegmentVerdict.OK.equals(v) ? (zh ? "正常" : "ok") : v;
            sb.append(String.format(Locale.ROOT, " (%.0f%%, %s)", measured / expected * 100, word));
        }
        return sb.toString();
    }

    @SuppressWarnings("unchecked")
    private static String render(Map<String, Object> v, boolean md, boolean zh) {
        StringBuilder sb = new StringBuilder();
        String h = md ? "### " : "";
        if ("scaling".equals(v.get("mode"))) {
            sb.append(h).append(zh ? "扩展性（" : "Scaling (").append(v.get("collective")).append(zh ? "）" : ")").append("\n\n");
            sb.append(md ? "| nodes | busbw GB/s | expected |\n|---:|---:|---:|\n" : String.format(Locale.ROOT, "%6s %12s %10s%n", "nodes", "busbw GB/s", "expected"));
            for (Object o : (List<Object>) v.get("points")) {
                Map<String, Object> p = (Map<String, Object>) o;
                String exp = p.get("expected") == null ? "-" : String.format(Locale.ROOT, "%.1f", (Double) p.get("expected"));
                String bw = String.format(Locale.ROOT, "%.1f", (Double) p.get("plateauBusBw"));
                sb.append(md ? "| " + p.get("nodes") + " | " + bw + " | " + exp + " |\n"
                        : String.format(Locale.ROOT, "%6s %12s %10s%n", p.get("nodes"), bw, exp));
            }
            sb.append('\n');
            if (v.get("kneeNodes") == null) {
                sb.append(zh ? "没有拐点：busbw 随节点数保持平稳。\n" : "No knee: busbw holds as nodes are added.\n");
            }
        } else {
            sb.append(h).append(zh ? "A/B 对比（开关法）" : "A/B comparison (switch method)").append("\n\n");
            List<Object> sw = (List<Object>) v.get("switches");
            if (sw.isEmpty()) sb.append(zh ? "开关：两边没有不同的 NCCL 开关\n" : "Switch: no NCCL switch differs\n");
            for (Object o : sw) {
                Map<String, Object> d = (Map<String, Object>) o;
                sb.append(zh ? "开关：" : "Switch: ").append(prose(d.get("name"), md)).append(" A=").append(prose(d.get("a"), md))
                        .append(" B=").append(prose(d.get("b"), md)).append(" (").append(prose(d.get("origin"), md)).append(")\n");
            }
            sb.append('\n');
            sb.append(md ? "| side | path | ranks | nodes | plateau busbw GB/s | jitter | segment | expected GB/s |\n"
                    + "|---|---|---:|---:|---:|---:|---|---:|\n"
                    : String.format(Locale.ROOT, "%-4s %-40s %6s %6s %12s %8s  %-11s %s%n", "side", "path", "ranks", "nodes",
                            "busbw GB/s", "jitter", "segment", "expected GB/s"));
            String[] names = {"A", "B"};
            int i = 0;
            for (Object o : (List<Object>) v.get("sides")) {
                Map<String, Object> s = (Map<String, Object>) o;
                String bw = s.get("plateauBusBw") == null ? "-" : String.format(Locale.ROOT, "%.1f", (Double) s.get("plateauBusBw"));
                String jit = s.get("jitter") == null ? "-" : String.format(Locale.ROOT, "%.0f%%", (Double) s.get("jitter") * 100);
                String ranks = String.valueOf(s.get("ranks") == null ? "-" : s.get("ranks"));
                String nodes = String.valueOf(s.get("nodes") == null ? "-" : s.get("nodes"));
                String segment = s.get("segment") == null ? "-" : Segments.name(Segment.valueOf((String) s.get("segment")));
                String expected = expected(s, zh);
                sb.append(md ? "| " + names[i] + " | " + MD.code(String.valueOf(s.get("label"))) + " | " + ranks + " | " + nodes + " | "
                        + bw + " | " + jit + " | " + segment + " | " + MD.text(expected) + " |\n"
                        : String.format(Locale.ROOT, "%-4s %-40s %6s %6s %12s %8s  %-11s %s%n", names[i], s.get("label"), ranks,
                                nodes, bw, jit, segment, expected));
                i++;
            }
            // The mark closes next to the colon, not after the space: "**Reading: **" is not bold in CommonMark.
            sb.append('\n').append(md ? "**" : "").append(zh ? "结论：" : "Reading:").append(md ? "** " : zh ? "" : " ")
                    .append(md ? MD.text(String.valueOf(v.get("summary"))) : v.get("summary")).append("\n");
        }
        List<LocalizedFinding> fs = (List<LocalizedFinding>) v.get("findings");
        for (LocalizedFinding f : fs) {
            sb.append('\n').append(md ? "**" : "").append(f.severity()).append(' ').append(f.code()).append(": ")
                    .append(md ? MD.text(f.title()) : f.title()).append(md ? "**" : "").append('\n');
            sb.append("  ").append(md ? MD.text(f.detail()) : f.detail()).append('\n');
            List<String> lines = f.evidence().stream().map(l -> l.artifact() + ':' + l.line() + ": " + l.text().strip()).toList();
            if (md) {
                sb.append(MD.codeBlock(lines));
            } else {
                lines.forEach(l -> sb.append("    ").append(l).append('\n'));
            }
            f.actions().stream().filter(a -> a.command() != null && !a.command().isBlank()).limit(4).forEach(a ->
                    sb.append(md ? "- " + MD.code(a.command()) + "\n" : "  $ " + a.command() + "\n"));
        }
        Object next = v.get("nextRuns");
        if (next instanceof List<?> runs && !runs.isEmpty()) {
            sb.append('\n').append(h).append(zh ? "下一步要跑的测试" : "Next runs").append(md ? "\n\n" : ":\n");
            for (Object o : runs) {
                Map<String, Object> r = (Map<String, Object>) o;
                sb.append(md ? "" : "  ").append(r.get("step")).append(". ")
                        .append(md ? MD.text(String.valueOf(r.get("purpose"))) : r.get("purpose")).append('\n');
                sb.append(md ? "   " + MD.code(String.valueOf(r.get("command"))) + "\n" : "     $ " + r.get("command") + "\n");
            }
        }
        return sb.toString();
    }
}
