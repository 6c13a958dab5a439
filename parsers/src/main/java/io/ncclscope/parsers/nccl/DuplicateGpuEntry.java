package io.ncclscope.parsers.nccl;

/** A distinct duplicate-GPU report being counted; becomes a {@link DuplicateGpu}. */
final class DuplicateGpuEntry {
    Integer rank;
    Integer other;
    String raw;
    String host;
    int line;
    long count;
}
