package io.ncclscope.sdk.plot;

import java.util.Arrays;

/**
 * An RGB image in memory and the few shapes the PNG plot draws on it, anti-aliased: strokes along straight segments
 * (solid or dashed, a given width), filled discs and rectangles. Coordinates are in pixels as in SVG and Java2D: pixel
 * {@code (x, y)} covers {@code [x, x+1) x [y, y+1)}, so a 1-pixel line at {@code y = 10.0} lights rows 9 and 10 at half
 * strength. A shape is first rendered to a coverage mask (the largest coverage of any of its parts per pixel), then
 * blended once, so overlapping parts of one path do not darken its joins.
 */
final class PixelCanvas {

    final int width;
    final int height;
    /** {@code 0xRRGGBB} per pixel, row by row from the top. */
    final int[] rgb;
    private final float[] mask;
    /** The rows and columns the mask holds coverage in (inclusive), empty when minX > maxX. */
    private int minX;
    private int minY;
    private int maxX;
    private int maxY;

    PixelCanvas(int width, int height, int background) {
        this.width = width;
        this.height = height;
        this.rgb = new int[width * height];
        this.mask = new float[width * height];
        Arrays.fill(rgb, background);
        clearBounds();
    }

    /** {@code rgb} over the whole pixels of the rectangle at {@code (x, y)}, {@code w} by {@code h}, clipped. */
    void fillPixels(int x, int y, int w, int h, int colour) {
        for (int py = Math.max(0, y); py < Math.min(height, y + h); py++) {
            for (int px = Math.max(0, x); px < Math.min(width, x + w); px++) rgb[py * width + px] = colour;
        }
    }

    /**
     * A stroke of {@code strokeWidth} along the polyline {@code xs[i], ys[i]}, solid when {@code dash} is null, else
     * dashed with the on and off lengths {@code dash[0], dash[1]} running on across its vertices. Solid strokes have
     * round joins; dashes end square at their ends (butt caps).
     */
    void stroke(double[] xs, double[] ys, double strokeWidth, double[] dash, int colour) {
        double half = strokeWidth / 2;
        if (dash == null) {
            for (int i = 0; i + 1 < xs.length; i++) segment(xs[i], ys[i], xs[i + 1], ys[i + 1], half, xs.length > 2);
        } else {
            dashes(xs, ys, half, dash[0], dash[1]);
        }
        blend(colour, 1f);
    }

    /** A straight stroke from {@code (x0, y0)} to {@code (x1, y1)}, ends square (butt caps). */
    void line(double x0, double y0, double x1, double y1, double strokeWidth, double[] dash, int colour) {
        stroke(new double[] {x0, x1}, new double[] {y0, y1}, strokeWidth, dash, colour);
    }

    /** A filled disc of radius {@code r} around {@code (cx, cy)}. */
    void disc(double cx, double cy, double r, int colour) {
        int x0 = Math.max(0, (int) Math.floor(cx - r - 1));
        int x1 = Math.min(width - 1, (int) Math.ceil(cx + r + 1));
        int y0 = Math.max(0, (int) Math.floor(cy - r - 1));
        int y1 = Math.min(height - 1, (int) Math.ceil(cy + r + 1));
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                double d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
                cover(x, y, (float) clamp(r + 0.5 - d));
            }
        }
        blend(colour, 1f);
    }

    /** The rectangle at {@code (x, y)}, {@code w} by {@code h}, filled with {@code colour} at {@code opacity}. */
    void fillRect(double x, double y, double w, double h, int colour, float opacity) {
        int x0 = Math.max(0, (int) Math.floor(x));
        int x1 = Math.min(width - 1, (int) Math.ceil(x + w) - 1);
        int y0 = Math.max(0, (int) Math.floor(y));
        int y1 = Math.min(height - 1, (int) Math.ceil(y + h) - 1);
        for (int py = y0; py <= y1; py++) {
            double cy = overlap(py, y, y + h);
            for (int px = x0; px <= x1; px++) cover(px, py, (float) (cy * overlap(px, x, x + w)));
        }
        blend(colour, opacity);
    }

    /** The outline of the rectangle at {@code (x, y)}, {@code w} by {@code h}, one stroke of {@code strokeWidth}. */
    void strokeRect(double x, double y, double w, double h, double strokeWidth, int colour) {
        double[] xs = {x, x + w, x + w, x, x};
        double[] ys = {y, y, y + h, y + h, y};
        stroke(xs, ys, strokeWidth, null, colour);
    }

    /** Colour of the pixel at {@code (x, y)}. */
    int pixel(int x, int y) {
        return rgb[y * width + x];
    }

    /** Adds one segment to the mask: capsule-shaped (round ends) for joins, else with square-cut ends. */
    private void segment(double x0, double y0, double x1, double y1, double half, boolean roundEnds) {
        double dx = x1 - x0;
        double dy = y1 - y0;
        double len = Math.hypot(dx, dy);
        if (len == 0) return;
        double ux = dx / len;
        double uy = dy / len;
        int bx0 = Math.max(0, (int) Math.floor(Math.min(x0, x1) - half - 1));
        int bx1 = Math.min(width - 1, (int) Math.ceil(Math.max(x0, x1) + half + 1));
        int by0 = Math.max(0, (int) Math.floor(Math.min(y0, y1) - half - 1));
        int by1 = Math.min(height - 1, (int) Math.ceil(Math.max(y0, y1) + half + 1));
        for (int y = by0; y <= by1; y++) {
            for (int x = bx0; x <= bx1; x++) {
                double px = x + 0.5 - x0;
                double py = y + 0.5 - y0;
                double along = px * ux + py * uy;
                double across = Math.abs(px * uy - py * ux);
                double c;
                if (roundEnds) {
                    double t = Math.max(0, Math.min(len, along));
                    c = clamp(half + 0.5 - Math.hypot(px - t * ux, py - t * uy));
                } else {
                    c = clamp(half + 0.5 - across) * clamp(Math.min(along, len - along) + 0.5);
                }
                cover(x, y, (float) c);
            }
        }
    }

    /** Adds the dashes of a polyline to the mask, the on/off pattern running on from one segment to the next. */
    private void dashes(double[] xs, double[] ys, double half, double on, double off) {
        double phase = 0; // distance into the current on+off period
        for (int i = 0; i + 1 < xs.length; i++) {
            double dx = xs[i + 1] - xs[i];
            double dy = ys[i + 1] - ys[i];
            double len = Math.hypot(dx, dy);
            double at = 0;
            while (at < len) {
                double step;
                if (phase < on) {
                    step = Math.min(on - phase, len - at);
                    double a = at / len;
                    double b = (at + step) / len;
                    segment(xs[i] + dx * a, ys[i] + dy * a, xs[i] + dx * b, ys[i] + dy * b, half, false);
                } else {
                    step = Math.min(on + off - phase, len - at);
                }
                at += step;
                phase += step;
                if (phase >= on + off) phase -= on + off;
            }
        }
    }

    private void cover(int x, int y, float c) {
        if (c <= 0) return;
        int i = y * width + x;
        if (c > mask[i]) mask[i] = c;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
    }

    /** Paints {@code colour} through the mask (times {@code opacity}) and clears the mask. */
    private void blend(int colour, float opacity) {
        int r = colour >> 16 & 0xff;
        int g = colour >> 8 & 0xff;
        int b = colour & 0xff;
        for (int y = minY; y <= maxY; y++) {
            for (int x = minX; x <= maxX; x++) {
                int i = y * width + x;
                float a = mask[i] * opacity;
                mask[i] = 0;
                if (a <= 0) continue;
                int d = rgb[i];
                int nr = Math.round(r * a + (d >> 16 & 0xff) * (1 - a));
                int ng = Math.round(g * a + (d >> 8 & 0xff) * (1 - a));
                int nb = Math.round(b * a + (d & 0xff) * (1 - a));
                rgb[i] = nr << 16 | ng << 8 | nb;
            }
        }
        clearBounds();
    }

    private void clearBounds() {
        minX = width;
        minY = height;
        maxX = -1;
        maxY = -1;
    }

    /** How much of the pixel span {@code [p, p+1)} lies in {@code [from, to)}. */
    private static double overlap(int p, double from, double to) {
        return Math.max(0, Math.min(p + 1, to) - Math.max(p, from));
    }

    private static double clamp(double v) {
        return v < 0 ? 0 : v > 1 ? 1 : v;
    }
}
