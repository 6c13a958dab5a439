package io.ncclscope.sdk.plot;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsParser;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class BusBwPlotTest {

    static final Path CAPTURE = Path.of("../examples/captured/h200-1gpu/tests/all_reduce.txt");

    static NcclTestsData parse(String text) {
        return new NcclTestsParser().parse(text).data();
    }

    static Document xml(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setExpandEntityReferences(false);
        f.setNamespaceAware(true);
        DocumentBuilder b = f.newDocumentBuilder();
        return b.parse(new InputSource(new StringReader(svg)));
    }

    static int count(Document d, String tag) {
        return d.getElementsByTagNameNS("http://www.w3.org/2000/svg", tag).getLength();
    }

    static List<String> texts(Document d) {
        NodeList nl = d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nl.getLength(); i++) out.add(nl.item(i).getTextContent());
        return out;
    }

    @Test
    void corpusTableGivesTwoSeriesAndTheExpectedLine() throws Exception {
        NcclTestsData d = parse(Corpus.read("nccl-tests/cscs-docs-nccl-gh200-2.txt"));
        String svg = BusBwPlot.svg(d, 192.0);
        Document doc = xml(svg);
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(count(doc, "polyline")).isEqualTo(2);
        assertThat(texts(doc)).contains("expected 192 GB/s", "out-of-place", "in-place", "8B", "1KB", "1MB", "16MB", "128MB",
                "busbw (GB/s)", "all_reduce_perf: busbw vs message size");
        assertThat(svg).contains("class=\"expected\"");
        // Every point of a polyline lies inside the plot area.
        NodeList pl = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "polyline");
        int points = ((Element) pl.item(0)).getAttribute("points").split(" ").length;
        assertThat(points).isEqualTo((int) d.rows().stream().filter(r -> r.size() > 0 && r.outOfPlace() != null
                && r.outOfPlace().busbw() != null).count());
        // Deterministic.
        assertThat(BusBwPlot.svg(d, 192.0)).isEqualTo(svg);
        // Without an expected plateau: no such line.
        assertThat(BusBwPlot.svg(d, null)).doesNotContain("expected");
    }

    @Test
    void abComparisonGivesOnePolylinePerSeriesAndALegend() throws Exception {
        NcclTestsData a = parse(Corpus.read("nccl-tests/awsome-distributed-training-p4de-1.txt"));
        NcclTestsData b = parse(Corpus.read("nccl-tests/awsome-distributed-training-p5-1.txt"));
        String svg = BusBwPlot.svg(List.of(new BusBwPlot.Series("A <p4de>", a), new BusBwPlot.Series("B & p5", b)),
                400.0, null);
        Document doc = xml(svg);
        int expected = 0;
        for (NcclTestsData d : List.of(a, b)) {
            if (d.rows().stream().anyMatch(r -> r.size() > 0 && r.outOfPlace() != null && r.outOfPlace().busbw() != null)) expected++;
            if (d.rows().stream().anyMatch(r -> r.size() > 0 && r.inPlace() != null && r.inPlace().busbw() != null)) expected++;
        }
        assertThat(expected).isGreaterThanOrEqualTo(2);
        assertThat(count(doc, "polyline")).isEqualTo(expected);
        assertThat(texts(doc)).contains("A <p4de> out-of-place", "B & p5 out-of-place", "expected 400 GB/s");
        assertThat(svg).contains("A &lt;p4de&gt;", "B &amp; p5");
    }

    @Test
    void ourOwnOneGpuCaptureRendersAndSaysWhyBusbwIsZero() throws Exception {
        NcclTestsData d = parse(Files.readString(CAPTURE, StandardCharsets.UTF_8));
        String svg = BusBwPlot.svg(d, 192.0);
        Document doc = xml(svg);
        assertThat(count(doc, "polyline")).isEqualTo(2);
        assertThat(texts(doc)).contains("8B", "1GB", "expected 192 GB/s");
        assertThat(svg).contains("busbw is 0");
        byte[] png = Png.render(d, 192.0);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(BusBwPlot.WIDTH);
        assertThat(img.getHeight()).isEqualTo(BusBwPlot.HEIGHT);
        assertThat(colours(img)).isGreaterThan(3);
    }

    @Test
    void pngDecodesAtTheRequestedSizeAndIsNotBlank() throws Exception {
        NcclTestsData d = parse(Corpus.read("nccl-tests/cscs-docs-nccl-gh200-2.txt"));
        byte[] png = Png.render(List.of(new BusBwPlot.Series(null, d)), 192.0, null, 640, 400);
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(640);
        assertThat(img.getHeight()).isEqualTo(400);
        assertThat(colours(img)).isGreaterThan(10);
        // The series colour (out-of-place blue) is somewhere on the image.
        assertThat(hasColour(img, 0x1f77b4)).isTrue();
        String out = System.getProperty("ncclscope.plot.out");
        if (out != null) {
            Files.createDirectories(Path.of(out));
            Files.write(Path.of(out, "busbw.png"), png);
            Files.writeString(Path.of(out, "busbw.svg"), BusBwPlot.svg(d, 192.0));
            NcclTestsData a = parse(Corpus.read("nccl-tests/awsome-distributed-training-p4de-1.txt"));
            NcclTestsData b = parse(Corpus.read("nccl-tests/awsome-distributed-training-p5-1.txt"));
            List<BusBwPlot.Series> ab = List.of(new BusBwPlot.Series("A p4de", a), new BusBwPlot.Series("B p5", b));
            Files.write(Path.of(out, "ab.png"), Png.render(ab, 400.0, null, 800, 480));
            Files.writeString(Path.of(out, "ab.svg"), BusBwPlot.svg(ab, 400.0, null));
            Files.write(Path.of(out, "h200-1gpu.png"), Png.render(parse(Files.readString(CAPTURE)), null));
            Files.write(Path.of(out, "empty.png"), Png.render(List.of(), null, null, 800, 480));
        }
    }

    @Test
    void emptyInputGivesAValidNoDataSvgAndPng() throws Exception {
        for (String svg : List.of(BusBwPlot.svg(List.of(), 192.0, null), BusBwPlot.svg(null, null, "t"),
                BusBwPlot.svg(parse(""), 10.0))) {
            Document doc = xml(svg);
            assertThat(count(doc, "polyline")).isZero();
            assertThat(texts(doc)).contains("no data");
            assertThat(svg).doesNotContain("expected");
        }
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Png.render(List.of(), null, null, 300, 200)));
        assertThat(img.getWidth()).isEqualTo(300);
        assertThat(colours(img)).isGreaterThan(1);
    }

    @Test
    void nullBusbwAndZeroSizeRowsAreSkippedAndOnePointIsFine() throws Exception {
        NcclTestsResult ok = new NcclTestsResult(10.0, 1.0, 150.0, 0L, null, null);
        NcclTestsResult none = new NcclTestsResult(null, null, null, null, null, null);
        List<NcclTestsRow> rows = List.of(
                new NcclTestsRow(0, 0L, "float", "sum", -1, ok, ok, null, null, 1),
                new NcclTestsRow(1L << 20, 1L, "float", "sum", -1, none, null, null, null, 2),
                new NcclTestsRow(1L << 30, 1L, "float", "sum", -1, ok, none, null, null, 3));
        NcclTestsData base = parse(Files.readString(CAPTURE, StandardCharsets.UTF_8));
        NcclTestsData d = new NcclTestsData(base.format(), "x<y>_perf", base.collective(), null, null, null, null, null,
                null, null, null, null, null, List.of(), null, List.of(), null, null, rows, null, null, null, null,
                List.of(), null, List.of(), List.of(), 0, false, false);
        String svg = BusBwPlot.svg(d, 150.0);
        Document doc = xml(svg);
        assertThat(count(doc, "polyline")).isEqualTo(1);
        assertThat(count(doc, "circle")).isEqualTo(1);
        assertThat(texts(doc)).contains("x<y>_perf: busbw vs message size", "1GB", "expected 150 GB/s");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Png.render(d, 150.0)));
        assertThat(colours(img)).isGreaterThan(3);
    }

    @Test
    void labelsAndNumbers() {
        assertThat(Chart.sizeLabel(3)).isEqualTo("8B");
        assertThat(Chart.sizeLabel(10)).isEqualTo("1KB");
        assertThat(Chart.sizeLabel(24)).isEqualTo("16MB");
        assertThat(Chart.sizeLabel(34)).isEqualTo("16GB");
        assertThat(Chart.number(192.0)).isEqualTo("192");
        assertThat(Chart.number(2.5)).isEqualTo("2.5");
        assertThat(Chart.number(0)).isEqualTo("0");
        assertThat(Chart.niceStep(37)).isEqualTo(50);
        assertThat(Chart.niceStep(0.21)).isEqualTo(0.25);
    }

    static int colours(BufferedImage img) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) seen.add(img.getRGB(x, y) & 0xffffff);
        }
        return seen.size();
    }

    static boolean hasColour(BufferedImage img, int rgb) {
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) if ((img.getRGB(x, y) & 0xffffff) == rgb) return true;
        }
        return false;
    }
}
