package io.ncclscope.parsers.internal;

import java.io.Reader;

/**
 * A whole text already held as one String (a paste, a request body), read as a {@link Reader}. {@link LineSource}
 * takes its lines straight from the String instead of copying it through a buffer, and {@code Parsers} detects its
 * kind from the String itself: a paste is not copied again for each reading of it. Not thread-safe.
 */
public final class StringText extends Reader {

    private final String text;
    private int next;

    /**
     * A reader of {@code text} from its first character.
     *
     * @param text the whole text
     */
    public StringText(String text) {
        this.text = text;
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
