package io.ncclscope.sdk.diagnose.internal;

import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Objects;

/**
 * A line of evidence for a {@link MergedFindings}: either quoted already, or a place to quote once a finding
 * needs it. An artifact read from a file keeps no text and reads the file when a line is first quoted, so facts
 * gathered for every device of every node carry where their line is, not its text: only the files a finding
 * quotes are read again. Immutable.
 */
public final class Quote {

    private final Artifact artifact;
    private final int line;
    private final String fallback;
    private final EvidenceLine read;

    private Quote(Artifact artifact, int line, String fallback, EvidenceLine read) {
        this.artifact = artifact;
        this.line = line;
        this.fallback = fallback;
        this.read = read;
    }

    /** {@return line {@code line} (1-based) of {@code a}, quoted when the finding is built} */
    public static Quote of(Artifact a, int line) {
        return new Quote(Objects.requireNonNull(a, "artifact"), line, null, null);
    }

    /** {@return line {@code line} of {@code a}, or {@code fallback} (a parser's copy of the line) when its text is gone} */
    public static Quote of(Artifact a, int line, String fallback) {
        return new Quote(Objects.requireNonNull(a, "artifact"), line, fallback, null);
    }

    /** {@return a line quoted already} */
    public static Quote of(EvidenceLine line) {
        return new Quote(null, line.line(), null, Objects.requireNonNull(line, "line"));
    }

    /**
     * {@return this quote with its line read now, telling itself apart from other quotes as it did before} A pass
     * quotes in {@code add} what a finding may show, so that it need not keep the artifact until finish.
     */
    public Quote resolved() {
        return read != null ? this : new Quote(null, line, null, get());
    }

    /** What tells two quotes apart before reading them: the artifact's name and the line. */
    public record Key(String artifact, int line) {

        // equals and hashCode by hand, as the record's own would be: the generated ones are bootstrapped through
        // invokedynamic at their first call, which the AOT cache cannot keep (see Finding); RecordEqualityTest holds
        // them to the record contract.
        @Override
        public boolean equals(Object other) {
            return this == other || other instanceof Key o && Objects.equals(artifact, o.artifact) && line == o.line;
        }

        @Override
        public int hashCode() {
            return 31 * Objects.hashCode(artifact) + line;
        }
    }

    /** {@return what tells two quotes apart before reading them: artifact name and line} */
    public Key key() {
        return new Key(read != null ? read.artifact() : artifact.name(), line);
    }

    /** {@return the line, read now} */
    public EvidenceLine get() {
        if (read != null) return read;
        return fallback == null ? artifact.quote(line) : artifact.quote(line, fallback);
    }

    @Override
    public String toString() {
        Key k = key();
        return k.artifact() + ':' + k.line();
    }
}
