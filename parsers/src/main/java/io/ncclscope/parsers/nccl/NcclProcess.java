package io.ncclscope.parsers.nccl;

/**
 * A process seen in NCCL line prefixes ({@code host:pid:tid [cudaDev]}).
 *
 * @param host    the host
 * @param pid     the process id
 * @param rank    its rank in the largest communicator it initialised; null when no init line was seen
 * @param cudaDev the CUDA device of its first line; nullable
 * @param line    1-based line of its first NCCL line
 */
public record NcclProcess(String host, long pid, Integer rank, Integer cudaDev, int line) {
}
