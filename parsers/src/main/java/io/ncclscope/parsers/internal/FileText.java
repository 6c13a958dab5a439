package io.ncclscope.parsers.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The UTF-8 text of a file from a byte offset (after a byte order mark) to its end, as a {@link Reader} and, for a
 * parser that can take them, as {@link ChunkedLines} read on several threads. Either way it counts the characters
 * that replaced invalid bytes and the line of the first, as {@code Parsers} reports them, and tells a listener of the
 * bytes read. One read per instance: {@link #restart()} before reading it again.
 */
public final class FileText extends Reader {

    /** What an invalid byte sequence becomes (as {@code TextDecoding.REPLACEMENT}). */
    static final char REPLACEMENT = '\uFFFD';

    private final Path file;
    private final long start;
    private final long size;
    private final int chunkBytes;
    private final int maxChunkBytes;
    private final int threads;
    private final LongConsumer bytesRead;
    private long replaced;
    private int firstReplacementLine;
    private Reader stream;
    private int streamLine = 1;

    /**
     * The text of {@code file} from byte {@code start}.
     *
     * @param file          the file
     * @param start         the first byte of the text (after a UTF-8 byte order mark: 3)
     * @param size          the file's size in bytes
     * @param chunkBytes    the bytes of a chunk (lines that start in it)
     * @param maxChunkBytes the most bytes a chunk may span with its last line
     * @param threads       the threads that read chunks
     * @param bytesRead     told of the bytes read, in reading order
     */
    public FileText(Path file, long start, long size, int chunkBytes, int maxChunkBytes, int threads, LongConsumer bytesRead) {
        this.file = file;
        this.start = start;
        this.size = size;
        this.chunkBytes = chunkBytes;
        this.maxChunkBytes = maxChunkBytes;
        this.threads = threads;
        this.bytesRead = bytesRead;
    }

    /**
     * The lines of the text, read in chunks on {@link #threads()} threads, each with the {@code width} facts that a
     * mapper from {@code mappers} (one per chunk) wrote for it on the chunk's thread; close them when done.
     *
     * @param warnings      where cut lines are noted
     * @param maxLineLength the longest line kept whole
     * @param mappers       a fresh mapper for each chunk
     * @param width         the facts per line
     * @return the lines
     * @throws IOException when the file cannot be opened
     */
    public ChunkedLines lines(Warnings warnings, int maxLineLength, Supplier<? extends LineMapper> mappers, int width)
            throws IOException {
        return new ChunkedLines(this, warnings, maxLineLength, mappers, width);
    }

    /** Forgets what a read counted, so that the text can be read again from its start. */
    public void restart() throws IOException {
        replaced = 0;
        firstReplacementLine = 0;
        streamLine = 1;
        if (stream != null) stream.close();
        stream = null;
    }

    /** Characters that replaced invalid bytes so far. */
    public long replaced() {
        return replaced;
    }

    /** The 1-based line (counting {@code \n} only) of the first replaced character; 0 when none. */
    public int firstReplacementLine() {
        return firstReplacementLine;
    }

    Path file() {
        return file;
    }

    long start() {
        return start;
    }

    long size() {
        return size;
    }

    int chunkBytes() {
        return chunkBytes;
    }

    int maxChunkBytes() {
        return maxChunkBytes;
    }

    int threads() {
        return threads;
    }

    /** A decoder that replaces invalid bytes, as {@code TextDecoding}'s (one per thread). */
    CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE).replaceWith(String.valueOf(REPLACEMENT));
    }

    void noteReplacements(long count, long line) {
        if (replaced == 0) firstReplacementLine = (int) Math.min(Integer.MAX_VALUE, line);
        replaced += count;
    }

    void noteBytesRead(long n) {
        bytesRead.accept(n);
    }

    /** The text in one stream, as {@code TextDecoding.reader} decodes it. */
    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (stream == null) {
            InputStream in = Files.newInputStream(file);
            in.skipNBytes(start);
            stream = new InputStreamReader(new java.io.FilterInputStream(in) {
                @Override
                public int read(byte[] b, int o, int l) throws IOException {
                    int n = super.read(b, o, l);
                    if (n > 0) bytesRead.accept(n);
                    return n;
                }
            }, decoder());
        }
        int r = stream.read(cbuf, off, len);
        for (int i = off; i < off + r; i++) {
            char c = cbuf[i];
            if (c == '\n') {
                streamLine++;
            } else if (c == REPLACEMENT && replaced++ == 0) {
                firstReplacementLine = streamLine;
            }
        }
        return r;
    }

    @Override
    public void close() throws IOException {
        if (stream != null) stream.close();
    }
}
