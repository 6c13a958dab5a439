package io.ncclscope.parsers.flightrec;

/**
 * One process group's progress from a dump's {@code pg_status} (format 2.3+): the sequence numbers of the last
 * collective this rank enqueued, saw start on the GPU, and saw complete. -1 or null: none or not printed.
 *
 * @param pgId          the process group's id on this rank ({@code "0"})
 * @param lastEnqueued  {@code last_enqueued_collective}; nullable
 * @param lastStarted   {@code last_started_collective}; nullable
 * @param lastCompleted {@code last_completed_collective}; nullable
 */
public record ProcessGroupStatus(String pgId, Long lastEnqueued, Long lastStarted, Long lastCompleted) {
}
