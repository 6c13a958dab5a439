package io.ncclscope.sdk.plot;

import io.ncclscope.parsers.tests.NcclTestsData;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * The {@link BusBwPlot} rasterised to PNG, for chats that need an image rather than an SVG. Drawn with
 * {@code java.awt} ({@link BufferedImage} and {@link Graphics2D}) off screen: the class sets
 * {@code java.awt.headless=true} when it is unset, and needs no display.
 *
 * <p>This path needs the JDK's {@code java.desktop} module (and, for text, a font the JDK can find, as any headless
 * JDK with fontconfig has); the SVG path ({@link BusBwPlot#svg}) does not touch AWT and works without it.
 */
public final class Png {

    static {
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
    }

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
        BufferedImage img = new BufferedImage(c.width, c.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            paint(g, c);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(img, "png", out)) throw new IllegalStateException("no PNG writer in this JDK");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void paint(Graphics2D g, Chart c) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, Chart.FONT);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, c.width, c.height);

        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(c.title, 10, 22);
        g.setFont(font);
        if (c.subtitle != null) {
            g.setColor(rgb("#444444"));
            g.drawString(c.subtitle, 10, 40);
        }
        g.setStroke(new BasicStroke(1f));
        for (Chart.Tick k : c.yTicks) {
            g.setColor(rgb("#e6e6e6"));
            g.draw(new Line2D.Double(c.left, k.pos(), c.right, k.pos()));
        }
        for (Chart.Tick k : c.xTicks) {
            g.setColor(rgb(k.major() ? "#e6e6e6" : "#f3f3f3"));
            g.draw(new Line2D.Double(k.pos(), c.top, k.pos(), c.bottom));
        }
        g.setColor(rgb("#333333"));
        g.draw(new Line2D.Double(c.left, c.bottom, c.right, c.bottom));
        g.draw(new Line2D.Double(c.left, c.top, c.left, c.bottom));
        for (Chart.Tick k : c.xTicks) g.draw(new Line2D.Double(k.pos(), c.bottom, k.pos(), c.bottom + (k.major() ? 5 : 3)));
        for (Chart.Tick k : c.yTicks) g.draw(new Line2D.Double(c.left - 5, k.pos(), c.left, k.pos()));
        g.setColor(Color.BLACK);
        for (Chart.Tick k : c.xTicks) if (k.label() != null) text(g, k.label(), k.pos(), c.bottom + 18, 0.5);
        for (Chart.Tick k : c.yTicks) text(g, k.label(), c.left - 8, k.pos() + 4, 1);
        text(g, "message size (bytes, log scale)", (c.left + c.right) / 2, c.height - 10, 0.5);
        double ym = (c.top + c.bottom) / 2;
        AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2, 18, ym);
        text(g, "busbw (GB/s)", 18, ym, 0.5);
        g.setTransform(saved);
        if (c.empty) {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 18));
            g.setColor(rgb("#888888"));
            text(g, "no data", (c.left + c.right) / 2, ym, 0.5);
            return;
        }
        if (c.expectedY != null) {
            g.setColor(rgb(Chart.EXPECTED_COLOUR));
            g.setStroke(dashed(1.5f, 8, 4));
            g.draw(new Line2D.Double(c.left, c.expectedY, c.right, c.expectedY));
            text(g, c.expectedLabel, c.expectedLabelX, c.expectedLabelY, 0);
        }
        for (Chart.Line line : c.paintOrder()) {
            g.setColor(rgb(line.colour()));
            g.setStroke(line.dashed() ? dashed(2f, 6, 4) : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND));
            Path2D.Double p = new Path2D.Double();
            for (int i = 0; i < line.pts().size(); i++) {
                Chart.Pt pt = line.pts().get(i);
                if (i == 0) p.moveTo(pt.x(), pt.y());
                else p.lineTo(pt.x(), pt.y());
            }
            g.draw(p);
            double r = Chart.radius(line);
            for (Chart.Pt pt : line.pts()) g.fill(new Ellipse2D.Double(pt.x() - r, pt.y() - r, 2 * r, 2 * r));
        }
        int rows = c.lines.size();
        double lx = c.legendX, ly = c.legendY, lh = c.legendH;
        FontMetrics fm = g.getFontMetrics(font);
        int chars = 0;
        for (Chart.Line line : c.lines) chars = Math.max(chars, fm.stringWidth(line.label()));
        double lw = Math.max(c.legendW, 50 + chars);
        g.setColor(new Color(255, 255, 255, 217));
        g.fill(new Rectangle2D.Double(lx, ly, lw, lh));
        g.setColor(rgb("#cccccc"));
        g.setStroke(new BasicStroke(1f));
        g.draw(new Rectangle2D.Double(lx, ly, lw, lh));
        for (int i = 0; i < rows; i++) {
            Chart.Line line = c.lines.get(i);
            double y = ly + 14 + i * 16;
            g.setColor(rgb(line.colour()));
            g.setStroke(line.dashed() ? dashed(2f, 6, 4) : new BasicStroke(2f));
            g.draw(new Line2D.Double(lx + 8, y - 4, lx + 36, y - 4));
            g.setColor(Color.BLACK);
            text(g, line.label(), lx + 42, y, 0);
        }
    }

    /** Draws {@code s} with its baseline at {@code y}, anchored at {@code x}: 0 start, 0.5 middle, 1 end. */
    private static void text(Graphics2D g, String s, double x, double y, double anchor) {
        int w = g.getFontMetrics().stringWidth(s);
        g.drawString(s, (float) (x - w * anchor), (float) y);
    }

    private static BasicStroke dashed(float width, float on, float off) {
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {on, off}, 0f);
    }

    private static Color rgb(String hex) {
        return new Color(Integer.parseInt(hex.substring(1), 16));
    }
}
