package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclLevel;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;

/** The text of NCCL WARN and INFO lines: rebuilt from a parsed event, compared. */
final class WarnLineText {

    private WarnLineText() {
    }

    /** A WARN line as NCCL printed it, for quoting when the log's text was not kept. */
    static String eventText(NcclEvent e) {
        StringBuilder sb = new StringBuilder();
        if (e.host() != null) sb.append(e.host()).append(':');
        if (e.pid() != null) sb.append(e.pid());
        if (e.tid() != null) sb.append(':').append(e.tid());
        if (e.cudaDev() != null) sb.append(" [").append(e.cudaDev()).append(']');
        if (e.kind() == EventKind.RETURN_CODE) {
            sb.append(" NCCL INFO ").append(e.source() == null ? "" : e.source()).append(" -> ").append(e.code());
            if (e.message() != null) sb.append(' ').append(e.message());
            return sb.toString().trim();
        }
        if (e.source() != null) sb.append(' ').append(e.source());
        sb.append(e.level() == NcclLevel.WARN ? " NCCL WARN " : " NCCL INFO ");
        if (e.message() != null) sb.append(e.message());
        return sb.toString().trim();
    }

    /**
     * {@return the line of event {@code e} of {@code a}, read now} Its text is the artifact's, else the event as NCCL
     * printed it (rebuilt only when the artifact kept no text of the line).
     */
    static EvidenceLine quote(Artifact a, NcclEvent e) {
        return a.line(e.line()).isPresent() ? a.quote(e.line()) : a.quote(e.line(), eventText(e));
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
