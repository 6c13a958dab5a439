package io.ncclscope.sdk.rules;

/**
 * The five steps of the troubleshooting method (seed {@code 000_01cf103c809e0dbb.txt}, "一套从报错到闭环的标准排障流程"),
 * in the order they are worked through.
 */
public enum StepId {

    /** Step 1: collect the minimal facts (nodes, GPUs, NICs and rates, {@code nvidia-smi topo -m}, launcher, env, the error log). */
    COLLECT(1),

    /** Step 2: prove connectivity and the interface choice ({@code NCCL_SOCKET_IFNAME}, a 2-node x 1-GPU run). */
    CONNECTIVITY(2),

    /** Step 3: the A/B switch method (default vs {@code NCCL_IB_DISABLE=1}) to place the problem in IB, RoCE or TCP. */
    AB_SWITCH(3),

    /** Step 4: name the bad node (pairwise runs, then per-node checks: NIC rate, error counters, Xid, NUMA). */
    NAME_NODE(4),

    /** Step 5: a conclusion to hand over: symptom, evidence, fix. */
    CONCLUDE(5);

    private final int number;

    StepId(int number) {
        this.number = number;
    }

    /** {@return the step's number, 1 to 5} */
    public int number() {
        return number;
    }
}
