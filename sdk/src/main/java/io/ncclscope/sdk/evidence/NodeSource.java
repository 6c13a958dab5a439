package io.ncclscope.sdk.evidence;

/** Where an artifact's node (host) name came from, most trustworthy first. */
public enum NodeSource {
    /** Printed in the artifact itself (NCCL log prefixes, nccl-tests {@code on HOST} lines, a bundle manifest). */
    CONTENT,
    /**
     * Named by the fleet tool that ran one command on several nodes (pdsh's {@code node1: } before each line, clush's
     * and dshbak's node set, ansible's header): the artifact is that node's part of the output.
     */
    FLEET,
    /** The name of the bundle folder the file was in (one sub-folder per node). */
    FOLDER,
    /** Given by the caller. */
    GIVEN,
    /** No node could be told; several hosts in one artifact also land here. */
    NONE
}
