package io.ncclscope.parsers.nccl;

/** What a {@link HangReport} line says. */
public enum HangReportKind {
    /** gloo {@code [Rank 0]: Ranks 2, 3 failed to pass monitoredBarrier in 5000 ms}: the ranks that never arrived. */
    MONITORED_BARRIER_FAILED,
    /** gloo {@code Rank 1 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0}. */
    MONITORED_BARRIER_REACHED,
    /**
     * {@code Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(...),
     * but Rank 1 is running collective: CollectiveFingerPrint(...)} ({@code TORCH_DISTRIBUTED_DEBUG=DETAIL}).
     */
    COLLECTIVE_MISMATCH,
    /**
     * {@code Received a dump signal due to a collective timeout from rank 7 (or this local rank) ... Last enqueued NCCL
     * work: N, last completed NCCL work: M}: this rank's own progress when another rank (or itself) timed out.
     */
    DUMP_SIGNAL,
    /** {@code Heartbeat monitor timed out! Process will be terminated after dumping debug info.} */
    HEARTBEAT_TIMEOUT
}
