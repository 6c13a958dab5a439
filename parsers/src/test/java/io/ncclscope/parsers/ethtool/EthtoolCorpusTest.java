package io.ncclscope.parsers.ethtool;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every ethtool corpus file, with the facts its manifest row states. */
class EthtoolCorpusTest {

    private final EthtoolParser parser = new EthtoolParser();

    static Stream<Arguments> files() {
        List<Corpus.Entry> es = Corpus.entries("ethtool");
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    static Stream<Arguments> otherKinds() {
        List<Corpus.Entry> es = Corpus.entries().stream().filter(e -> !e.kind().equals("ethtool")).toList();
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutErrorAndSniffsAsEthtool(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        ParseResult<EthtoolData> r = parser.parse(text);
        assertThat(r.warnings()).as(e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(r.data().interfaces()).as(e.file()).hasSize(1);
        assertThat(parser.sniff(text)).as(e.file()).isGreaterThanOrEqualTo(60);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherKinds")
    void sniffStaysLowOnOtherKinds(Corpus.Entry e) {
        Corpus.assumePresent();
        assertThat(parser.sniff(e.text())).as(e.file()).isLessThan(20);
    }

    private EthtoolInterface parse(String file) {
        ParseResult<EthtoolData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        assertThat(r.data().interfaces()).hasSize(1);
        EthtoolInterface i = r.data().interfaces().get(0);
        // the first interface's headline fields are mirrored at the top level
        assertThat(r.data().interface_()).isEqualTo(i.name());
        assertThat(r.data().speedMbps()).isEqualTo(i.speedMbps());
        assertThat(r.data().duplex()).isEqualTo(i.duplex());
        assertThat(r.data().linkDetected()).isEqualTo(i.linkDetected());
        assertThat(r.data().driver()).isEqualTo(i.driver());
        assertThat(r.data().counters()).isEqualTo(i.counters());
        return i;
    }

    @Test
    void jcDefault2_40gLinkOnA56gCapableAdapter() {
        EthtoolInterface i = parse("ethtool/jc-ethtool-default2-1.txt");
        assertThat(i.name()).isEqualTo("enp1s0");
        assertThat(i.supportedPorts()).containsExactly("FIBRE");
        assertThat(i.supportedLinkModes()).containsExactly("10000baseKX4/Full", "40000baseCR4/Full", "40000baseSR4/Full",
                "56000baseCR4/Full", "56000baseSR4/Full", "1000baseX/Full", "10000baseCR/Full", "10000baseSR/Full");
        assertThat(i.advertisedLinkModes()).contains("40000baseSR4/Full").noneMatch(m -> m.startsWith("56000"));
        assertThat(i.speedMbps()).isEqualTo(40000);
        assertThat(i.duplex()).isEqualTo(Duplex.FULL);
        assertThat(i.autoNegotiation()).isFalse();
        assertThat(i.linkDetected()).isTrue();
        assertThat(i.messageLevel()).isEqualTo(0x14L);
        assertThat(i.messageLevelFlags()).containsExactly("link", "ifdown");
    }

    @Test
    void jcLinkPartner_partnerOffersOnly10And100() {
        EthtoolInterface i = parse("ethtool/jc-ethtool-link-partner-1.txt");
        assertThat(i.name()).isEqualTo("eth0");
        List<String> all = List.of("10baseT/Half", "10baseT/Full", "100baseT/Half", "100baseT/Full", "1000baseT/Half",
                "1000baseT/Full");
        assertThat(i.supportedLinkModes()).isEqualTo(all);
        assertThat(i.advertisedLinkModes()).isEqualTo(all);
        assertThat(i.linkPartner()).isNotNull();
        assertThat(i.linkPartner().advertisedLinkModes())
                .containsExactly("10baseT/Half", "10baseT/Full", "100baseT/Half", "100baseT/Full");
        assertThat(i.linkPartner().pauseFrameUse()).isEqualTo("Symmetric");
        assertThat(i.linkPartner().autoNegotiation()).isTrue();
        assertThat(i.linkPartner().fecModes()).isEmpty();
        assertThat(i.linkPartner().line()).isEqualTo(15);
        assertThat(i.speedMbps()).isEqualTo(100);
        assertThat(i.duplex()).isEqualTo(Duplex.FULL);
        assertThat(i.autoNegotiation()).isTrue();
        assertThat(i.mdix()).isEqualTo("Unknown");
        assertThat(i.transceiver()).isEqualTo("external");
        assertThat(i.linkDetected()).isTrue();
    }

    @Test
    void jcDefault1_healthyGigabitCopper() {
        EthtoolInterface i = parse("ethtool/jc-ethtool-default1-1.txt");
        assertThat(i.name()).isEqualTo("enp0s3");
        assertThat(i.speedMbps()).isEqualTo(1000);
        assertThat(i.duplex()).isEqualTo(Duplex.FULL);
        assertThat(i.port()).isEqualTo("Twisted Pair");
        assertThat(i.autoNegotiation()).isTrue();
        assertThat(i.mdix()).isEqualTo("off (auto)");
        assertThat(i.linkDetected()).isTrue();
        assertThat(i.supportsWakeOn()).isEqualTo("umbg");
        assertThat(i.supportedLinkModes()).hasSize(5).allSatisfy(m -> assertThat(m).isEqualTo(m.strip()));
    }

    @Test
    void goEthtoolExporterEth4_10gFibreWithoutTrailingNewline() {
        EthtoolInterface i = parse("ethtool/go-ethtool-exporter-eth4-1.txt");
        assertThat(i.name()).isEqualTo("eth4");
        assertThat(i.supportedPorts()).containsExactly("FIBRE");
        assertThat(i.supportedLinkModes()).containsExactly("10000baseSR/Full");
        assertThat(i.advertisedLinkModes()).containsExactly("10000baseSR/Full");
        assertThat(i.supportedFecModes()).as("Not reported").isEmpty();
        assertThat(i.speedMbps()).isEqualTo(10000);
        assertThat(i.duplex()).isEqualTo(Duplex.FULL);
        assertThat(i.autoNegotiation()).isFalse();
        assertThat(i.supportsWakeOn()).isEqualTo("g");
        assertThat(i.linkDetected()).isTrue();
        assertThat(i.messageLevelFlags()).containsExactly("drv", "probe", "link");
    }

    @Test
    void ethq7_driverInfoWithEmptyRomVersion() {
        EthtoolInterface i = parse("ethtool/ethq-7-1.txt");
        assertThat(i.name()).isNull();
        assertThat(i.driver()).isEqualTo("be2net");
        assertThat(i.version()).isEqualTo("11.4.0.0");
        assertThat(i.firmwareVersion()).isEqualTo("4.9.311.20");
        assertThat(i.expansionRomVersion()).isNull();
        assertThat(i.busInfo()).isEqualTo("0000:04:00.0");
        assertThat(i.supportsRegisterDump()).isFalse();
        assertThat(i.supportsEepromAccess()).isTrue();
        assertThat(i.speedMbps()).isNull();
        assertThat(i.linkDetected()).isNull();
    }

    @Test
    void byteps179_grepFilteredPriorityCounters() {
        ParseResult<EthtoolData> r = parser.parse(Corpus.read("ethtool/byteps-179-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        Map<String, Long> c = r.data().counters();
        assertThat(c).hasSize(32);
        assertThat(c).containsEntry("rx_prio0_bytes", 88034564921216L)
                .containsEntry("rx_prio0_packets", 419873392068L)
                .containsEntry("tx_prio0_bytes", 13906677385186L)
                .containsEntry("tx_prio0_packets", 40177770079L);
        for (int p = 1; p <= 7; p++) {
            for (String k : List.of("rx_prio%d_bytes", "rx_prio%d_packets", "tx_prio%d_bytes", "tx_prio%d_packets")) {
                assertThat(c).containsEntry(k.formatted(p), 0L);
            }
        }
        assertThat(c.keySet()).first().isEqualTo("rx_prio0_bytes");
        assertThat(r.warnings()).singleElement().satisfies(w -> assertThat(w.severity()).isEqualTo(Severity.INFO));
    }

    @Test
    void pyroute2_720_gigabitWithMdixOn() {
        EthtoolInterface i = parse("ethtool/pyroute2-720-1.txt");
        assertThat(i.name()).isEqualTo("enp0s31f6");
        assertThat(i.speedMbps()).isEqualTo(1000);
        assertThat(i.duplex()).isEqualTo(Duplex.FULL);
        assertThat(i.autoNegotiation()).isTrue();
        assertThat(i.mdix()).isEqualTo("on (auto)");
        assertThat(i.linkDetected()).isTrue();
        assertThat(i.supportsWakeOn()).isEqualTo("pumbg");
        assertThat(i.phyad()).isEqualTo(1);
    }

    @Test
    void ethq21_trailingBlanksStripped() {
        EthtoolInterface i = parse("ethtool/ethq-21-1.txt");
        assertThat(i.driver()).isEqualTo("mlx4_en");
        assertThat(i.version()).isEqualTo("4.0-0");
        assertThat(i.firmwareVersion()).isEqualTo("2.42.5000");
        assertThat(i.expansionRomVersion()).isNull();
        assertThat(i.busInfo()).isEqualTo("0000:83:00.0");
        assertThat(i.supportsPrivFlags()).isTrue();
    }

    @Test
    void openNicDriver29_errorLineInsideOutputAndNoSpeed() {
        ParseResult<EthtoolData> r = parser.parse(Corpus.read("ethtool/open-nic-driver-29-1.txt"));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 2);
        assertThat(r.data().toolErrors()).singleElement().satisfies(m -> {
            assertThat(m.text()).isEqualTo("Cannot get wake-on-lan settings: Operation not permitted");
            assertThat(m.line()).isEqualTo(2);
        });
        EthtoolInterface i = r.data().interfaces().get(0);
        assertThat(i.name()).isEqualTo("enp24s0f0");
        assertThat(i.linkDetected()).isTrue();
        assertThat(i.speedMbps()).isNull();
        assertThat(i.duplex()).isNull();
        assertThat(r.data().speedMbps()).isNull();
    }

    @Test
    void aqc111_5gAdapterExposesOnly100And1000() {
        EthtoolInterface i = parse("ethtool/aqc111-1-1.txt");
        assertThat(i.name()).isEqualTo("eth2");
        assertThat(i.supportedLinkModes()).containsExactly("100baseT/Full", "1000baseT/Full");
        assertThat(i.advertisedLinkModes()).containsExactly("100baseT/Full", "1000baseT/Full");
        assertThat(i.supportedFecModes()).isEmpty();
        assertThat(i.speedMbps()).isEqualTo(1000);
        assertThat(i.duplex()).isEqualTo(Duplex.FULL);
        assertThat(i.port()).isEqualTo("MII");
        assertThat(i.autoNegotiation()).isTrue();
        assertThat(i.linkDetected()).isTrue();
    }
}
