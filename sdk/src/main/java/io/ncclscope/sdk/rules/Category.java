package io.ncclscope.sdk.rules;

/**
 * The part of the analysis a {@link Rule} belongs to. Reports group findings by category, in this
 * order, which is also the order an engineer works through them: a job that fails (errors) is
 * fixed before the route it takes (transport), the hardware under it (topology and links) and
 * finally the numbers it reaches (bandwidth).
 */
public enum Category {

    /** What the logs say went wrong: NCCL, CUDA, ibverbs and launcher errors, and facts about the logs themselves. */
    ERROR,

    /** Which transport NCCL chose: sockets instead of RDMA, wrong interface, no GPUDirect RDMA, no peer-to-peer. */
    TRANSPORT,

    /** The hardware and its wiring: GPU-NIC affinity, NUMA, PCIe, NVLink, NIC ports and counters, GPU Xid events. */
    TOPOLOGY,

    /** Measured bandwidth against expectations: nccl-tests curves, A/B switch runs, scaling and pairwise tests. */
    BANDWIDTH
}
