package io.ncclscope.sdk.rules;

/**
 * The three bandwidth segments of the troubleshooting method: a slow job is split into the part
 * inside a node, the part between nodes and the NCCL collective that uses both, and each segment
 * is measured and held against what its hardware should give.
 */
public enum Segment {

    /** Segment 1: GPU to GPU inside one node, over NVLink/NVSwitch or PCIe. */
    INTRA_NODE,

    /** Segment 2: NIC to NIC between nodes, over InfiniBand, RoCE or TCP. */
    INTER_NODE,

    /** Segment 3: the end-to-end NCCL collective (nccl-tests), the real path plus synchronisation. */
    END_TO_END,

    /** Not about one bandwidth segment (errors, facts about logs, node-wide hardware events). */
    NONE
}
