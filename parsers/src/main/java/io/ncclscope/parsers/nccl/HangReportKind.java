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
    HEARTBEAT_TIMEOUT,
    /**
     * gloo's TCP transport lost the connection to a peer process ({@code gloo/transport/tcp/pair.cc}): {@code Connection
     * closed by peer [10.0.0.2]:19133} (the peer's socket was closed: its process exited or was killed), {@code Read
     * error [10.0.0.2]:43655: Connection reset by peer}, {@code writev [..]: Broken pipe}, {@code Socket closed [..]},
     * and gloo before 2018-11 {@code Remote socket closed during sync read [..]}; the peer's address is kept.
     */
    PEER_CONNECTION_LOST,
    /**
     * gloo gave up waiting for its peers: {@code Timed out waiting 10000ms for recv operation to complete}
     * ({@code unbound_buffer.cc}), {@code Read timeout [10.0.0.2]:4321}, {@code Write timeout [..]}. Says this rank was
     * alive and waiting, not which peer held it.
     */
    PEER_TIMEOUT,
    /**
     * The process aborted on an error of its own: {@code terminate called after throwing an instance of
     * 'gloo::EnforceNotMet'}, gloo's {@code [enforce fail at .../gloo/transport/tcp/pair.cc:456] ... Received data size
     * doesn't match expected size} (a collective mismatch gloo caught on this rank).
     */
    PROCESS_ABORTED
}
