/**
 * The three segments (intra-node, inter-node, end-to-end): measured bandwidth held against what the hardware found
 * should carry.
 *
 * <p>The analyzer's shape, as in every analyzer package: <b>per node</b>, in {@code add}, {@code MeasurementFold}
 * judges the measurements of a slice that need only its own node ({@code NcclTestsJudge}, {@code CurveChecks},
 * {@code NvbandwidthJudge}, {@code PerftestJudge}) and keeps the node's {@code NodeHardware} summary (GPU model,
 * NVLinks, active IB ports, fastest Ethernet link, each with its line); <b>across nodes</b>, at finish, tables naming
 * another node's host are judged against that node's summary; <b>findings</b> are handed over as they settle
 * ({@code Pass.drain()}). Exported for the report model: {@link io.ncclscope.sdk.bandwidth.SegmentVerdict},
 * {@link io.ncclscope.sdk.bandwidth.Segments}, {@link io.ncclscope.sdk.bandwidth.HardwareModel}.
 */
package io.ncclscope.sdk.bandwidth;
