package io.ncclscope.parsers;

import java.util.Objects;

/**
 * Something a parser noticed about its input that is not a fact: an odd line, a cut table,
 * a limit reached.
 *
 * @param line     1-based line number in the input, or 0 when the warning concerns the whole input
 * @param severity how much it matters
 * @param message  what happened, in English
 * @param excerpt  the start of the line concerned (at most 120 characters), or empty
 */
public record ParseWarning(int line, Severity severity, String message, String excerpt) {

    /** Longest excerpt kept. */
    public static final int MAX_EXCERPT = 120;

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param line     1-based line number in the input, or 0 when the warning concerns the whole input
     * @param severity how much it matters
     * @param message  what happened, in English
     * @param excerpt  the start of the line concerned (at most 120 characters), or empty
     * @throws NullPointerException when a required component is null
     */
    public ParseWarning {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        excerpt = excerpt == null ? "" : excerpt.length() > MAX_EXCERPT ? excerpt.substring(0, MAX_EXCERPT) : excerpt;
    }

    /**
     * {@return a {@link Severity#WARNING} for one line}
     *
     * @param line    1-based line number; 0 for the whole input
     * @param message what is odd, for a person
     * @param excerpt the line or part of it; null or empty when none (cut to {@link #MAX_EXCERPT})
     */
    public static ParseWarning warning(int line, String message, String excerpt) {
        return new ParseWarning(line, Severity.WARNING, message, excerpt);
    }

    /**
     * {@return an {@link Severity#ERROR} for one line (or the whole input when {@code line} is 0)}
     *
     * @param line    1-based line number; 0 for the whole input
     * @param message what is odd, for a person
     * @param excerpt the line or part of it; null or empty when none (cut to {@link #MAX_EXCERPT})
     */
    public static ParseWarning error(int line, String message, String excerpt) {
        return new ParseWarning(line, Severity.ERROR, message, excerpt);
    }

    /**
     * {@return an {@link Severity#INFO} note for one line}
     *
     * @param line    1-based line number; 0 for the whole input
     * @param message what is odd, for a person
     * @param excerpt the line or part of it; null or empty when none (cut to {@link #MAX_EXCERPT})
     */
    public static ParseWarning info(int line, String message, String excerpt) {
        return new ParseWarning(line, Severity.INFO, message, excerpt);
    }
}
