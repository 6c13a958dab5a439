package io.ncclscope.parsers.nccl;

import java.util.List;

/**
 * A line of PyTorch's distributed runtime that tells where the ranks of a hang stood: a gloo monitored barrier that
 * names the ranks that never arrived, a collective mismatch with both sides' fingerprints, a rank's progress when a
 * Flight Recorder dump was signalled, a heartbeat monitor timeout, a gloo connection lost to a peer or a gloo
 * timeout. Nullable components were not printed.
 *
 * @param line            1-based line
 * @param kind            what the line says
 * @param rank            the rank that printed it ({@code [Rank 0]}, {@code [rank0]:}); nullable
 * @param processGroup    the process group ({@code 0(default_pg)} of {@code [PG ID 0 PG GUID 0(default_pg) Rank 3]},
 *                        {@code 1} of {@code [PG 1 Rank 0]}); nullable
 * @param ranks           the ranks named: those that failed the barrier, the peer waited for, the other side of a
 *                        mismatch, or the rank whose timeout signalled the dump (empty for "this local rank")
 * @param lastEnqueued    dump signal: {@code Last enqueued NCCL work}; nullable
 * @param lastCompleted   dump signal: {@code last completed NCCL work}; nullable
 * @param timeoutMs       monitored barrier: the timeout; nullable
 * @param collective      mismatch: this rank's {@code CollectiveFingerPrint(...)} (at most 512 characters); nullable
 * @param otherCollective mismatch: the other rank's fingerprint; nullable
 * @param text            the line from its message on (at most 512 characters)
 * @param peer            a lost or timed-out connection: the peer's address as gloo prints it ({@code 10.0.0.2} of
 *                        {@code [10.0.0.2]:19133}); nullable. The port is left out: it never names the peer's rank
 *                        (gloo prints {@code sin_port} unswapped, address.cc, and an accepted connection's port is
 *                        the peer's ephemeral one)
 */
public record HangReport(int line, HangReportKind kind, Integer rank, String processGroup, List<Integer> ranks,
                         Long lastEnqueued, Long lastCompleted, Long timeoutMs, String collective,
                         String otherCollective, String text, String peer) {

    /**
     * Copies the list into an unmodifiable one.
     *
     * @param line            1-based line
     * @param kind            what the line says
     * @param rank            the rank that printed it ({@code [Rank 0]}, {@code [rank0]:}); nullable
     * @param processGroup    the process group ({@code 0(default_pg)} of {@code [PG ID 0 PG GUID 0(default_pg) Rank 3]},
     *                        {@code 1} of {@code [PG 1 Rank 0]}); nullable
     * @param ranks           the ranks named: those that failed the barrier, the peer waited for, the other side of a
     *                        mismatch, or the rank whose timeout signalled the dump (empty for "this local rank")
     * @param lastEnqueued    dump signal: {@code Last enqueued NCCL work}; nullable
     * @param lastCompleted   dump signal: {@code last completed NCCL work}; nullable
     * @param timeoutMs       monitored barrier: the timeout; nullable
     * @param collective      mismatch: this rank's {@code CollectiveFingerPrint(...)} (at most 512 characters); nullable
     * @param otherCollective mismatch: the other rank's fingerprint; nullable
     * @param text            the line from its message on (at most 512 characters)
     * @param peer            a lost or timed-out connection: the peer's address as gloo prints it; nullable
     * @throws NullPointerException when {@code ranks} is null
     */
    public HangReport {
        ranks = List.copyOf(ranks);
    }
}
