package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Objects;

/**
 * One piece of evidence a check rests on: a line of an artifact, and the finding it belongs to when there is one.
 *
 * @param code     the finding code this line proves; null when the line is a plain fact (a table row, an INFO line)
 * @param artifact the artifact's name (path relative to what was analyzed, or a pasted text's name)
 * @param line     1-based line; 0 when the fact is about the whole artifact
 * @param text     the line's text (at most {@link EvidenceLine#MAX_TEXT} characters)
 */
public record Link(String code, String artifact, int line, String text) {

    /**
     * Creates the record: rejects null where a component is required, checks the values.
     *
     * @param code     the finding code this line proves; null when the line is a plain fact (a table row, an INFO line)
     * @param artifact the artifact's name (path relative to what was analyzed, or a pasted text's name)
     * @param line     1-based line; 0 when the fact is about the whole artifact
     * @param text     the line's text (at most {@link EvidenceLine#MAX_TEXT} characters)
     * @throws NullPointerException when a required component is null
     * @throws IllegalArgumentException when a value is out of range
     */
    public Link {
        Objects.requireNonNull(artifact, "artifact");
        text = text == null ? "" : text.length() > EvidenceLine.MAX_TEXT ? text.substring(0, EvidenceLine.MAX_TEXT) : text;
        if (line < 0) throw new IllegalArgumentException("line < 0: " + line);
    }

    /**
     * {@return a link to an evidence line, for finding {@code code} (nullable)}
     *
     * @param code the finding code; null allowed
     * @param e    the evidence line
     */
    public static Link of(String code, EvidenceLine e) {
        return new Link(code, e.artifact(), e.line(), e.text());
    }

    /** {@return {@code artifact:line} (or the artifact alone for line 0)} */
    public String where() {
        return line > 0 ? artifact + ":" + line : artifact;
    }

    // equals and hashCode by hand, as the record's own would be: the generated ones are bootstrapped through
    // invokedynamic (java.lang.runtime.ObjectMethods) at their first call, which the AOT cache cannot keep, and
    // that first call was the largest single cost of a short command in the node bundle. RecordEqualityTest holds
    // them to the record contract.
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Link o && Objects.equals(code, o.code)
                && Objects.equals(artifact, o.artifact) && line == o.line && Objects.equals(text, o.text);
    }

    // Objects.hash(code, artifact, line, text) without its array and boxed line: observations are hashed by their
    // links in every analysis (Workflow's canonical order, Candidates' two readings of a run).
    @Override
    public int hashCode() {
        int h = 31 + Objects.hashCode(code);
        h = 31 * h + artifact.hashCode();
        h = 31 * h + line;
        return 31 * h + text.hashCode();
    }

    /**
     * {@return the record's own format, {@code Link[code=..., artifact=..., line=..., text=...]}} Written by hand for
     * the same reason as {@link #equals}: the workflow's canonical order compares observations by their links' text
     * ({@code Candidates}), so every analysis calls it, and the generated one's bootstrap was a tenth of a short
     * command's run. RecordEqualityTest holds it to the record format.
     */
    @Override
    public String toString() {
        return "Link[code=" + code + ", artifact=" + artifact + ", line=" + line + ", text=" + text + "]";
    }
}
