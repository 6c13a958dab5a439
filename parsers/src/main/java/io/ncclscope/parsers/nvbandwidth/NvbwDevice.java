package io.ncclscope.parsers.nvbandwidth;

/**
 * A GPU as nvbandwidth listed it: {@code Device 0: NVIDIA A100-SXM4-80GB (00000000:34:00)}, or in a
 * multinode run {@code Process 0 (host): device 0: NAME (...)}.
 *
 * @param index  the CUDA device ordinal
 * @param name   the device name
 * @param busId  PCI address in canonical form ({@code 0000:34:00.0}; nvbandwidth prints no function, GPUs are
 *               function 0); null for versions before 0.7 that print none
 * @param host   host name of a multinode run; nullable
 * @param line   1-based source line
 */
public record NvbwDevice(int index, String name, String busId, String host, int line) {
}
