package io.ncclscope.sdk.plot;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsParser;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

/** Our PNG read back with {@code java.util.zip} alone: chunks, CRCs, header, scanlines and pixels. */
class PngEncoderTest {

    @Test
    void smallImageRoundTripsPixelForPixel() throws Exception {
        int[] pixels = {0xff0000, 0x00ff00, 0x0000ff, 0xffffff, 0x000000, 0x1f77b4};
        Decoded d = decode(PngEncoder.encode(pixels, 3, 2));
        assertThat(d.width).isEqualTo(3);
        assertThat(d.height).isEqualTo(2);
        assertThat(d.rgb).containsExactly(pixels);
    }

    @Test
    void renderedPlotIsAValidPngOfTheRequestedSizeWithTheChartsColours() throws Exception {
        NcclTestsData data = new NcclTestsParser().parse(Corpus.read("nccl-tests/cscs-docs-nccl-gh200-2.txt")).data();
        List<BusBwPlot.Series> series = List.of(new BusBwPlot.Series(null, data));
        byte[] png = Png.render(series, 192.0, null, 640, 400);

        Decoded d = decode(png);
        assertThat(d.width).isEqualTo(640);
        assertThat(d.height).isEqualTo(400);
        assertThat(d.pixel(0, 0)).as("background").isEqualTo(0xffffff);
        Chart c = new Chart(series, 192.0, null, 640, 400);
        // In-place (orange, dashed) is painted last, over out-of-place (blue) where the two meet.
        Chart.Line inPlace = c.lines.get(1);
        assertThat(inPlace.colour()).isEqualTo("#ff7f0e");
        Chart.Pt first = inPlace.pts().get(0);
        assertThat(d.pixel((int) first.x(), (int) first.y())).as("centre of the first point").isEqualTo(0xff7f0e);
        Chart.Pt last = inPlace.pts().get(inPlace.pts().size() - 1);
        assertThat(d.pixel((int) last.x(), (int) last.y())).as("centre of the last point").isEqualTo(0xff7f0e);
        boolean blue = false;
        for (int p : d.rgb) blue |= p == 0x1f77b4;
        assertThat(blue).as("the out-of-place series' blue").isTrue();
        int expectedRow = (int) Math.floor(c.expectedY);
        boolean dashGrey = false;
        for (int x = (int) c.left; x < c.right; x++) {
            int p = d.pixel(x, expectedRow);
            if (p != 0xffffff && (p >> 16 & 0xff) == (p & 0xff) && (p >> 8 & 0xff) == (p & 0xff) && (p & 0xff) < 0xc0) {
                dashGrey = true;
            }
        }
        assertThat(dashGrey).as("the expected line's grey dashes on row %d", expectedRow).isTrue();
        assertThat(Png.render(series, 192.0, null, 640, 400)).as("the same chart gives the same bytes").isEqualTo(png);
    }

    /** The pixels of a PNG this package writes (8-bit RGB, not interlaced), every chunk's CRC checked. */
    private static Decoded decode(byte[] png) throws DataFormatException {
        ByteBuffer in = ByteBuffer.wrap(png);
        byte[] signature = new byte[8];
        in.get(signature);
        assertThat(signature).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        int width = 0;
        int height = 0;
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        boolean end = false;
        while (!end) {
            int length = in.getInt();
            byte[] type = new byte[4];
            in.get(type);
            byte[] data = new byte[length];
            in.get(data);
            CRC32 crc = new CRC32();
            crc.update(type);
            crc.update(data);
            assertThat(in.getInt()).as("CRC of %s", new String(type, StandardCharsets.US_ASCII)).isEqualTo((int) crc.getValue());
            switch (new String(type, StandardCharsets.US_ASCII)) {
                case "IHDR" -> {
                    ByteBuffer h = ByteBuffer.wrap(data);
                    width = h.getInt();
                    height = h.getInt();
                    assertThat(data[8]).as("bit depth").isEqualTo((byte) 8);
                    assertThat(data[9]).as("colour type RGB").isEqualTo((byte) 2);
                    assertThat(data[12]).as("not interlaced").isZero();
                }
                case "IDAT" -> idat.writeBytes(data);
                case "IEND" -> end = true;
                default -> {
                }
            }
        }
        assertThat(in.hasRemaining()).as("bytes after IEND").isFalse();
        Inflater inflater = new Inflater();
        inflater.setInput(idat.toByteArray());
        int stride = 1 + 3 * width;
        byte[] raw = new byte[stride * height];
        int n = 0;
        while (n < raw.length && !inflater.finished()) n += inflater.inflate(raw, n, raw.length - n);
        assertThat(n).as("scanline bytes").isEqualTo(raw.length);
        inflater.end();
        int[] rgb = new int[width * height];
        for (int y = 0; y < height; y++) {
            int filter = raw[y * stride];
            assertThat(filter).as("filter of row %d: None or Sub", y).isBetween(0, 1);
            int[] prev = {0, 0, 0};
            for (int x = 0; x < width; x++) {
                int[] px = new int[3];
                for (int k = 0; k < 3; k++) {
                    int v = raw[y * stride + 1 + 3 * x + k] & 0xff;
                    px[k] = filter == 1 ? (v + prev[k]) & 0xff : v;
                }
                prev = px;
                rgb[y * width + x] = px[0] << 16 | px[1] << 8 | px[2];
            }
        }
        return new Decoded(width, height, rgb);
    }

    private record Decoded(int width, int height, int[] rgb) {
        int pixel(int x, int y) {
            return rgb[y * width + x];
        }
    }
}
