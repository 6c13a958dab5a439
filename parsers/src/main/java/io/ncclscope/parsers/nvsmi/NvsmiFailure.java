package io.ncclscope.parsers.nvsmi;

import java.util.Locale;

/**
 * What a message nvidia-smi printed instead of data says went wrong ({@link NvsmiMessage#failure()}): its wording
 * for a driver that does not answer, a GPU it cannot reach, or no GPU at all. The same words stand in a collect
 * step's standard error, so {@link #of(String)} reads any line.
 */
public enum NvsmiFailure {
    /**
     * The driver does not answer: {@code NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver},
     * {@code Failed to initialize NVML: Driver/library version mismatch}.
     */
    DRIVER_UNREACHABLE,
    /**
     * A GPU the driver lists cannot be reached: {@code Unable to determine the device handle for GPU0000:3B:00.0:
     * Unknown Error}, {@code GPU 00000000:3B:00.0: GPU has fallen off the bus}.
     */
    GPU_LOST,
    /** {@code No devices were found}. */
    NO_DEVICES,
    /** Another message, such as {@code Failed to parse --display/-d flags}. */
    OTHER;

    /**
     * Reads a message; never null. A message with the words of two failures is the first of them in this order.
     *
     * @param message the message or line as printed; null allowed
     * @return the failure; {@link #OTHER} for other text
     */
    public static NvsmiFailure of(String message) {
        String t = message == null ? "" : message.toLowerCase(Locale.ROOT);
        if (t.contains("couldn't communicate with the nvidia driver") || t.contains("nvidia-smi has failed")
                || t.contains("failed to initialize nvml") || t.contains("driver/library version mismatch")) {
            return DRIVER_UNREACHABLE;
        }
        if (t.contains("unable to determine the device handle") || t.contains("fallen off the bus")) return GPU_LOST;
        if (t.contains("no devices were found")) return NO_DEVICES;
        return OTHER;
    }
}
