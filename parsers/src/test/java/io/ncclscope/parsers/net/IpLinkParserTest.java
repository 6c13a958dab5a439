package io.ncclscope.parsers.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@link IpLinkParser}. */
class IpLinkParserTest {

    private final IpLinkParser parser = new IpLinkParser();

    private static final String IP_D = """
            4: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 65535
                bond mode 802.3ad miimon 100 updelay 0 downdelay 0 lacp_rate fast ad_select stable
                addrgenmode eui64 numtxqueues 16 numrxqueues 16 gso_max_size 65536 gso_max_segs 65535
            5: ens1f0np0: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 9978
                bond_slave state ACTIVE mii_status UP link_failure_count 0 perm_hwaddr 0c:42:a1:00:00:01 queue_id 0
                altname enp59s0f0np0
            6: bond0.100@bond0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff promiscuity 0 minmtu 0 maxmtu 65535
                vlan protocol 802.1Q id 100 <REORDER_HDR>
            7: ib0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 2044 qdisc mq state UP mode DEFAULT group default qlen 256
                link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:b8:3f:d2:03:00:6e:27:04 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
                ipoib pkey  0xffff mode datagram umcast 0000
            """;

    @Test
    void ibdev2netdevVerbosePortStatePaddedToSixCharactersIsRead() {
        // ibdev2netdev prints the port state with printf "%-6s": ACTIVE fills it, DOWN and INIT are padded.
        ParseResult<IpLinkData> r = parser.parse(
                "0000:17:00.0 mlx5_0 (MT4129 - NA) fw 28.39.1002 port 1 (DOWN  ) ==> ens1np0 (Down)\n"
                        + "0000:18:00.0 mlx5_1 (MT4129 - NA) fw 28.39.1002 port 1 (ACTIVE) ==> ens2np0 (Up)\n");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().rdmaMap()).extracting(RdmaLink::portState).containsExactly("DOWN", "ACTIVE");
        assertThat(r.data().rdmaMap().get(0).description()).isEqualTo("MT4129 - NA");
        assertThat(r.data().rdmaMap().get(0).state()).isEqualTo(LinkState.DOWN);
    }

    @Test
    void ibdev2netdevOfAnIpoibNetdevIsTheInterfacesState() {
        ParseResult<IpLinkData> r = parser.parse("mlx5_0 port 1 ==> ib0 (Down)\nmlx5_1 port 1 ==> ens2np0 (Up)\n");
        assertThat(r.data().rdmaMap()).extracting(RdmaLink::ipoibNetdev).containsExactly(true, false);
    }

    @Test
    void emptyAndGarbageAreErrors() {
        assertThat(parser.parse("").hasErrors()).isTrue();
        ParseResult<IpLinkData> r = parser.parse("nothing here\n\u0000\u0003\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.message().equals("no iplink content found") && w.line() == 0);
        assertThat(parser.sniff("nothing here")).isZero();
    }

    @Test
    void detailedLinkGivesKindsMastersParentsAndMtuRange() {
        ParseResult<IpLinkData> r = parser.parse(IP_D);
        assertThat(r.warnings()).isEmpty();
        IpLinkData d = r.data();
        NetInterface bond = d.interfaces().get(0);
        assertThat(bond.name()).isEqualTo("bond0");
        assertThat(bond.kind()).isEqualTo("bond");
        assertThat(bond.maxMtu()).isEqualTo(65535);
        NetInterface slave = d.interfaces().get(1);
        assertThat(slave.master()).isEqualTo("bond0");
        assertThat(slave.slaveKind()).isEqualTo("bond");
        assertThat(slave.kind()).isNull();
        assertThat(slave.altNames()).containsExactly("enp59s0f0np0");
        assertThat(slave.maxMtu()).isEqualTo(9978);
        NetInterface vlan = d.interfaces().get(2);
        assertThat(vlan.name()).isEqualTo("bond0.100");
        assertThat(vlan.parent()).isEqualTo("bond0");
        assertThat(vlan.kind()).isEqualTo("vlan");
        NetInterface ib = d.interfaces().get(3);
        assertThat(ib.kind()).isEqualTo("ipoib");
        assertThat(ib.linkType()).isEqualTo("infiniband");
        assertThat(ib.mac()).startsWith("00:00:10:29:fe:80");
        assertThat(ib.mtu()).isEqualTo(2044);
    }

    @Test
    void tabsSpacesAndCrlfReadTheSame() {
        IpLinkData a = parser.parse(IP_D).data();
        assertThat(parser.parse(IP_D.replace("    ", "\t")).data()).isEqualTo(a);
        assertThat(parser.parse(IP_D.replace("\n", "\r\n")).data()).isEqualTo(a);
    }

    @Test
    void ipLinkThenIpAddrMergeIntoOneInterface() {
        String s = """
                2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000
                    link/ether 52:54:00:12:34:56 brd ff:ff:ff:ff:ff:ff
                2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP group default qlen 1000
                    link/ether 52:54:00:12:34:56 brd ff:ff:ff:ff:ff:ff
                    inet 10.0.0.5/16 brd 10.0.255.255 scope global dynamic eth0
                       valid_lft 3000sec preferred_lft 3000sec
                    inet6 fe80::5054:ff:fe12:3456/64 scope link
                       valid_lft forever preferred_lft forever
                """;
        IpLinkData d = parser.parse(s).data();
        assertThat(d.interfaces()).singleElement().satisfies(i -> {
            assertThat(i.line()).isEqualTo(1);
            assertThat(i.addresses()).extracting(NetAddress::family, NetAddress::address, NetAddress::prefixLength)
                    .containsExactly(org.assertj.core.api.Assertions.tuple("inet", "10.0.0.5", 16),
                            org.assertj.core.api.Assertions.tuple("inet6", "fe80::5054:ff:fe12:3456", 64));
        });
    }

    @Test
    void oneLineAndBriefForms() {
        String o = "2: eth0    inet 10.0.0.5/16 brd 10.0.255.255 scope global eth0\\       valid_lft forever preferred_lft forever\n"
                + "3: ib0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256\\    link/infiniband 80:00:00:28:fe:80:00:00:00:00:00:00:0c:42:a1:03:00:e1:1c:5e brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff\n";
        IpLinkData d = parser.parse(o).data();
        assertThat(d.interfaces()).extracting(NetInterface::name).containsExactly("eth0", "ib0");
        assertThat(d.interfaces().get(0).addresses().get(0).address()).isEqualTo("10.0.0.5");
        assertThat(d.interfaces().get(1).linkType()).isEqualTo("infiniband");
        assertThat(parser.sniff(o)).isGreaterThanOrEqualTo(80);

        String br = "lo               UNKNOWN        127.0.0.1/8 ::1/128\neth0             UP             10.0.0.5/16 fe80::5054:ff:fe12:3456/64\n"
                + "ib0              DOWN           \n";
        IpLinkData b = parser.parse(br).data();
        assertThat(b.interfaces()).extracting(NetInterface::name, NetInterface::state).containsExactly(
                org.assertj.core.api.Assertions.tuple("lo", LinkState.UNKNOWN),
                org.assertj.core.api.Assertions.tuple("eth0", LinkState.UP),
                org.assertj.core.api.Assertions.tuple("ib0", LinkState.DOWN));
        assertThat(b.interfaces().get(1).addresses()).extracting(NetAddress::family).containsExactly("inet", "inet6");
        assertThat(parser.sniff(br)).isGreaterThanOrEqualTo(50);
    }

    @Test
    void ifconfigNewAndOld() {
        String neu = """
                ib0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 2044
                        inet 192.168.10.5  netmask 255.255.255.0  broadcast 192.168.10.255
                        inet6 fe80::ba59:9f03:1a:2b3c  prefixlen 64  scopeid 0x20<link>
                        infiniband 00:00:10:87:FE:80:00:00:00:00:00:00:00:00:00:00:00:00:00:00  txqueuelen 256  (InfiniBand)
                        RX packets 0  bytes 0 (0.0 B)

                eth1: flags=4099<UP,BROADCAST,MULTICAST>  mtu 9000
                        ether b8:59:9f:1a:2b:3c  txqueuelen 1000  (Ethernet)
                """;
        IpLinkData d = parser.parse(neu).data();
        NetInterface ib = d.interfaces().get(0);
        assertThat(ib.mtu()).isEqualTo(2044);
        assertThat(ib.state()).isEqualTo(LinkState.UP);
        assertThat(ib.linkType()).isEqualTo("infiniband");
        assertThat(ib.qlen()).isEqualTo(256);
        assertThat(ib.addresses()).extracting(NetAddress::prefixLength).containsExactly(24, 64);
        assertThat(ib.addresses().get(1).scope()).isEqualTo("link");
        NetInterface eth1 = d.interfaces().get(1);
        assertThat(eth1.state()).as("UP without RUNNING: no carrier").isEqualTo(LinkState.DOWN);
        assertThat(eth1.mac()).isEqualTo("b8:59:9f:1a:2b:3c");
        assertThat(eth1.source()).isEqualTo("ifconfig");

        String old = """
                eth0      Link encap:Ethernet  HWaddr 00:0C:29:AA:BB:CC
                          inet addr:10.1.1.5  Bcast:10.1.1.255  Mask:255.255.255.0
                          inet6 addr: fe80::20c:29ff:feaa:bbcc/64 Scope:Link
                          UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1
                """;
        NetInterface e = parser.parse(old).data().interfaces().get(0);
        assertThat(e.name()).isEqualTo("eth0");
        assertThat(e.mac()).isEqualTo("00:0C:29:AA:BB:CC");
        assertThat(e.mtu()).isEqualTo(1500);
        assertThat(e.state()).isEqualTo(LinkState.UP);
        assertThat(e.flags()).containsExactly("UP", "BROADCAST", "RUNNING", "MULTICAST");
        assertThat(e.addresses()).extracting(NetAddress::address, NetAddress::prefixLength).containsExactly(
                org.assertj.core.api.Assertions.tuple("10.1.1.5", 24),
                org.assertj.core.api.Assertions.tuple("fe80::20c:29ff:feaa:bbcc", 64));
        assertThat(parser.sniff(neu)).isGreaterThanOrEqualTo(80);
        assertThat(parser.sniff(old)).isGreaterThanOrEqualTo(80);
    }

    @Test
    void truncatedHeaderWarnsAndKeepsTheRest() {
        String s = "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN\n2: eth0: <BROADCAST,MULTI";
        ParseResult<IpLinkData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().interfaces()).extracting(NetInterface::name).containsExactly("lo", "eth0");
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 2);
    }

    @Test
    void sysfsMtuDumpIsNotThisKind() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/captured/h200-1gpu/sys/net-sysfs.txt")) {
            String s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(parser.sniff(s)).isZero();
        }
    }
}
