package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A finding's evidence lines, quoted as they are added, each line once, in the order added, up to a number. */
final class QuotedLines {
    private final int most;
    private final List<EvidenceLine> lines = new ArrayList<>();
    private final Set<Quoted> seen = new HashSet<>();

    /** A line quoted: its artifact's name and its number, compared without joining them into a text. */
    private record Quoted(String artifact, int line) {
    }

    /** Lines, up to {@code most} of them. */
    QuotedLines(int most) {
        this.most = most;
    }

    /** Quotes the first {@code max} of {@code refs} that the finding shows: within its first lines, not shown already. */
    QuotedLines addAll(List<LineRef> refs, int max) {
        for (LineRef l : refs.subList(0, Math.min(max, refs.size()))) {
            if (lines.size() < most && seen.add(new Quoted(l.artifact().name(), l.line()))) lines.add(l.quote());
        }
        return this;
    }

    /** {@return the lines quoted, in order} */
    List<EvidenceLine> lines() {
        return lines;
    }
}
