package io.ncclscope.parsers.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link NetInterfaces}: names by the kernel's and the container tools' naming, addresses by their RFC ranges. */
class NetInterfacesTest {

    @Test
    void aCardsFunctionsShareTheStemOfTheirPredictableName() {
        assertThat(NetInterfaces.cardStem("enp27s0f1np1")).isEqualTo("enp27s0");
        assertThat(NetInterfaces.cardStem("ens5f0")).isEqualTo("ens5");
        assertThat(NetInterfaces.cardStem("rocep1s0f0")).isEqualTo("rocep1s0");
        assertThat(NetInterfaces.cardStem("eth0")).isNull();
        assertThat(NetInterfaces.cardStem(null)).isNull();
    }

    @Test
    void whatIpLinkSaysOfAnInterfaceItsSoftwareKindBondAndAddresses() {
        String text = """
                1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000
                    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00
                    inet 127.0.0.1/8 scope host lo
                2: ens1f0np0: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP group default qlen 1000
                    link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff
                    inet6 fe80::e42:a1ff:fe00:1/64 scope link
                3: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP group default qlen 1000
                    link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff
                    inet 10.0.0.7/24 brd 10.0.0.255 scope global bond0
                4: docker0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state DOWN group default
                    link/ether 02:42:00:00:00:01 brd ff:ff:ff:ff:ff:ff
                    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0
                """;
        java.util.List<NetInterface> all = ((IpLinkData) io.ncclscope.parsers.Parsers.parse(text).data()).interfaces();
        assertThat(all).extracting(NetInterface::name).containsExactly("lo", "ens1f0np0", "bond0", "docker0");
        assertThat(all).extracting(NetInterface::softwareDevice).containsExactly(true, false, false, true);
        assertThat(all).extracting(NetInterface::bondMaster).containsExactly(null, "bond0", null, null);
        // lo's address is host-scoped, ens1f0np0 has a link-local one only
        assertThat(all).extracting(NetInterface::hasConfiguredAddress).containsExactly(false, false, true, true);
        // a member of a bond is no link of its own; its bond is
        assertThat(all).extracting(NetInterface::enslaved).containsExactly(false, true, false, false);
        assertThat(all).extracting(NetInterface::bondDevice).containsExactly(false, false, true, false);
    }

    @Test
    void anAddressInFe80SlashTenIsNoConfiguredAddressWhateverItsScope() {
        // fe80::/10 runs to febf: (RFC 4291 2.5.6), link-local whether or not the tool printed a scope
        NetInterface febf = new NetInterface("eth0", null, null, null, LinkState.UP, List.of(), null, null,
                List.of(new NetAddress("inet6", "febf::1", 64, null, 2)), null, null, null, null, null, null, null, List.of(),
                "ifconfig", 1);
        assertThat(febf.hasConfiguredAddress()).isFalse();
    }

    @Test
    void aVethIsOneEndOfAVirtualEthernetPair() {
        assertThat(NetInterfaces.isVethName("veth25f2e72")).isTrue();
        assertThat(NetInterfaces.isVirtualName("veth25f2e72")).isTrue();
        assertThat(NetInterfaces.isVethName("eth0")).isFalse();
        assertThat(NetInterfaces.isVethName(null)).isFalse();
    }

    @Test
    void loopbackIsTheKernelsLoDeviceAndItsLabelsOnly() {
        assertThat(NetInterfaces.isLoopbackName("lo")).isTrue();
        assertThat(NetInterfaces.isLoopbackName("lo:1")).isTrue();
        // 6LoWPAN devices and names that only begin with "lo" are no loopback.
        assertThat(NetInterfaces.isLoopbackName("lowpan0")).isFalse();
        assertThat(NetInterfaces.isLoopbackName("local0")).isFalse();
        assertThat(NetInterfaces.isLoopbackName(null)).isFalse();
    }

    @Test
    void virtualNamesAreContainerVmOverlayAndTunnelDevices() {
        // corpus nccl-logs/oneflow-3586-1.txt (veth), nccl-529-1.txt (ip6tnl0)
        for (String n : new String[] {"docker0", "br-1a2b3c4d", "veth25f2e72", "podman0", "lxcbr0", "virbr0", "vnet3",
                "cni0", "flannel.1", "cali12ab", "tunl0", "weave", "cilium_host", "kube-ipvs0", "vxlan.calico",
                "genev_sys_6081", "ovs-system", "ip6tnl0", "gre0", "sit0", "wg0", "tun0", "tap0", "ifb0", "dummy0",
                "Docker0"}) {
            assertThat(NetInterfaces.isVirtualName(n)).as(n).isTrue();
        }
        for (String n : new String[] {"eth0", "ens1f0np0", "ib0", "bond0", "lo", "vnet", "enp59s0f0", "mlx5_0"}) {
            assertThat(NetInterfaces.isVirtualName(n)).as(n).isFalse();
        }
    }

    @Test
    void managementAndBondNames() {
        assertThat(NetInterfaces.isManagementName("mgmt0")).isTrue();
        assertThat(NetInterfaces.isManagementName("eno1-IPMI")).isTrue();
        assertThat(NetInterfaces.isManagementName("idrac")).isTrue();
        assertThat(NetInterfaces.isManagementName("eth0")).isFalse();
        assertThat(NetInterfaces.isBondName("bond0")).isTrue();
        assertThat(NetInterfaces.isBondName("bond0.100")).isTrue();
        assertThat(NetInterfaces.isBondName("eth0")).isFalse();
    }

    @Test
    void bareAddressAndZone() {
        assertThat(NetInterfaces.bareAddress("fe80::1%veth25f2e72")).isEqualTo("fe80::1");
        assertThat(NetInterfaces.bareAddress(" [fe80::1%ib0] ")).isEqualTo("fe80::1");
        assertThat(NetInterfaces.bareAddress("10.0.0.1")).isEqualTo("10.0.0.1");
        assertThat(NetInterfaces.bareAddress(null)).isNull();
        assertThat(NetInterfaces.zone("fe80::1%ib1")).contains("ib1");
        assertThat(NetInterfaces.zone("fe80::1%")).isEmpty();
        assertThat(NetInterfaces.zone("10.0.0.1")).isEmpty();
    }

    @Test
    void loopbackAddressesAre127Slash8AndColonColon1() {
        assertThat(NetInterfaces.isLoopbackAddress("127.0.0.1")).isTrue();
        assertThat(NetInterfaces.isLoopbackAddress("127.1.2.3")).isTrue();
        assertThat(NetInterfaces.isLoopbackAddress("::1")).isTrue();
        assertThat(NetInterfaces.isLoopbackAddress("[::1]")).isTrue();
        assertThat(NetInterfaces.isLoopbackAddress("10.127.0.1")).isFalse();
        assertThat(NetInterfaces.isLoopbackAddress("::2")).isFalse();
    }

    @Test
    void linkLocalIs169Dot254Slash16AndFe80Slash10() {
        // RFC 3927
        assertThat(NetInterfaces.isLinkLocal("169.254.3.1")).isTrue();
        assertThat(NetInterfaces.isLinkLocal("169.253.3.1")).isFalse();
        // RFC 4291 2.5.6: the first ten bits 1111111010, fe80 to febf; corpus nccl-975-1.txt fe80::...%eth0
        assertThat(NetInterfaces.isLinkLocal("fe80::a00:27ff:fe8c:1%eth0")).isTrue();
        assertThat(NetInterfaces.isLinkLocal("FE80::1")).isTrue();
        assertThat(NetInterfaces.isLinkLocal("febf::1")).isTrue();
        assertThat(NetInterfaces.isLinkLocal("[fe80::1]")).isTrue();
        // fec0::/10 was site-local (RFC 3879), fe8::1 is 0fe8::1
        assertThat(NetInterfaces.isLinkLocal("fec0::1")).isFalse();
        assertThat(NetInterfaces.isLinkLocal("fe8::1")).isFalse();
        assertThat(NetInterfaces.isLinkLocal("2a02:6b8::1")).isFalse();
        assertThat(NetInterfaces.isLinkLocal(null)).isFalse();
    }

    @Test
    void routableIsAnyAddressButLoopbackLinkLocalAndUnspecified() {
        assertThat(NetInterfaces.isRoutable("10.0.0.1")).isTrue();
        assertThat(NetInterfaces.isRoutable("172.17.0.2")).isTrue();
        assertThat(NetInterfaces.isRoutable("2a02:6b8::1")).isTrue();
        for (String a : new String[] {"127.0.0.1", "::1", "169.254.1.1", "fe80::1%eth0", "0.0.0.0", "::", "", null}) {
            assertThat(NetInterfaces.isRoutable(a)).as(a).isFalse();
        }
    }

    @Test
    void dockerDefaultBridgeIs172Dot17Slash16() {
        // Docker's default bip; corpus nccl-929-1.txt
        assertThat(NetInterfaces.isDockerDefaultBridge("172.17.0.2")).isTrue();
        assertThat(NetInterfaces.isDockerDefaultBridge("172.18.0.2")).isFalse();
        assertThat(NetInterfaces.isDockerDefaultBridge("172.170.0.2")).isFalse();
    }

    @Test
    void ipv4AndSubnets() {
        assertThat(NetInterfaces.isIpv4("10.0.0.1")).isTrue();
        assertThat(NetInterfaces.isIpv4("10.0.0.256")).isFalse();
        assertThat(NetInterfaces.isIpv4("10.0.0")).isFalse();
        assertThat(NetInterfaces.isIpv4("10.0.0.1.2")).isFalse();
        assertThat(NetInterfaces.isIpv4("10.0.0.0001")).isFalse();
        assertThat(NetInterfaces.isIpv4("fe80::1")).isFalse();
        assertThat(NetInterfaces.subnet("10.187.10.11", 24)).contains("10.187.10.0/24");
        assertThat(NetInterfaces.subnet("10.187.10.11", 16)).contains("10.187.0.0/16");
        assertThat(NetInterfaces.subnet("10.187.10.11", 0)).contains("0.0.0.0/0");
        assertThat(NetInterfaces.subnet("10.187.10.11", 32)).contains("10.187.10.11/32");
        assertThat(NetInterfaces.subnet("10.187.10.11", 33)).isEmpty();
        assertThat(NetInterfaces.subnet("fe80::1", 64)).isEmpty();
    }

    @Test
    void anInterfaceReachesNoOtherNodeByItsLoopbackVirtualOrLocalNameOrAddress() {
        // The lo device, not every name starting with lo
        assertThat(NetInterfaces.reachesNoOtherNode("lo", "127.0.0.1")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("lowpan0", "10.0.0.1")).isFalse();
        assertThat(NetInterfaces.reachesNoOtherNode("eth0", "127.0.0.1")).isTrue();
        // Every software device, but a veth with a routable address, the container's own end (corpus nccl-529-1.txt)
        assertThat(NetInterfaces.reachesNoOtherNode("veth0", "2a02:6b8:c0e:500:1:1a:0:1")).isFalse();
        assertThat(NetInterfaces.reachesNoOtherNode("veth0", null)).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("cni0", "10.244.0.1")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("weave", null)).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("wg0", "10.8.0.2")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("ib0", "10.0.0.1")).isFalse();
        // Link-local is fe80::/10 up to febf (RFC 4291 2.5.6; corpus nccl-975-1.txt) and 169.254/16; Docker's bridge 172.17/16
        assertThat(NetInterfaces.reachesNoOtherNode("eth0", "fe80::1%eth0")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("eth0", "febf::1")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("eth0", "169.254.0.7")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("eth0", "172.17.0.2")).isTrue();
        assertThat(NetInterfaces.reachesNoOtherNode("eth0", "172.18.0.2")).isFalse();
    }
}
