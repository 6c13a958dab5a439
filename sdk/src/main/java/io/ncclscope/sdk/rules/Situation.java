package io.ncclscope.sdk.rules;

/**
 * Which of the seed's situations the evidence points to; it decides which steps are needed. Decided from finding
 * codes, first match in this order (a failing job is explained before a slow one).
 */
public enum Situation {

    /** Nothing read yet that the steps use: no finding, no checklist item answered, no fact about the job. */
    UNKNOWN,

    /** Two ranks on one GPU or a rank-to-device mapping that does not add up ({@code NCCL_DUPLICATE_GPU}). */
    RANK_MAPPING,

    /** Connect failure or timeout, no usable interface, a wrong interface ({@code NCCL_CONNECT_FAILED}...). */
    CONNECT_FAILURE,

    /** {@code unhandled system error} and IB/RoCE errors: the RDMA path fails ({@code IB_COMPLETION_ERROR}...). */
    RDMA_ERROR,

    /** The job fails for another reason (CUDA error, out of memory, watchdog timeout, invalid usage). */
    OTHER_ERROR,

    /**
     * A peer rank's process, or the connection to it, went away first and this rank is its victim: a socket closed or
     * reset by the peer, PyTorch's store dropping its connection, a network plugin that could no longer reach the
     * destination ({@code NCCL_REMOTE_ERROR} when no cause of its own is printed). The cause is in the log of the rank
     * that failed first, or on the network path to it. After {@link #RDMA_ERROR} (an RDMA failure beside it is the cause) and {@link #OTHER_ERROR} (a
     * CUDA error, a kill); before {@link #HANG}: a peer that died explains the others' timeouts.
     */
    PEER_LOST,

    /**
     * A collective hung: which rank the others wait on, on which node, and whether the network is involved at all
     * ({@code HANG_RANK_NOT_ENTERED}, {@code HANG_COLLECTIVE_MISMATCH}, {@code HANG_COLLECTIVE_STUCK}, a watchdog
     * timeout). After {@link #OTHER_ERROR}: a CUDA error or a lost GPU beside the timeout is its cause.
     */
    HANG,

    /** Slow because of one node or one path: pairwise or scaling runs name it ({@code SLOW_NODE}...). */
    SLOW_NODE,

    /** Slow because NCCL runs over TCP sockets between nodes instead of RDMA ({@code NET_SOCKET_FALLBACK}). */
    SOCKET_FALLBACK,

    /** Slow on the RDMA path: the A/B run or link facts point at RDMA, RoCE lossless setup or congestion. */
    RDMA_PATH,

    /** Slow, cause not yet placed (busbw below expectation, odd curve, degraded links). */
    SLOW,

    /** Evidence read, and nothing wrong in it. */
    NO_PROBLEM_SEEN
}
