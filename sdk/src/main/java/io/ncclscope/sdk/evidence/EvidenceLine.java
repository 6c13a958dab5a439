package io.ncclscope.sdk.evidence;

import java.util.Objects;

/**
 * One line of one input that proves a fact: the unit of an evidence chain.
 *
 * @param artifact the artifact's name (a path relative to what was analyzed, or the name given to a pasted text)
 * @param line     1-based line number in that artifact; 0 when the fact concerns the whole artifact
 * @param text     the line's text as read (ANSI escapes and line ends removed), at most {@link #MAX_TEXT} characters
 */
public record EvidenceLine(String artifact, int line, String text) {

    /** Longest text kept of one line. */
    public static final int MAX_TEXT = 400;

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param artifact the artifact's name (a path relative to what was analyzed, or the name given to a pasted text)
     * @param line     1-based line number in that artifact; 0 when the fact concerns the whole artifact
     * @param text     the line's text as read (ANSI escapes and line ends removed), at most {@link #MAX_TEXT} characters
     * @throws NullPointerException when a required component is null
     */
    public EvidenceLine {
        Objects.requireNonNull(artifact, "artifact");
        text = text == null ? "" : text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    }

    // equals and hashCode by hand, as the record's own would be: the generated ones are bootstrapped through
    // invokedynamic (java.lang.runtime.ObjectMethods) at their first call, which the AOT cache cannot keep, and
    // that first call was the largest single cost of a short command in the node bundle. RecordEqualityTest holds
    // them to the record contract.
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof EvidenceLine o && Objects.equals(artifact, o.artifact)
                && line == o.line && Objects.equals(text, o.text);
    }

    @Override
    public int hashCode() {
        return Objects.hash(artifact, line, text);
    }
}
