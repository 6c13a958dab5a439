package io.ncclscope.sdk.rules;

/**
 * One item of a step's checklist: a piece of evidence the method asks for. Texts are in this package's
 * {@code Messages} bundles under {@code need.<NAME>}. Names are a contract of the JSON state: add, never rename.
 */
public enum Need {

    /** Step 1: the node list of the job. */
    NODE_LIST(StepId.COLLECT),
    /** Step 1: GPU model and count per node. */
    GPU_INVENTORY(StepId.COLLECT),
    /** Step 1: NIC models and rates ({@code ibstat}, {@code ethtool IF}). */
    NIC_INVENTORY(StepId.COLLECT),
    /** Step 1: {@code nvidia-smi topo -m} (GPU-NIC affinity). */
    TOPO_MATRIX(StepId.COLLECT),
    /** Step 1: the launcher (torchrun, srun, mpirun, deepspeed) and the key environment variables. */
    LAUNCH_ENV(StepId.COLLECT),
    /** Step 1: the full error log, with {@code NCCL_DEBUG=INFO} where it can be added. */
    ERROR_LOG(StepId.COLLECT),

    /** Step 2: the interfaces of each node with addresses and MTU (training vs management network). */
    IFACE_LIST(StepId.CONNECTIVITY),
    /** Step 2: which network and interface NCCL chose ({@code NCCL_DEBUG_SUBSYS=INIT,NET} lines). */
    NET_CHOICE(StepId.CONNECTIVITY),
    /** Step 2: {@code NCCL_SOCKET_IFNAME} pointing at the training interface, or a choice that is right without it. */
    IFNAME_SET(StepId.CONNECTIVITY),
    /** Step 2: a minimal multi-node run (2 nodes x 1 GPU) that completed. */
    MINIMAL_RUN(StepId.CONNECTIVITY),

    /** Step 3: the default run (RDMA allowed) measured or failing, with its log. */
    AB_DEFAULT(StepId.AB_SWITCH),
    /** Step 3: the same run with {@code NCCL_IB_DISABLE=1} (TCP). */
    AB_IB_DISABLED(StepId.AB_SWITCH),
    /** Step 3: the RDMA devices visible where the job runs ({@code ibv_devinfo}, {@code /dev/infiniband} in containers). */
    RDMA_DEVICES(StepId.AB_SWITCH),
    /** Step 3: the kernel log ({@code dmesg}: Xid, mlx5). */
    KERNEL_LOG(StepId.AB_SWITCH),

    /** Step 4: pairwise two-node runs (or a scaling series) that name the slow node or path. */
    PAIRWISE(StepId.NAME_NODE),
    /** Step 4: the suspect node's NIC rate ({@code ibstat}, {@code ethtool IF}). */
    NODE_NIC_RATE(StepId.NAME_NODE),
    /** Step 4: the suspect node's NIC error counters ({@code ethtool -S IF}). */
    NODE_COUNTERS(StepId.NAME_NODE),
    /** Step 4: the suspect node's GPU Xid events ({@code dmesg | grep -i xid}). */
    NODE_XID(StepId.NAME_NODE),
    /** Step 4: the suspect node's NUMA layout and binding ({@code numactl -H}, {@code nvidia-smi topo -m}). */
    NODE_NUMA(StepId.NAME_NODE),
    /**
     * Step 4, for a hang: the rank the others wait on and its host, named from every rank's traces (watchdog and desync
     * lines, Flight Recorder dumps, {@code ncclras}).
     */
    HANG_RANK(StepId.NAME_NODE),
    /**
     * Step 4, for a hang: what the named rank's process is doing on its host: its Python stacks ({@code py-spy dump
     * --pid}) and the kernel log (the OOM killer, Xid).
     */
    HANG_STACKS(StepId.NAME_NODE),

    /** Step 5: a rerun after the fix that completes (the fix is proven). */
    VERIFY_FIX(StepId.CONCLUDE);

    private final StepId step;

    Need(StepId step) {
        this.step = step;
    }

    /** {@return the step this item belongs to} */
    public StepId step() {
        return step;
    }

    /** {@return true for the per-node checks of step 4, which count only on the suspect node once one is named} */
    public boolean perNode() {
        return this == NODE_NIC_RATE || this == NODE_COUNTERS || this == NODE_XID || this == NODE_NUMA || this == HANG_STACKS;
    }
}
