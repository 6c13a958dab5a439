/**
 * The tools of a node as evidence: what the {@code ncclscope collect} manifest says of each step (failed, timed out,
 * refused, not installed) and what nvidia-smi printed instead of data (a driver it cannot reach, no GPU, a GPU lost).
 *
 * <p>Per-node checks only ({@link io.ncclscope.sdk.diagnose.tools.ToolsAnalyzer}): {@code DriverFailures} reads the
 * nvidia-smi outputs and the manifest's notes of a node; {@code CollectSteps} reads the manifest's outcomes. No
 * summary is kept across nodes: each node's findings are handed on as its slice is read.
 */
package io.ncclscope.sdk.diagnose.tools;
