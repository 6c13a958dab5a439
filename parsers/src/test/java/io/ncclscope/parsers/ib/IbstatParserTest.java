package io.ncclscope.parsers.ib;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.gids.GidsParser;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@link IbstatParser}. */
class IbstatParserTest {

    private final IbstatParser parser = new IbstatParser();

    private static final String IBSTAT = """
            CA 'mlx5_0'
            \tCA type: MT4123
            \tNumber of ports: 1
            \tFirmware version: 20.31.1014
            \tHardware version: 0
            \tNode GUID: 0x506b4b0300d1e4a8
            \tSystem image GUID: 0x506b4b0300d1e4a8
            \tPort 1:
            \t\tState: Active
            \t\tPhysical state: LinkUp
            \t\tRate: 200
            \t\tBase lid: 7
            \t\tLMC: 0
            \t\tSM lid: 1
            \t\tCapability mask: 0x2651e848
            \t\tPort GUID: 0x506b4b0300d1e4a8
            \t\tLink layer: InfiniBand
            """;

    @Test
    void emptyInputIsAnError() {
        ParseResult<IbstatData> r = parser.parse("");
        assertThat(r.data().devices()).isEmpty();
        assertThat(r.warnings()).singleElement().satisfies(w -> {
            assertThat(w.severity()).isEqualTo(Severity.ERROR);
            assertThat(w.line()).isZero();
            assertThat(w.message()).isEqualTo("no ibstat content found");
        });
    }

    @Test
    void garbageIsAnErrorAndDoesNotSniff() {
        String g = "hello world\n\u0000\u0001binary\nfoo: bar\n";
        assertThat(parser.parse(g).hasErrors()).isTrue();
        assertThat(parser.sniff(g)).isZero();
    }

    @Test
    void tabsSpacesCrlfAndLostIndentsReadTheSame() {
        IbstatData tabs = parser.parse(IBSTAT).data();
        IbstatData spaces = parser.parse(IBSTAT.replace("\t", "        ")).data();
        IbstatData crlf = parser.parse(IBSTAT.replace("\n", "\r\n")).data();
        IbstatData flat = parser.parse(IBSTAT.replace("\t", "")).data();
        assertThat(spaces).isEqualTo(tabs);
        assertThat(crlf).isEqualTo(tabs);
        assertThat(flat).isEqualTo(tabs);
        IbPort p = tabs.devices().get(0).ports().get(0);
        assertThat(p.state()).isEqualTo(PortState.ACTIVE);
        assertThat(p.rateGbps()).isEqualTo(200.0);
        assertThat(p.lid()).isEqualTo(7);
        assertThat(p.line()).isEqualTo(8);
        assertThat(tabs.devices().get(0).nodeGuid()).isEqualTo("506b4b0300d1e4a8");
    }

    @Test
    void truncatedLastLineKeepsWhatWasRead() {
        String cut = IBSTAT.substring(0, IBSTAT.indexOf("Link layer") + 6); // "Link l"
        ParseResult<IbstatData> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        IbPort p = r.data().devices().get(0).ports().get(0);
        assertThat(p.linkLayer()).isNull();
        assertThat(p.portGuid()).isEqualTo("506b4b0300d1e4a8");
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.excerpt().equals("Link l"));
    }

    @Test
    void pollingIbPortRateIsAPlaceholder() {
        String t = IBSTAT.replace("State: Active", "State: Down").replace("Physical state: LinkUp", "Physical state: Polling")
                .replace("Rate: 200", "Rate: 10");
        IbPort p = parser.parse(t).data().devices().get(0).ports().get(0);
        assertThat(p.physicalState()).isEqualTo(PhysicalState.POLLING);
        assertThat(p.rateGbps()).isNull();
        assertThat(p.reportedRateGbps()).isEqualTo(10.0);
    }

    @Test
    void ibvDevinfoVerboseRateIsWidthTimesLaneSpeedAndGidLinesAreLeftToGids() {
        String v = """
                hca_id:\tmlx5_2
                \ttransport:\t\t\tInfiniBand (0)
                \tfw_ver:\t\t\t\t28.39.1002
                \tnode_guid:\t\t\ta088:c203:00ad:eaa8
                \tvendor_part_id:\t\t\t4129
                \tdevice_cap_flags:\t\t0x25e1361
                \t\t\t\t\tBAD_PKEY_CNTR
                \t\t\t\t\tBAD_QKEY_CNTR
                \tphys_port_cnt:\t\t\t2
                \t\tport:\t1
                \t\t\tstate:\t\t\tPORT_ACTIVE (4)
                \t\t\tmax_mtu:\t\t4096 (5)
                \t\t\tactive_mtu:\t\t4096 (5)
                \t\t\tsm_lid:\t\t\t1
                \t\t\tport_lid:\t\t12
                \t\t\tport_lmc:\t\t0x00
                \t\t\tlink_layer:\t\tInfiniBand
                \t\t\tactive_width:\t\t4X (2)
                \t\t\tactive_speed:\t\t100.0 Gbps (128)
                \t\t\tphys_state:\t\tLINK_UP (5)
                \t\t\tGID[  0]:\t\tfe80:0000:0000:0000:a088:c203:00ad:eaa8
                \t\tport:\t2
                \t\t\tstate:\t\t\tPORT_DOWN (1)
                \t\t\tlink_layer:\t\tInfiniBand
                \t\t\tactive_width:\t\t4X (2)
                \t\t\tactive_speed:\t\t2.5 Gbps (1)
                \t\t\tphys_state:\t\tPOLLING (2)
                """;
        ParseResult<IbstatData> r = parser.parse(v);
        assertThat(r.warnings()).isEmpty();
        IbDevice d = r.data().devices().get(0);
        assertThat(d.type()).isEqualTo("MT4129");
        assertThat(d.numberOfPorts()).isEqualTo(2);
        assertThat(d.ports()).hasSize(2);
        IbPort p1 = d.ports().get(0);
        assertThat(p1.state()).isEqualTo(PortState.ACTIVE);
        assertThat(p1.physicalState()).isEqualTo(PhysicalState.LINK_UP);
        assertThat(p1.activeWidth()).isEqualTo("4X");
        assertThat(p1.lanes()).isEqualTo(4);
        assertThat(p1.activeSpeed()).isEqualTo("100.0 Gbps");
        assertThat(p1.rateGbps()).isEqualTo(400.0);
        assertThat(p1.lid()).isEqualTo(12);
        IbPort p2 = d.ports().get(1);
        assertThat(p2.physicalState()).isEqualTo(PhysicalState.POLLING);
        assertThat(p2.rateGbps()).isNull();
        assertThat(p2.reportedRateGbps()).isEqualTo(10.0);
        assertThat(parser.sniff(v)).isGreaterThan(new GidsParser().sniff(v));
    }

    @Test
    void ibstatusBlocksOfOneDeviceMergeAndHexLidsRead() {
        String s = """
                Infiniband device 'mlx5_0' port 1 status:
                \tdefault gid:\t fe80:0000:0000:0000:506b:4b03:00d1:e4a8
                \tbase lid:\t 0x3
                \tsm lid:\t\t 0x1
                \tstate:\t\t 4: ACTIVE
                \tphys state:\t 5: LinkUp
                \trate:\t\t 100 Gb/sec (4X EDR)
                \tlink_layer:\t InfiniBand

                Infiniband device 'mlx5_0' port 2 status:
                \tstate:\t\t 1: DOWN
                \tphys state:\t 3: Disabled
                \trate:\t\t 10 Gb/sec (4X)
                \tlink_layer:\t InfiniBand
                """;
        IbstatData d = parser.parse(s).data();
        assertThat(d.devices()).hasSize(1);
        assertThat(d.devices().get(0).ports()).extracting(IbPort::port).containsExactly(1, 2);
        IbPort p = d.devices().get(0).ports().get(0);
        assertThat(p.lid()).isEqualTo(3);
        assertThat(p.smLid()).isEqualTo(1);
        assertThat(p.state()).isEqualTo(PortState.ACTIVE);
        assertThat(p.defaultGid()).isEqualTo("fe80:0000:0000:0000:506b:4b03:00d1:e4a8");
        IbPort p2 = d.devices().get(0).ports().get(1);
        assertThat(p2.rateGbps()).isNull();
        assertThat(p2.activeWidth()).isEqualTo("4X");
        assertThat(p2.activeSpeed()).isNull();
    }

    @Test
    void promptsAndNoDeviceMessagesAreNotErrors() {
        ParseResult<IbstatData> r = parser.parse("$ ibv_devinfo\nNo IB devices found\n");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().devices()).isEmpty();
        assertThat(r.data().toolErrors()).extracting(ToolMessage::text).containsExactly("No IB devices found");
    }

    @Test
    void aNodeWithoutRdmaDevicesIsStillIbstatOutput() {
        // What ibstat prints on a node whose HCA driver is not loaded: a bundle must read it as "no HCA", not as unknown text.
        assertThat(parser.sniff("$ ibstat\nNo IB devices found\n")).isPositive();
        ParseResult<?> r = io.ncclscope.parsers.Parsers.parse("$ ibstat\nNo IB devices found\n");
        assertThat(r.kind()).isEqualTo(io.ncclscope.parsers.Kind.IBSTAT);
        assertThat(((IbstatData) r.data()).toolErrors()).extracting(ToolMessage::text).containsExactly("No IB devices found");
    }

    @Test
    void singlePortQueryWithoutIndentsReads() {
        String s = "[root@node ~]# ibstat mlx5_0 1\nCA: 'mlx5_0'\nPort 1:\nState: Initializing\nPhysical state: LinkUp\nRate: 100\n";
        IbDevice d = parser.parse(s).data().devices().get(0);
        assertThat(d.name()).isEqualTo("mlx5_0");
        assertThat(d.ports().get(0).state()).isEqualTo(PortState.INIT);
    }

    @Test
    void deviceListOfIbvDevinfoL() {
        IbstatData d = parser.parse("2 HCAs found:\n\tmlx5_0\n\tmlx5_1\n").data();
        assertThat(d.devices()).extracting(IbDevice::name).containsExactly("mlx5_0", "mlx5_1");
    }

    @Test
    void sniffScores() {
        assertThat(parser.sniff(IBSTAT)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("hca_id:\tmlx5_0\n\tfw_ver: 1\n")).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("")).isZero();
        assertThat(parser.sniff("2: eth0: <UP> mtu 1500 state UP\n")).isZero();
    }

    @Test
    void wordsOfEveryToolMapToTheSameStates() {
        assertThat(PortState.of("PORT_ACTIVE (4)")).isEqualTo(PortState.ACTIVE);
        assertThat(PortState.of("4: ACTIVE")).isEqualTo(PortState.ACTIVE);
        assertThat(PortState.of("Armed")).isEqualTo(PortState.ARMED);
        assertThat(PortState.of("PORT_ACTIVE_DEFER (5)")).isEqualTo(PortState.ACTIVE_DEFER);
        assertThat(PortState.of("weird")).isEqualTo(PortState.UNKNOWN);
        assertThat(PhysicalState.of("LINK_UP (5)")).isEqualTo(PhysicalState.LINK_UP);
        assertThat(PhysicalState.of("5: LinkUp")).isEqualTo(PhysicalState.LINK_UP);
        assertThat(PhysicalState.of("PORT_CONFIGURATION_TRAINING (4)")).isEqualTo(PhysicalState.PORT_CONFIGURATION_TRAINING);
        assertThat(PhysicalState.of("LinkErrorRecovery")).isEqualTo(PhysicalState.LINK_ERROR_RECOVERY);
        assertThat(LinkLayer.of("Ethernet")).isEqualTo(LinkLayer.ETHERNET);
    }
}
