package io.ncclscope.parsers.topoxml;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link NcclTopoXmlParser}. */
class NcclTopoXmlParserTest {

    private final NcclTopoXmlParser parser = new NcclTopoXmlParser();

    /** The shape NCCL writes on an NVSwitch node with IB NICs behind a PCIe switch (values made up). */
    private static final String DGX = """
            <?xml version="1.0"?>
            <!-- dumped by NCCL -->
            <system version="1">
              <cpu numaid="0" affinity="00000000,ffffffff" arch="x86_64" vendor="AuthenticAMD" familyid="23" modelid="49">
                <pci busid="0000:0b:00.0" class="0x060400" vendor="0x1000" device="0xc010" subsystem_vendor="0x1000"
                     subsystem_device="0xa064" link_speed="16.0 GT/s PCIe" link_width="16">
                  <pci busid="0000:07:00.0" class="0x030200" vendor="0x10de" device="0x20b0" subsystem_vendor="0x10de" subsystem_device="0x134f" link_speed="16.0 GT/s PCIe" link_width="16">
                    <gpu dev="0" sm="80" rank="0" gdr="1">
                      <nvlink target="0000:c4:00.0" count="2" tclass="0x068000"/>
                      <nvlink target="0000:c5:00.0" count="2" tclass="0x068000"/>
                    </gpu>
                  </pci>
                  <pci busid="0000:0c:00.0" class="0x020700" vendor="0x15b3" device="0x101b" subsystem_vendor="0x15b3" subsystem_device="0x0007" link_speed="16.0 GT/s PCIe" link_width="16">
                    <nic>
                      <net name="mlx5_0" dev="0" speed="200000" port="1" latency="0.000000" guid="0x3e9f2b0003a1420c" maxconn="131072" gdr="1" coll="1"/>
                    </nic>
                  </pci>
                </pci>
              </cpu>
            </system>
            """;

    @Test
    void nvswitchNodeWithIbNic() {
        ParseResult<NcclTopoXmlData> r = parser.parse(DGX);
        assertThat(r.warnings()).isEmpty();
        NcclTopoXmlData d = r.data();
        TopoPci sw = d.cpus().get(0).pcis().get(0);
        assertThat(sw.pciClass()).isEqualTo("0x060400");
        assertThat(sw.subsystemDevice()).as("attribute on the tag's second line").isEqualTo("0xa064");
        assertThat(sw.pcis()).hasSize(2);
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.busId()).isEqualTo("0000:07:00.0");
            assertThat(g.sm()).isEqualTo(80);
            assertThat(g.linkWidth()).isEqualTo(16);
            assertThat(g.numaId()).isEqualTo(0);
            assertThat(g.nvlinks()).hasSize(2);
        });
        assertThat(d.nvlinks()).extracting(TopoNvLink::target).containsExactly("0000:c4:00.0", "0000:c5:00.0");
        assertThat(d.nvlinks()).allSatisfy(l -> {
            assertThat(l.count()).isEqualTo(2);
            assertThat(l.targetClass()).isEqualTo("0x068000");
            assertThat(l.gpuBusId()).isEqualTo("0000:07:00.0");
        });
        assertThat(d.nets()).singleElement().satisfies(n -> {
            assertThat(n.name()).isEqualTo("mlx5_0");
            assertThat(n.speedMbps()).isEqualTo(200000L);
            assertThat(n.busId()).isEqualTo("0000:0c:00.0");
            assertThat(n.gdr()).isTrue();
            assertThat(n.coll()).isTrue();
            assertThat(n.guid()).isEqualTo("0x3e9f2b0003a1420c");
        });
        assertThat(parser.sniff(DGX)).isGreaterThanOrEqualTo(90);
    }

    @Test
    void truncatedXmlGivesWarningsAndWhatWasRead() {
        String cut = DGX.substring(0, DGX.indexOf("<nic>") + 20);
        ParseResult<NcclTopoXmlData> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.message().contains("truncated"));
        assertThat(r.data().gpus()).hasSize(1);
        assertThat(r.data().nvlinks()).hasSize(2);
        assertThat(r.data().nets()).isEmpty();
    }

    @Test
    void cutInsideAnAttributeValue() {
        ParseResult<NcclTopoXmlData> r = parser.parse("<system version=\"1\">\n  <cpu numaid=\"0\" arch=\"x86");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anyMatch(w -> w.message().contains("inside a tag"));
        assertThat(r.data().version()).isEqualTo("1");
        assertThat(r.data().cpus()).isEmpty();
    }

    @Test
    void emptyInputIsAnError() {
        ParseResult<NcclTopoXmlData> r = parser.parse("");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.line() == 0 && w.message().equals("no nccl-topo-xml content found"));
    }

    @Test
    void garbageIsAnErrorNotAnException() {
        ParseResult<NcclTopoXmlData> r = parser.parse("<<<>>> </x> <1bad attr> \u0000 & < / > \"unterminated");
        assertThat(r.hasErrors()).isTrue();
        assertThat(parser.sniff("<html><body>hi</body></html>")).isZero();
    }

    @Test
    void crlfEntitiesAndMismatchedClose() {
        String s = "<system version=\"1\">\r\n<cpu numaid='1' vendor=\"A&amp;B&#x41;\">\r\n"
                + "<pci busid=\"0000:3B:00.0\" link_speed=\"32.0 GT/s PCIe\" link_width=\"16\"><gpu dev=\"3\"/>\r\n"
                + "</cpu>\r\n</system>\r\n";
        ParseResult<NcclTopoXmlData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        TopoCpu cpu = r.data().cpus().get(0);
        assertThat(cpu.numaId()).isEqualTo(1);
        assertThat(cpu.vendor()).isEqualTo("A&BA");
        assertThat(r.data().gpus().get(0).busId()).isEqualTo("0000:3b:00.0");
        assertThat(r.data().gpus().get(0).line()).isEqualTo(3);
        assertThat(r.warnings()).anyMatch(w -> w.line() == 4 && w.message().contains("closes unclosed <pci>"));
    }

    @Test
    void deepNestingIsBounded() {
        StringBuilder sb = new StringBuilder("<system version=\"1\"><cpu numaid=\"0\">");
        for (int i = 0; i < 5000; i++) sb.append("<pci busid=\"0000:00:00.0\">");
        ParseResult<NcclTopoXmlData> r = parser.parse(sb.toString());
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anyMatch(w -> w.message().contains("deeper than"));
    }
}
