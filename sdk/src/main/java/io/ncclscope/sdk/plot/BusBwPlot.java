package io.ncclscope.sdk.plot;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.internal.Html;
import java.util.List;

/**
 * busbw (GB/s, linear y axis from 0) against message size (log2 x axis, labelled with binary units: 8B, 1KB = 1024
 * bytes, ..., 16GB) of one or more nccl-tests tables, as a hand-written SVG 1.1 document (no library, no AWT).
 *
 * <p>Each table gives up to two series: out-of-place (solid) and in-place (dashed). One table is drawn in two
 * colours; several tables (A vs B of a comparison) get one colour each and a legend names them. Rows of size 0 and
 * halves without a busbw figure are skipped; a series with no point is not drawn. When an expected plateau is given
 * it is a horizontal dashed grey line labelled {@code expected 192 GB/s}. An input without a single point gives a
 * valid SVG that says {@code no data}. Output is deterministic (fixed {@link java.util.Locale#ROOT} formatting).
 *
 * <p>{@link Png#render} paints the same layout as a PNG image for chats that need one.
 */
public final class BusBwPlot {

    /** Default size in pixels. */
    public static final int WIDTH = 800, HEIGHT = 480;

    /**
     * One table to plot.
     *
     * @param label its name in the legend ({@code "A"}, {@code "before"}, a file name); null for none
     * @param data  the parsed table
     */
    public record Series(String label, NcclTestsData data) {
    }

    /**
     * A labelled horizontal line in the colour of one of the tables: a side's expectation in a comparison.
     *
     * @param label  the text written at its right end ({@code A expected 371 GB/s (intra-node)})
     * @param gbs    its height in GB/s; a mark not above 0 is not drawn
     * @param series the index of the table whose colour it takes
     */
    public record Mark(String label, double gbs, int series) {
    }

    private BusBwPlot() {
    }

    /**
     * {@return several tables on one axis, each with its own labelled mark (a comparison: both runs, each side's
     * expectation in its run's colour), default size}
     *
     * @param series the tables, each with its label
     * @param marks  the marks, drawn dashed in the colour of their table
     * @param title  the title, or null for the default one
     */
    public static String svgWithMarks(List<Series> series, List<Mark> marks, String title) {
        return render(new Chart(series, null, List.copyOf(marks), title, WIDTH, HEIGHT), marks);
    }

    /**
     * {@return one table, default title and size; {@code expectedGBs} may be null}
     *
     * @param data        one nccl-tests table
     * @param expectedGBs the plateau the hardware should reach in GB/s, or null to draw none
     */
    public static String svg(NcclTestsData data, Double expectedGBs) {
        return svg(List.of(new Series(null, data)), expectedGBs, null);
    }

    /**
     * {@return several tables, default size; {@code title} null for the default one}
     *
     * @param series      the tables, each with its label
     * @param expectedGBs the expected plateau in GB/s, or null
     * @param title       the title, or null for the default one
     */
    public static String svg(List<Series> series, Double expectedGBs, String title) {
        return svg(series, expectedGBs, title, WIDTH, HEIGHT);
    }

    /**
     * {@return the SVG document}
     *
     * @param series      tables to draw, in legend order (null or empty: a "no data" plot)
     * @param expectedGBs the expected plateau busbw in GB/s, drawn as a dashed line; null (or not positive) for none
     * @param title       the title; null or blank for {@code <test>: busbw vs message size}
     * @param width       pixels, at least 200
     * @param height      pixels, at least 150
     */
    public static String svg(List<Series> series, Double expectedGBs, String title, int width, int height) {
        return render(new Chart(series, expectedGBs, title, width, height), List.of());
    }

    private static String render(Chart c, List<Mark> marks) {
        StringBuilder s = new StringBuilder();
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(c.width)
                .append("\" height=\"").append(c.height).append("\" viewBox=\"0 0 ").append(c.width).append(' ')
                .append(c.height).append("\" font-family=\"sans-serif\" font-size=\"").append(Chart.FONT).append("\">\n");
        s.append("<title>").append(Html.escape(c.title)).append("</title>\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        s.append("<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">").append(Html.escape(c.title)).append("</text>\n");
        if (c.subtitle != null) s.append("<text x=\"10\" y=\"40\" fill=\"#444444\">").append(Html.escape(c.subtitle)).append("</text>\n");
        String l = Chart.fmt(c.left), r = Chart.fmt(c.right), t = Chart.fmt(c.top), b = Chart.fmt(c.bottom);
        // Grid and ticks.
        s.append("<g stroke=\"#e6e6e6\" stroke-width=\"1\">\n");
        for (Chart.Tick k : c.yTicks) {
            String y = Chart.fmt(k.pos());
            s.append("<line x1=\"").append(l).append("\" y1=\"").append(y).append("\" x2=\"").append(r).append("\" y2=\"")
                    .append(y).append("\"/>\n");
        }
        for (Chart.Tick k : c.xTicks) {
            String x = Chart.fmt(k.pos());
            s.append("<line x1=\"").append(x).append("\" y1=\"").append(t).append("\" x2=\"").append(x).append("\" y2=\"")
                    .append(b).append('"').append(k.major() ? "" : " stroke=\"#f3f3f3\"").append("/>\n");
        }
        s.append("</g>\n");
        s.append("<g stroke=\"#333333\" stroke-width=\"1\">\n");
        s.append("<line x1=\"").append(l).append("\" y1=\"").append(b).append("\" x2=\"").append(r).append("\" y2=\"").append(b).append("\"/>\n");
        s.append("<line x1=\"").append(l).append("\" y1=\"").append(t).append("\" x2=\"").append(l).append("\" y2=\"").append(b).append("\"/>\n");
        for (Chart.Tick k : c.xTicks) {
            String x = Chart.fmt(k.pos());
            s.append("<line x1=\"").append(x).append("\" y1=\"").append(b).append("\" x2=\"").append(x).append("\" y2=\"")
                    .append(Chart.fmt(c.bottom + (k.major() ? 5 : 3))).append("\"/>\n");
        }
        for (Chart.Tick k : c.yTicks) {
            String y = Chart.fmt(k.pos());
            s.append("<line x1=\"").append(Chart.fmt(c.left - 5)).append("\" y1=\"").append(y).append("\" x2=\"").append(l)
                    .append("\" y2=\"").append(y).append("\"/>\n");
        }
        s.append("</g>\n");
        for (Chart.Tick k : c.xTicks) {
            if (k.label() == null) continue;
            s.append("<text x=\"").append(Chart.fmt(k.pos())).append("\" y=\"").append(Chart.fmt(c.bottom + 18))
                    .append("\" text-anchor=\"middle\">").append(Html.escape(k.label())).append("</text>\n");
        }
        for (Chart.Tick k : c.yTicks) {
            s.append("<text x=\"").append(Chart.fmt(c.left - 8)).append("\" y=\"").append(Chart.fmt(k.pos() + 4))
                    .append("\" text-anchor=\"end\">").append(Html.escape(k.label())).append("</text>\n");
        }
        s.append("<text x=\"").append(Chart.fmt((c.left + c.right) / 2)).append("\" y=\"").append(c.height - 10)
                .append("\" text-anchor=\"middle\">message size (bytes, log scale)</text>\n");
        double ym = (c.top + c.bottom) / 2;
        s.append("<text x=\"18\" y=\"").append(Chart.fmt(ym)).append("\" text-anchor=\"middle\" transform=\"rotate(-90 18 ")
                .append(Chart.fmt(ym)).append(")\">busbw (GB/s)</text>\n");
        if (c.empty) {
            s.append("<text x=\"").append(Chart.fmt((c.left + c.right) / 2)).append("\" y=\"").append(Chart.fmt(ym))
                    .append("\" text-anchor=\"middle\" font-size=\"18\" fill=\"#888888\">no data</text>\n");
            return s.append("</svg>\n").toString();
        }
        if (c.expectedY != null) {
            String y = Chart.fmt(c.expectedY);
            s.append("<line class=\"expected\" x1=\"").append(l).append("\" y1=\"").append(y).append("\" x2=\"").append(r)
                    .append("\" y2=\"").append(y).append("\" stroke=\"").append(Chart.EXPECTED_COLOUR)
                    .append("\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>\n");
            s.append("<text x=\"").append(Chart.fmt(c.expectedLabelX)).append("\" y=\"").append(Chart.fmt(c.expectedLabelY))
                    .append("\" fill=\"").append(Chart.EXPECTED_COLOUR).append("\">")
                    .append(Html.escape(c.expectedLabel)).append("</text>\n");
        }
        List<Mark> drawn = marks.stream().filter(m -> m.gbs() > 0 && Double.isFinite(m.gbs())).toList();
        for (int i = 0; i < c.markY.size(); i++) {
            Mark m = drawn.get(i);
            // Two marks close together (both sides on the same hardware): the second label goes under its line.
            boolean near = i > 0 && Math.abs(c.markY.get(i) - c.markY.get(i - 1)) < 14;
            String y = Chart.fmt(c.markY.get(i)), colour = Chart.PALETTE[Math.floorMod(m.series(), Chart.PALETTE.length)];
            s.append("<line class=\"expected\" x1=\"").append(l).append("\" y1=\"").append(y).append("\" x2=\"").append(r)
                    .append("\" y2=\"").append(y).append("\" stroke=\"").append(colour)
                    .append("\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>\n");
            s.append("<text x=\"").append(r).append("\" y=\"").append(Chart.fmt(c.markY.get(i) + (near ? 15 : -5)))
                    .append("\" text-anchor=\"end\" fill=\"").append(colour).append("\">").append(Html.escape(m.label())).append("</text>\n");
        }
        for (Chart.Line line : c.paintOrder()) {
            s.append("<g class=\"series\"><title>").append(Html.escape(line.label())).append("</title>\n");
            s.append("<polyline fill=\"none\" stroke=\"").append(line.colour()).append("\" stroke-width=\"2\"");
            if (line.dashed()) s.append(" stroke-dasharray=\"6 4\"");
            s.append(" points=\"");
            for (int i = 0; i < line.pts().size(); i++) {
                Chart.Pt p = line.pts().get(i);
                if (i > 0) s.append(' ');
                s.append(Chart.fmt(p.x())).append(',').append(Chart.fmt(p.y()));
            }
            s.append("\"/>\n");
            for (Chart.Pt p : line.pts()) {
                s.append("<circle cx=\"").append(Chart.fmt(p.x())).append("\" cy=\"").append(Chart.fmt(p.y()))
                        .append("\" r=\"").append(Chart.fmt(Chart.radius(line))).append("\" fill=\"").append(line.colour()).append("\"><title>")
                        .append(Html.escape(line.label() + ": " + p.size() + " B, " + Chart.number(p.busbw()) + " GB/s"))
                        .append("</title></circle>\n");
            }
            s.append("</g>\n");
        }
        int rows = c.lines.size();
        double lx = c.legendX, ly = c.legendY, lw = c.legendW, lh = c.legendH;
        s.append("<rect x=\"").append(Chart.fmt(lx)).append("\" y=\"").append(Chart.fmt(ly)).append("\" width=\"")
                .append(Chart.fmt(lw)).append("\" height=\"").append(Chart.fmt(lh))
                .append("\" fill=\"white\" fill-opacity=\"0.85\" stroke=\"#cccccc\"/>\n");
        for (int i = 0; i < rows; i++) {
            Chart.Line line = c.lines.get(i);
            double y = ly + 14 + i * 16;
            s.append("<line x1=\"").append(Chart.fmt(lx + 8)).append("\" y1=\"").append(Chart.fmt(y - 4)).append("\" x2=\"")
                    .append(Chart.fmt(lx + 36)).append("\" y2=\"").append(Chart.fmt(y - 4)).append("\" stroke=\"")
                    .append(line.colour()).append("\" stroke-width=\"2\"").append(line.dashed() ? " stroke-dasharray=\"6 4\"" : "")
                    .append("/>\n");
            s.append("<text x=\"").append(Chart.fmt(lx + 42)).append("\" y=\"").append(Chart.fmt(y)).append("\">")
                    .append(Html.escape(line.label())).append("</text>\n");
        }
        return s.append("</svg>\n").toString();
    }
}
