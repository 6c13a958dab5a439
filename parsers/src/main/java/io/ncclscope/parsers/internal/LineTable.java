package io.ncclscope.parsers.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The lines of a {@link StringText}, cut once as a {@link LineSource} without limits cuts them: each line, where it
 * starts in the text when it was cut verbatim ({@link LineSource#verbatimStart()}), and the most characters one line
 * took. A {@link LineSource} over the text whose limits hold it all reads this table instead of cutting the lines
 * again, so the split of a paste, the parse of each of its sections and the quotes of its lines share one cut.
 * Immutable once made.
 */
public final class LineTable {

    private final List<String> lines;
    private final int[] verbatimStarts;
    /** The characters consumed once each line was read ({@link LineSource#consumed()}). */
    private final int[] consumedAfter;
    /** The most characters one line consumed, its terminator included: no line is longer. */
    private final int longestLine;

    private LineTable(List<String> lines, int[] verbatimStarts, int[] consumedAfter, int longestLine) {
        this.lines = lines;
        this.verbatimStarts = verbatimStarts;
        this.consumedAfter = consumedAfter;
        this.longestLine = longestLine;
    }

    /**
     * {@return the lines of {@code text} read from its first character}
     *
     * @param text a reader of the text at its first character; it is read to its end
     */
    static LineTable of(StringText text) {
        LineSource src = new LineSource(text, new Warnings(1), Long.MAX_VALUE, Integer.MAX_VALUE);
        List<String> lines = new ArrayList<>();
        int[] starts = new int[64];
        int[] consumed = new int[64];
        int longest = 0;
        try {
            int before = 0;
            String line;
            while ((line = src.next()) != null) {
                int n = lines.size();
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                    consumed = Arrays.copyOf(consumed, n * 2);
                }
                starts[n] = src.verbatimStart();
                consumed[n] = (int) src.consumed(); // a String's length at most
                lines.add(line);
                longest = Math.max(longest, consumed[n] - before);
                before = consumed[n];
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a text in memory does not fail
        }
        return new LineTable(List.copyOf(lines), starts, consumed, longest);
    }

    /** {@return the lines, line {@code n} at index {@code n - 1}; unmodifiable} */
    public List<String> lines() {
        return lines;
    }

    /** {@return how many lines there are} */
    int size() {
        return lines.size();
    }

    /** {@return line {@code index + 1}} */
    String line(int index) {
        return lines.get(index);
    }

    /** {@return where line {@code index + 1} starts in the text when it is those characters verbatim, else -1} */
    int verbatimStart(int index) {
        return verbatimStarts[index];
    }

    /** {@return the characters a {@link LineSource} has consumed once it has read line {@code index + 1}} */
    int consumedAfter(int index) {
        return consumedAfter[index];
    }

    /**
     * {@return true when a {@link LineSource} with these limits gives the lines of this table: the whole text of
     * {@code length} characters short of {@code maxChars} (a budget used up to its last character counts as reached), and no line longer than {@code maxLineLength}}
     *
     * @param length        the text's length
     * @param maxChars      the source's character budget
     * @param maxLineLength the source's longest line
     */
    boolean fits(int length, long maxChars, int maxLineLength) {
        return length < maxChars && longestLine <= maxLineLength;
    }
}
