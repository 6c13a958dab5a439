package io.ncclscope.sdk.plot;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The laid-out busbw plot, in pixels: what {@link BusBwPlot} writes as SVG and {@link Png} paints, so that the two
 * show the same picture. Pure computation (no AWT).
 */
final class Chart {

    /** One table's lines are drawn in one colour; a single table gets two (out-of-place blue, in-place orange). */
    static final String[] PALETTE = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf"};
    static final String EXPECTED_COLOUR = "#555555";
    static final int FONT = 11;

    record Pt(double x, double y, long size, double busbw) {
    }

    record Line(String label, String colour, boolean dashed, List<Pt> pts) {
    }

    record Tick(double pos, String label, boolean major) {
    }

    final int width, height;
    final String title, subtitle;
    final double left, top, right, bottom;
    final List<Line> lines = new ArrayList<>();
    final List<Tick> xTicks = new ArrayList<>();
    final List<Tick> yTicks = new ArrayList<>();
    /** Pixel row of the expected plateau; null when none was given (or there is no data). */
    final Double expectedY;
    final String expectedLabel;
    /** Where the expected label's baseline starts (text-anchor start). */
    final double expectedLabelX, expectedLabelY;
    /** The legend box, top left inside the plot (busbw curves rise to the right, so that corner is usually free). */
    final double legendX, legendY, legendW, legendH;
    final boolean empty;

    private final int minExp, maxExp;
    private final double yMax;

    /** The labelled marks' pixel rows, in the order given; empty when none or no data. */
    final List<Double> markY = new ArrayList<>();

    Chart(List<BusBwPlot.Series> series, Double expected, String title, int width, int height) {
        this(series, expected, List.of(), title, width, height);
    }

    Chart(List<BusBwPlot.Series> series, Double expected, List<BusBwPlot.Mark> marks, String title, int width, int height) {
        if (width < 200 || height < 150) throw new IllegalArgumentException("plot too small: " + width + "x" + height);
        if (expected != null && !(expected > 0 && Double.isFinite(expected))) expected = null;
        this.width = width;
        this.height = height;
        List<BusBwPlot.Series> ss = series == null ? List.of() : series.stream().filter(s -> s != null && s.data() != null).toList();
        this.title = title != null && !title.isBlank() ? title : defaultTitle(ss);
        this.subtitle = subtitle(ss);
        this.left = 70;
        this.right = width - 24;
        this.top = 62;
        this.bottom = height - 48;

        boolean single = ss.size() == 1;
        for (int i = 0; i < ss.size(); i++) {
            BusBwPlot.Series s = ss.get(i);
            String name = single ? (s.label() == null || s.label().isBlank() ? "" : s.label() + " ")
                    : (s.label() == null || s.label().isBlank() ? "#" + (i + 1) + " " : s.label() + " ");
            String c1 = PALETTE[single ? 0 : i % PALETTE.length];
            String c2 = PALETTE[single ? 1 : i % PALETTE.length];
            addLine(name + "out-of-place", c1, false, s.data(), NcclTestsRow::outOfPlace);
            addLine(name + "in-place", c2, true, s.data(), NcclTestsRow::inPlace);
        }
        this.empty = lines.isEmpty();

        long minSize = Long.MAX_VALUE, maxSize = 1;
        double maxBw = 0;
        for (Line l : lines) {
            for (Pt p : l.pts) {
                minSize = Math.min(minSize, p.size);
                maxSize = Math.max(maxSize, p.size);
                maxBw = Math.max(maxBw, p.busbw);
            }
        }
        if (empty) minSize = 8;
        int lo = (int) Math.floor(log2(minSize) + 1e-9), hi = (int) Math.ceil(log2(maxSize) - 1e-9);
        if (empty) { // the usual nccl-tests range, 8B to 16GB
            lo = 3;
            hi = 34;
        } else if (hi <= lo) {
            lo = Math.max(0, lo - 1);
            hi = lo + 2;
        }
        this.minExp = lo;
        this.maxExp = hi;
        if (expected != null && !empty) maxBw = Math.max(maxBw, expected);
        for (BusBwPlot.Mark m : marks) {
            if (!empty && m.gbs() > 0 && Double.isFinite(m.gbs())) maxBw = Math.max(maxBw, m.gbs());
        }
        double step = niceStep(maxBw <= 0 ? 0.2 : maxBw * 1.05 / 6);
        this.yMax = maxBw <= 0 ? 5 * step : Math.max(step, Math.ceil(maxBw * 1.05 / step - 1e-9) * step);

        // Labels at the powers of 2 that are multiples of a step dividing 10 (so 1KB, 1MB, 1GB are labelled when
        // the step allows), plus both ends of the axis; a label too close to one already placed is left out.
        double pxPerExp = (right - left) / (maxExp - minExp), minGap = 46;
        int every = 10;
        for (int k : new int[] {1, 2, 5, 10}) {
            if (k * pxPerExp >= minGap) {
                every = k;
                break;
            }
        }
        List<Integer> labelled = new ArrayList<>(List.of(minExp, maxExp));
        for (int e = minExp + 1; e < maxExp; e++) {
            if (e % every != 0) continue;
            boolean clear = true;
            for (int o : labelled) clear &= Math.abs(o - e) * pxPerExp >= minGap;
            if (clear) labelled.add(e);
        }
        for (int e = minExp; e <= maxExp; e++) {
            boolean major = labelled.contains(e);
            xTicks.add(new Tick(xOf(e), major ? sizeLabel(e) : null, major));
        }
        for (int k = 0; k * step <= yMax + step * 1e-6; k++) {
            yTicks.add(new Tick(yOf(k * step), number(k * step), true));
        }
        // Points in pixels, now that the axes are fixed.
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            List<Pt> px = new ArrayList<>();
            for (Pt p : l.pts) px.add(new Pt(xOf(log2(p.size)), yOf(p.busbw), p.size, p.busbw));
            lines.set(i, new Line(l.label, l.colour, l.dashed, px));
        }
        for (BusBwPlot.Mark m : marks) {
            if (!empty && m.gbs() > 0 && Double.isFinite(m.gbs())) markY.add(yOf(m.gbs()));
        }
        int chars = 0;
        for (Line l : lines) chars = Math.max(chars, l.label.length());
        this.legendX = left + 10;
        this.legendY = top + 8;
        this.legendW = 50 + chars * FONT * 0.6; // SVG cannot measure text: 0.6 em per character
        this.legendH = lines.size() * 16 + 8;
        if (expected != null && !empty) {
            double ey = yOf(expected);
            this.expectedY = ey;
            this.expectedLabel = "expected " + number(expected) + " GB/s";
            // Above the line at its left end, where curves are near 0; below it when at the top; right of the legend
            // when the legend is in the way.
            double ly = ey - 5 < top + 12 ? ey + 15 : ey - 5;
            this.expectedLabelY = ly;
            boolean underLegend = ly > legendY - 2 && ly - 12 < legendY + legendH;
            this.expectedLabelX = underLegend ? legendX + legendW + 8 : left + 6;
        } else {
            this.expectedY = null;
            this.expectedLabel = null;
            this.expectedLabelX = 0;
            this.expectedLabelY = 0;
        }
    }

    private void addLine(String label, String colour, boolean dashed, NcclTestsData d,
                         Function<NcclTestsRow, NcclTestsResult> half) {
        List<Pt> pts = new ArrayList<>();
        for (NcclTestsRow r : d.rows()) {
            if (r.size() <= 0) continue;
            NcclTestsResult h = half.apply(r);
            if (h == null || h.busbw() == null || !Double.isFinite(h.busbw())) continue;
            pts.add(new Pt(0, 0, r.size(), Math.max(0, h.busbw())));
        }
        if (pts.isEmpty()) return;
        pts.sort(Comparator.comparingLong(Pt::size)); // stable: repeated sizes keep their order
        lines.add(new Line(label, colour, dashed, pts));
    }

    /**
     * The lines in painting order: solid (out-of-place) first, dashed (in-place) over them, so that where the two
     * coincide the solid colour still shows between the dashes.
     */
    List<Line> paintOrder() {
        List<Line> out = new ArrayList<>();
        for (Line l : lines) if (!l.dashed) out.add(l);
        for (Line l : lines) if (l.dashed) out.add(l);
        return out;
    }

    /** Marker radius: smaller for dashed lines, so that a coinciding solid line's marker shows round it. */
    static double radius(Line l) {
        return l.dashed ? 1.8 : 3;
    }

    double xOf(double exp) {
        return left + (exp - minExp) / (double) (maxExp - minExp) * (right - left);
    }

    double yOf(double bw) {
        return bottom - Math.min(bw, yMax) / yMax * (bottom - top);
    }

    static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double n = raw / mag;
        double f = n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10;
        return f * mag;
    }

    /** {@code 2^e} bytes with binary units: 8B, 1KB (1024 B), 16MB, 2GB. */
    static String sizeLabel(int e) {
        String[] units = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
        int u = Math.min(units.length - 1, e / 10);
        return (1L << (e - 10 * u)) + units[u];
    }

    /** A figure with at most 3 decimals and no trailing zeros, Locale-independent: 192, 2.5, 0.125. */
    static String number(double v) {
        return BigDecimal.valueOf(Math.round(v * 1000) / 1000.0).stripTrailingZeros().toPlainString();
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String defaultTitle(List<BusBwPlot.Series> ss) {
        String test = null;
        for (BusBwPlot.Series s : ss) {
            String t = s.data().test();
            if (t == null && s.data().collective() != null && s.data().collective() != Collective.UNKNOWN) {
                t = s.data().collective().toString();
            }
            if (t == null) continue;
            if (test == null) test = t;
            else if (!test.equals(t)) return "busbw vs message size";
        }
        return test == null ? "busbw vs message size" : test + ": busbw vs message size";
    }

    private static String subtitle(List<BusBwPlot.Series> ss) {
        if (ss.isEmpty()) return null;
        if (ss.size() > 1) {
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < ss.size(); i++) {
                String l = ss.get(i).label();
                labels.add(l == null || l.isBlank() ? "#" + (i + 1) : l);
            }
            return String.join(" vs ", labels);
        }
        NcclTestsData d = ss.get(0).data();
        List<String> parts = new ArrayList<>();
        if (d.ranks() != null) {
            String r = d.ranks() + (d.ranks() == 1 ? " rank" : " ranks");
            if (d.hosts().size() > 1) r += " on " + d.hosts().size() + " hosts";
            parts.add(r);
        }
        if (d.ncclVersion() != null) parts.add("NCCL " + d.ncclVersion());
        if (d.avgBusBw() != null) parts.add("avg busbw " + number(d.avgBusBw()) + " GB/s");
        if (d.ranks() != null && d.ranks() == 1) parts.add("one rank moves no data between GPUs: busbw is 0");
        return parts.isEmpty() ? null : String.join(" \u00b7 ", parts);
    }
}
