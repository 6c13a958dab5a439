package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A finding's evidence lines, each line once, in the order added, up to a number. */
final class QuotedLines {
    private final int most;
    private final List<EvidenceLine> lines = new ArrayList<>();
    /** The lines shown, by their artifact's name and number (no NUMA block lines here). */
    private final Set<Quote.Key> seen = new HashSet<>();

    /** Lines, up to {@code most} of them. */
    QuotedLines(int most) {
        this.most = most;
    }

    /** Adds the first {@code max} of {@code quoted} that the finding shows: within its first lines, not shown already. */
    QuotedLines addAll(List<EvidenceLine> quoted, int max) {
        for (EvidenceLine l : quoted.subList(0, Math.min(max, quoted.size()))) {
            if (lines.size() < most && seen.add(new Quote.Key(l.artifact(), l.line()))) lines.add(l);
        }
        return this;
    }

    /** {@return the lines quoted, in order} */
    List<EvidenceLine> lines() {
        return lines;
    }
}
