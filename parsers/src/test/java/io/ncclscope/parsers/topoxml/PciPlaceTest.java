package io.ncclscope.parsers.topoxml;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.topo.PathType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link NcclTopoXmlData#placedGpus()}, {@link NcclTopoXmlData#placedNets()} and {@link PciPlace#pathTo} on a dump. */
class PciPlaceTest {

    private static final String DUMP = """
            <system version="1">
              <cpu numaid="0" affinity="0000ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
                <pci busid="0000:15:00.0" class="0x060400" link_speed="32.0 GT/s PCIe" link_width="16">
                  <pci busid="0000:16:00.0" class="0x060400" link_speed="32.0 GT/s PCIe" link_width="16">
                    <pci busid="0000:18:00.0" class="0x030200" link_speed="32.0 GT/s PCIe" link_width="16">
                      <gpu dev="0" sm="90" rank="0" gdr="1">
                        <nvlink target="0000:05:00.0" count="18" tclass="0x068000"/>
                      </gpu>
                    </pci>
                    <pci busid="0000:19:00.0" class="0x020700" link_speed="32.0 GT/s PCIe" link_width="16">
                      <nic>
                        <net name="mlx5_0" dev="0" speed="400000" port="1" gdr="1"/>
                      </nic>
                    </pci>
                  </pci>
                </pci>
                <pci busid="0000:2a:00.0" class="0x020700" link_speed="32.0 GT/s PCIe" link_width="16">
                  <nic>
                    <net name="mlx5_1" dev="1" speed="400000" port="1" gdr="1"/>
                  </nic>
                </pci>
                <nic>
                  <net name="eth0" dev="2" speed="25000" port="0"/>
                </nic>
              </cpu>
              <cpu numaid="-1" affinity="ffff0000" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
                <pci busid="0000:9a:00.0" class="0x020700" link_speed="32.0 GT/s PCIe" link_width="16">
                  <nic>
                    <net name="mlx5_2" dev="3" speed="400000" port="1" gdr="1"/>
                  </nic>
                </pci>
              </cpu>
            </system>
            """;

    @Test
    void gpusAndNetsWithTheirPlaceAndPaths() {
        NcclTopoXmlData x = new NcclTopoXmlParser().parse(DUMP).data();
        List<PciPlace> gpus = x.placedGpus();
        List<PciPlace> nets = x.placedNets();
        assertThat(gpus).hasSize(1);
        assertThat(gpus.get(0).pci().busId()).isEqualTo("0000:18:00.0");
        assertThat(gpus.get(0).numaNode()).isZero();
        assertThat(gpus.get(0).pci().gpu().nvlinks()).allMatch(TopoNvLink::toNvSwitch);
        assertThat(nets).extracting(p -> p.net().name()).containsExactly("mlx5_0", "mlx5_1", "mlx5_2");
        assertThat(nets.get(2).numaNode()).isNull();
        assertThat(nets).extracting(n -> gpus.get(0).pathTo(n)).containsExactly(PathType.PIX, PathType.PHB, PathType.SYS);
    }

    @Test
    void nvlinkPeersByADirectLinkOrNvSwitchesOnBoth() {
        String dump = """
                <system version="1">
                  <cpu numaid="0" affinity="0000ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
                    <pci busid="0000:18:00.0" class="0x030200" link_speed="32.0 GT/s PCIe" link_width="16">
                      <gpu dev="0" sm="80" rank="0" gdr="1"><nvlink target="0000:19:00.0" count="4" tclass="0x030200"/></gpu>
                    </pci>
                    <pci busid="0000:19:00.0" class="0x030200" link_speed="32.0 GT/s PCIe" link_width="16">
                      <gpu dev="1" sm="80" rank="1" gdr="1"><nvlink target="0000:05:00.0" count="6" tclass="0x068000"/></gpu>
                    </pci>
                    <pci busid="0000:1a:00.0" class="0x030200" link_speed="32.0 GT/s PCIe" link_width="16">
                      <gpu dev="2" sm="80" rank="2" gdr="1"><nvlink target="0000:06:00.0" count="6" tclass="0x068000"/></gpu>
                    </pci>
                    <pci busid="0000:2a:00.0" class="0x020700" link_speed="32.0 GT/s PCIe" link_width="16">
                      <nic><net name="mlx5_0" dev="0" speed="400000" port="1" gdr="1"/></nic>
                    </pci>
                  </cpu>
                </system>
                """;
        NcclTopoXmlData x = new NcclTopoXmlParser().parse(dump).data();
        List<PciPlace> g = x.placedGpus();
        assertThat(g.get(0).nvlinkTo(g.get(1))).as("a direct link, from its own end").isTrue();
        assertThat(g.get(1).nvlinkTo(g.get(0))).as("GPU1 lists no link to GPU0, GPU0 no NVSwitch").isFalse();
        assertThat(g.get(1).nvlinkTo(g.get(2))).as("both on NVSwitches").isTrue();
        assertThat(g.get(0).nvlinkTo(g.get(2))).isFalse();
        assertThat(g.get(0).nvlinkTo(x.placedNets().get(0))).as("a NIC").isFalse();
    }
}
