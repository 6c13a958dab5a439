package io.ncclscope.sdk.rules;

/**
 * How urgently a finding needs a person, from the point of view of the on-call engineer who
 * reads the report. Constants are declared from least to most severe, so {@link #compareTo} and
 * {@link #atLeast} order them.
 */
public enum FindingSeverity {

    /**
     * Context, nothing to fix: it explains the rest of the report or what it could not see (for
     * example, NCCL lines were written to {@code NCCL_DEBUG_FILE}). No page, no ticket.
     */
    INFO,

    /**
     * Probably costs performance or may fail later, but the evidence alone does not prove it. Run
     * the suggested check during working hours before changing anything.
     */
    WARNING,

    /**
     * A definite fault that costs bandwidth or stability (a link running degraded, TCP where RDMA
     * should be). The job may still run but must not be accepted as healthy; fix it before the
     * next long run.
     */
    ERROR,

    /**
     * The job failed, hangs or cannot be trusted (crash, timeout, wrong results). Act now: the
     * causes and actions of the finding are the first steps.
     */
    CRITICAL;

    /**
     * Whether this severity is the same as or more severe than another.
     *
     * @param other the severity to compare with
     * @return {@code true} when {@code this >= other}
     */
    public boolean atLeast(FindingSeverity other) {
        return compareTo(other) >= 0;
    }
}
