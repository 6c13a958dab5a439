package io.ncclscope.sdk.plot;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes 8-bit RGB pixels as a PNG file (ISO/IEC 15948): the signature, an {@code IHDR} chunk, one zlib-compressed
 * {@code IDAT} chunk of the scanlines (each with filter type 1, Sub, which suits the flat areas of a chart) and
 * {@code IEND}. Only {@code java.util.zip}; the same pixels always give the same bytes.
 */
final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** Colour type 2: each pixel an R, G, B triple. */
    private static final int COLOUR_TYPE_RGB = 2;
    /** Scanline filter type 1: each byte minus the byte one pixel to its left. */
    private static final int FILTER_SUB = 1;

    private PngEncoder() {
    }

    /**
     * {@return the PNG bytes of an image}
     *
     * @param rgb    pixels, row by row from the top, each {@code 0xRRGGBB}
     * @param width  pixels per row
     * @param height rows
     */
    static byte[] encode(int[] rgb, int width, int height) {
        if (width <= 0 || height <= 0 || rgb.length != width * height) {
            throw new IllegalArgumentException("bad image size " + width + "x" + height + " for " + rgb.length + " pixels");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(SIGNATURE);
        byte[] header = new byte[13];
        putInt(header, 0, width);
        putInt(header, 4, height);
        header[8] = 8; // bits per sample
        header[9] = COLOUR_TYPE_RGB;
        // compression 0 (deflate), filter method 0, interlace 0: the three bytes stay zero
        chunk(out, "IHDR", header);
        chunk(out, "IDAT", deflate(scanlines(rgb, width, height)));
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    /** The filtered image data: per row a filter byte, then the row's bytes minus those of the pixel before. */
    private static byte[] scanlines(int[] rgb, int width, int height) {
        int stride = 1 + 3 * width;
        byte[] raw = new byte[stride * height];
        for (int y = 0; y < height; y++) {
            int at = y * stride;
            raw[at++] = FILTER_SUB;
            int left = 0;
            for (int x = 0; x < width; x++) {
                int p = rgb[y * width + x];
                raw[at++] = (byte) ((p >> 16) - (left >> 16));
                raw[at++] = (byte) ((p >> 8) - (left >> 8));
                raw[at++] = (byte) (p - left);
                left = p;
            }
        }
        return raw;
    }

    /** {@code data} in the zlib format ({@link Deflater} without {@code nowrap}), as IDAT holds it. */
    private static byte[] deflate(byte[] data) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            deflater.setInput(data);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 8 + 64);
            byte[] buf = new byte[16 * 1024];
            while (!deflater.finished()) {
                int n = deflater.deflate(buf);
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /** Length, type, data and the CRC-32 of type and data. */
    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] four = new byte[4];
        putInt(four, 0, data.length);
        out.writeBytes(four);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(name);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        putInt(four, 0, (int) crc.getValue());
        out.writeBytes(four);
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
