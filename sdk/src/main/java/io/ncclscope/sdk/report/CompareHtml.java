package io.ncclscope.sdk.report;

import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.compare.ScalingPoint;
import io.ncclscope.sdk.compare.Side;
import io.ncclscope.sdk.compare.SideExpectation;
import io.ncclscope.sdk.compare.SwitchDiff;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.internal.Html;
import io.ncclscope.sdk.plot.BusBwPlot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison or a scaling series as one self-contained HTML page ({@code compare --format html}, {@code POST
 * /v1/compare} with {@code Accept: text/html}), from the comparison model itself, with the figures rounded as
 * {@link CompareReport}'s JSON, Markdown and text give them. An A/B page draws both runs on one chart, one axis, each side's expectation a dashed line in its run's colour
 * and named with the segment it measures, beside the table of measured figures.
 */
final class CompareHtml {

    private static final String STYLE = "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}"
            + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}"
            + "td.n{text-align:right}pre{background:#f6f6f6;padding:.5em;overflow-x:auto}figure{margin:1em 0}"
            + ".ERROR{color:#b00020}.WARNING{color:#a15c00}";

    private CompareHtml() {
    }

    /**
     * {@return the page of an A/B comparison and the runs to make next, each side's segment and expectation beside its
     * measured figures ({@code expectations} A then B, empty when not judged)}
     */
    static String comparison(Comparison c, List<PlannedRun> plan, List<SideExpectation> expectations, Locale locale) {
        boolean zh = CompareReport.zh(locale);
        StringBuilder sb = head(zh ? "A/B 对比（开关法）" : "A/B comparison (switch method)", zh);
        sb.append("<p><strong>").append(zh ? "结论：" : "Reading: ").append("</strong>").append(esc(c.summary().render(locale)))
                .append("</p>\n");
        sb.append("<ul>\n");
        if (c.switches().isEmpty()) sb.append("<li>").append(zh ? "开关：两边没有不同的 NCCL 开关" : "Switch: no NCCL switch differs").append("</li>\n");
        for (SwitchDiff d : c.switches()) {
            sb.append("<li>").append(zh ? "开关：" : "Switch: ").append("<code>").append(esc(d.name())).append("</code> A=")
                    .append(esc(d.valueA())).append(" B=").append(esc(d.valueB())).append(" (").append(esc(d.origin()))
                    .append(")</li>\n");
        }
        sb.append("</ul>\n<table>\n<tr>");
        for (String h : zh ? new String[] {"一侧", "路径", "rank 数", "节点数", "平台 busbw GB/s", "抖动", "段", "预期 GB/s"}
                : new String[] {"side", "path", "ranks", "nodes", "plateau busbw GB/s", "jitter", "segment", "expected GB/s"}) {
            sb.append("<th>").append(h).append("</th>");
        }
        sb.append("</tr>\n");
        List<BusBwPlot.Series> series = new ArrayList<>();
        List<BusBwPlot.Mark> marks = new ArrayList<>();
        String[] names = {"A", "B"};
        List<Side> sides = List.of(c.a(), c.b());
        for (int i = 0; i < sides.size(); i++) {
            Side s = sides.get(i);
            SideExpectation e = i < expectations.size() ? expectations.get(i) : null;
            Double plateau = CompareReport.round(s.plateau());
            Double jitter = CompareReport.round(s.jitter());
            Double expected = e == null ? null : CompareReport.round(e.expectedGBs());
            String segment = e == null || e.segment() == null ? "-" : Segments.name(e.segment());
            sb.append("<tr><td>").append(names[i]).append("</td><td><code>").append(esc(s.label())).append("</code></td>")
                    .append(cell(s.ranks(), null)).append(cell(s.nodes(), null)).append(cell(plateau, "%.1f"))
                    .append("<td class=\"n\">").append(jitter != null ? String.format(Locale.ROOT, "%.0f%%", jitter * 100) : "-")
                    .append("</td><td>").append(esc(segment)).append("</td><td class=\"n\">")
                    .append(esc(CompareReport.expected(plateau, expected, e == null ? null : e.verdict(), zh))).append("</td></tr>\n");
            if (!s.runs().isEmpty()) series.add(new BusBwPlot.Series(names[i] + " " + s.label(), s.runs().get(0).data()));
            if (expected != null && expected > 0) {
                marks.add(new BusBwPlot.Mark(String.format(Locale.ROOT, "%s %s %.1f GB/s (%s)", names[i], zh ? "预期" : "expected", expected,
                        segment), expected, series.size() - 1));
            }
        }
        sb.append("</table>\n");
        sb.append("<figure>\n").append(svg(BusBwPlot.svgWithMarks(series, marks, null))).append("<figcaption>")
                .append(zh ? "两次运行画在同一坐标轴上（实线 out-of-place，虚线 in-place）；水平虚线是每一侧按其硬件应达到的 busbw。"
                        : "Both runs on one axis (solid out-of-place, dashed in-place); each dashed level line is the busbw its side's"
                                + " hardware should give in the segment it measures.")
                .append("</figcaption>\n</figure>\n");
        findings(sb, CompareReport.localized(c.findings(), locale));
        if (!plan.isEmpty()) {
            sb.append("<h2>").append(zh ? "下一步要跑的测试" : "Next runs").append("</h2>\n<ol>\n");
            for (PlannedRun r : plan) {
                sb.append("<li>").append(esc(r.purpose().render(locale))).append("<pre>").append(esc(r.command())).append("</pre></li>\n");
            }
            sb.append("</ol>\n");
        }
        return sb.append("</body>\n</html>\n").toString();
    }

    /** {@return the page of a scaling series: each node count's plateau beside the model's, then the findings} */
    static String scaling(Scaling s, Locale locale) {
        boolean zh = CompareReport.zh(locale);
        StringBuilder sb = head((zh ? "扩展性（" : "Scaling (") + s.collective() + (zh ? "）" : ")"), zh);
        sb.append("<table>\n<tr><th>").append(zh ? "节点数" : "nodes").append("</th><th>busbw GB/s</th><th>")
                .append(zh ? "预期" : "expected").append("</th></tr>\n");
        for (ScalingPoint p : s.points()) {
            sb.append("<tr>").append(cell(p.nodes(), null)).append(cell(CompareReport.round(p.plateau()), "%.1f"))
                    .append(cell(CompareReport.round(p.expected()), "%.1f")).append("</tr>\n");
        }
        sb.append("</table>\n");
        if (s.knee() == null) {
            sb.append("<p>").append(zh ? "没有拐点：busbw 随节点数保持平稳。" : "No knee: busbw holds as nodes are added.").append("</p>\n");
        }
        findings(sb, CompareReport.localized(s.findings(), locale));
        return sb.append("</body>\n</html>\n").toString();
    }

    private static StringBuilder head(String title, boolean zh) {
        return new StringBuilder("<!DOCTYPE html>\n<html lang=\"").append(zh ? "zh-CN" : "en").append("\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n<h1>")
                .append(esc(title)).append("</h1>\n");
    }

    private static void findings(StringBuilder sb, List<LocalizedFinding> fs) {
        for (LocalizedFinding f : fs) {
            sb.append("<h3 class=\"").append(esc(f.severity())).append("\">").append(esc(f.severity())).append(' ').append(esc(f.code()))
                    .append(": ").append(esc(f.title())).append("</h3>\n<p>").append(esc(f.detail())).append("</p>\n");
            List<String> lines = f.evidence().stream().map(l -> l.artifact() + ':' + l.line() + ": " + l.text().strip()).toList();
            if (!lines.isEmpty()) sb.append("<pre>").append(esc(String.join("\n", lines))).append("</pre>\n");
            f.actions().stream().filter(a -> a.command() != null && !a.command().isBlank()).limit(4)
                    .forEach(a -> sb.append("<pre>$ ").append(esc(a.command())).append("</pre>\n"));
        }
    }

    private static String cell(Object value, String format) {
        String text = value == null ? "-" : format != null && value instanceof Double d ? String.format(Locale.ROOT, format, d) : String.valueOf(value);
        return "<td class=\"n\">" + esc(text) + "</td>";
    }

    /** The SVG document, inline: without its XML declaration. */
    private static String svg(String document) {
        return document.startsWith("<?xml") ? document.substring(document.indexOf('\n') + 1) : document;
    }

    /** Text escaped for the page; {@code null} written as the word, as the JSON view's Markdown and text do. */
    private static String esc(Object value) {
        return Html.escape(String.valueOf(value));
    }
}
