package io.ncclscope.parsers.ras;

import java.util.List;

/**
 * One entry of the {@code Errors} or {@code Warnings} section: a headline ({@code INCOMPLETE}, {@code #0-0
 * (cf264af53edbe986) MISMATCH}, {@code DEAD}), its explanation lines, the processes and ranks it names, and for
 * operation-count mismatches how many ranks launched up to which operation.
 *
 * @param error      true in the {@code Errors} section, false in {@code Warnings}
 * @param kind       the headline's last word ({@code INCOMPLETE}, {@code MISMATCH}, {@code DEAD}, ...)
 * @param comm       the communicator ({@code #0-0 (cf264af53edbe986)}); nullable for job-wide issues
 * @param text       the explanation lines, joined with {@code "; "} (at most 512 characters)
 * @param processes  the processes and ranks named
 * @param launchedUpTo for {@code N ranks have launched up to operation X}: operation to rank count, in order
 * @param line       1-based line of the headline
 */
public record RasIssue(boolean error, String kind, String comm, String text, List<RasProcess> processes,
                       java.util.Map<Long, Integer> launchedUpTo, int line) {

    /**
     * Copies the collections into unmodifiable ones.
     *
     * @param error      true in the {@code Errors} section, false in {@code Warnings}
     * @param kind       the headline's last word ({@code INCOMPLETE}, {@code MISMATCH}, {@code DEAD}, ...)
     * @param comm       the communicator ({@code #0-0 (cf264af53edbe986)}); nullable for job-wide issues
     * @param text       the explanation lines, joined with {@code "; "} (at most 512 characters)
     * @param processes  the processes and ranks named
     * @param launchedUpTo for {@code N ranks have launched up to operation X}: operation to rank count, in order
     * @param line       1-based line of the headline
     * @throws NullPointerException when a collection is null
     */
    public RasIssue {
        processes = List.copyOf(processes);
        launchedUpTo = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(launchedUpTo));
    }
}
