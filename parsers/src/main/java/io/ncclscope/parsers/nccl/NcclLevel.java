package io.ncclscope.parsers.nccl;

/** The level of an NCCL debug line ({@code NCCL INFO}, {@code NCCL WARN}). */
public enum NcclLevel {
    /** {@code NCCL INFO}. */
    INFO,
    /** {@code NCCL WARN}: NCCL is about to return an error. */
    WARN,
    /** {@code NCCL TRACE} (debug builds). */
    TRACE
}
