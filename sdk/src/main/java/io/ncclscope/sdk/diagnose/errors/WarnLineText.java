package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclLevel;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Locale;

/** The text of NCCL WARN and INFO lines: rebuilt from a parsed event, compared, read for the kind of error it names. */
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

    /** The event kind of a bare error text (nccl-tests {@code # error:} lines); the parser's rules, abridged. */
    static EventKind guessKind(String text) {
        if (text == null) return EventKind.OTHER;
        if (text.contains("Duplicate GPU detected") || text.contains("Ranks are using the same GPU")) return EventKind.DUPLICATE_GPU;
        if (text.contains("Mismatched NCCL version")) return EventKind.VERSION_MISMATCH;
        if (text.contains("Got completion")) return EventKind.IB_COMPLETION_ERROR;
        if (text.contains("NET/OFI")) return EventKind.OFI_ERROR;
        String l = text.toLowerCase(Locale.ROOT);
        if (l.contains("no socket interface") || l.contains("no usable listening interface") || l.contains("same subnet")) {
            return EventKind.NO_SOCKET_INTERFACE;
        }
        if (text.contains("Socket creation failed")) return EventKind.SOCKET_CREATE_FAILED;
        if (l.contains("message truncated")) return EventKind.MESSAGE_TRUNCATED;
        if (text.contains("Connect to ") && text.contains("failed") || text.contains("Call to connect failed")) {
            return EventKind.SOCKET_CONNECT_FAILED;
        }
        if (text.contains("Connection closed") || text.contains("Connection reset") || text.contains("Socket recv failed")
                || text.contains("Call to recv")) {
            return EventKind.CONNECTION_LOST;
        }
        if (l.contains("cuda failure") || l.contains("cuda error")) return EventKind.CUDA_FAILURE;
        if (text.contains("Failed to CUDA")) return EventKind.ALLOC_FAILED;
        if (text.contains("XML") || l.contains("topology")) return EventKind.TOPOLOGY_ERROR;
        if (text.contains("does not loop back")) return EventKind.GRAPH_ERROR;
        if (text.contains("ibv_") || text.contains("NET/IB")) return EventKind.IB_SETUP_FAILED;
        return EventKind.OTHER;
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
