package io.ncclscope.sdk.localize;

import io.ncclscope.sdk.internal.Html;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The pair matrix as an SVG heatmap: node × node, each cell the pair's plateau busbw, coloured by its share of
 * the median (red below the slow bar, amber below the median, green at or above), labelled with the figure when
 * the matrix is small enough to read. Slow nodes' labels are red; untested pairs are grey. Hand-written SVG 1.1.
 */
public final class PairHeatmap {

    /** Above this many nodes the cells carry no figures (they would not fit); the colours still tell. */
    static final int MAX_LABELLED = 32;

    private PairHeatmap() {
    }

    /**
     * {@return the SVG document for {@code l}}
     *
     * @param l a localization
     */
    public static String svg(Localization l) {
        List<String> nodes = l.nodes();
        int n = nodes.size();
        boolean labelled = n <= MAX_LABELLED;
        int cell = labelled ? 44 : Math.max(2, Math.min(20, 1600 / Math.max(1, n)));
        int margin = labelled ? 90 : 20;
        int top = 50;
        int width = margin + n * cell + (labelled ? 80 : 20); // room for the last rotated column label
        int height = top + margin + n * cell + 40;
        Map<String, PairResult> idx = l.index();
        Set<String> slowNodes = new HashSet<>(l.slowNodes());
        Set<String> slowPairs = new HashSet<>();
        for (PairResult r : l.slowPairs()) slowPairs.add(Localization.key(r.a(), r.b()));
        StringBuilder s = new StringBuilder();
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
        s.append("<title>Pairwise busbw (GB/s)</title>\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        String sub = l.median() == null ? "no results"
                : "median " + Localizer.gb(l.median()) + " GB/s" + (l.threshold() == null ? ", too few pairs to judge"
                : ", slow below " + Localizer.gb(l.threshold()) + " GB/s");
        s.append("<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">Pairwise plateau busbw (GB/s)</text>\n");
        s.append("<text x=\"10\" y=\"38\">").append(Html.escape(sub)).append("</text>\n");
        int y0 = top + margin;
        if (labelled) {
            for (int i = 0; i < n; i++) {
                String fill = slowNodes.contains(nodes.get(i)) ? "#c00000" : "black";
                s.append("<text x=\"").append(margin - 4).append("\" y=\"").append(y0 + i * cell + cell / 2 + 4)
                        .append("\" text-anchor=\"end\" fill=\"").append(fill).append("\">").append(Html.escape(nodes.get(i))).append("</text>\n");
                int cx = margin + i * cell + cell / 2;
                s.append("<text x=\"").append(cx).append("\" y=\"").append(y0 - 6).append("\" text-anchor=\"start\" fill=\"")
                        .append(fill).append("\" transform=\"rotate(-45 ").append(cx).append(' ').append(y0 - 6)
                        .append(")\">").append(Html.escape(nodes.get(i))).append("</text>\n");
            }
        }
        if (!labelled && n > 0) {
            // Large matrices: one green background, then only the cells that differ (slow, untested), so that
            // 1,000 nodes stay a file a browser opens rather than a million rectangles.
            s.append("<rect x=\"").append(margin).append("\" y=\"").append(y0).append("\" width=\"").append(n * cell)
                    .append("\" height=\"").append(n * cell).append("\" fill=\"#1a9850\"/>\n");
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int x = margin + j * cell, y = y0 + i * cell;
                if (!labelled) {
                    PairResult r = i == j ? null : idx.get(Localization.key(nodes.get(i), nodes.get(j)));
                    boolean differs = i == j || r == null || l.threshold() != null && r.busbw() < l.threshold();
                    if (!differs) continue;
                }
                if (i == j) {
                    s.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"").append(cell)
                            .append("\" height=\"").append(cell).append("\" fill=\"#ffffff\" stroke=\"#dddddd\"/>\n");
                    continue;
                }
                String k = Localization.key(nodes.get(i), nodes.get(j));
                PairResult r = idx.get(k);
                String fill = r == null ? "#e0e0e0" : colour(l, r.busbw());
                s.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"").append(cell)
                        .append("\" height=\"").append(cell).append("\" fill=\"").append(fill).append('"');
                if (slowPairs.contains(k)) s.append(" stroke=\"black\" stroke-width=\"2\"");
                else if (labelled) s.append(" stroke=\"white\"");
                s.append('>');
                s.append("<title>").append(Html.escape(nodes.get(i) + " \u2194 " + nodes.get(j) + ": "
                        + (r == null ? "not tested" : Localizer.gb(r.busbw()) + " GB/s"))).append("</title></rect>\n");
                if (labelled && r != null) {
                    s.append("<text x=\"").append(x + cell / 2).append("\" y=\"").append(y + cell / 2 + 4)
                            .append("\" text-anchor=\"middle\" font-size=\"10\">").append(Localizer.gb(r.busbw())).append("</text>\n");
                }
            }
        }
        int ly = y0 + n * cell + 20;
        legend(s, 10, ly, "#d73027", "slow");
        legend(s, 80, ly, "#fdae61", "below median");
        legend(s, 190, ly, "#1a9850", "at or above median");
        legend(s, 330, ly, "#e0e0e0", "not tested");
        s.append("</svg>\n");
        return s.toString();
    }

    private static void legend(StringBuilder s, int x, int y, String fill, String text) {
        s.append("<rect x=\"").append(x).append("\" y=\"").append(y - 10).append("\" width=\"12\" height=\"12\" fill=\"")
                .append(fill).append("\"/><text x=\"").append(x + 16).append("\" y=\"").append(y).append("\">")
                .append(text).append("</text>\n");
    }

    /** Red below the slow bar, amber between it and the median, green at or above the median. */
    static String colour(Localization l, double v) {
        if (l.median() == null) return "#e0e0e0";
        if (l.threshold() != null && v < l.threshold()) return "#d73027";
        if (v < l.median() * 0.98) return "#fdae61";
        return "#1a9850";
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
