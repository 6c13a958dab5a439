package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real headless browser (Debian's {@code chromium}; CI installs it, see {@code .ci/run}): the page
 * loads with no console message (no script error, no blocked resource: the page's policy forbids every fetch, so any
 * attempt would be logged), and its screenshot shows the verdict banner at the top and the busbw curve below it. Skips
 * where chromium is absent. Another browser binary can be named with {@code -Dncclscope.chromium=PATH}.
 */
class HtmlReportBrowserTest {

    static final int WIDTH = 1280, HEIGHT = 1400;
    /** Chromium logs every console message of the page as {@code ...:INFO:CONSOLE:12] "message", source: ...}. */
    static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(]|Uncaught|Failed to load resource|Refused to");

    static String chromium;

    @BeforeAll
    static void findChromium() {
        String given = System.getProperty("ncclscope.chromium");
        if (given != null && !given.isBlank()) {
            chromium = given;
            return;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    chromium = p.toString();
                    return;
                }
            }
        }
    }

    record Shot(BufferedImage image, List<String> console) {
    }

    /** Opens {@code html} in headless chromium and returns its screenshot and the console lines of its log. */
    static Shot open(String html, Path tmp) throws IOException, InterruptedException {
        assumeTrue(chromium != null, "chromium is not installed (apt-get install -y chromium; .ci/run installs it): "
                + "the HTML report is not opened in a browser");
        Path page = tmp.resolve("report.html");
        Files.writeString(page, html, StandardCharsets.UTF_8);
        Path png = tmp.resolve("report.png");
        Path log = tmp.resolve("chromium.log");
        List<String> cmd = List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--user-data-dir=" + tmp.resolve("profile"), "--enable-logging=stderr",
                // the screenshot once every compositor stage has drawn and the page's tasks have run: without them
                // chromium at times shot a page painted down to the plot's top only (1 run in 5 under load)
                "--run-all-compositor-stages-before-draw", "--virtual-time-budget=5000", "--screenshot=" + png, "--window-size=" + WIDTH + "," + HEIGHT, page.toUri().toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 120 s: " + Files.readString(log));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(png).as("chromium wrote no screenshot (exit %d): %s", p.exitValue(), out).exists();
        List<String> console = new ArrayList<>();
        for (String line : out.split("\n")) if (CONSOLE.matcher(line).find()) console.add(line);
        return new Shot(ImageIO.read(png.toFile()), console);
    }

    static boolean near(int rgb, int colour, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xff) - ((colour >> shift) & 0xff)) > tolerance) return false;
        }
        return true;
    }

    static int colour(String hex) {
        return Integer.parseInt(hex.substring(1), 16);
    }

    /** Pixels of {@code colour} in the rows {@code [y0, y1)}. */
    static int count(BufferedImage img, int colour, int y0, int y1) {
        int n = 0;
        for (int y = y0; y < Math.min(y1, img.getHeight()); y++) {
            for (int x = 0; x < img.getWidth(); x++) if (near(img.getRGB(x, y), colour, 10)) n++;
        }
        return n;
    }

    @Test
    void reportOfARealSlowRunOpensCleanAndShowsTheVerdictAndTheCurve(@TempDir Path tmp) throws Exception {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve(FinalReportTest.SLOW)).build();
        FinalReport r = NcclScope.report(e, Locale.ENGLISH);
        assertThat(r.plots()).hasSize(1);
        Shot s = open(Renderers.html(r), tmp);
        assertThat(s.console()).as("console messages of the page").isEmpty();
        BufferedImage img = s.image();
        assertThat(img.getWidth()).isEqualTo(WIDTH);
        int banner = colour(FinalHtml.PROBLEMS_COLOUR);
        // The banner: the top rows are the verdict colour across the page (white text aside).
        int top = count(img, banner, 0, 100);
        assertThat(top).as("banner pixels in the top 100 rows").isGreaterThan(WIDTH * 100 * 6 / 10);
        assertThat(count(img, colour(FinalHtml.HEALTHY_COLOUR), 0, 100)).isZero();
        // The curve: out-of-place busbw is drawn in the first palette colour, below the banner, spanning the plot.
        int curve = colour("#1f77b4");
        int minX = Integer.MAX_VALUE, maxX = -1, minY = Integer.MAX_VALUE, n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (!near(img.getRGB(x, y), curve, 24)) continue;
                n++;
                minX = Math.min(minX, x);
                maxX = Math.max(maxX, x);
                minY = Math.min(minY, y);
            }
        }
        assertThat(n).as("curve pixels").isGreaterThan(400);
        assertThat(minY).as("top of the curve colour").isGreaterThan(160);
        assertThat(maxX - minX).as("width spanned by the curve colour").isGreaterThan(500);
        // Nothing of the banner colour below the banner but text of slow segments: the plot region is free of it.
        assertThat(count(img, banner, minY, minY + 300)).isLessThan(2000);
    }

    @Test
    void healthyReportShowsAGreenBanner(@TempDir Path tmp) throws Exception {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve(FinalReportTest.HEALTHY)).build();
        FinalReport r = NcclScope.report(e, Locale.SIMPLIFIED_CHINESE);
        Shot s = open(Renderers.html(r), tmp);
        assertThat(s.console()).isEmpty();
        assertThat(count(s.image(), colour(FinalHtml.HEALTHY_COLOUR), 0, 100)).isGreaterThan(WIDTH * 100 * 6 / 10);
        assertThat(count(s.image(), colour("#1f77b4"), 100, HEIGHT)).isGreaterThan(400);
    }

    @Test
    void theConsoleCheckSeesABrokenPage(@TempDir Path tmp) throws Exception {
        // The same head as the report, with a script and an external image: both must show up as console lines.
        String broken = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" "
                + "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\"><title>x</title></head><body>"
                + "<img src=\"http://example.invalid/x.png\"><script>console.error('boom')</script></body></html>";
        Shot s = open(broken, tmp);
        assertThat(s.console()).hasSizeGreaterThanOrEqualTo(2);
    }
}
