package io.ncclscope.parsers.dmesg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link DmesgEvent#pcieNarrowerThanCapable()} on the kernel's pcie_print_link_status lines (drivers/pci/pci.c). */
class PcieBandwidthLineTest {

    @Test
    void aNarrowerLimitingLinkIsTold() {
        String log = """
                [ 5.1] mlx5_core 0000:41:00.0: 126.024 Gb/s available PCIe bandwidth, limited by 16.0 GT/s PCIe x8 link at 0000:40:01.1 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)
                [ 5.2] nvidia 0000:18:00.0: 32.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x16 link at 0000:17:00.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)
                [ 5.3] mlx5_core 0000:42:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)
                """;
        List<DmesgEvent> events = new DmesgParser().parse(log).data().events();
        assertThat(events).extracting(DmesgEvent::type).containsOnly(DmesgEventType.PCIE_BANDWIDTH);
        assertThat(events).extracting(DmesgEvent::pcieNarrowerThanCapable).containsExactly(true, false, false);
    }
}
