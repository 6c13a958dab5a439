package io.ncclscope.service;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

/** Writes the tar archives a hostile client sends: any name, folder or file, GNU long names, nothing checked. */
final class HostileArchives {

    private final ByteArrayOutputStream tar = new ByteArrayOutputStream();

    /** Adds a folder entry. */
    HostileArchives folder(String name) throws IOException {
        entry(name, '5', new byte[0]);
        return this;
    }

    /** Adds a file entry. */
    HostileArchives file(String name, String text) throws IOException {
        entry(name, '0', text.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    /** Adds a file entry whose name is the given bytes, exactly (bad UTF-8, NUL). */
    HostileArchives file(byte[] name, String text) throws IOException {
        header(name, '0', text.length());
        pad(text.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    /** The archive, ended. */
    byte[] tar() throws IOException {
        tar.write(new byte[1024]);
        return tar.toByteArray();
    }

    /** The archive, ended and gzipped. */
    byte[] tarGz() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(gz)) {
            o.write(tar());
        }
        return gz.toByteArray();
    }

    private void entry(String name, char type, byte[] content) throws IOException {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        if (n.length > 99) {
            byte[] longName = (name + "\0").getBytes(StandardCharsets.UTF_8);
            header("././@LongLink".getBytes(StandardCharsets.US_ASCII), 'L', longName.length);
            pad(longName);
            n = "long".getBytes(StandardCharsets.US_ASCII);
        }
        header(n, type, content.length);
        pad(content);
    }

    private void header(byte[] name, char type, long size) throws IOException {
        byte[] h = new byte[512];
        System.arraycopy(name, 0, h, 0, Math.min(name.length, 100));
        put(h, 100, "0000644\0");
        put(h, 108, "0000000\0");
        put(h, 116, "0000000\0");
        put(h, 124, String.format("%011o\0", size));
        put(h, 136, "00000000000\0");
        h[156] = (byte) type;
        put(h, 257, "ustar  \0");
        for (int i = 148; i < 156; i++) h[i] = ' ';
        long sum = 0;
        for (byte b : h) sum += b & 0xff;
        put(h, 148, String.format("%06o\0 ", sum));
        tar.write(h);
    }

    private void pad(byte[] content) throws IOException {
        tar.write(content);
        int rest = (512 - content.length % 512) % 512;
        tar.write(new byte[rest]);
    }

    private static void put(byte[] h, int off, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, h, off, b.length);
    }
}
