package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;

/** The text of NCCL WARN and INFO lines: quoted from their artifact, compared. */
final class WarnLineText {

    private WarnLineText() {
    }

    /**
     * {@return the line of event {@code e} of {@code a}, read now} Its text is the artifact's, else the event as NCCL
     * printed it (rebuilt only when the artifact kept no text of the line).
     */
    static EvidenceLine quote(Artifact a, NcclEvent e) {
        return a.line(e.line()).isPresent() ? a.quote(e.line()) : a.quote(e.line(), e.asPrinted());
    }

    /** The text with runs of white space as one space, for comparing a WARN line with the launcher's copy. */
    static String norm(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) sb.append(' ');
                space = false;
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
