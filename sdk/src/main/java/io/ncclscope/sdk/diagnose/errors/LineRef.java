package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;

/**
 * A line a finding may quote, kept as where it is rather than as its text: its artifact's
 * {@linkplain Artifact#stub() stub} and the line number, with the parser's copy of the line only when the artifact
 * cannot give the line back (its text not kept). The pass keeps these across the nodes of a bundle and quotes a line
 * when a finding shows it, as {@link CommEntry} does.
 *
 * @param artifact the artifact's stub
 * @param line     1-based line number; 0 for the artifact as a whole
 * @param fallback the text to show when the artifact has no text of the line; null when it has
 */
record LineRef(Artifact artifact, int line, String fallback) {

    /**
     * {@return line {@code line} of {@code a}, to quote later} Whether the artifact has the line is learned now, while
     * its slice is read (its file is then among those just read), so that the quote later reads as it would now.
     *
     * @param fallback the parser's copy of the line, shown when the artifact has no text of it
     */
    static LineRef of(Artifact a, int line, String fallback) {
        return new LineRef(a.stub(), line, a.line(line).isPresent() ? null : fallback);
    }

    /**
     * {@return the line of event {@code e} of {@code a}, to quote later} As {@link #of(Artifact, int, String)}, with the
     * event as NCCL printed it for the fallback, written only when the artifact has no text of the line.
     */
    static LineRef of(Artifact a, NcclEvent e) {
        boolean kept = a.line(e.line()).isPresent();
        return new LineRef(a.stub(), e.line(), kept ? null : WarnLineText.eventText(e));
    }

    /** {@return the line quoted now} */
    EvidenceLine quote() {
        return artifact.quote(line, fallback);
    }
}
