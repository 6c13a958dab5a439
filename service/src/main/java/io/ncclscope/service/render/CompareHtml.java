package io.ncclscope.service.render;

import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.compare.Run;
import io.ncclscope.sdk.compare.Side;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.plot.BusBwPlot;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A comparison or a scaling series as one self-contained HTML page ({@code compare --format html}, {@code POST
 * /v1/compare} with {@code Accept: text/html}), from the same view {@link CompareViews} writes as JSON, Markdown and
 * text. An A/B page draws both runs on one chart, one axis, each side's expectation a dashed line in its run's colour
 * and named with the segment it measures, beside the table of measured figures.
 */
final class CompareHtml {

    private static final String STYLE = "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}"
            + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}"
            + "td.n{text-align:right}pre{background:#f6f6f6;padding:.5em;overflow-x:auto}figure{margin:1em 0}"
            + ".ERROR{color:#b00020}.WARNING{color:#a15c00}";

    private CompareHtml() {
    }

    /** {@return the page of an A/B comparison: {@code view} is {@link CompareViews}' view, {@code sides} A then B} */
    @SuppressWarnings("unchecked")
    static String comparison(Map<String, Object> view, List<Side> sides, boolean zh) {
        StringBuilder sb = head(zh ? "A/B 对比（开关法）" : "A/B comparison (switch method)", zh);
        sb.append("<p><strong>").append(zh ? "结论：" : "Reading: ").append("</strong>").append(esc(view.get("summary"))).append("</p>\n");
        List<Object> sw = (List<Object>) view.get("switches");
        sb.append("<ul>\n");
        if (sw.isEmpty()) sb.append("<li>").append(zh ? "开关：两边没有不同的 NCCL 开关" : "Switch: no NCCL switch differs").append("</li>\n");
        for (Object o : sw) {
            Map<String, Object> d = (Map<String, Object>) o;
            sb.append("<li>").append(zh ? "开关：" : "Switch: ").append("<code>").append(esc(d.get("name"))).append("</code> A=")
                    .append(esc(d.get("a"))).append(" B=").append(esc(d.get("b"))).append(" (").append(esc(d.get("origin")))
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
        List<Object> views = (List<Object>) view.get("sides");
        for (int i = 0; i < views.size(); i++) {
            Map<String, Object> s = (Map<String, Object>) views.get(i);
            String segment = s.get("segment") == null ? "-" : Segments.name(Segment.valueOf((String) s.get("segment")));
            sb.append("<tr><td>").append(names[i]).append("</td><td><code>").append(esc(s.get("label"))).append("</code></td>")
                    .append(cell(s.get("ranks"), null)).append(cell(s.get("nodes"), null)).append(cell(s.get("plateauBusBw"), "%.1f"))
                    .append("<td class=\"n\">").append(s.get("jitter") instanceof Double j ? String.format(Locale.ROOT, "%.0f%%", j * 100) : "-")
                    .append("</td><td>").append(esc(segment)).append("</td><td class=\"n\">").append(esc(CompareViews.expected(s, zh)))
                    .append("</td></tr>\n");
            List<Run> runs = i < sides.size() ? sides.get(i).runs() : List.of();
            if (!runs.isEmpty()) series.add(new BusBwPlot.Series(names[i] + " " + s.get("label"), runs.get(0).data()));
            if (s.get("expectedBusBw") instanceof Double e && e > 0) {
                marks.add(new BusBwPlot.Mark(String.format(Locale.ROOT, "%s %s %.1f GB/s (%s)", names[i], zh ? "预期" : "expected", e, segment),
                        e, series.size() - 1));
            }
        }
        sb.append("</table>\n");
        sb.append("<figure>\n").append(svg(BusBwPlot.svgWithMarks(series, marks, null))).append("<figcaption>")
                .append(zh ? "两次运行画在同一坐标轴上（实线 out-of-place，虚线 in-place）；水平虚线是每一侧按其硬件应达到的 busbw。"
                        : "Both runs on one axis (solid out-of-place, dashed in-place); each dashed level line is the busbw its side's"
                                + " hardware should give in the segment it measures.")
                .append("</figcaption>\n</figure>\n");
        findings(sb, (List<LocalizedFinding>) view.get("findings"));
        Object next = view.get("nextRuns");
        if (next instanceof List<?> runs && !runs.isEmpty()) {
            sb.append("<h2>").append(zh ? "下一步要跑的测试" : "Next runs").append("</h2>\n<ol>\n");
            for (Object o : runs) {
                Map<String, Object> r = (Map<String, Object>) o;
                sb.append("<li>").append(esc(r.get("purpose"))).append("<pre>").append(esc(r.get("command"))).append("</pre></li>\n");
            }
            sb.append("</ol>\n");
        }
        return sb.append("</body>\n</html>\n").toString();
    }

    /** {@return the page of a scaling series: each node count's plateau beside the model's, then the findings} */
    @SuppressWarnings("unchecked")
    static String scaling(Map<String, Object> view, boolean zh) {
        StringBuilder sb = head((zh ? "扩展性（" : "Scaling (") + view.get("collective") + (zh ? "）" : ")"), zh);
        sb.append("<table>\n<tr><th>").append(zh ? "节点数" : "nodes").append("</th><th>busbw GB/s</th><th>")
                .append(zh ? "预期" : "expected").append("</th></tr>\n");
        for (Object o : (List<Object>) view.get("points")) {
            Map<String, Object> p = (Map<String, Object>) o;
            sb.append("<tr>").append(cell(p.get("nodes"), null)).append(cell(p.get("plateauBusBw"), "%.1f"))
                    .append(cell(p.get("expected"), "%.1f")).append("</tr>\n");
        }
        sb.append("</table>\n");
        if (view.get("kneeNodes") == null) {
            sb.append("<p>").append(zh ? "没有拐点：busbw 随节点数保持平稳。" : "No knee: busbw holds as nodes are added.").append("</p>\n");
        }
        findings(sb, (List<LocalizedFinding>) view.get("findings"));
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

    /** Text escaped for HTML character data and attribute values. */
    static String esc(Object value) {
        String s = String.valueOf(value);
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
