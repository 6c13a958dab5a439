package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Optional;

/**
 * A line a finding may quote: its artifact's {@linkplain Artifact#stub() stub}, the line number and the text a quote
 * shows, as much of it as an {@link EvidenceLine} keeps ({@link EvidenceLine#MAX_TEXT} characters): the artifact's line
 * when it has it, else the parser's copy of the line. The pass keeps these across the nodes of a bundle (a few lines
 * per log, see {@link ArtifactChains#KEPT}) and quotes a line when a finding shows it, without reading the node's files
 * again: a thousand nodes' findings once read every quoted file twice.
 *
 * @param artifact the artifact's stub
 * @param line     1-based line number; 0 for the artifact as a whole
 * @param text     the text quoted, at most {@link EvidenceLine#MAX_TEXT} characters; null for none
 */
record LineRef(Artifact artifact, int line, String text) {

    /**
     * {@return line {@code line} of {@code a}, to quote later} The line is read now, while its slice is read (its file
     * is then among those just read), so that the quote later reads as it would now.
     *
     * @param fallback the parser's copy of the line, shown when the artifact has no text of it
     */
    static LineRef of(Artifact a, int line, String fallback) {
        return new LineRef(a.stub(), line, shown(a.line(line), fallback));
    }

    /**
     * {@return the line of event {@code e} of {@code a}, to quote later} As {@link #of(Artifact, int, String)}, with the
     * event as NCCL printed it for the fallback, written only when the artifact has no text of the line.
     */
    static LineRef of(Artifact a, NcclEvent e) {
        Optional<String> text = a.line(e.line());
        return new LineRef(a.stub(), e.line(), shown(text, text.isPresent() ? null : WarnLineText.eventText(e)));
    }

    /** The part of the line or fallback an evidence line shows, cut here so that the rest of a long line can go. */
    private static String shown(Optional<String> text, String fallback) {
        String t = text.orElse(fallback);
        return t != null && t.length() > EvidenceLine.MAX_TEXT ? t.substring(0, EvidenceLine.MAX_TEXT) : t;
    }

    /** {@return the line quoted now} */
    EvidenceLine quote() {
        return new EvidenceLine(artifact.name(), line, text);
    }
}
