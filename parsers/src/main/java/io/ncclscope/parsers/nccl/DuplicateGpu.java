package io.ncclscope.parsers.nccl;

/**
 * {@code Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60}, from a WARN line or from PyTorch's
 * {@code Last error}; NCCL 2.30's {@code Multiple Ranks are using the same GPU/Partition} names no ranks.
 *
 * @param rank      the rank that detected it; nullable
 * @param otherRank the rank on the same device; nullable
 * @param busId     canonical PCI address of the shared GPU; nullable
 * @param busIdRaw  the bus id as printed ({@code 60}, {@code f000}); nullable
 * @param host      host of the WARN line; nullable
 * @param line      1-based line of the first occurrence
 * @param count     lines that stated it
 */
public record DuplicateGpu(Integer rank, Integer otherRank, String busId, String busIdRaw, String host, int line, long count) {
}
