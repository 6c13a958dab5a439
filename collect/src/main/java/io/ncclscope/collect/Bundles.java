package io.ncclscope.collect;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a bundle folder as a POSIX tar stream (ustar, with a pax header for names over 100 bytes), optionally
 * gzip-compressed, so {@code ncclscope collect --out - | tar -x} and {@code kubectl exec ... | tar -x} work with
 * nothing but the JDK on the node. Entries are sorted and carry the manifest's time, so two tars of one bundle are
 * byte-identical. Thread-safe (stateless).
 */
public final class Bundles {

    private static final int BLOCK = 512;

    private Bundles() {
    }

    /**
     * Writes every regular file under {@code dir} as {@code prefix/relative/path}; hidden files are left out.
     *
     * @param prefix  the folder name entries are put in (the node name); empty for none
     * @param mtime   entry time in seconds since the epoch
     * @param gzip    whether to gzip the stream
     */
    public static void tar(Path dir, String prefix, long mtime, OutputStream out, boolean gzip) throws IOException {
        OutputStream o = gzip ? new GZIPOutputStream(out, 1 << 16) : out;
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile)
                    .filter(p -> !dir.relativize(p).toString().startsWith(".") && !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
        String pre = prefix == null || prefix.isEmpty() ? "" : prefix.replace('/', '_') + "/";
        if (!pre.isEmpty()) header(o, pre, 0, mtime, '5');
        byte[] buf = new byte[1 << 16];
        for (Path f : files) {
            String name = pre + dir.relativize(f).toString().replace('\\', '/');
            long size = Files.size(f);
            header(o, name, size, mtime, '0');
            long written = 0;
            try (var in = Files.newInputStream(f)) {
                for (int n; written < size && (n = in.read(buf, 0, (int) Math.min(buf.length, size - written))) > 0; ) {
                    o.write(buf, 0, n);
                    written += n;
                }
            }
            // A file that shrank while being read is padded to its announced size.
            while (written < size) {
                o.write(0);
                written++;
            }
            pad(o, size);
        }
        o.write(new byte[BLOCK * 2]);
        if (gzip) ((GZIPOutputStream) o).finish();
        o.flush();
    }

    private static void header(OutputStream o, String name, long size, long mtime, char type) throws IOException {
        byte[] nb = name.getBytes(StandardCharsets.UTF_8);
        if (nb.length > 100) {
            // pax extended header: "len path=NAME\n", the length counting itself.
            String body = " path=" + name + "\n";
            int len = body.getBytes(StandardCharsets.UTF_8).length;
            int total = len + Integer.toString(len).length();
            if (Integer.toString(total).length() != Integer.toString(len).length()) total++;
            byte[] rec = (total + body).getBytes(StandardCharsets.UTF_8);
            header(o, "PaxHeader/" + Integer.toHexString(name.hashCode()), rec.length, mtime, 'x');
            o.write(rec);
            pad(o, rec.length);
            nb = java.util.Arrays.copyOf(nb, 100);
        }
        byte[] h = new byte[BLOCK];
        System.arraycopy(nb, 0, h, 0, Math.min(100, nb.length));
        // Owner only, as collect writes the folder: a bundle is nothing for other users of a shared node.
        octal(h, 100, 8, type == '5' ? 0700 : 0600);
        octal(h, 108, 8, 0);
        octal(h, 116, 8, 0);
        octal(h, 124, 12, size);
        octal(h, 136, 12, mtime);
        for (int i = 148; i < 156; i++) h[i] = ' ';
        h[156] = (byte) type;
        System.arraycopy("ustar\u000000".getBytes(StandardCharsets.US_ASCII), 0, h, 257, 8);
        System.arraycopy("root".getBytes(StandardCharsets.US_ASCII), 0, h, 265, 4);
        System.arraycopy("root".getBytes(StandardCharsets.US_ASCII), 0, h, 297, 4);
        long sum = 0;
        for (byte b : h) sum += b & 0xff;
        octal(h, 148, 7, sum);
        h[155] = ' ';
        o.write(h);
    }

    private static void octal(byte[] h, int off, int len, long v) {
        String s = Long.toOctalString(v);
        if (s.length() > len - 1) throw new IllegalArgumentException("value too large for a tar header: " + v);
        s = "0".repeat(len - 1 - s.length()) + s;
        System.arraycopy(s.getBytes(StandardCharsets.US_ASCII), 0, h, off, len - 1);
        h[off + len - 1] = 0;
    }

    private static void pad(OutputStream o, long size) throws IOException {
        int r = (int) (size % BLOCK);
        if (r != 0) o.write(new byte[BLOCK - r]);
    }
}
