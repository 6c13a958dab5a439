package io.ncclscope.parsers.ras;

/**
 * One row of the {@code Communicators} table: communicators grouped by their size and state.
 *
 * @param group        the group number
 * @param comms        communicators in the group
 * @param nodesPerComm nodes per communicator ({@code 4}, or a range {@code 7-8} as printed)
 * @param ranksPerNode ranks per node as printed ({@code 8}, {@code 7-8})
 * @param ranksPerComm ranks per communicator as printed
 * @param ranksInGroup ranks in the group as printed
 * @param status       {@code RUNNING}, {@code INIT}, {@code FINALIZE}, {@code ABORTED}...
 * @param errors       {@code OK}, {@code INCOMPLETE}, {@code MISMATCH}, {@code ERROR}...
 * @param line         1-based line
 */
public record RasCommunicators(int group, String comms, String nodesPerComm, String ranksPerNode, String ranksPerComm,
                               String ranksInGroup, String status, String errors, int line) {
}
