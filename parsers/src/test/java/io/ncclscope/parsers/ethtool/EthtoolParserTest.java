package io.ncclscope.parsers.ethtool;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@link EthtoolParser}. */
class EthtoolParserTest {

    private final EthtoolParser parser = new EthtoolParser();

    private static final String SETTINGS = """
            Settings for ens1f0np0:
            \tSupported ports: [ Backplane ]
            \tSupported link modes:   1000baseKX/Full
            \t                        100000baseCR4/Full
            \tSupported FEC modes: None\t RS\t BASER
            \tAdvertised link modes:  100000baseCR4/Full
            \tAdvertised FEC modes: RS
            \tSpeed: 100000Mb/s
            \tLanes: 4
            \tDuplex: Full
            \tAuto-negotiation: on
            \tPort: Direct Attach Copper
            \tLink detected: yes
            """;

    @Test
    void emptyAndGarbageAreErrors() {
        assertThat(parser.parse("").hasErrors()).isTrue();
        ParseResult<EthtoolData> r = parser.parse("%%%\n\u0000\u0002 random words\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.message().equals("no ethtool content found"));
        assertThat(parser.sniff("%%%\nrandom words")).isZero();
    }

    @Test
    void tabsSpacesCrlfAndLostIndentsReadTheSame() {
        EthtoolData tabs = parser.parse(SETTINGS).data();
        assertThat(parser.parse(SETTINGS.replace("\t", "        ")).data()).isEqualTo(tabs);
        assertThat(parser.parse(SETTINGS.replace("\n", "\r\n")).data()).isEqualTo(tabs);
        assertThat(parser.parse(SETTINGS.replace("\t", "")).data()).isEqualTo(tabs);
        EthtoolInterface i = tabs.interfaces().get(0);
        assertThat(i.speedMbps()).isEqualTo(100000);
        assertThat(i.lanes()).isEqualTo(4);
        assertThat(i.port()).isEqualTo("Direct Attach Copper");
        assertThat(i.supportedLinkModes()).containsExactly("1000baseKX/Full", "100000baseCR4/Full");
        assertThat(i.supportedFecModes()).containsExactly("None", "RS", "BASER");
        assertThat(i.advertisedFecModes()).containsExactly("RS");
    }

    @Test
    void unknownSpeedAndNoLinkAreNullUnknownAndFalse() {
        String s = "Settings for eth9:\n\tSpeed: Unknown!\n\tDuplex: Unknown! (255)\n\tLink detected: no\n";
        EthtoolData d = parser.parse(s).data();
        assertThat(d.speedMbps()).isNull();
        assertThat(d.duplex()).isEqualTo(Duplex.UNKNOWN);
        assertThat(d.linkDetected()).isFalse();
    }

    @Test
    void concatenatedCommandsGroupByInterface() {
        String s = """
                $ ethtool eth0
                Settings for eth0:
                \tSpeed: 25000Mb/s
                \tLink detected: yes
                $ ethtool -i eth0
                driver: mlx5_core
                version: 5.8-1.0.1
                firmware-version: 16.35.2000 (MT_0000000080)
                bus-info: 0000:3b:00.0
                $ ethtool -S eth0 | grep pause
                     rx_pause_ctrl_phy: 12
                     tx_pause_ctrl_phy: 0
                $ ethtool -S eth1
                NIC statistics:
                     rx_packets: 5
                netlink error: Operation not permitted
                Settings for eth1:
                \tSpeed: 10000Mb/s
                """;
        ParseResult<EthtoolData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        EthtoolData d = r.data();
        assertThat(d.interfaces()).extracting(EthtoolInterface::name).containsExactly("eth0", "eth1");
        EthtoolInterface e0 = d.interfaces().get(0);
        assertThat(e0.speedMbps()).isEqualTo(25000);
        assertThat(e0.driver()).isEqualTo("mlx5_core");
        assertThat(e0.firmwareVersion()).isEqualTo("16.35.2000 (MT_0000000080)");
        assertThat(e0.counters()).containsExactly(java.util.Map.entry("rx_pause_ctrl_phy", 12L),
                java.util.Map.entry("tx_pause_ctrl_phy", 0L));
        // every counter keeps its source line, so a finding can quote it
        assertThat(e0.counterLines()).containsExactly(java.util.Map.entry("rx_pause_ctrl_phy", 11),
                java.util.Map.entry("tx_pause_ctrl_phy", 12));
        assertThat(e0.line()).isEqualTo(2);
        EthtoolInterface e1 = d.interfaces().get(1);
        assertThat(e1.counters()).containsEntry("rx_packets", 5L);
        assertThat(e1.counterLines()).containsEntry("rx_packets", 15);
        assertThat(e1.speedMbps()).isEqualTo(10000);
        assertThat(d.interface_()).isEqualTo("eth0");
        assertThat(d.busInfo()).isEqualTo("0000:3b:00.0");
        assertThat(d.toolErrors()).extracting(ToolMessage::line).containsExactly(16);
        assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.WARNING).extracting(w -> w.line()).containsExactly(16);
    }

    @Test
    void truncatedLastLineKeepsEarlierFields() {
        String cut = SETTINGS.substring(0, SETTINGS.indexOf("Link detected") + 6);
        ParseResult<EthtoolData> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().speedMbps()).isEqualTo(100000);
        assertThat(r.data().linkDetected()).isNull();
    }

    @Test
    void otherEthtoolSectionsAreSkippedWithANote() {
        String s = "Pause parameters for eth0:\nAutonegotiate:\toff\nRX:\t\ton\nTX:\t\ton\n" + SETTINGS;
        ParseResult<EthtoolData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().interfaces()).hasSize(1);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.INFO && w.line() == 1);
    }

    @Test
    void sniffScores() {
        assertThat(parser.sniff(SETTINGS)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("NIC statistics:\n     rx_packets: 1\n")).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("driver: mlx5_core\nbus-info: 0000:3b:00.0\n")).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("Architecture: x86_64\nCPU(s): 128\nNUMA node(s): 2\n")).isZero();
        assertThat(parser.sniff("")).isZero();
    }
}
