package io.ncclscope.parsers.internal;

/**
 * The per-line part of a parser that depends on nothing but the line, run by {@link ChunkedLines} on its chunk
 * threads: what it writes for a line comes back with it ({@link ChunkedLines#fact}), so that the parser, which takes
 * the lines in order on one thread, does not compute it there. One instance reads the lines of one chunk, in order:
 * it may use what it saw of the chunk's earlier lines to decide which lines are worth the work (and write nothing for
 * the others: their facts read as zeros), but what it writes for a line must be what the line alone gives. Every
 * line's facts are kept with its chunk, {@code width} longs a line.
 */
public interface LineMapper {

    /**
     * Writes the facts of one line into {@code out[at]} and the {@code width - 1} slots after it.
     *
     * @param latin1 the line's characters as Latin-1 bytes (a character beyond U+00FF as {@code ?})
     * @param from   the line's first byte in {@code latin1}
     * @param to     the end of the line in {@code latin1} (its terminator excluded)
     * @param out    where the facts go
     * @param at     the first slot of this line's facts
     * @return true when it wrote the line's facts; false when it did not (what it wrote is dropped: the facts read as
     *         zeros)
     */
    boolean map(byte[] latin1, int from, int to, long[] out, int at);

    /**
     * {@return true when the parser will most likely not read the text of the line {@link #map} just wrote facts for
     * (it can tell from the facts what the line holds): its string is then made only if asked for} False unless
     * overridden.
     */
    default boolean textMayWait() {
        return false;
    }

    /**
     * Called once after the chunk's last line, with the facts of all its lines: a mapper may rewrite them from what it
     * saw of the whole chunk (runs of like lines, counted from their end). Does nothing unless overridden.
     *
     * @param facts the chunk's facts, line {@code i}'s at {@code facts[i * width]} and after
     * @param count how many lines the chunk holds
     */
    default void finish(long[] facts, int count) {
    }
}
