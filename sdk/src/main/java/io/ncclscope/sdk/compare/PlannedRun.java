package io.ncclscope.sdk.compare;

import io.ncclscope.sdk.diagnose.Message;

/**
 * One run the planner asks for.
 *
 * @param step    order of the run (1 first)
 * @param stage   {@code single-node}, {@code two-node}, {@code ab}, {@code scale-out} or {@code follow-up}
 * @param purpose why, in a sentence
 * @param command the exact command, with {@code NCCL_DEBUG=INFO}
 */
public record PlannedRun(int step, String stage, Message purpose, String command) {
}
