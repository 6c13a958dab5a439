/**
 * The hang analyzer: which rank, which node, and whether it is the network at all. Per node, {@link
 * io.ncclscope.sdk.diagnose.hangs.HangPass} folds watchdog lines, dump-signal progress, gloo monitored-barrier and
 * mismatch reports and Flight Recorder dumps into small per-rank summaries ({@code RankProgress}), with the rank to
 * host and GPU map of the NCCL logs ({@code RankPlace}) and the node's host evidence; across nodes, {@code HangChecks}
 * makes one finding per hang: a rank that never entered the collective (CPU side, not the network), a mismatch, or a
 * collective every rank entered and some never completed (GPU or network side). The errors pass runs it and lets its
 * findings replace the per-log watchdog findings.
 */
package io.ncclscope.sdk.diagnose.hangs;
