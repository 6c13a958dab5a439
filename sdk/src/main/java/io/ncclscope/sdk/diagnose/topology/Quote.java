package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Optional;

/**
 * A line to quote once a finding needs it. An artifact read from a file keeps no text and reads the file when a
 * line is first quoted, so facts gathered for every device of every node carry where their line is, not its text:
 * only the files a finding quotes are read again.
 *
 * @param artifact the artifact
 * @param line     1-based line; for {@link #numa} the line of the lspci device header to search below
 * @param fallback the text when the artifact's text is gone (a parser's copy of the line); null for none
 * @param numa     true to quote the {@code NUMA node:} line of the lspci -vvv block starting at {@code line}
 */
record Quote(Artifact artifact, int line, String fallback, boolean numa) {

    /** Lines of an {@code lspci -vvv} device block searched for its {@code NUMA node:} line. */
    private static final int NUMA_LINE_WINDOW = 40;

    static Quote of(Artifact a, int line) {
        return new Quote(a, line, null, false);
    }

    static Quote of(Artifact a, int line, String fallback) {
        return new Quote(a, line, fallback, false);
    }

    /** The {@code NUMA node:} line of the lspci -vvv device block whose header is {@code header}, else the header. */
    static Quote numa(Artifact a, int header) {
        return new Quote(a, header, null, true);
    }

    /** What tells two quotes apart before reading them. */
    String key() {
        return artifact.name() + '\u0000' + line + (numa ? "#numa" : "");
    }

    /** The line, read now. */
    EvidenceLine get() {
        if (numa && artifact.hasText()) {
            for (int n = line + 1; n <= line + NUMA_LINE_WINDOW; n++) {
                Optional<String> l = artifact.line(n);
                if (l.isEmpty()) break;
                String s = l.get();
                if (s.strip().startsWith("NUMA node:")) return new EvidenceLine(artifact.name(), n, s);
                // The next device block starts at the margin.
                if (!s.isEmpty() && !Character.isWhitespace(s.charAt(0))) break;
            }
        }
        return fallback == null ? artifact.quote(line) : artifact.quote(line, fallback);
    }
}
