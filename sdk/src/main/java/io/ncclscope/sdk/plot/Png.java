package io.ncclscope.sdk.plot;

import io.ncclscope.parsers.tests.NcclTestsData;
import java.util.List;

/**
 * The {@link BusBwPlot} rasterised to PNG, for chats that need an image rather than an SVG. Drawn in pure Java: the
 * shapes by {@code PixelCanvas} (anti-aliased), the text in the {@code BitmapFont} 5x7 pixel font, the file written by
 * {@code PngEncoder} with {@code java.util.zip}. It needs neither {@code java.desktop} nor a display nor any font, and
 * gives the same bytes on every machine.
 */
public final class Png {

    private static final int WHITE = 0xffffff;
    private static final int BLACK = 0x000000;
    /** Scale of the label font (about 11 px text); titles and "no data" are drawn at twice that. */
    private static final int LABEL = 1;
    private static final int LARGE = 2;

    private Png() {
    }

    /**
     * {@return one table at the default size}
     *
     * @param data        one nccl-tests table
     * @param expectedGBs the expected plateau in GB/s, or null
     */
    public static byte[] render(NcclTestsData data, Double expectedGBs) {
        return render(List.of(new BusBwPlot.Series(null, data)), expectedGBs, null, BusBwPlot.WIDTH, BusBwPlot.HEIGHT);
    }

    /**
     * {@return the PNG bytes of the plot {@link BusBwPlot#svg(List, Double, String, int, int)} draws with the same arguments}
     *
     * @param series      the tables, each with its label
     * @param expectedGBs the expected plateau in GB/s, or null
     * @param title       the title, or null for the default one
     * @param width       pixels
     * @param height      pixels
     */
    public static byte[] render(List<BusBwPlot.Series> series, Double expectedGBs, String title, int width, int height) {
        Chart c = new Chart(series, expectedGBs, title, width, height);
        PixelCanvas canvas = new PixelCanvas(c.width, c.height, WHITE);
        paint(canvas, c);
        return PngEncoder.encode(canvas.rgb, canvas.width, canvas.height);
    }

    private static void paint(PixelCanvas g, Chart c) {
        BitmapFont.draw(g, c.title, 10, 22, LARGE, true, BLACK);
        if (c.subtitle != null) BitmapFont.draw(g, c.subtitle, 10, 40, LABEL, false, rgb("#444444"));
        for (Chart.Tick k : c.yTicks) g.line(c.left, k.pos(), c.right, k.pos(), 1, null, rgb("#e6e6e6"));
        for (Chart.Tick k : c.xTicks) g.line(k.pos(), c.top, k.pos(), c.bottom, 1, null, rgb(k.major() ? "#e6e6e6" : "#f3f3f3"));
        int axis = rgb("#333333");
        g.line(c.left, c.bottom, c.right, c.bottom, 1, null, axis);
        g.line(c.left, c.top, c.left, c.bottom, 1, null, axis);
        for (Chart.Tick k : c.xTicks) g.line(k.pos(), c.bottom, k.pos(), c.bottom + (k.major() ? 5 : 3), 1, null, axis);
        for (Chart.Tick k : c.yTicks) g.line(c.left - 5, k.pos(), c.left, k.pos(), 1, null, axis);
        for (Chart.Tick k : c.xTicks) if (k.label() != null) text(g, k.label(), k.pos(), c.bottom + 18, 0.5, LABEL, BLACK);
        for (Chart.Tick k : c.yTicks) text(g, k.label(), c.left - 8, k.pos() + 4, 1, LABEL, BLACK);
        text(g, "message size (bytes, log scale)", (c.left + c.right) / 2, c.height - 10, 0.5, LABEL, BLACK);
        double ym = (c.top + c.bottom) / 2;
        String yTitle = "busbw (GB/s)";
        BitmapFont.drawUpwards(g, yTitle, 18, (int) Math.round(ym + BitmapFont.width(yTitle, LABEL) / 2.0), BLACK);
        if (c.empty) {
            text(g, "no data", (c.left + c.right) / 2, ym, 0.5, LARGE, rgb("#888888"));
            return;
        }
        if (c.expectedY != null) {
            int colour = rgb(Chart.EXPECTED_COLOUR);
            g.line(c.left, c.expectedY, c.right, c.expectedY, 1.5, new double[] {8, 4}, colour);
            text(g, c.expectedLabel, c.expectedLabelX, c.expectedLabelY, 0, LABEL, colour);
        }
        for (Chart.Line line : c.paintOrder()) series(g, line);
        legend(g, c);
    }

    /** One series: its line (dashed for in-place) and a dot at each point. */
    private static void series(PixelCanvas g, Chart.Line line) {
        int colour = rgb(line.colour());
        int n = line.pts().size();
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = line.pts().get(i).x();
            ys[i] = line.pts().get(i).y();
        }
        g.stroke(xs, ys, 2, line.dashed() ? new double[] {6, 4} : null, colour);
        double r = Chart.radius(line);
        for (Chart.Pt pt : line.pts()) g.disc(pt.x(), pt.y(), r, colour);
    }

    /** The legend box: a sample of each line and its label. */
    private static void legend(PixelCanvas g, Chart c) {
        double lx = c.legendX, ly = c.legendY, lh = c.legendH;
        int chars = 0;
        for (Chart.Line line : c.lines) chars = Math.max(chars, BitmapFont.width(line.label(), LABEL));
        double lw = Math.max(c.legendW, 50 + chars);
        g.fillRect(lx, ly, lw, lh, WHITE, 217 / 255f);
        g.strokeRect(lx, ly, lw, lh, 1, rgb("#cccccc"));
        for (int i = 0; i < c.lines.size(); i++) {
            Chart.Line line = c.lines.get(i);
            double y = ly + 14 + i * 16;
            g.line(lx + 8, y - 4, lx + 36, y - 4, 2, line.dashed() ? new double[] {6, 4} : null, rgb(line.colour()));
            text(g, line.label(), lx + 42, y, 0, LABEL, BLACK);
        }
    }

    /** Draws {@code s} with its baseline at {@code y}, anchored at {@code x}: 0 start, 0.5 middle, 1 end. */
    private static void text(PixelCanvas g, String s, double x, double y, double anchor, int scale, int colour) {
        int w = BitmapFont.width(s, scale);
        BitmapFont.draw(g, s, (int) Math.round(x - w * anchor), (int) Math.round(y), scale, false, colour);
    }

    private static int rgb(String hex) {
        return Integer.parseInt(hex.substring(1), 16);
    }
}
