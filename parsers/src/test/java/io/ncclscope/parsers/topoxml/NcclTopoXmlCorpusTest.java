package io.ncclscope.parsers.topoxml;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus file of manifest kind "nccl-topo-xml", and the facts its manifest row states. */
class NcclTopoXmlCorpusTest {

    private final NcclTopoXmlParser parser = new NcclTopoXmlParser();

    static Stream<Corpus.Entry> files() {
        List<Corpus.Entry> e = Corpus.entries("nccl-topo-xml");
        return e.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "nccl-topo-xml", "", "", "", "")) : e.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutError(Corpus.Entry e) {
        Corpus.assumePresent();
        ParseResult<NcclTopoXmlData> r = parser.parse(e.text());
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(Json.pretty(r)).as("JSON of %s", e.file()).contains("\"kind\": \"nccl-topo-xml\"");
        assertThat(r.data().cpus()).isNotEmpty();
        assertThat(parser.sniff(e.text())).isGreaterThanOrEqualTo(90);
    }

    /** NCCL_TOPO_DUMP_FILE XML for 1 H200 GPU, 1 CPU, NIC eth0 (socket). */
    @Test
    void capturedTopoDump() {
        ParseResult<NcclTopoXmlData> r = parser.parse(Corpus.read("captured/h200-1gpu/nccl/topo-dump.xml"));
        assertThat(r.warnings()).isEmpty();
        NcclTopoXmlData d = r.data();
        assertThat(d.version()).isEqualTo("1");
        assertThat(d.elements()).isEqualTo(6);
        TopoCpu cpu = d.cpus().get(0);
        assertThat(d.cpus()).hasSize(1);
        assertThat(cpu.numaId()).isEqualTo(-1);
        assertThat(cpu.arch()).isEqualTo("x86_64");
        assertThat(cpu.vendor()).isEqualTo("GenuineIntel");
        assertThat(cpu.familyId()).isEqualTo(6);
        assertThat(cpu.modelId()).isEqualTo(207);
        assertThat(cpu.hostHash()).isEqualTo("0xfd010bcd3eddc098");
        assertThat(cpu.line()).isEqualTo(2);
        TopoPci pci = cpu.pcis().get(0);
        assertThat(cpu.pcis()).hasSize(1);
        assertThat(pci.busId()).isEqualTo("0000:00:06.0");
        assertThat(pci.pciClass()).isEqualTo("0x030200");
        assertThat(pci.vendor()).isEqualTo("0x10de");
        assertThat(pci.device()).isEqualTo("0x2335");
        assertThat(pci.linkSpeedGTs()).isEqualTo(32.0);
        assertThat(pci.linkWidth()).as("link_width=\"0\" as NCCL wrote it inside the VM").isEqualTo(0);
        assertThat(d.gpus()).singleElement().satisfies(g -> {
            assertThat(g.busId()).isEqualTo("0000:00:06.0");
            assertThat(g.dev()).isEqualTo(0);
            assertThat(g.rank()).isEqualTo(0);
            assertThat(g.sm()).isEqualTo(90);
            assertThat(g.gdr()).isTrue();
            assertThat(g.linkSpeed()).isEqualTo("32.0 GT/s PCIe");
            assertThat(g.linkSpeedGTs()).isEqualTo(32.0);
            assertThat(g.linkWidth()).isEqualTo(0);
            assertThat(g.numaId()).isEqualTo(-1);
            assertThat(g.nvlinks()).isEmpty();
            assertThat(g.line()).isEqualTo(4);
        });
        assertThat(pci.gpu()).isEqualTo(d.gpus().get(0));
        assertThat(d.nvlinks()).isEmpty();
        assertThat(d.nets()).singleElement().satisfies(n -> {
            assertThat(n.name()).isEqualTo("eth0");
            assertThat(n.dev()).isEqualTo(0);
            assertThat(n.speedMbps()).isEqualTo(10000L);
            assertThat(n.port()).isEqualTo(0);
            assertThat(n.guid()).isEqualTo("0x0");
            assertThat(n.gdr()).isFalse();
            assertThat(n.latency()).isEqualTo(0.0);
            assertThat(n.maxConn()).isEqualTo(65536);
            assertThat(n.busId()).as("socket NIC sits directly under the CPU").isNull();
            assertThat(n.line()).isEqualTo(7);
        });
        assertThat(cpu.nets()).isEqualTo(d.nets());
    }
}
