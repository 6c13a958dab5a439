package io.ncclscope.parsers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link GpuLines} on the layouts nvidia-smi prints: {@code -q}'s GPU Link Info, {@code --query-gpu}, {@code nvlink -s}. */
class GpuLinesTest {

    private static final String QUERY = """
            ==============NVSMI LOG==============

            GPU 00000000:18:00.0
                Product Name                          : NVIDIA H100 80GB HBM3
                PCI
                    Bus Id                            : 00000000:18:00.0
                    GPU Link Info
                        PCIe Generation
                            Max                       : 5
                            Current                   : 1
                            Device Current            : 1
                            Device Max                : 5
                            Host Max                  : 5
                        Link Width
                            Max                       : 16x
                            Current                   : 8x
                    Bridge Chip
                        Type                          : N/A
            """;

    @Test
    void theSectionAskedForComesFirstWithItsCurrentLine() {
        List<String> text = QUERY.lines().toList();
        PcieLink link = new NvidiaSmiParser().parse(QUERY).data().gpus().get(0).pcie();
        assertThat(link.line()).isEqualTo(9);
        assertThat(GpuLines.pcieLink(text, link, false)).containsExactly(10, 9, 12, 13, 16, 15);
        assertThat(GpuLines.pcieLink(text, link, true)).containsExactly(16, 15, 10, 9, 12, 13);
    }

    @Test
    void aQueryGpuRowComesWithItsHeader() {
        String csv = """
                index, pci.bus_id, pcie.link.gen.current, pcie.link.gen.max, pcie.link.width.current, pcie.link.width.max
                0, 00000000:18:00.0, 1, 5, 16, 16
                1, 00000000:2A:00.0, 5, 5, 8, 16
                """;
        List<String> text = csv.lines().toList();
        PcieLink link = new NvidiaSmiParser().parse(csv).data().gpus().get(1).pcie();
        assertThat(GpuLines.pcieLink(text, link, true)).containsExactly(3, 1);
    }

    @Test
    void theNvmlLineUnderAGpuOfNvlinkStatus() {
        List<String> text = List.of("GPU 0: NVIDIA RTX A6000 (UUID: GPU-1)",
                "\t NVML: Unable to retrieve NVLink information as all links are inActive",
                "GPU 1: NVIDIA RTX A6000 (UUID: GPU-2)", "\t NVML: Unable to retrieve NVLink information");
        assertThat(GpuLines.nvlinkError(text, 1)).containsExactly(2);
        assertThat(GpuLines.nvlinkError(text, 3)).containsExactly(4);
        assertThat(GpuLines.nvlinkError(text, 0)).isEmpty();
    }
}
