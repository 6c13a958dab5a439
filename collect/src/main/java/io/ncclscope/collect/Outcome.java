package io.ncclscope.collect;

/** How one collection step ended. None of them stops the collection. */
public enum Outcome {
    /** Ran and exited 0 (or, for a file read, was read). */
    OK,
    /** Ran and exited non-zero for another reason than permissions; its output is kept when it printed any. */
    FAILED,
    /** The program is not installed (not on the search path), or the file does not exist on this node. */
    MISSING,
    /** Not allowed: the program or the kernel refused (not root, {@code dmesg_restrict}, permission denied). */
    REFUSED,
    /** Still running when its timeout came; it was killed with everything it started. */
    TIMED_OUT
}
