package io.ncclscope.parsers;

import io.ncclscope.parsers.flightrec.FlightRecorderParser;
import io.ncclscope.parsers.internal.FileText;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.CharBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * How {@link Parsers#parse(Path, ParseLimits, LongConsumer)} reads a file: a big UTF-8 NCCL log through
 * {@link FileText}'s chunks on several threads, anything else as one stream. The kind is detected from the same head
 * of text either way, and the chunked parse gives the stream's result (the parser's facts and warnings, then the
 * replaced-characters warning), so which way a file went never shows in the result.
 *
 * @param minBytes      files smaller than this are read as one stream
 * @param chunkBytes    the bytes of one chunk
 * @param maxChunkBytes the most bytes a chunk may span with its last line (longer lines: one stream)
 * @param threads       the threads that read chunks
 */
record ChunkedFileParse(long minBytes, int chunkBytes, int maxChunkBytes, int threads) {

    /**
     * The most chunk threads by default: the scanner, one thread, sets the pace. The chunk threads also do the scanner's
     * per-line work that needs no earlier line (the NCCL parser's {@code ChunkLineFacts}); on a 268 MB generated log (C1,
     * as the CLI runs) they spent about 1.0 s of CPU in all against 0.58 s on the scanning thread, so two readers are
     * barely enough to keep it fed and four leave a margin. More readers only hold more chunks: what is in flight when
     * the serial collector's young generation fills is promoted, and the old generation then grows until a full
     * collection. With 1 MiB chunks and 16 cores emulated, peak RSS for that log was 239 MiB with 2 readers and 444 MiB
     * with 4; with 256 KiB chunks, 118 and 121 MiB (126 MiB with 8 readers, 276 with 16).
     */
    static final int MAX_THREADS = 4;

    /** The system property that sets the chunk threads (1 to 64), whatever the cores. */
    static final String THREADS_PROPERTY = "ncclscope.parse.threads";

    /** The system property that sets the chunk size in KiB (16 to 4096). */
    static final String CHUNK_PROPERTY = "ncclscope.parse.chunkKiB";

    /**
     * 8 MiB and up, 256 KiB chunks (or as {@link #CHUNK_PROPERTY} says), lines up to 3 MiB, one thread per core up to
     * {@link #MAX_THREADS} (or as {@link #THREADS_PROPERTY} says): under 1 MiB of bytes and strings per chunk.
     */
    static final ChunkedFileParse DEFAULT = of(chunkBytes(Integer.getInteger(CHUNK_PROPERTY, 0)),
            threads(Runtime.getRuntime().availableProcessors(), Integer.getInteger(THREADS_PROPERTY, 0)));

    /** Files of 8 MiB and up in chunks of {@code chunkBytes} whose last line may run 3 MiB past them, on {@code threads}. */
    private static ChunkedFileParse of(int chunkBytes, int threads) {
        return new ChunkedFileParse(8L << 20, chunkBytes, chunkBytes + (3 << 20), threads);
    }

    /** The chunk threads for {@code cores} cores: {@code asked} when it is 1 to 64, else one per core up to the most. */
    static int threads(int cores, int asked) {
        if (asked >= 1 && asked <= 64) return asked;
        return Math.max(1, Math.min(MAX_THREADS, cores));
    }

    /** The bytes of a chunk: {@code askedKiB} KiB when it is 16 to 4096, else 256 KiB. */
    static int chunkBytes(int askedKiB) {
        return (askedKiB >= 16 && askedKiB <= 4096 ? askedKiB : 256) << 10;
    }

    ParseResult<?> parse(Path file, ParseLimits limits, LongConsumer bytesRead) throws IOException {
        long size = Files.size(file);
        if (size >= minBytes && size < limits.maxChars()) {
            ParseResult<?> r = chunked(file, size, limits, bytesRead);
            if (r != null) return r;
        }
        try (InputStream in = new Counting(Files.newInputStream(file), bytesRead)) {
            return Parsers.parse(in, null, limits);
        }
    }

    /** The chunked parse of an NCCL log in UTF-8; null when the file is not one (then it is read as one stream). */
    private ParseResult<?> chunked(Path file, long size, ParseLimits limits, LongConsumer bytesRead) throws IOException {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (FlightRecorderParser.looksPickled(head, n)) return null;
        int b0 = n > 0 ? head[0] & 0xff : -1;
        int b1 = n > 1 ? head[1] & 0xff : -1;
        int b2 = n > 2 ? head[2] & 0xff : -1;
        int b3 = n > 3 ? head[3] & 0xff : -1;
        int start = 0;
        if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
            start = 3;
        } else if (b0 == 0xFE && b1 == 0xFF || b0 == 0xFF && b1 == 0xFE || b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            return null; // UTF-16 or UTF-32 (TextDecoding's byte order marks): one stream
        }
        if (detect(file, start, size) != Kind.NCCL_LOG) return null;
        try (FileText text = new FileText(file, start, size, chunkBytes, maxChunkBytes, threads, bytesRead)) {
            ParseResult<?> r = Parsers.parser(Kind.NCCL_LOG).orElseThrow().parse(text, limits);
            return Parsers.withReplacements(r, text.replaced(), text.firstReplacementLine());
        }
    }

    /** The kind {@link Parsers} detects from the text's first {@link Parsers#HEAD_CHARS} characters. */
    private static Kind detect(Path file, int start, long size) throws IOException {
        char[] head = new char[(int) Math.min(Parsers.HEAD_CHARS, size)];
        int n = 0;
        try (FileText text = new FileText(file, start, size, 1, 1, 1, bytes -> { })) {
            while (n < head.length) {
                int r = text.read(head, n, head.length - n);
                if (r < 0) break;
                n += r;
            }
        }
        return Parsers.detect(CharBuffer.wrap(head, 0, n)).kind();
    }

    /** Tells {@code bytesRead} of the bytes read through it. */
    private static final class Counting extends FilterInputStream {
        private final LongConsumer bytesRead;

        Counting(InputStream in, LongConsumer bytesRead) {
            super(in);
            this.bytesRead = bytesRead;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) bytesRead.accept(1);
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int r = in.read(buf, off, len);
            if (r > 0) bytesRead.accept(r);
            return r;
        }
    }
}
