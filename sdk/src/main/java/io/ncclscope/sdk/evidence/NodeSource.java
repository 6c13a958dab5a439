package io.ncclscope.sdk.evidence;

/** Where an artifact's node (host) name came from, most trustworthy first. */
public enum NodeSource {
    /** Printed in the artifact itself (NCCL log prefixes, nccl-tests {@code on HOST} lines, a bundle manifest). */
    CONTENT,
    /** The name of the bundle folder the file was in (one sub-folder per node). */
    FOLDER,
    /** Given by the caller. */
    GIVEN,
    /** No node could be told; several hosts in one artifact also land here. */
    NONE
}
