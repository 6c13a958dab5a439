package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.bandwidth.Expectations.DegradedPart;
import io.ncclscope.sdk.bandwidth.Expectations.Figure;
import io.ncclscope.sdk.bandwidth.Expectations.Result;
import io.ncclscope.sdk.diagnose.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes an {@link Expectations.Result} as text, Markdown or JSON, in English or Simplified Chinese. */
public final class ExpectReport {

    private ExpectReport() {
    }

    /**
     * {@return the expectation as plain text: the hardware counted, the degraded parts, the table, the derivation of
     * every figure and the sources}
     *
     * @param r      the expectation
     * @param locale Simplified Chinese for any Chinese locale, English otherwise
     */
    public static String text(Result r, Locale locale) {
        StringBuilder sb = new StringBuilder();
        sb.append(title(r, locale)).append("\n\n");
        sb.append(t("expect.hardware", locale)).append(":\n");
        for (Message m : r.hardware()) sb.append("  ").append(m.render(locale)).append('\n');
        for (String f : r.profile().facts()) sb.append("    ").append(f).append('\n');
        sb.append('\n');
        degraded(sb, r, locale, "  ");
        sb.append('\n').append(t("expect.table", locale)).append(":\n");
        sb.append(String.format(Locale.ROOT, "  %-15s %5s %6s  %-28s %s%n", t("expect.col.collective", locale), t("expect.col.nodes", locale),
                t("expect.col.ranks", locale), t("expect.col.latency", locale), t("expect.col.plateau", locale)));
        for (Figure f : r.figures()) {
            sb.append(String.format(Locale.ROOT, "  %-15s %5d %6d  %-28s %s%n", f.collective(), f.nodes(), f.ranks(), latency(f), plateau(f)));
        }
        sb.append('\n').append(t("expect.derivation", locale)).append(":\n");
        for (Figure f : r.figures()) {
            sb.append("  ").append(f.collective()).append(", ").append(f.nodes()).append(" x ").append(r.profile().gpus()).append(":\n");
            for (Message m : f.derivation()) sb.append("    ").append(m.render(locale)).append('\n');
        }
        sb.append('\n').append(t("expect.sources", locale)).append(":\n");
        for (String s : Expectations.SOURCES) sb.append("  - ").append(s).append('\n');
        sb.append('\n').append(t("expect.caveat", locale)).append('\n');
        return sb.toString();
    }

    /**
     * {@return the expectation as chat-sized Markdown: the table, the degraded parts and the hardware lines}
     *
     * @param r      the expectation
     * @param locale Simplified Chinese for any Chinese locale, English otherwise
     */
    public static String markdown(Result r, Locale locale) {
        StringBuilder sb = new StringBuilder();
        sb.append("**").append(title(r, locale)).append("**\n\n");
        for (Message m : r.hardware()) sb.append("- ").append(m.render(locale)).append('\n');
        sb.append('\n');
        degraded(sb, r, locale, "- ");
        sb.append("\n| ").append(t("expect.col.collective", locale)).append(" | ").append(t("expect.col.nodes", locale)).append(" | ")
                .append(t("expect.col.ranks", locale)).append(" | ").append(t("expect.col.latency", locale)).append(" | ")
                .append(t("expect.col.plateau", locale)).append(" |\n|---|---:|---:|---|---|\n");
        for (Figure f : r.figures()) {
            sb.append("| ").append(f.collective()).append(" | ").append(f.nodes()).append(" | ").append(f.ranks()).append(" | ")
                    .append(latency(f)).append(" | ").append(plateau(f)).append(" |\n");
        }
        sb.append('\n').append(t("expect.caveat", locale)).append('\n');
        return sb.toString();
    }

    /**
     * {@return the expectation as JSON: {@code system, gpu, gpus, nodes, hardware[], facts[], degraded[], figures[]
     * (collective, nodes, ranks, latencyUs, busbwAt64KiB, plateauLow, plateauHigh, derivation[]), sources[]}}
     *
     * @param r      the expectation
     * @param locale Simplified Chinese for any Chinese locale, English otherwise (the sentences)
     */
    public static String json(Result r, Locale locale) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("system", r.profile().label());
        m.put("gpu", r.profile().gpuName());
        m.put("gpus", r.profile().gpus());
        m.put("nodes", r.nodes());
        m.put("gpuLinkGBs", r.gpuLink() == null ? null : round(r.gpuLink().gbs()));
        m.put("networkGBs", r.network() == null ? null : round(r.network().gbs()));
        m.put("hardware", render(r.hardware(), locale));
        m.put("facts", r.profile().facts());
        List<Map<String, Object>> parts = new ArrayList<>();
        for (DegradedPart d : r.degraded()) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("kind", d.kind());
            p.put("reason", d.reason().render(locale));
            p.put("healthyGBs", round(d.healthyGBs()));
            p.put("cappedGBs", round(d.cappedGBs()));
            parts.add(p);
        }
        m.put("degraded", parts);
        List<Map<String, Object>> figs = new ArrayList<>();
        for (Figure f : r.figures()) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("collective", f.collective().toString());
            p.put("nodes", f.nodes());
            p.put("ranks", f.ranks());
            p.put("latencyUs", f.latencyUs() == null ? null : round(f.latencyUs()));
            p.put("busbwAt64KiB", f.smallGBs() == null ? null : round(f.smallGBs()));
            p.put("plateauLow", f.lowGBs() == null ? null : round(f.lowGBs()));
            p.put("plateauHigh", f.highGBs() == null ? null : round(f.highGBs()));
            p.put("derivation", render(f.derivation(), locale));
            figs.add(p);
        }
        m.put("figures", figs);
        m.put("sources", Expectations.SOURCES);
        m.put("caveat", t("expect.caveat", locale));
        return Json.pretty(m) + "\n";
    }

    private static void degraded(StringBuilder sb, Result r, Locale locale, String bullet) {
        if (r.degraded().isEmpty()) {
            sb.append(t("expect.degraded.none", locale)).append('\n');
            return;
        }
        sb.append(t("expect.degraded", locale)).append(":\n");
        for (DegradedPart d : r.degraded()) sb.append(bullet).append(d.reason().render(locale)).append('\n');
    }

    private static String title(Result r, Locale locale) {
        String nodes = r.nodes() > 1 ? t("expect.title.nodes", locale, "nodes", r.nodes()) : "";
        return Message.of(BandwidthAnalyzer.class, "expect.title", "system", r.profile().label(), "gpus", r.profile().gpus(),
                "gpu", r.profile().gpuName() == null ? "?" : r.profile().gpuName(), "nodes", nodes).render(locale);
    }

    private static String latency(Figure f) {
        if (f.latencyUs() == null || f.ranks() < 2) return "-";
        return String.format(Locale.ROOT, "%.1f us, %s at 64 KiB", f.latencyUs(), Judge.fmt(f.smallGBs()));
    }

    private static String plateau(Figure f) {
        if (f.lowGBs() == null) return "-";
        if (Math.abs(f.highGBs() - f.lowGBs()) < 0.05) return Judge.fmt(f.lowGBs());
        return Judge.fmt(f.lowGBs()) + " - " + Judge.fmt(f.highGBs());
    }

    private static List<String> render(List<Message> ms, Locale locale) {
        return ms.stream().map(x -> x.render(locale)).toList();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static String t(String key, Locale locale, Object... args) {
        return Message.of(BandwidthAnalyzer.class, key, args).render(locale);
    }
}
