package io.ncclscope.parsers.ras;

/**
 * A process or rank an issue names: {@code Process 3487984 on node 172.16.64.213 managing GPU 5}, {@code Rank 0 -- GPU
 * 0 managed by process 483072 on node 10.0.0.1}, {@code The missing rank: 21}. Nullable components were not printed.
 *
 * @param rank the communicator rank; nullable
 * @param gpu  the GPU index; nullable
 * @param pid  the process id; nullable
 * @param node the node (address or name); nullable
 * @param line 1-based line
 */
public record RasProcess(Integer rank, Integer gpu, Long pid, String node, int line) {
}
