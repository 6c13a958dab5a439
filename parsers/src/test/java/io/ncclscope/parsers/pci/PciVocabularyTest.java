package io.ncclscope.parsers.pci;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link PciClass}, {@link PciDescriptions} and {@link LspciDevice#portOrBridge()} on the names pci.ids gives (its class
 * list and NVIDIA's and Mellanox's device names) and on lspci -vvv's Express capability line; {@link PciDrivers} on the
 * kernel's driver names.
 */
class PciVocabularyTest {

    @Test
    void classNames() {
        assertThat(PciClass.of("3D controller")).isEqualTo(PciClass.DISPLAY);
        assertThat(PciClass.of("VGA compatible controller")).isEqualTo(PciClass.DISPLAY);
        assertThat(PciClass.of("Display controller")).isEqualTo(PciClass.DISPLAY);
        assertThat(PciClass.of("Processing accelerators")).isEqualTo(PciClass.PROCESSING_ACCELERATOR);
        assertThat(PciClass.of("Ethernet controller")).isEqualTo(PciClass.NETWORK);
        assertThat(PciClass.of("Infiniband controller")).isEqualTo(PciClass.NETWORK);
        assertThat(PciClass.of("Network controller")).isEqualTo(PciClass.NETWORK);
        assertThat(PciClass.of("PCI bridge")).isEqualTo(PciClass.BRIDGE);
        assertThat(PciClass.of("Host bridge")).isEqualTo(PciClass.BRIDGE);
        assertThat(PciClass.of("Non-VGA unclassified device")).isEqualTo(PciClass.OTHER);
        assertThat(PciClass.of("Non-Volatile memory controller")).isEqualTo(PciClass.OTHER);
        assertThat(PciClass.of(null)).isEqualTo(PciClass.UNKNOWN);
    }

    @Test
    void nvidiaGpusByTheirPciIdsName() {
        assertThat(PciDescriptions.nvidiaGpu("NVIDIA Corporation GH100 [H100 SXM5 80GB]", "0000:18:00.0")).isTrue();
        assertThat(PciDescriptions.nvidiaGpu("NVIDIA Corporation GH100 [H100 SXM5 80GB]", null)).isTrue();
        assertThat(PciDescriptions.nvidiaGpu("NVIDIA Corporation GH100 [H100 SXM5 80GB]", "0000:18:00.1")).isFalse();
        assertThat(PciDescriptions.nvidiaGpu("NVIDIA Corporation AD102 High Definition Audio Controller", null)).isFalse();
        assertThat(PciDescriptions.nvidiaGpu("NVIDIA Corporation GH100 [H100 NVSwitch]", null)).isFalse();
        assertThat(PciDescriptions.nvidiaGpu("NVIDIA Corporation Device 22a3", null)).isFalse();
        assertThat(PciDescriptions.nvidiaGpu("Intel Corporation Device [8086:0b60]", null)).isFalse();
        assertThat(PciDescriptions.nvidiaGpu(null, null)).isFalse();
    }

    @Test
    void connectxNetworkFunctions() {
        assertThat(PciDescriptions.connectxNic("Mellanox Technologies MT2910 Family [ConnectX-7]")).isTrue();
        assertThat(PciDescriptions.connectxNic("Mellanox Technologies MT42822 BlueField-2 integrated ConnectX-6 Dx network controller")).isTrue();
        assertThat(PciDescriptions.connectxNic("Mellanox Technologies MT42822 BlueField-2 SoC Management Interface")).isFalse();
        assertThat(PciDescriptions.connectxNic("Mellanox Technologies MT43244 Family [BlueField-3 SoC PCIe Bridge]")).isFalse();
        assertThat(PciDescriptions.connectxNic("Intel Corporation Ethernet Controller E810-C for QSFP")).isFalse();
        assertThat(PciDescriptions.connectxNic(null)).isFalse();
    }

    @Test
    void kernelDrivers() {
        assertThat(PciDrivers.mellanox("mlx5_core")).isTrue();
        assertThat(PciDrivers.mellanox("MLX4_CORE")).isTrue();
        assertThat(PciDrivers.mellanox("bnxt_en")).isFalse();
        assertThat(PciDrivers.mellanox(null)).isFalse();
        for (String nic : new String[] {"mlx5_core", "bnxt_en", "bnxt_re", "ice", "irdma", "i40e"}) {
            assertThat(PciDrivers.fabricNic(nic)).as(nic).isTrue();
        }
        assertThat(PciDrivers.fabricNic("igb")).isFalse();
        assertThat(PciDrivers.fabricNic("nvme")).isFalse();
        assertThat(PciDrivers.fabricNic(null)).isFalse();
        assertThat(PciDrivers.gpu("nvidia")).isTrue();
        assertThat(PciDrivers.gpu("amdgpu")).isTrue();
        assertThat(PciDrivers.gpu("nvidia-nvswitch")).isFalse();
        assertThat(PciDrivers.gpu("ast")).isFalse();
        assertThat(PciDrivers.gpu(null)).isFalse();
    }

    @Test
    void vendors() {
        assertThat(PciDescriptions.mellanox("Mellanox Technologies MT2910 Family [ConnectX-7]")).isTrue();
        assertThat(PciDescriptions.mellanox("NVIDIA BlueField-3 P-Series DPU")).isTrue();
        assertThat(PciDescriptions.mellanox("Broadcom Inc. BCM57508 NetXtreme-E")).isFalse();
        assertThat(PciDescriptions.gpuVendor("Advanced Micro Devices, Inc. [AMD/ATI] Aqua Vanjaram [Instinct MI300X]")).isTrue();
        assertThat(PciDescriptions.gpuVendor("NVIDIA Corporation AD102GL [RTX 6000 Ada Generation]")).isTrue();
        assertThat(PciDescriptions.gpuVendor("ASPEED Technology, Inc. ASPEED Graphics Family")).isFalse();
        assertThat(PciDescriptions.gpuVendor(null)).isFalse();
    }

    @Test
    void portsAndBridgesByClassOrExpressType() {
        String text = """
                00:01.1 PCI bridge: Intel Corporation Device 1bbc (rev 11)
                \tCapabilities: [40] Express (v2) Root Port (Slot+), MSI 00
                18:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)
                \tCapabilities: [68] Express (v2) Endpoint, MSI 00
                \t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported
                \t\tLnkSta:\tSpeed 32GT/s, Width x16
                19:00.0 Ethernet controller: Intel Corporation I210 Gigabit Network Connection (rev 03)
                \tCapabilities: [a0] Express (v2) Downstream Port, MSI 00
                """;
        var devices = new LspciVerboseParser().parse(text).data().devices();
        assertThat(devices).extracting(LspciDevice::portOrBridge).containsExactly(true, false, true);
        assertThat(devices).extracting(LspciDevice::pciClass)
                .containsExactly(PciClass.BRIDGE, PciClass.DISPLAY, PciClass.NETWORK);
    }
}
