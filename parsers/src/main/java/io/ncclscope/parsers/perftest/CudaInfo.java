package io.ncclscope.parsers.perftest;

/**
 * The CUDA set-up lines a {@code --use_cuda} run prints before its header: the GPU picked and the buffer allocated
 * in GPU memory (GPUDirect RDMA).
 *
 * @param deviceIndex the CUDA device picked ({@code Picking device No. 0}, {@code dev = 0})
 * @param deviceName  its name ({@code device name = [NVIDIA A30]})
 * @param bufferBytes the GPU buffer size ({@code cuMemAlloc() of a 67108864 bytes GPU buffer})
 * @param line        1-based line of the first CUDA line
 */
public record CudaInfo(Integer deviceIndex, String deviceName, Long bufferBytes, int line) {
}
