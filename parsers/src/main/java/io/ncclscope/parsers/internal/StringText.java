package io.ncclscope.parsers.internal;

import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * A whole text already held as one String (a paste, a request body), read as a {@link Reader}. {@link LineSource}
 * takes its lines straight from the String instead of copying it through a buffer, and {@code Parsers} detects its
 * kind from the String itself: a paste is not copied again for each reading of it. Not thread-safe.
 */
public final class StringText extends Reader {

    /** {@link #latin1}'s answer for a text with a character beyond Latin-1. */
    private static final byte[] NOT_LATIN1 = new byte[0];

    private final String text;
    /**
     * One cell, shared by this reader and those {@link #again()} makes of it: the text's Latin-1 bytes once asked for,
     * {@link #NOT_LATIN1}, or null before. Each {@link LineSource} over a text scans those bytes; a file split into
     * sections and parsed is read by several, which then share one copy.
     */
    private final byte[][] latin1;
    /** One cell, shared as {@link #latin1} is: the text's lines once {@link #cutLines()} cut them, or null before. */
    private final LineTable[] lineTable;
    private int next;

    /**
     * A reader of {@code text} from its first character.
     *
     * @param text the whole text
     */
    public StringText(String text) {
        this(text, new byte[1][], new LineTable[1]);
    }

    private StringText(String text, byte[][] latin1, LineTable[] lineTable) {
        this.text = text;
        this.latin1 = latin1;
        this.lineTable = lineTable;
    }

    /**
     * {@return another reader of the same text from its first character, sharing this one's {@link #latin1()} copy}
     * Readers made so are read one at a time, on one thread, as this one is, and share its {@link #cutLines()} too.
     */
    public StringText again() {
        return new StringText(text, latin1, lineTable);
    }

    /**
     * {@return the text's lines, cut once for this reader and those {@link #again()} makes} From then on, each
     * {@link LineSource} over one of them from its first character reads this table when its limits hold the text.
     */
    public LineTable cutLines() {
        LineTable t = lineTable[0];
        if (t == null) {
            t = LineTable.of(again());
            lineTable[0] = t;
        }
        return t;
    }

    /** {@return the lines {@link #cutLines()} cut, or null when they were not cut} */
    LineTable lineTable() {
        return lineTable[0];
    }

    /**
     * {@return the text as one byte per character, made once for this reader and those {@link #again()} makes; null
     * when it holds a character pair that would make one byte (each character beyond Latin-1 is one {@code '?'})}
     * The caller must not change it.
     */
    public byte[] latin1() {
        byte[] b = latin1[0];
        if (b == null) {
            // A Latin-1 String (every tool output we have read) gives its own bytes, copied at once.
            b = text.getBytes(StandardCharsets.ISO_8859_1);
            if (b.length != text.length()) b = NOT_LATIN1;
            latin1[0] = b;
        }
        return b == NOT_LATIN1 ? null : b;
    }

    /** {@return the whole text, read or not} */
    public String text() {
        return text;
    }

    /** {@return the index in {@link #text()} of the next character to read} */
    public int position() {
        return next;
    }

    /** {@return the characters not read yet} */
    public int remaining() {
        return text.length() - next;
    }

    /**
     * Marks up to {@code max} characters read at once, for a reader of the String itself.
     *
     * @param max the most characters to take
     * @return how many were taken
     */
    int take(long max) {
        int n = (int) Math.min(text.length() - next, max);
        next += n;
        return n;
    }

    @Override
    public int read(char[] cbuf, int off, int len) {
        if (len == 0) return 0;
        if (next >= text.length()) return -1;
        int n = Math.min(len, text.length() - next);
        text.getChars(next, next + n, cbuf, off);
        next += n;
        return n;
    }

    @Override
    public int read() {
        return next < text.length() ? text.charAt(next++) : -1;
    }

    @Override
    public void close() {
        // nothing to release; the text stays readable through text()
    }
}
