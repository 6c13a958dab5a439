package io.ncclscope.sdk.diagnose.hangs;

/**
 * Where a global rank ran, from the NCCL logs' {@code Init COMPLETE} lines of the job's largest communicator.
 *
 * @param host  the host; nullable
 * @param pid   the process id; nullable
 * @param gpu   the CUDA device index ({@code 3}); nullable
 * @param busId the GPU's PCI address; nullable
 * @param size  the communicator's size
 */
record RankPlace(String host, Long pid, Integer gpu, String busId, int size) {
}
