package io.ncclscope.parsers.nvsmi;

/**
 * A message nvidia-smi printed instead of data, for example {@code Failed to parse --display/-d flags},
 * {@code No devices were found} or {@code NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver}.
 *
 * @param text the message as printed
 * @param line 1-based source line
 */
public record NvsmiMessage(String text, int line) {

    /** {@return what the message says went wrong} */
    public NvsmiFailure failure() {
        return NvsmiFailure.of(text);
    }
}
