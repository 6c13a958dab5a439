package io.ncclscope.sdk.report;

import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.internal.Html;
import io.ncclscope.sdk.report.FinalReport.ChainLink;
import io.ncclscope.sdk.report.FinalReport.FixAction;
import io.ncclscope.sdk.report.FinalReport.FixGroup;
import io.ncclscope.sdk.report.FinalReport.Observation;
import io.ncclscope.sdk.report.FinalReport.Plot;
import io.ncclscope.sdk.report.FinalReport.Unproven;
import io.ncclscope.sdk.rules.CommandLanguage;
import java.util.List;
import java.util.Locale;

/**
 * One self-contained HTML page of a {@link FinalReport}, for a ticket: inline CSS, the busbw plots as inline SVG, no
 * script, no external resource (a Content-Security-Policy of {@code default-src 'none'} says so to the browser). The
 * verdict is a full-width banner at the top, red for problems and green for healthy; the plots follow the symptom.
 */
final class FinalHtml {

    /** Banner colour of a report with problems. */
    static final String PROBLEMS_COLOUR = "#b3261e";
    /** Banner colour of a healthy report. */
    static final String HEALTHY_COLOUR = "#1b7f3b";
    /** Banner colour of an inconclusive report. */
    static final String INCONCLUSIVE_COLOUR = "#5f6368";

    private static final String CSS = String.format(Locale.ROOT, """
            *{box-sizing:border-box}
            body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1d1d1f;background:#f6f6f4;line-height:1.45}
            header.verdict{color:#fff;padding:22px 32px 20px}
            header.problems{background:%s}
            header.healthy{background:%s}
            header.inconclusive{background:%s}
            header .badge{font-size:34px;font-weight:800;letter-spacing:.02em}
            header .tool{font-size:13px;opacity:.85;text-transform:uppercase;letter-spacing:.08em}
            header p{margin:6px 0 0;font-size:17px;max-width:1100px}
            main{max-width:1180px;margin:0 auto;padding:8px 32px 40px}
            section{background:#fff;border:1px solid #e2e2de;border-radius:8px;margin:18px 0;padding:16px 22px}
            h2{font-size:19px;margin:0 0 10px;color:#333}
            h3{font-size:16px;margin:14px 0 6px;color:#333}
            p.statement{font-size:18px;font-weight:600;margin:4px 0 10px}
            ul,ol{padding-left:22px;margin:6px 0}
            li{margin:6px 0}
            .quote{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px;background:#f3f3f0;border-left:3px solid #bbb;padding:3px 8px;margin:3px 0;white-space:pre-wrap;overflow-wrap:break-word}
            .quote .at{color:#6b6b6b}
            code,pre{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
            pre{background:#f3f3f0;padding:6px 10px;border-radius:4px;margin:4px 0;white-space:pre-wrap;overflow-wrap:break-word}
            .sev{display:inline-block;font-size:11px;font-weight:700;padding:1px 7px;border-radius:10px;color:#fff;vertical-align:1px}
            .sev.CRITICAL{background:#8e1b14}.sev.ERROR{background:#c25400}.sev.WARNING{background:#9a7b00}.sev.INFO{background:#6b6b6b}
            .code{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:700}
            .subject{color:#555}
            .kind{display:inline-block;font-size:11px;font-weight:700;padding:0 6px;border-radius:3px;border:1px solid #999;color:#444;margin-right:4px}
            .kind.fix{border-color:#2d6a3e;color:#2d6a3e}
            .refs{color:#6b6b6b;font-size:12.5px}
            figure{margin:10px 0}
            figure svg{max-width:100%%;height:auto;border:1px solid #e2e2de}
            figcaption{font-size:12.5px;color:#555}
            table{border-collapse:collapse;font-size:14px}
            td,th{border-bottom:1px solid #e2e2de;padding:4px 12px 4px 0;text-align:left;vertical-align:top}
            .slow{color:#b3261e;font-weight:700}.ok{color:#1b7f3b;font-weight:700}.gap{color:#5f6368;font-weight:700}
            footer{color:#777;font-size:12.5px;text-align:center;padding:10px}
            """, PROBLEMS_COLOUR, HEALTHY_COLOUR, INCONCLUSIVE_COLOUR);

    private FinalHtml() {
    }

    static String html(FinalReport r, io.ncclscope.sdk.Surface surface) {
        Locale l = FinalText.locale(r);
        String verdict = FinalText.verdict(r, l);
        StringBuilder s = new StringBuilder(32 * 1024);
        s.append("<!DOCTYPE html>\n<html lang=\"").append(r.language()).append("\">\n<head>\n<meta charset=\"utf-8\">\n");
        s.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n");
        s.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        s.append("<title>").append(Html.escape(Texts.t(l, "report.title"))).append(": ").append(Html.escape(verdict)).append("</title>\n");
        s.append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        s.append("<header id=\"verdict\" class=\"verdict ").append(r.verdict().cssClass()).append("\">\n");
        s.append("<div class=\"tool\">").append(Html.escape(Texts.t(l, "report.title"))).append("</div>\n");
        s.append("<div class=\"badge\">").append(Html.escape(verdict)).append("</div>\n");
        s.append("<p>").append(Html.escape(r.summary())).append("</p>\n</header>\n<main>\n");
        attribution(s, r.attribution(), l);
        coverage(s, r.coverage(), l);

        s.append("<section id=\"symptom\">\n<h2>").append(Html.escape(Texts.t(l, "heading.symptom"))).append("</h2>\n");
        s.append("<p class=\"statement\">").append(Html.escape(r.symptom().statement())).append("</p>\n");
        for (Observation o : r.symptom().observations()) quotes(s, o.evidence());
        s.append("</section>\n");

        if (!r.plots().isEmpty()) {
            s.append("<section id=\"plots\">\n<h2>").append(Html.escape(Texts.t(l, "heading.plots"))).append("</h2>\n");
            for (Plot p : r.plots()) {
                s.append("<figure>\n").append(inline(p.svg())).append("<figcaption>").append(Html.escape(p.artifact()));
                if (p.expectedGBs() != null) {
                    s.append(" — ").append(Html.escape(Texts.t(l, "label.expected"))).append(' ')
                            .append(Conclusions.gbs(p.expectedGBs())).append(" GB/s");
                }
                s.append("</figcaption>\n</figure>\n");
            }
            s.append("</section>\n");
        }

        s.append("<section id=\"chain\">\n<h2>").append(Html.escape(Texts.t(l, "heading.chain"))).append("</h2>\n");
        if (r.chain().isEmpty()) s.append("<p>").append(Html.escape(Texts.t(l, "label.noChain"))).append("</p>\n");
        else s.append("<ol>\n");
        for (ChainLink c : r.chain()) {
            s.append("<li><span class=\"sev ").append(c.severity()).append("\">").append(c.severity()).append("</span> ")
                    .append("<span class=\"code\">").append(Html.escape(c.code())).append("</span> ").append(Html.escape(c.title()));
            if (!c.subject().isEmpty()) s.append(" <span class=\"subject\">— ").append(Html.escape(c.subject())).append("</span>");
            s.append("<div>").append(Html.escape(c.detail())).append("</div>\n");
            quotes(s, c.evidence());
            s.append("</li>\n");
        }
        if (!r.chain().isEmpty()) s.append("</ol>\n");
        s.append("</section>\n");

        s.append("<section id=\"fixes\">\n<h2>").append(Html.escape(Texts.t(l, "heading.fixes"))).append("</h2>\n");
        if (r.fixes().isEmpty()) s.append("<p>").append(Html.escape(Texts.t(l, "label.noFixes"))).append("</p>\n");
        for (FixGroup g : r.fixes()) {
            s.append("<h3 id=\"fix-").append(g.area().name().toLowerCase(Locale.ROOT)).append("\">").append(Html.escape(g.title())).append("</h3>\n<ul>\n");
            for (FixAction a : g.actions()) {
                boolean fix = a.kind() == FixArea.Kind.FIX;
                s.append("<li><span class=\"kind").append(fix ? " fix" : "").append("\">")
                        .append(Html.escape(Texts.t(l, fix ? "label.fix" : "label.check"))).append("</span>").append(Html.escape(a.text()))
                        .append(" <span class=\"refs\">(").append(Html.escape(String.join(", ", a.codes())));
                if (!a.subjects().isEmpty()) s.append("; ").append(Html.escape(String.join(", ", a.subjects())));
                s.append(")</span>");
                if (!a.command().isEmpty()) pre(s, List.of(a.command()));
                s.append("</li>\n");
            }
            s.append("</ul>\n");
        }
        s.append("</section>\n");

        s.append("<section id=\"unproven\">\n<h2>").append(Html.escape(Texts.t(l, "heading.unproven"))).append("</h2>\n");
        if (r.unproven().isEmpty()) s.append("<p>").append(Html.escape(Texts.t(l, "label.nothingUnproven"))).append("</p>\n");
        else s.append("<ul>\n");
        for (Unproven u : r.unproven()) {
            s.append("<li><strong>").append(Html.escape(FinalText.step(u, l))).append("</strong> — ").append(Html.escape(u.statement()));
            if (!u.commands().isEmpty()) pre(s, u.commands());
            s.append("</li>\n");
        }
        if (!r.unproven().isEmpty()) s.append("</ul>\n");
        s.append("</section>\n");

        if (r.segments().stream().anyMatch(v -> v.measuredGBs() != null)) {
            s.append("<section id=\"segments\">\n<h2>").append(Html.escape(Texts.t(l, "heading.segments"))).append("</h2>\n<table>\n");
            s.append("<tr><th></th><th>").append(Html.escape(Texts.t(l, "label.verdict"))).append("</th><th>")
                    .append(Html.escape(Texts.t(l, "label.measured"))).append("</th><th>").append(Html.escape(Texts.t(l, "label.expected")))
                    .append("</th><th>").append(Html.escape(Texts.t(l, "label.basis"))).append("</th></tr>\n");
            for (SegmentVerdict v : r.segments()) {
                s.append("<tr><td>").append(Html.escape(Texts.t(l, "segment." + Segments.name(v.segment())))).append("</td><td class=\"")
                        .append(SegmentVerdict.SLOW.equals(v.verdict()) ? "slow" : SegmentVerdict.OK.equals(v.verdict()) ? "ok" : "")
                        .append("\">").append(Html.escape(Texts.t(l, "segment.verdict." + v.verdict()))).append("</td><td>")
                        .append(v.measuredGBs() == null ? "" : Conclusions.gbs(v.measuredGBs()) + " GB/s").append("</td><td>")
                        .append(v.expectedGBs() == null ? "" : Conclusions.gbs(v.expectedGBs()) + " GB/s").append("</td><td>")
                        .append(Html.escape(v.basis())).append("</td></tr>\n");
            }
            s.append("</table>\n</section>\n");
        }

        s.append("<section id=\"inputs\">\n<h2>").append(Html.escape(Texts.t(l, "heading.inputs"))).append(" (")
                .append(r.inputs().count()).append(")</h2>\n<table>\n");
        for (Report.ArtifactSummary a : r.artifacts()) {
            s.append("<tr><td><code>").append(Html.escape(a.name())).append("</code></td><td>").append(Html.escape(Renderers.kindLabel(a.kind(), l))).append("</td><td>")
                    .append(a.node() == null ? "" : Html.escape(a.node())).append("</td><td>")
                    .append(a.errors() > 0 && !"unknown".equals(a.kind()) ? Html.escape(Texts.t(l, "label.parseErrors")) : "")
                    .append("</td></tr>\n");
        }
        if (r.inputs().count() > r.artifacts().size()) {
            // Past Report.MAX_ARTIFACTS_LISTED: the rest counted by kind.
            java.util.Map<String, Integer> unlisted = new java.util.TreeMap<>(r.inputs().kinds());
            r.artifacts().forEach(a -> unlisted.merge(a.kind(), -1, Integer::sum));
            java.util.StringJoiner kinds = new java.util.StringJoiner(", ");
            unlisted.forEach((k, n) -> {
                if (n > 0) kinds.add(Renderers.kindLabel(k, l) + " " + n);
            });
            s.append("<tr><td colspan=\"4\">").append(Html.escape(Texts.t(l, surface.key("label.moreInputs"), "count",
                    r.inputs().count() - r.artifacts().size(), "kinds", kinds))).append("</td></tr>\n");
        }
        s.append("</table>\n");
        if (!r.problems().isEmpty()) {
            s.append("<h3>").append(Html.escape(Texts.t(l, "heading.unreadable"))).append("</h3>\n<ul>\n");
            r.problems().forEach(p -> s.append("<li><code>").append(Html.escape(p.name())).append("</code>: ").append(Html.escape(p.message())).append("</li>\n"));
            s.append("</ul>\n");
        }
        String generated = r.nodes().isEmpty() ? Texts.t(l, "label.generatedNoNode", "inputs", r.inputs().count())
                : Texts.t(l, "label.generated", "inputs", r.inputs().count(), "nodes", r.nodes().size());
        s.append("</section>\n</main>\n<footer>").append(Html.escape(generated)).append("</footer>\n</body>\n</html>\n");
        return s.toString();
    }

    /**
     * The attribution section, first in the page: the limiting segment in a sentence, each cause with the share of the
     * shortfall it explains, the unexplained rest, and the commands that prove it; nothing when no segment is slow.
     */
    private static void attribution(StringBuilder s, BandwidthAttribution a, Locale l) {
        if (a == null) return;
        // Chinese takes a full-width colon and no space before the full-width bracket.
        boolean zh = Language.of(l) == Language.SIMPLIFIED_CHINESE;
        s.append("<section id=\"attribution\">\n<h2>").append(Html.escape(Texts.t(l, "heading.attribution"))).append(zh ? "：" : ": ")
                .append(Html.escape(Texts.t(l, "segment." + Segments.name(a.limiting()))));
        if (a.implied()) s.append(zh ? "" : " ").append(Html.escape(Texts.t(l, "segment.implied")));
        s.append("</h2>\n<p class=\"statement\">").append(Html.escape(a.text())).append("</p>\n");
        // Kept short: the page's first screen still shows the plots. With no cause the sentence says it all.
        if (!a.causes().isEmpty()) {
            s.append("<table>\n<tr><th>").append(Html.escape(Texts.t(l, "label.cause"))).append("</th><th>")
                    .append(Html.escape(Texts.t(l, "label.explains"))).append("</th></tr>\n");
            for (BandwidthAttribution.Cause c : a.causes()) {
                s.append("<tr><td>").append(Html.escape(c.part())).append("</td><td class=\"ok\">").append(c.explainedPct())
                        .append(" %</td></tr>\n");
            }
            s.append("<tr><td>").append(Html.escape(Texts.t(l, "label.unexplained"))).append("</td><td class=\"")
                    .append(a.unexplainedPct() > 0 ? "slow" : "ok").append("\">").append(a.unexplainedPct())
                    .append(" %</td></tr>\n</table>\n");
        }
        if (!a.commands().isEmpty()) {
            s.append("<details><summary>").append(Html.escape(Texts.t(l, "label.prove"))).append("</summary><pre>")
                    .append(Html.escape(String.join("\n", a.commands()))).append("</pre></details>\n");
        }
        s.append("</section>\n");
    }

    /** The coverage section: one row per family of checks, and why the verdict is inconclusive. */
    private static void coverage(StringBuilder s, Coverage c, Locale l) {
        s.append("<section id=\"coverage\">\n<h2>").append(Html.escape(Texts.t(l, "heading.coverage"))).append("</h2>\n");
        String basis = CoverageText.basis(c, l);
        if (!basis.isEmpty()) s.append("<p class=\"statement\">").append(Html.escape(basis)).append("</p>\n");
        s.append("<table>\n");
        for (Coverage.Check k : c.checks()) {
            s.append("<tr><td>").append(Html.escape(k.label())).append("</td><td class=\"")
                    .append(k.checked() ? "ok" : "gap").append("\">").append(Html.escape(CoverageText.status(k, l)))
                    .append("</td><td>").append(Html.escape(k.note())).append("</td></tr>\n");
        }
        s.append("</table>\n</section>\n");
    }

    /**
     * Commands in preformatted blocks: consecutive shell commands share one, each Python command has its own
     * ({@code class="python"}, opening with a {@code # Python} comment as in the chats), so that no shell block holds Python.
     */
    private static void pre(StringBuilder s, List<String> commands) {
        List<String> shell = new java.util.ArrayList<>();
        for (String c : commands) {
            if (CommandLanguage.of(c) == CommandLanguage.SHELL) {
                shell.add(c);
                continue;
            }
            if (!shell.isEmpty()) s.append("<pre>").append(Html.escape(String.join("\n", shell))).append("</pre>");
            shell.clear();
            s.append("<pre class=\"python\"># Python\n").append(Html.escape(c)).append("</pre>");
        }
        if (!shell.isEmpty()) s.append("<pre>").append(Html.escape(String.join("\n", shell))).append("</pre>");
    }

    private static void quotes(StringBuilder s, List<EvidenceLine> lines) {
        for (EvidenceLine e : lines) {
            s.append("<div class=\"quote\"><span class=\"at\">").append(Html.escape(FinalText.where(e))).append("</span>  ")
                    .append(Html.escape(e.text().strip())).append("</div>\n");
        }
    }

    /** The SVG document as an element of the page: its XML declaration dropped. */
    static String inline(String svg) {
        String t = svg.strip();
        if (t.startsWith("<?xml")) t = t.substring(t.indexOf("?>") + 2).strip();
        return t + "\n";
    }
}
