package io.ncclscope.parsers.internal;

import io.ncclscope.parsers.ParseWarning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The lines of a UTF-8 file, cut into line-aligned chunks that threads read, decode and clean at once, handed back in
 * order: the same lines, line numbers, cut-line warnings and replacement counts as a {@link LineSource} over the
 * file's decoded text, so a parser fed by it gives the same result, only sooner on several cores.
 *
 * <p>Chunk {@code k} holds the lines that start in bytes {@code [k * chunkBytes, (k + 1) * chunkBytes)} of the text:
 * it starts after the first {@code \n} at or after its first byte (the line before belongs to the chunk before) and
 * runs to the first line start at or after its end. A {@code \n} byte is never part of a multi-byte UTF-8 sequence
 * and ends any invalid one, so decoding a chunk alone gives the characters the whole file's decoder gives for those
 * bytes; and after a {@code \n} the cleaning of {@link LineSource} starts afresh (no escape sequence or CR carries
 * over a line end). A line of plain printable ASCII (most of a log) becomes a string straight from its bytes; any
 * other line is decoded and cleaned character by character exactly as {@link LineSource} does.
 *
 * <p>A parser may also hand its stateless per-line work to the chunk threads ({@link LineMapper}): each line then
 * comes with {@code width} longs that the mapper wrote for it ({@link #fact}), computed while the chunk was read and
 * kept beside its lines ({@code 8 * width} bytes a line). A parser that learns from the facts all that the next lines
 * would tell it passes over them ({@link #skip}); a line the mapper expects to be passed over
 * ({@link LineMapper#textMayWait}) keeps only its place in the chunk's bytes, and becomes a string if it is read.
 *
 * <p>Memory: at most {@code threads + 2} chunks are read ahead, each at most {@code maxChunkBytes}; a chunk that would
 * be longer (a line of more than {@code maxChunkBytes - chunkBytes} bytes) stops the read with
 * {@link ChunkTooLongException}, and the caller reads the file in one stream instead. Not thread-safe: one consumer.
 */
public final class ChunkedLines implements Lines, AutoCloseable {

    /** A chunk would hold a line too long to read whole: read the file as one stream instead. */
    public static final class ChunkTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        ChunkTooLongException(long offset) {
            super("a line at byte " + offset + " is too long to read in chunks");
        }
    }

    private final FileText text;
    private final Warnings warnings;
    private final int maxLineLength;
    private final Supplier<? extends LineMapper> mappers;
    private final int width;
    private final FileChannel channel;
    private final ExecutorService pool;
    private final ArrayDeque<Future<Chunk>> ahead = new ArrayDeque<>();
    private final int window;
    private final long chunkCount;
    private long submitted;
    private Chunk current;
    /** The index in the current chunk of the line after the one last returned. */
    private int index;
    private int cutIndex;
    /** The index of the current chunk's next cut line; -1 when none is left. */
    private int nextCut = -1;
    private int lineNo;
    private long newlinesBefore;

    ChunkedLines(FileText text, Warnings warnings, int maxLineLength, Supplier<? extends LineMapper> mappers, int width)
            throws IOException {
        this.text = text;
        this.warnings = warnings;
        this.maxLineLength = maxLineLength;
        this.mappers = mappers;
        this.width = mappers == null ? 0 : width;
        this.channel = FileChannel.open(text.file(), StandardOpenOption.READ);
        long bytes = text.size() - text.start();
        this.chunkCount = bytes <= 0 ? 0 : (bytes + text.chunkBytes() - 1) / text.chunkBytes();
        int threads = Math.max(1, text.threads());
        this.window = threads + 2;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ncclscope-chunk");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public String next() throws IOException {
        while (current == null || index >= current.count) {
            if (!advance()) return null;
        }
        return take();
    }

    /** Returns the current chunk's next line, counting it and warning when it was cut. */
    private String take() {
        String line = current.text(index);
        lineNo++;
        if (index == nextCut) {
            cutIndex++;
            nextCut = cutIndex < current.cut.size() ? current.cut.get(cutIndex) : -1;
            warnings.add(ParseWarning.warning(lineNo, "line longer than " + maxLineLength + " characters was cut", line));
        }
        index++;
        return line;
    }

    @Override
    public int lineNumber() {
        return lineNo;
    }

    /**
     * {@return fact {@code k} (0 to {@code width - 1}) that the {@link LineMapper} wrote for the line last returned by
     * {@link #next}; 0 when it wrote none or there is no mapper}
     *
     * @param k which fact
     */
    public long fact(int k) {
        return width == 0 ? 0 : current.facts[(index - 1) * width + k];
    }

    /**
     * {@return fact {@code k} of the line {@code i} lines after the one last returned by {@link #next} (0: that line)}
     *
     * @param i how many lines after it, at most {@link #leftInChunk}
     * @param k which fact
     */
    public long factAhead(int i, int k) {
        if (i < 0 || i > leftInChunk()) throw new IllegalArgumentException("no line " + i + " ahead in the chunk");
        return width == 0 ? 0 : current.facts[(index - 1 + i) * width + k];
    }

    /** {@return the text of the line last returned by {@link #next} or passed over by {@link #skip}} */
    public String text() {
        return current.text(index - 1);
    }

    /**
     * {@return how many of the lines after the one last returned by {@link #next} are in its chunk} A parser that knows
     * from their facts what those lines would tell it may {@link #skip} them.
     */
    public int leftInChunk() {
        return current == null ? 0 : current.count - index;
    }

    /**
     * Passes over the next {@code n} lines as if {@link #next} had returned them, with their cut-line warnings.
     *
     * @param n how many lines, at most {@link #leftInChunk}
     * @throws IllegalArgumentException when fewer lines are left in the chunk
     */
    public void skip(int n) {
        if (n < 0 || n > leftInChunk()) throw new IllegalArgumentException("cannot skip " + n + " lines");
        if (n == 0) return;
        if (nextCut < 0 || nextCut >= index + n) {
            index += n;
            lineNo += n;
            return;
        }
        for (int i = 0; i < n; i++) take();
    }

    /** Takes the next chunk in order, keeping {@link #window} chunks read ahead; false after the last. */
    private boolean advance() throws IOException {
        while (submitted < chunkCount && ahead.size() < window) {
            long k = submitted++;
            ahead.add(pool.submit(() -> read(k)));
        }
        Future<Chunk> f = ahead.poll();
        if (f == null) return false;
        Chunk c;
        try {
            c = f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + text.file());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) throw io;
            if (cause instanceof RuntimeException re) throw re;
            if (cause instanceof Error err) throw err;
            throw new IOException(cause);
        }
        if (c.replaced > 0) text.noteReplacements(c.replaced, newlinesBefore + c.newlinesBeforeReplacement + 1);
        newlinesBefore += c.newlines;
        text.noteBytesRead(c.bytes);
        current = c;
        index = 0;
        cutIndex = 0;
        nextCut = c.cut.isEmpty() ? -1 : c.cut.get(0);
        return true;
    }

    @Override
    public void close() throws IOException {
        pool.shutdownNow();
        channel.close();
    }

    /**
     * One chunk's lines with the facts its mapper wrote for them, the indexes of the lines that were cut, and what
     * {@code Parsers} counts of its characters.
     */
    private static final class Chunk {
        String[] lines;
        int count;
        final List<Integer> cut = new ArrayList<>(0);
        final LineMapper mapper;
        final int width;
        /** Line {@code i}'s facts are {@code facts[i * width]} and after; zeros where the mapper wrote none. */
        long[] facts;
        /** Where a line whose string was left for later lies in {@link #bytesOfLines}: its first byte, then its end. */
        long[] spans;
        /** The chunk's bytes, kept when a line's string was left for later. */
        byte[] bytesOfLines;
        long bytes;
        long newlines;
        long replaced;
        long newlinesBeforeReplacement;

        /** A chunk of about {@code expectedLines} lines. */
        Chunk(LineMapper mapper, int width, int expectedLines) {
            this.mapper = mapper;
            this.width = mapper == null ? 0 : width;
            this.lines = new String[Math.max(16, expectedLines)];
            this.facts = new long[lines.length * this.width];
            this.spans = new long[mapper == null ? 0 : lines.length];
        }

        /** Adds a line that was decoded and cleaned. */
        void add(String line) {
            int i = slot();
            lines[i] = line;
            if (mapper == null) return;
            byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
            int at = i * width;
            if (!mapper.map(b, 0, b.length, facts, at)) Arrays.fill(facts, at, at + width, 0L);
        }

        /**
         * Adds a line of plain printable ASCII, bytes {@code [from, to)} of {@code buf}: its string is made now, or,
         * when the mapper says its text may wait, when it is first asked for ({@link #text}).
         */
        void add(byte[] buf, int from, int to) {
            int i = slot();
            if (mapper != null) {
                int at = i * width;
                if (!mapper.map(buf, from, to, facts, at)) {
                    Arrays.fill(facts, at, at + width, 0L);
                } else if (mapper.textMayWait()) {
                    bytesOfLines = buf;
                    spans[i] = (long) from << 32 | to;
                    return;
                }
            }
            lines[i] = new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
        }

        /** The text of line {@code i}, made from its bytes if it was left for later. */
        String text(int i) {
            String line = lines[i];
            if (line != null) return line;
            long span = spans[i];
            int from = (int) (span >>> 32);
            return new String(bytesOfLines, from, (int) span - from, StandardCharsets.ISO_8859_1);
        }

        /** The index of a new line, the arrays grown by half when full. */
        private int slot() {
            if (count == lines.length) {
                lines = Arrays.copyOf(lines, count + (count >> 1));
                if (mapper != null) spans = Arrays.copyOf(spans, lines.length);
                facts = Arrays.copyOf(facts, lines.length * width);
            }
            return count++;
        }
    }

    /** Reads, decodes and cleans chunk {@code k}; runs on a pool thread. */
    private Chunk read(long k) throws IOException {
        long base = text.start();
        long end = text.size();
        long from = base + k * text.chunkBytes();
        long to = Math.min(end, from + text.chunkBytes());
        LineMapper mapper = mappers == null ? null : mappers.get();
        long s = from == base ? from : lineStart(from, to);
        if (s >= to) return new Chunk(mapper, width, 0); // no line starts here: the chunk before holds them
        long e = to == end ? end : lineStart(to, s + text.maxChunkBytes() + 1);
        if (e - s > text.maxChunkBytes()) throw new ChunkTooLongException(s);
        // Most log lines are 40 to 150 bytes: room for lines of 64 bytes on average, grown by half when short.
        Chunk out = new Chunk(mapper, width, (int) ((e - s) >> 6));
        byte[] buf = new byte[(int) (e - s)];
        readFully(buf, s);
        out.bytes = buf.length;
        clean(buf, out, e == end);
        if (mapper != null) mapper.finish(out.facts, out.count);
        return out;
    }

    /**
     * The first line start after {@code pos - 1} (just after a {@code \n} at or after byte {@code pos - 1}), or
     * {@code limit} (at most the file's end) when there is none before it.
     */
    private long lineStart(long pos, long limit) throws IOException {
        long stop = Math.min(limit, text.size());
        byte[] bytes = new byte[256]; // lines are short: read a little, then more while no line ends
        long p = pos - 1;
        while (p < stop) {
            int got = channel.read(ByteBuffer.wrap(bytes, 0, (int) Math.min(bytes.length, stop - p)), p);
            if (got <= 0) break;
            for (int i = 0; i < got; i++) {
                if (bytes[i] == '\n') return p + i + 1;
            }
            p += got;
            if (bytes.length < 1 << 16) bytes = new byte[bytes.length * 4];
        }
        return stop;
    }

    private void readFully(byte[] buf, long at) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(buf);
        while (bb.hasRemaining()) {
            int got = channel.read(bb, at + bb.position());
            if (got < 0) throw new IOException(text.file() + " became shorter while it was read");
        }
    }

    /** Splits the chunk's bytes into cleaned lines; {@code last}: the chunk ends the file. */
    private void clean(byte[] buf, Chunk out, boolean last) throws CharacterCodingException {
        int n = buf.length;
        int p = 0;
        Assembly slow = null;
        while (p < n) {
            int i = ByteRuns.printableEnd(buf, p, n); // printable ASCII: bytes 0x20..0x7f
            if (i < n && buf[i] == '\n' && i - p <= maxLineLength) {
                out.add(buf, p, i);
                out.newlines++;
                p = i + 1;
                continue;
            }
            int nl = i;
            while (nl < n && buf[nl] != '\n') nl++;
            int segmentEnd = nl < n ? nl + 1 : n;
            if (slow == null) slow = new Assembly(maxLineLength, text.decoder());
            slow.feed(buf, p, segmentEnd, out);
            p = segmentEnd;
        }
        if (last && slow != null) slow.end(out);
    }

    /**
     * {@link LineSource}'s character-by-character cleaning of lines: CR and CRLF ends, then {@link EscapeFilter}
     * (escape sequences dropped, other control characters but tab as spaces), lines cut at the longest kept length.
     */
    private static final class Assembly {
        private final int maxLineLength;
        private final CharsetDecoder decoder;
        private final StringBuilder sb = new StringBuilder(256);
        private boolean any;
        private boolean cut;
        private boolean pendingCr;
        private final EscapeFilter escapes = new EscapeFilter();

        Assembly(int maxLineLength, CharsetDecoder decoder) {
            this.maxLineLength = maxLineLength;
            this.decoder = decoder;
        }

        /** Decodes bytes {@code [from, to)}, which end with a {@code \n} or the file, and cleans their characters. */
        void feed(byte[] buf, int from, int to, Chunk out) throws CharacterCodingException {
            CharBuffer cb = decoder.decode(ByteBuffer.wrap(buf, from, to - from));
            char[] a = cb.array();
            int lim = cb.arrayOffset() + cb.limit();
            for (int i = cb.arrayOffset() + cb.position(); i < lim; i++) {
                char c = a[i];
                if (c == '\n') {
                    out.newlines++;
                } else if (c == FileText.REPLACEMENT && out.replaced++ == 0) {
                    out.newlinesBeforeReplacement = out.newlines;
                }
                if (pendingCr) {
                    pendingCr = false;
                    if (c == '\n') continue;
                }
                if (c == '\n') {
                    emit(out);
                    continue;
                }
                if (c == '\r') {
                    pendingCr = true;
                    emit(out);
                    continue;
                }
                any = true;
                int kept = escapes.filter(c);
                if (kept < 0) continue;
                if (sb.length() < maxLineLength) {
                    sb.append((char) kept);
                } else {
                    cut = true;
                }
            }
        }

        /** The end of the file: a last line without a terminator counts when it had any character. */
        void end(Chunk out) {
            if (any) emit(out);
        }

        private void emit(Chunk out) {
            if (cut) out.cut.add(out.count);
            out.add(sb.toString());
            sb.setLength(0);
            any = false;
            cut = false;
            escapes.reset();
        }
    }
}
