package io.ncclscope.parsers.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link NetInterface#adminUp()}, {@link NetInterface#noCarrier()}, {@link NetInterface#linkUp()},
 * {@link NetInterface#ipoib()} on {@code ip link}'s
 * flags, states and link types, and {@link RdmaLink#portActive()} on {@code ibdev2netdev -v}.
 */
class IpLinkFlagsTest {

    private static final String IP_LINK = """
            2: ens1np0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 9000 qdisc mq state DOWN mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff
            3: ens2np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:02 brd ff:ff:ff:ff:ff:ff
            4: ens3np0: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:03 brd ff:ff:ff:ff:ff:ff
            5: ibp12s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 2044 qdisc mq state UP mode DEFAULT group default qlen 256
                link/infiniband 00:00:10:49:fe:80:00:00:00:00:00:00:00:00:00:00:00:00:00:01 brd 00:ff:ff:ff:ff:12
            """;

    @Test
    void flagsAndStates() {
        List<NetInterface> is = new IpLinkParser().parse(IP_LINK).data().interfaces();
        assertThat(is).extracting(NetInterface::adminUp).containsExactly(true, true, false, true);
        assertThat(is).extracting(NetInterface::noCarrier).containsExactly(true, false, true, false);
        assertThat(is).extracting(NetInterface::ipoib).containsExactly(false, false, false, true);
        assertThat(is).extracting(NetInterface::linkUp).containsExactly(false, true, false, true);
    }

    @Test
    void anInterfaceOfStateUnknownPassesTrafficWhenUpWithACarrier() {
        // ip calls the state of tunnels and some IPoIB devices UNKNOWN: its flags tell
        String text = """
                6: tun0: <POINTOPOINT,MULTICAST,NOARP,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UNKNOWN mode DEFAULT group default qlen 500
                    link/none
                7: tun1: <POINTOPOINT,MULTICAST,NOARP,UP> mtu 1500 qdisc fq_codel state UNKNOWN mode DEFAULT group default qlen 500
                    link/none
                """;
        List<NetInterface> is = new IpLinkParser().parse(text).data().interfaces();
        assertThat(is).extracting(NetInterface::linkUp).containsExactly(true, false);
    }

    @Test
    void ibdev2netdevPortStates() {
        String text = """
                0000:0c:00.0 mlx5_0 (MT4129 - NA)  fw 28.39.1002 port 1 (ACTIVE) ==> ibp12s0 (Up)
                0000:0d:00.0 mlx5_1 (MT4129 - NA)  fw 28.39.1002 port 1 (DOWN  ) ==> ibp13s0 (Down)
                mlx5_2 port 1 ==> ens2np0 (Up)
                """;
        List<RdmaLink> links = new IpLinkParser().parse(text).data().rdmaMap();
        assertThat(links).extracting(RdmaLink::portActive).containsExactly(true, false, false);
    }
}
