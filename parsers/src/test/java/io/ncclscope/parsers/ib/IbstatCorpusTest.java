package io.ncclscope.parsers.ib;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.gids.GidsParser;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every ibstat corpus file, with the facts its manifest row states. */
class IbstatCorpusTest {

    private final IbstatParser parser = new IbstatParser();

    static Stream<Arguments> files() {
        List<Corpus.Entry> es = Corpus.entries("ibstat");
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutErrorAndSniffsAsIbstat(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        ParseResult<IbstatData> r = parser.parse(text);
        assertThat(r.warnings()).as(e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(r.data().devices()).as(e.file()).isNotEmpty();
        assertThat(parser.sniff(text)).as(e.file()).isGreaterThanOrEqualTo(80)
                .isGreaterThan(new GidsParser().sniff(text));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherKinds")
    void sniffStaysLowOnOtherKinds(Corpus.Entry e) {
        Corpus.assumePresent();
        assertThat(parser.sniff(e.text())).as(e.file()).isLessThan(20);
    }

    static Stream<Arguments> otherKinds() {
        List<Corpus.Entry> es = Corpus.entries().stream().filter(e -> !e.kind().equals("ibstat")).toList();
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    private IbstatData parse(String file) {
        ParseResult<IbstatData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        return r.data();
    }

    private static IbDevice dev(IbstatData d, String name) {
        return d.devices().stream().filter(x -> name.equals(x.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no device " + name));
    }

    private static IbPort port1(IbDevice d) {
        assertThat(d.ports()).hasSize(1);
        assertThat(d.ports().get(0).port()).isEqualTo(1);
        return d.ports().get(0);
    }

    @Test
    void stellinePugetWrx90_ibvDevinfoTwoDownEthernetPortsOfOneCard() {
        IbstatData d = parse("ibstat/stelline-puget-wrx90-1.txt");
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_0", "mlx5_1");
        for (IbDevice x : d.devices()) {
            assertThat(x.source()).isEqualTo("ibv_devinfo");
            assertThat(x.vendorPartId()).isEqualTo(4129);
            assertThat(x.type()).isEqualTo("MT4129");
            assertThat(x.firmware()).isEqualTo("28.44.1036");
            assertThat(x.systemImageGuid()).isEqualTo("9c63c00300d5edf6");
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.DOWN);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
            assertThat(p.activeMtu()).isEqualTo(1024);
            assertThat(p.maxMtu()).isEqualTo(4096);
            assertThat(p.rateGbps()).isNull();
        }
        assertThat(d.devices().get(0).nodeGuid()).isEqualTo("9c63c00300d5edf6");
        assertThat(d.devices().get(1).nodeGuid()).isEqualTo("9c63c00300d5edf7");
    }

    @Test
    void gpudA100Ibpanic_keepsEightHealthyCasAndSurfacesTheAbort() {
        ParseResult<IbstatData> r = parser.parse(Corpus.read("ibstat/gpud-ibstat-39-a100-ibpanic-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        IbstatData d = r.data();
        assertThat(d.devices()).extracting(IbDevice::name)
                .containsExactly("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7");
        for (IbDevice x : d.devices()) {
            assertThat(x.source()).isEqualTo("ibstat");
            assertThat(x.type()).isEqualTo("MT4124");
            assertThat(x.firmware()).isEqualTo("20.41.1000");
            assertThat(x.nodeGuid()).startsWith("00155d"); // Hyper-V OUI: an Azure VM
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.ACTIVE);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
            assertThat(p.rateGbps()).isEqualTo(200.0);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
            assertThat(p.smLid()).isEqualTo(1);
        }
        assertThat(d.toolErrors()).singleElement().satisfies(m -> {
            assertThat(m.text()).startsWith("ibpanic:").contains("mlx5_8").contains("No such file or directory");
            assertThat(m.line()).isEqualTo(137);
        });
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 137);
    }

    @Test
    void gpudH100Roce_twelveEthernetCasInLexicalOrder() {
        IbstatData d = parse("ibstat/gpud-ibstat-47-h100-roce-1.txt");
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_0", "mlx5_1", "mlx5_10", "mlx5_11",
                "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9");
        assertThat(d.devices()).filteredOn(x -> "MT4129".equals(x.type())).hasSize(8)
                .allSatisfy(x -> assertThat(port1(x).rateGbps()).isEqualTo(400.0));
        assertThat(d.devices()).filteredOn(x -> "MT4125".equals(x.type())).hasSize(4)
                .allSatisfy(x -> assertThat(port1(x).rateGbps()).isEqualTo(100.0));
        for (IbDevice x : d.devices()) {
            IbPort p = port1(x);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
            assertThat(p.state()).isEqualTo(PortState.ACTIVE);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
            assertThat(p.lid()).isZero();
            assertThat(p.smLid()).isZero();
        }
    }

    @Test
    void gpudH100IbBond_eightNdrRailsPlusAnEthernetBond() {
        IbstatData d = parse("ibstat/gpud-ibstat-47-h100-ib-bond-1.txt");
        assertThat(d.devices()).hasSize(9);
        List<IbDevice> rails = d.devices().stream().filter(x -> !x.name().equals("mlx5_bond_0")).toList();
        assertThat(rails).hasSize(8).allSatisfy(x -> {
            assertThat(x.type()).isEqualTo("MT4129");
            IbPort p = port1(x);
            assertThat(p.rateGbps()).isEqualTo(400.0);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
            assertThat(p.state()).isEqualTo(PortState.ACTIVE);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
        });
        IbDevice bond = dev(d, "mlx5_bond_0");
        assertThat(bond.type()).isEqualTo("MT41692");
        assertThat(port1(bond).linkLayer()).isEqualTo(LinkLayer.ETHERNET);
        assertThat(port1(bond).rateGbps()).isEqualTo(200.0);
        assertThat(port1(bond).state()).isEqualTo(PortState.ACTIVE);
    }

    @Test
    void gpudH100SomeDown_twoDisabledRailsWithPlaceholderRate() {
        IbstatData d = parse("ibstat/gpud-ibstat-47-h100-some-down-2.txt");
        assertThat(d.devices()).hasSize(12)
                .allSatisfy(x -> assertThat(port1(x).linkLayer()).isEqualTo(LinkLayer.ETHERNET));
        for (String down : List.of("mlx5_5", "mlx5_11")) {
            IbDevice x = dev(d, down);
            assertThat(x.type()).isEqualTo("MT4129");
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.DOWN);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.DISABLED);
            assertThat(p.reportedRateGbps()).isEqualTo(40.0);
            assertThat(p.rateGbps()).as("Rate 40 on a disabled port is a placeholder").isNull();
            assertThat(p.portGuid()).isEqualTo("0000000000000000");
        }
        assertThat(d.devices()).filteredOn(x -> "MT4129".equals(x.type()) && port1(x).state() == PortState.ACTIVE)
                .hasSize(6).allSatisfy(x -> assertThat(port1(x).rateGbps()).isEqualTo(400.0));
        assertThat(d.devices()).filteredOn(x -> "MT4125".equals(x.type())).hasSize(4).allSatisfy(x -> {
            assertThat(port1(x).state()).isEqualTo(PortState.ACTIVE);
            assertThat(port1(x).rateGbps()).isEqualTo(100.0);
        });
    }

    @Test
    void networkOperator249_vfPortDownWithPhysicalLinkUp() {
        IbstatData d = parse("ibstat/network-operator-249-1.txt");
        IbDevice x = d.devices().get(0);
        assertThat(d.devices()).hasSize(1);
        assertThat(x.name()).isEqualTo("mlx5_7");
        assertThat(x.type()).isEqualTo("MT4124");
        assertThat(x.firmware()).isEqualTo("20.28.4000");
        assertThat(x.nodeGuid()).isEqualTo("9aecdde4e1e642ba").isNotEqualTo(x.systemImageGuid());
        assertThat(x.systemImageGuid()).isEqualTo("043f720300df3e00");
        IbPort p = port1(x);
        assertThat(p.state()).isEqualTo(PortState.DOWN);
        assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
        assertThat(p.rateGbps()).as("physical link up: a real rate").isEqualTo(200.0);
        assertThat(p.lid()).isEqualTo(65535);
        assertThat(p.smLid()).isEqualTo(1);
        assertThat(p.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
    }

    @Test
    void networkOperator1646_flattenedIbvDevinfoWithMalformedGuid() {
        ParseResult<IbstatData> r = parser.parse(Corpus.read("ibstat/network-operator-1646-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        IbDevice x = r.data().devices().get(0);
        assertThat(r.data().devices()).hasSize(1);
        assertThat(x.name()).isEqualTo("mlx5_7");
        assertThat(x.source()).isEqualTo("ibv_devinfo");
        assertThat(x.firmware()).isEqualTo("28.39.3004");
        assertThat(x.vendorPartId()).isEqualTo(4126);
        assertThat(x.boardId()).isEqualTo("MT_0000000838");
        assertThat(x.nodeGuid()).isEqualTo("0000000000000000");
        assertThat(x.systemImageGuid()).as("malformed, kept as printed").isEqualTo("a088::c203:005b:370c");
        assertThat(r.warnings()).anyMatch(w -> w.line() == 5 && w.severity() == Severity.WARNING);
        IbPort p = port1(x);
        assertThat(p.state()).isEqualTo(PortState.INIT);
        assertThat(p.smLid()).isEqualTo(4);
        assertThat(p.lid()).as("'port_id' is the reporter's label, not an ibv_devinfo field").isNull();
        assertThat(p.activeMtu()).isEqualTo(4096);
        assertThat(p.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
    }

    @Test
    void nccl1591_partialListingAfterAnElision() {
        ParseResult<IbstatData> r = parser.parse(Corpus.read("ibstat/nccl-1591-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).extracting(ParseWarning::line).containsExactly(1);
        IbDevice x = r.data().devices().get(0);
        assertThat(r.data().devices()).hasSize(1);
        assertThat(x.name()).isEqualTo("mlx5_5");
        assertThat(x.type()).isEqualTo("MT4129");
        IbPort p = port1(x);
        assertThat(p.state()).isEqualTo(PortState.ACTIVE);
        assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
        assertThat(p.rateGbps()).isEqualTo(400.0);
        assertThat(p.lid()).isEqualTo(987);
        assertThat(p.smLid()).isEqualTo(359);
        assertThat(p.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
    }

    @Test
    void pplxGarden_onlyBondDevices() {
        IbstatData d = parse("ibstat/pplx-garden-2-1.txt");
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_bond_0", "mlx5_bond_1");
        for (IbDevice x : d.devices()) {
            assertThat(x.type()).isEqualTo("MT41692");
            assertThat(x.hardwareVersion()).isEqualTo("1");
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.ACTIVE);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
            assertThat(p.rateGbps()).isEqualTo(200.0);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
            assertThat(p.lid()).isZero();
            assertThat(p.portGuid()).startsWith("02259dfffe");
        }
    }

    @Test
    void arthurchiaoH20_trimmedBlocksTwoDisabledPorts() {
        IbstatData d = parse("ibstat/arthurchiao-gpu-notes-1-h20-2.txt");
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_0", "mlx5_1");
        for (IbDevice x : d.devices()) {
            assertThat(x.type()).isEqualTo("MT4127");
            assertThat(x.firmware()).isNull();
            assertThat(x.nodeGuid()).isNull();
            IbPort p = port1(x);
            assertThat(p.portGuid()).isNull();
            assertThat(p.state()).isEqualTo(PortState.DOWN);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.DISABLED);
            assertThat(p.reportedRateGbps()).isEqualTo(40.0);
            assertThat(p.rateGbps()).isNull();
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
        }
    }

    @Test
    void mooncake2039_ibRailsMixedWithEthernetCards() {
        IbstatData d = parse("ibstat/mooncake-2039-1.txt");
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_0", "mlx5_1", "mlx5_10", "mlx5_11",
                "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9");
        List<String> ib = List.of("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11");
        for (String n : ib) {
            IbDevice x = dev(d, n);
            assertThat(x.type()).isEqualTo("MT4129");
            assertThat(x.firmware()).isEqualTo("28.41.1000");
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.ACTIVE);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
            assertThat(p.rateGbps()).isEqualTo(400.0);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
            assertThat(p.smLid()).isEqualTo(1024);
        }
        assertThat(ib.stream().map(n -> port1(dev(d, n)).lid()).distinct()).hasSize(8);
        for (String n : List.of("mlx5_1", "mlx5_2")) {
            IbDevice x = dev(d, n);
            assertThat(x.type()).isEqualTo("MT4125");
            assertThat(x.firmware()).isEqualTo("22.38.1002");
            assertThat(x.systemImageGuid()).isEqualTo("58a2e10300592a0c");
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.DOWN);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.DISABLED);
            assertThat(p.reportedRateGbps()).isEqualTo(40.0);
            assertThat(p.rateGbps()).as("Rate 40 is a placeholder").isNull();
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
        }
        for (String n : List.of("mlx5_7", "mlx5_8")) {
            IbDevice x = dev(d, n);
            assertThat(x.type()).isEqualTo("MT4125");
            assertThat(x.systemImageGuid()).isEqualTo("58a2e1030059282c");
            IbPort p = port1(x);
            assertThat(p.state()).isEqualTo(PortState.ACTIVE);
            assertThat(p.physicalState()).isEqualTo(PhysicalState.LINK_UP);
            assertThat(p.rateGbps()).isEqualTo(100.0);
            assertThat(p.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
            assertThat(p.lid()).isZero();
        }
    }

    @Test
    void pennyWorklog_trimmedIbstatusBlocks() {
        IbstatData d = parse("ibstat/penny-worklog-1-2.txt");
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_eth4", "mlx5_ib0");
        IbPort eth = port1(d.devices().get(0));
        assertThat(d.devices().get(0).source()).isEqualTo("ibstatus");
        assertThat(eth.rateGbps()).isEqualTo(25.0);
        assertThat(eth.activeWidth()).isEqualTo("1X");
        assertThat(eth.activeSpeed()).isEqualTo("EDR");
        assertThat(eth.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
        assertThat(eth.state()).isNull();
        assertThat(eth.physicalState()).isNull();
        IbPort ib = port1(d.devices().get(1));
        assertThat(ib.rateGbps()).isEqualTo(400.0);
        assertThat(ib.activeWidth()).isEqualTo("4X");
        assertThat(ib.activeSpeed()).isEqualTo("NDR");
        assertThat(ib.linkLayer()).isEqualTo(LinkLayer.INFINIBAND);
    }
}
