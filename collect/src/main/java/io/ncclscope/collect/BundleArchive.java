package io.ncclscope.collect;

import io.ncclscope.parsers.TextDecoding;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Lays files out in a folder for {@code Evidence.Builder.addPath}: plain files as they are, bundle archives
 * ({@code .tar}, {@code .tar.gz}, {@code .tgz}, {@code .zip}; one folder per node, as {@code collect --out F.tar.gz}
 * writes them) unpacked, a single {@code .gz} inflated. Guards against what an archive from elsewhere can do: paths
 * that leave the folder, links, more than {@code maxEntries} files and folders (folders count: a few bytes of tar.gz
 * can hold hundreds of thousands), more than {@code maxBytes} unpacked (an archive bomb), folders nested deeper than
 * {@code maxDepth}, names too long for a file system, names that are not text, and a file and a folder of the same
 * name; each is a {@link RejectedException} saying why, never a bare I/O error. A thread interrupted while unpacking
 * (a request that timed out) stops at the next entry or buffer with an {@link InterruptedIOException}. Used by
 * {@code ncclscope analyze} for archive arguments and by the REST service for uploads. Not thread-safe: one per
 * request.
 */
public final class BundleArchive {

    private final Path root;
    private final int maxEntries;
    private final long maxBytes;
    private final int maxDepth;
    private int entries;
    private long bytes;

    /** Folders an archive entry may be nested in, by default: a bundle is {@code bundle/node/sub/file}. */
    public static final int DEFAULT_MAX_DEPTH = 32;

    /** Longest name of one file or folder in an archive, in characters (what file systems take). */
    static final int MAX_NAME_CHARS = 255;

    /** Longest path of an archive entry, in characters. */
    static final int MAX_PATH_CHARS = 1024;

    /** Unpacks into {@code root} (created if needed) within the given limits and {@link #DEFAULT_MAX_DEPTH}. */
    public BundleArchive(Path root, int maxEntries, long maxBytes) throws IOException {
        this(root, maxEntries, maxBytes, DEFAULT_MAX_DEPTH);
    }

    /**
     * Unpacks into {@code root} (created if needed) within the given limits.
     *
     * @param root       the folder to unpack into
     * @param maxEntries most files and folders, all archives together
     * @param maxBytes   most bytes unpacked, all archives together
     * @param maxDepth   most folders one entry may be nested in
     * @throws IOException when {@code root} cannot be created
     */
    public BundleArchive(Path root, int maxEntries, long maxBytes, int maxDepth) throws IOException {
        this.root = Files.createDirectories(root);
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
        this.maxDepth = maxDepth;
    }

    /**
     * The bundle inside a folder an archive was unpacked into: an archive that wraps everything in one folder
     * ({@code bundle/node1/...}) has that folder as its bundle; a node folder (with {@code manifest.json},
     * {@code meta.txt} or {@code hostname}) is a bundle of one node.
     */
    public static Path bundleRoot(Path dir) throws IOException {
        Path d = dir;
        for (int depth = 0; depth < 8; depth++) {
            List<Path> children;
            try (Stream<Path> s = Files.list(d)) {
                children = s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
            }
            if (children.size() != 1 || !Files.isDirectory(children.get(0))) return d;
            if (Files.exists(d.resolve("meta.txt")) || Files.exists(d.resolve("hostname")) || Files.exists(d.resolve("manifest.json"))) return d;
            d = children.get(0);
        }
        return d;
    }

    /**
     * Deletes a folder an archive was unpacked into, with everything in it; nothing when it does not exist.
     *
     * @param dir the folder
     * @throws IOException when a file cannot be deleted (the rest is still tried first)
     */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        IOException failed = null;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    if (failed == null) failed = e;
                }
            }
        }
        if (failed != null) throw failed;
    }

    /** Whether {@code name} is an archive this class unpacks. */
    public static boolean isArchive(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith(".tar") || n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".zip");
    }

    /**
     * Adds one uploaded file named {@code name} (the client's file name) from {@code file}; returns the path it was
     * laid out at (a folder for an archive).
     */
    public Path add(String name, Path file) throws IOException {
        String base = safeName(name);
        String n = base.toLowerCase(Locale.ROOT);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            if (n.endsWith(".zip")) {
                Path dir = unique(strip(base, ".zip"));
                unzip(in, dir);
                return dir;
            }
            if (n.endsWith(".tar.gz") || n.endsWith(".tgz")) {
                Path dir = unique(strip(strip(base, ".gz"), n.endsWith(".tgz") ? ".tgz" : ".tar"));
                untar(new GZIPInputStream(in, 1 << 16), dir);
                return dir;
            }
            if (n.endsWith(".tar")) {
                Path dir = unique(strip(base, ".tar"));
                untar(in, dir);
                return dir;
            }
            if (n.endsWith(".gz")) {
                Path out = unique(strip(base, ".gz"));
                copy(new GZIPInputStream(in, 1 << 16), out);
                return out;
            }
            Path out = unique(base);
            copy(in, out);
            return out;
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new RejectedException(false, shown(name) + ": not a readable archive: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // ZipInputStream's answer to an entry name that is not UTF-8.
            throw new RejectedException(false, shown(name) + ": an entry name in it is not UTF-8 text");
        }
    }

    /** A name as a message may show it: control characters as {@code ?}, cut at 120 characters. */
    static String shown(String name) {
        String n = name == null ? "" : name.replaceAll("[\\x00-\\x1f\\x7f]", "?");
        return n.length() > 120 ? n.substring(0, 120) + "..." : n;
    }

    private static String strip(String s, String suffix) {
        return s.toLowerCase(Locale.ROOT).endsWith(suffix) ? s.substring(0, s.length() - suffix.length()) : s;
    }

    /** The last path segment, with nothing that could leave the folder or hide the file. */
    static String safeName(String name) {
        String n = name == null ? "" : name.replace('\\', '/');
        n = n.substring(n.lastIndexOf('/') + 1).strip();
        n = n.replaceAll("[\\x00-\\x1f]", "_");
        while (n.startsWith(".")) n = n.substring(1);
        return n.isEmpty() ? "upload" : n;
    }

    private Path unique(String name) {
        Path p = root.resolve(name);
        for (int i = 2; Files.exists(p); i++) p = root.resolve(name + "-" + i);
        return p;
    }

    private Path inside(Path dir, String entry) {
        String e = entry.replace('\\', '/');
        while (e.startsWith("/")) e = e.substring(1);
        if (e.indexOf('\0') >= 0) throw new RejectedException(false, "archive entry '" + shown(entry) + "' has a NUL character in its name");
        if (e.indexOf(TextDecoding.REPLACEMENT) >= 0) {
            throw new RejectedException(false, "archive entry '" + shown(entry) + "' has a name that is not UTF-8 text");
        }
        if (e.length() > MAX_PATH_CHARS) {
            throw new RejectedException(false, "archive entry '" + shown(entry) + "' has a path longer than " + MAX_PATH_CHARS + " characters");
        }
        int segments = 0;
        for (String segment : e.split("/")) {
            if (segment.length() > MAX_NAME_CHARS) {
                throw new RejectedException(false, "archive entry '" + shown(entry) + "' has a name longer than " + MAX_NAME_CHARS + " characters");
            }
            if (!segment.isEmpty() && !segment.equals(".")) segments++;
        }
        if (segments - 1 > maxDepth) { // the folders it is in
            throw new RejectedException(false, "archive entry '" + shown(entry) + "' is nested deeper than " + maxDepth + " folders");
        }
        Path p;
        try {
            p = dir.resolve(e).normalize();
        } catch (java.nio.file.InvalidPathException x) {
            throw new RejectedException(false, "archive entry '" + shown(entry) + "' has a name this system cannot hold");
        }
        if (!p.startsWith(dir)) throw new RejectedException(false, "archive entry '" + shown(entry) + "' points outside the archive");
        return p;
    }

    /** Counts one file or folder against the limit; stops here when the thread was interrupted (a timed-out request). */
    private void count() throws InterruptedIOException {
        if (Thread.currentThread().isInterrupted()) throw new InterruptedIOException("unpacking was cancelled");
        if (++entries > maxEntries) {
            throw new RejectedException(true, "the archive unpacks to more than " + maxEntries
                    + " files and folders");
        }
    }

    /** Lays out one folder entry. */
    private void folder(Path dir, String entry) throws IOException {
        count();
        Path p = inside(dir, entry);
        try {
            Files.createDirectories(p);
        } catch (java.nio.file.FileSystemException e) {
            throw clash(entry);
        }
    }

    /** Lays out one file entry. */
    private void file(InputStream in, Path dir, String entry) throws IOException {
        Path p = inside(dir, entry);
        if (p.equals(dir)) throw new RejectedException(false, "archive entry '" + shown(entry) + "' is a file named like the archive's own folder");
        try {
            copy(in, p);
        } catch (java.nio.file.FileSystemException e) {
            throw clash(entry);
        }
    }

    private static RejectedException clash(String entry) {
        return new RejectedException(false, "archive entry '" + shown(entry) + "' cannot be laid out: a file and a "
                + "folder of the same name, or the same file twice");
    }

    private void copy(InputStream in, Path out) throws IOException {
        count();
        Files.createDirectories(out.getParent());
        byte[] buf = new byte[1 << 16];
        try (OutputStream o = Files.newOutputStream(out, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
            int r;
            while ((r = in.read(buf)) > 0) {
                if (Thread.currentThread().isInterrupted()) throw new InterruptedIOException("unpacking was cancelled");
                bytes += r;
                if (bytes > maxBytes) {
                    throw new RejectedException(true, "the archive unpacks to more than " + maxBytes
                            + " bytes");
                }
                o.write(buf, 0, r);
            }
        }
    }

    private void unzip(InputStream raw, Path dir) throws IOException {
        Files.createDirectories(dir);
        ZipInputStream zin = new ZipInputStream(raw, StandardCharsets.UTF_8);
        ZipEntry e;
        boolean any = false;
        while ((e = zin.getNextEntry()) != null) {
            any = true;
            if (e.isDirectory()) {
                folder(dir, e.getName());
            } else {
                file(zin, dir, e.getName());
            }
        }
        if (!any) throw new RejectedException(false, dir.getFileName() + ".zip: empty or not a zip archive");
    }

    /** A ustar/GNU tar reader: regular files and folders; links and devices are skipped; GNU long names honoured. */
    private void untar(InputStream in, Path dir) throws IOException {
        Files.createDirectories(dir);
        byte[] header = new byte[512];
        String longName = null;
        boolean any = false;
        while (true) {
            if (!readFully(in, header)) {
                if (!any) throw new RejectedException(false, dir.getFileName() + ": empty or not a tar archive");
                return;
            }
            if (allZero(header)) return;
            if (!checksumOk(header)) throw new RejectedException(false, dir.getFileName() + ": not a tar archive (bad header checksum)");
            any = true;
            String name = cstr(header, 0, 100);
            String prefix = cstr(header, 345, 155);
            if (!prefix.isEmpty() && header[257] == 'u') name = prefix + "/" + name;
            long size = octal(header, 124, 12);
            char type = (char) header[156];
            if (longName != null) {
                name = longName;
                longName = null;
            }
            if (type == 'L') {
                if (size > 1 << 16) throw new RejectedException(false, "tar long name too long");
                byte[] b = new byte[(int) size];
                if (!readFully(in, b)) throw new RejectedException(false, "truncated tar archive");
                skip(in, pad(size) - size);
                longName = cstr(b, 0, b.length);
                continue;
            }
            if (type == '0' || type == '\0' || type == '7') {
                file(new Bounded(in, size), dir, name);
                skip(in, pad(size) - size);
            } else {
                if (type == '5') folder(dir, name);
                skip(in, pad(size));
            }
        }
    }

    private static long pad(long size) {
        return (size + 511) / 512 * 512;
    }

    private static boolean readFully(InputStream in, byte[] b) throws IOException {
        int off = 0;
        while (off < b.length) {
            int r = in.read(b, off, b.length - off);
            if (r < 0) {
                if (off == 0) return false;
                throw new RejectedException(false, "truncated tar archive");
            }
            off += r;
        }
        return true;
    }

    private static void skip(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) throw new RejectedException(false, "truncated tar archive");
                s = 1;
            }
            left -= s;
        }
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) if (x != 0) return false;
        return true;
    }

    private static boolean checksumOk(byte[] h) {
        long want = octal(h, 148, 8);
        long sum = 0;
        for (int i = 0; i < 512; i++) sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xff);
        return sum == want;
    }

    private static String cstr(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) end++;
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] b, int off, int len) {
        if ((b[off] & 0x80) != 0) { // GNU base-256 for sizes over 8 GiB
            long v = b[off] & 0x7f;
            for (int i = 1; i < len; i++) v = (v << 8) | (b[off + i] & 0xff);
            return v;
        }
        long v = 0;
        for (int i = off; i < off + len; i++) {
            byte c = b[i];
            if (c == 0 || c == ' ') {
                if (v > 0) break;
                continue;
            }
            if (c < '0' || c > '7') throw new RejectedException(false, "not a tar archive (bad number in a header)");
            v = v * 8 + (c - '0');
        }
        return v;
    }

    /** The next {@code n} bytes of a stream, no more. */
    private static final class Bounded extends InputStream {
        private final InputStream in;
        private long left;

        Bounded(InputStream in, long n) {
            this.in = in;
            this.left = n;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) return -1;
            int r = in.read();
            if (r >= 0) left--;
            return r;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) return -1;
            int r = in.read(b, off, (int) Math.min(len, left));
            if (r > 0) left -= r;
            if (r < 0) throw new RejectedException(false, "truncated tar archive");
            return r;
        }
    }

    /** An archive this class will not unpack: unreadable, unsafe, or over a limit. */
    public static final class RejectedException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final boolean tooLarge;

        /**
         * @param tooLarge true when a limit was passed (files or bytes), false when the archive is unreadable or unsafe
         * @param message  what is wrong, naming the archive or entry
         */
        public RejectedException(boolean tooLarge, String message) {
            super(message);
            this.tooLarge = tooLarge;
        }

        /** {@return true when a limit was passed (files or bytes), false when the archive is unreadable or unsafe} */
        public boolean tooLarge() {
            return tooLarge;
        }
    }
}
