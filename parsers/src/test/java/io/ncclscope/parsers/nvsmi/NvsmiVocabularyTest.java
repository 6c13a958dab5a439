package io.ncclscope.parsers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link NvsmiFailure} on the messages nvidia-smi prints instead of data, and {@link GpuProducts} on product names. */
class NvsmiVocabularyTest {

    @Test
    void whatAFailureMessageSays() {
        assertThat(NvsmiFailure.of("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
                + "Make sure that the latest NVIDIA driver is installed and running.")).isEqualTo(NvsmiFailure.DRIVER_UNREACHABLE);
        assertThat(NvsmiFailure.of("Failed to initialize NVML: Driver/library version mismatch"))
                .isEqualTo(NvsmiFailure.DRIVER_UNREACHABLE);
        assertThat(NvsmiFailure.of("Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error"))
                .isEqualTo(NvsmiFailure.GPU_LOST);
        assertThat(NvsmiFailure.of("GPU 00000000:3B:00.0: GPU has fallen off the bus.")).isEqualTo(NvsmiFailure.GPU_LOST);
        assertThat(NvsmiFailure.of("No devices were found")).isEqualTo(NvsmiFailure.NO_DEVICES);
        assertThat(NvsmiFailure.of("Failed to parse --display/-d flags")).isEqualTo(NvsmiFailure.OTHER);
        assertThat(NvsmiFailure.of(null)).isEqualTo(NvsmiFailure.OTHER);
    }

    @Test
    void theFirstMessageOfAFailure() {
        NvidiaSmiData d = new NvidiaSmiParser().parse("No devices were found\n").data();
        assertThat(d.firstFailure(NvsmiFailure.NO_DEVICES)).hasValueSatisfying(m -> assertThat(m.line()).isEqualTo(1));
        assertThat(d.firstFailure(NvsmiFailure.GPU_LOST)).isEmpty();
    }

    @Test
    void baseboardModelsByTheirProductName() {
        assertThat(GpuProducts.onNvlinkBaseboard("NVIDIA H100 80GB HBM3")).isTrue();
        assertThat(GpuProducts.onNvlinkBaseboard("NVIDIA A100-SXM4-80GB")).isTrue();
        assertThat(GpuProducts.onNvlinkBaseboard("Tesla V100-SXM2-32GB")).isTrue();
        assertThat(GpuProducts.onNvlinkBaseboard("NVIDIA GB200")).isTrue();
        assertThat(GpuProducts.onNvlinkBaseboard("NVIDIA H100 PCIe")).isFalse();
        assertThat(GpuProducts.onNvlinkBaseboard("NVIDIA H100 NVL")).isFalse();
        assertThat(GpuProducts.onNvlinkBaseboard("NVIDIA RTX A6000")).isFalse();
    }
}
