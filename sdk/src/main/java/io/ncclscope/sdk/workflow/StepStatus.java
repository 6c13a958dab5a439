package io.ncclscope.sdk.workflow;

/** Where one step stands. */
public enum StepStatus {

    /** Every check the step needs is backed by evidence. */
    SATISFIED,

    /** Some checks are backed by evidence, some are missing. */
    PARTIAL,

    /** No evidence for this step yet. */
    MISSING,

    /**
     * The evidence shows the step fails (the 2-node run cannot connect, two ranks share a GPU): its cause is named by a
     * finding; fix it, then rerun the step's commands.
     */
    BLOCKED,

    /** The situation does not need this step (a duplicate GPU needs no A/B run). */
    NOT_NEEDED
}
