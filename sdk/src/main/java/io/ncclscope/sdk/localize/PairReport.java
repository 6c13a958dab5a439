package io.ncclscope.sdk.localize;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Surface;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.report.Markup;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.CommandLanguage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A {@link Localization} as plain text, Markdown or JSON: the verdict, the pair matrix, the findings. */
public final class PairReport {

    /** Above this many nodes the text and Markdown reports list the slow pairs instead of the whole matrix. */
    static final int MAX_MATRIX = 24;

    private PairReport() {
    }

    private static boolean zh(Locale l) {
        return l != null && "zh".equals(l.getLanguage());
    }

    private static String summary(Localization l, Locale loc) {
        boolean zh = zh(loc);
        if (l.threshold() == null) {
            return zh ? "结果太少，无法判断（至少需要 3 组双机测试，或给出期望带宽 --expect）。"
                    : "Too few results to judge (at least 3 two-node tests, or an expectation with --expect).";
        }
        String base = zh
                ? l.nodes().size() + " 个节点，" + l.results().size() + " 组双机测试；中位数 " + Localizer.gb(l.median())
                        + " GB/s，低于 " + Localizer.gb(l.threshold()) + " GB/s 判为慢。"
                : l.nodes().size() + " nodes, " + l.results().size() + " two-node tests; median " + Localizer.gb(l.median())
                        + " GB/s, slow below " + Localizer.gb(l.threshold()) + " GB/s.";
        String verdict;
        if (l.slowNodes().isEmpty() && l.slowPairs().isEmpty()) {
            verdict = zh ? "没有发现慢节点或慢链路。" : "No slow node or slow path.";
        } else {
            verdict = zh ? "慢节点：" + names(l.slowNodes(), zh) + "；慢链路：" + pairs(l.slowPairs(), zh) + "。"
                    : "Slow nodes: " + names(l.slowNodes(), zh) + "; slow paths: " + pairs(l.slowPairs(), zh) + ".";
        }
        return base + " " + verdict;
    }

    private static String names(List<String> n, boolean zh) {
        return n.isEmpty() ? (zh ? "无" : "none") : String.join(", ", n);
    }

    private static String pairs(List<PairResult> p, boolean zh) {
        if (p.isEmpty()) return zh ? "无" : "none";
        return String.join(", ", p.stream().map(r -> r.a() + "\u2194" + r.b()).toList());
    }

    /**
     * {@return plain text for a terminal}
     *
     * @param l   a localization
     * @param loc Simplified Chinese for any Chinese locale, English otherwise
     */
    public static String text(Localization l, Locale loc) {
        return text(l, loc, Surface.CLI);
    }

    /**
     * {@return plain text, as {@link #text(Localization, Locale)}, naming the other forms as {@code surface} does}
     *
     * @param l       a localization
     * @param loc     Simplified Chinese for any Chinese locale, English otherwise
     * @param surface where it is read
     */
    public static String text(Localization l, Locale loc, Surface surface) {
        return text(l, loc, surface, null);
    }

    /**
     * {@return plain text, as {@link #text(Localization, Locale, Surface)}, ending with the next pass planned from
     * these results}
     *
     * @param l       a localization
     * @param loc     Simplified Chinese for any Chinese locale, English otherwise
     * @param surface where it is read
     * @param next    the next pass; null when there is none
     */
    public static String text(Localization l, Locale loc, Surface surface, NextPass next) {
        StringBuilder s = new StringBuilder();
        s.append(summary(l, loc)).append("\n\n");
        matrix(s, l, false, surface);
        for (LocalizedFinding f : localized(l, loc)) {
            s.append('\n').append(f.severity()).append(' ').append(f.code()).append(": ").append(f.title()).append('\n');
            s.append("  ").append(f.detail()).append('\n');
            for (EvidenceLine e : f.evidence()) s.append("    ").append(e.artifact()).append(':').append(e.line()).append(": ").append(e.text().strip()).append('\n');
            for (Action a : f.actions()) {
                s.append("  -> ").append(a.text());
                if (a.hasCommand()) {
                    String prompted = CommandLanguage.of(a.command()).prompted(a.command(), "     ").stripTrailing();
                    s.append(prompted.contains("\n") ? "\n" + prompted : "  " + prompted.strip());
                }
                s.append('\n');
            }
        }
        if (next != null) {
            s.append('\n');
            for (String line : next.lines(loc)) s.append(line).append('\n');
            s.append("  $ ").append(next.command()).append('\n');
        }
        return s.toString();
    }

    /**
     * {@return markdown for a chat message or a ticket}
     *
     * @param l   a localization
     * @param loc Simplified Chinese for any Chinese locale, English otherwise
     */
    public static String markdown(Localization l, Locale loc) {
        return markdown(l, loc, Surface.CLI);
    }

    /**
     * {@return markdown, as {@link #markdown(Localization, Locale)}, naming the other forms as {@code surface} does}
     *
     * @param l       a localization
     * @param loc     Simplified Chinese for any Chinese locale, English otherwise
     * @param surface where it is read
     */
    public static String markdown(Localization l, Locale loc, Surface surface) {
        return markdown(l, loc, surface, null);
    }

    /**
     * {@return markdown, as {@link #markdown(Localization, Locale, Surface)}, ending with the next pass planned from
     * these results}
     *
     * @param l       a localization
     * @param loc     Simplified Chinese for any Chinese locale, English otherwise
     * @param surface where it is read
     * @param next    the next pass; null when there is none
     */
    public static String markdown(Localization l, Locale loc, Surface surface, NextPass next) {
        Markup md = Markup.MARKDOWN;
        StringBuilder s = new StringBuilder();
        s.append(zh(loc) ? "## 双机两两测试：点名\n\n" : "## Pairwise tests: naming the bad node\n\n");
        s.append(md.text(summary(l, loc))).append("\n\n");
        matrix(s, l, true, surface);
        for (LocalizedFinding f : localized(l, loc)) {
            s.append("\n### ").append(f.code()).append(" (").append(f.severity()).append("): ").append(md.text(f.title()))
                    .append("\n\n");
            s.append(md.text(f.detail())).append("\n\n");
            if (!f.evidence().isEmpty()) {
                List<String> lines = new ArrayList<>();
                for (EvidenceLine e : f.evidence()) lines.add(e.artifact() + ':' + e.line() + ": " + e.text().strip());
                s.append(md.codeBlock(lines));
            }
            for (Action a : f.actions()) {
                s.append("- ").append(md.text(a.text()));
                if (a.hasCommand() && CommandLanguage.of(a.command()) == CommandLanguage.PYTHON) {
                    s.append(md.itemCommand(a.command(), "  "));
                } else if (a.hasCommand()) {
                    s.append(a.text().endsWith("。") || a.text().endsWith(".") ? " " : ": ").append(md.code(a.command()));
                }
                s.append('\n');
            }
        }
        if (next != null) {
            List<String> lines = next.lines(loc);
            s.append('\n').append(md.text(lines.get(0))).append("\n\n");
            for (String line : lines.subList(1, lines.size() - 1)) s.append("- ").append(md.text(line.strip())).append('\n');
            s.append('\n').append(md.text(lines.get(lines.size() - 1))).append('\n').append(md.codeBlock(List.of(next.command())));
        }
        return s.toString();
    }

    /** A node name as a Markdown table cell or list item: shown, never obeyed ({@code |} would end the cell). */
    private static String cell(String name) {
        return Markup.MARKDOWN.text(name).replace("|", "\\|");
    }

    /**
     * {@return JSON: {@code summary, nodes, median, threshold, expected, slowNodes, slowPairs, suspects, matrix[], findings[]}}
     *
     * @param l   a localization
     * @param loc Simplified Chinese for any Chinese locale, English otherwise
     */
    public static String json(Localization l, Locale loc) {
        return json(l, loc, null);
    }

    /**
     * {@return JSON, as {@link #json(Localization, Locale)}, with the next pass planned from these results as
     * {@code next} (suspects, rounds, tests, budget, command) when there is one}
     *
     * @param l    a localization
     * @param loc  Simplified Chinese for any Chinese locale, English otherwise
     * @param next the next pass; null when there is none
     */
    public static String json(Localization l, Locale loc, NextPass next) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", summary(l, loc));
        m.put("nodes", l.nodes());
        m.put("median", l.median());
        m.put("expected", l.expected());
        m.put("threshold", l.threshold());
        m.put("slowNodes", l.slowNodes());
        m.put("slowPairs", l.slowPairs().stream().map(r -> List.of(r.a(), r.b())).toList());
        m.put("suspects", l.suspects());
        List<Map<String, Object>> cells = new ArrayList<>();
        for (PairResult r : l.results()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("a", r.a());
            c.put("b", r.b());
            c.put("busbw", Math.round(r.busbw() * 100) / 100.0);
            c.put("slow", l.isSlow(r));
            if (r.source() != null) c.put("source", r.source());
            cells.add(c);
        }
        m.put("matrix", cells);
        m.put("findings", localized(l, loc));
        if (next != null) m.put("next", next.json());
        return Json.pretty(m) + "\n";
    }

    private static List<LocalizedFinding> localized(Localization l, Locale loc) {
        List<LocalizedFinding> out = new ArrayList<>();
        for (Finding f : l.findings()) out.add(Diagnosis.localize(f, loc));
        return out;
    }

    private static void matrix(StringBuilder s, Localization l, boolean md, Surface surface) {
        List<String> nodes = l.nodes();
        if (nodes.isEmpty()) return;
        if (nodes.size() > MAX_MATRIX) {
            String where = surface == Surface.CLI ? "--format json and --svg" : "?render=json";
            s.append("Slow pairs (the full matrix is in ").append(where).append(md ? "):\n\n" : "):\n");
            for (PairResult r : l.results()) {
                if (l.isSlow(r)) s.append(md ? "- " : "  ").append(md ? cell(r.a()) : r.a()).append(" \u2194 ")
                        .append(md ? cell(r.b()) : r.b()).append(": ")
                        .append(Localizer.gb(r.busbw())).append(" GB/s\n");
            }
            return;
        }
        Map<String, PairResult> idx = l.index();
        int w = Math.max(7, nodes.stream().mapToInt(String::length).max().orElse(4) + 1);
        if (md) {
            s.append("| busbw GB/s |");
            for (String n : nodes) s.append(' ').append(cell(n)).append(" |");
            s.append("\n|---|");
            for (int i = 0; i < nodes.size(); i++) s.append("---:|");
            s.append('\n');
        } else {
            s.append(pad("GB/s", w));
            for (String n : nodes) s.append(padLeft(n, w));
            s.append('\n');
        }
        for (String a : nodes) {
            s.append(md ? "| " + cell(a) + " |" : pad(a, w));
            for (String b : nodes) {
                String cell;
                if (a.equals(b)) cell = "-";
                else {
                    PairResult r = idx.get(Localization.key(a, b));
                    cell = r == null ? "." : Localizer.gb(r.busbw()) + (l.isSlow(r) ? "*" : "");
                }
                s.append(md ? " " + (cell.endsWith("*") ? "**" + cell.substring(0, cell.length() - 1) + "**" : cell) + " |"
                        : padLeft(cell, w));
            }
            s.append('\n');
        }
        if (!md) s.append("(* slow, . not tested)\n");
    }

    private static String pad(String s, int w) {
        StringBuilder b = new StringBuilder(s);
        while (b.length() < w) b.append(' ');
        return b.toString();
    }

    private static String padLeft(String s, int w) {
        StringBuilder b = new StringBuilder();
        while (b.length() + s.length() < w) b.append(' ');
        return b.append(s).toString();
    }
}
