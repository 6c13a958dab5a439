package io.ncclscope.parsers.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every iplink corpus file, with the facts its manifest row states. */
class IpLinkCorpusTest {

    private final IpLinkParser parser = new IpLinkParser();

    static Stream<Arguments> files() {
        List<Corpus.Entry> es = Corpus.entries("iplink");
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    static Stream<Arguments> otherKinds() {
        List<Corpus.Entry> es = Corpus.entries().stream().filter(e -> !e.kind().equals("iplink")).toList();
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutErrorAndSniffsAsIplink(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        ParseResult<IpLinkData> r = parser.parse(text);
        assertThat(r.warnings()).as(e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(r.warnings()).as(e.file()).noneMatch(w -> w.severity() == Severity.WARNING);
        assertThat(r.data().interfaces().size() + r.data().rdmaMap().size()).as(e.file()).isPositive();
        assertThat(parser.sniff(text)).as(e.file()).isGreaterThanOrEqualTo(80);
    }

    /** Includes captured/h200-1gpu/sys/net-sysfs.txt (manifest kind "other": /sys/class/net dumps). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("otherKinds")
    void sniffStaysLowOnOtherKinds(Corpus.Entry e) {
        Corpus.assumePresent();
        assertThat(parser.sniff(e.text())).as(e.file()).isLessThan(20);
    }

    private IpLinkData parse(String file) {
        ParseResult<IpLinkData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        return r.data();
    }

    private static NetInterface named(IpLinkData d, String name) {
        return d.interfaces().stream().filter(i -> i.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no interface " + name));
    }

    @Test
    void sparkVllmDockerNetworking_roceNamesWithDomainPrefix() {
        IpLinkData d = parse("iplink/spark-vllm-docker-networking-1.txt");
        assertThat(d.interfaces()).isEmpty();
        assertThat(d.rdmaMap()).extracting(RdmaLink::rdmaDevice, RdmaLink::port, RdmaLink::netdev, RdmaLink::state)
                .containsExactly(
                        tuple("rocep1s0f0", 1, "enp1s0f0np0", LinkState.DOWN),
                        tuple("rocep1s0f1", 1, "enp1s0f1np1", LinkState.UP),
                        tuple("roceP2p1s0f0", 1, "enP2p1s0f0np0", LinkState.DOWN),
                        tuple("roceP2p1s0f1", 1, "enP2p1s0f1np1", LinkState.UP));
    }

    @Test
    void clusterHealth4_columnSpacedWithComments() {
        IpLinkData d = parse("iplink/cluster-health-4-1.txt");
        assertThat(d.rdmaMap()).hasSize(12);
        assertThat(d.rdmaMap()).extracting(RdmaLink::rdmaDevice).containsExactly("mlx5_0", "mlx5_1", "mlx5_10",
                "mlx5_11", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9");
        List<String> ib = List.of("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11");
        assertThat(d.rdmaMap()).filteredOn(l -> ib.contains(l.rdmaDevice())).hasSize(8).allSatisfy(l -> {
            assertThat(l.state()).isEqualTo(LinkState.DOWN);
            assertThat(l.netdev()).startsWith("ibp");
        });
        assertThat(d.rdmaMap()).filteredOn(l -> l.state() == LinkState.UP).extracting(RdmaLink::rdmaDevice, RdmaLink::netdev)
                .containsExactly(tuple("mlx5_1", "enp27s0f0np0"), tuple("mlx5_7", "enp157s0f0np0"));
        assertThat(d.rdmaMap()).allSatisfy(l -> {
            assertThat(l.port()).isEqualTo(1);
            assertThat(l.netdev()).doesNotContain("#");
        });
    }

    @Test
    void stepmesh15_bondDeviceAndGapsInNumbering() {
        IpLinkData d = parse("iplink/stepmesh-15-1.txt");
        assertThat(d.rdmaMap()).extracting(RdmaLink::rdmaDevice, RdmaLink::netdev, RdmaLink::state).containsExactly(
                tuple("mlx5_0", "ibs108", LinkState.DOWN),
                tuple("mlx5_1", "ens12f0np0", LinkState.UP),
                tuple("mlx5_2", "ens12f1np1", LinkState.UP),
                tuple("mlx5_3", "ibs110", LinkState.DOWN),
                tuple("mlx5_4", "ibs112", LinkState.DOWN),
                tuple("mlx5_7", "ibs114", LinkState.DOWN),
                tuple("mlx5_bond_0", "bond0", LinkState.UP));
    }

    @Test
    void ncclTests36_verboseFormWithFirmwareAndPortState() {
        IpLinkData d = parse("iplink/nccl-tests-36-1.txt");
        assertThat(d.rdmaMap()).singleElement().satisfies(l -> {
            assertThat(l.pciAddress()).isEqualTo("0002:00:02.0");
            assertThat(l.rdmaDevice()).isEqualTo("mlx4_0");
            assertThat(l.description()).isEqualTo("MT4100 - NA");
            assertThat(l.firmware()).isEqualTo("2.43.7008");
            assertThat(l.port()).isEqualTo(1);
            assertThat(l.portState()).isEqualTo("ACTIVE");
            assertThat(l.netdev()).isEqualTo("ib0");
            assertThat(l.state()).isEqualTo(LinkState.DOWN);
            assertThat(l.line()).isEqualTo(2);
        });
    }

    @Test
    void coreosBugs412_adminUpWithoutCarrier() {
        IpLinkData d = parse("iplink/coreos-bugs-412-1.txt");
        assertThat(d.interfaces()).extracting(NetInterface::name, NetInterface::index).containsExactly(
                tuple("ens1f0", 2), tuple("ens1f1", 3));
        for (NetInterface i : d.interfaces()) {
            assertThat(i.flags()).containsExactly("NO-CARRIER", "BROADCAST", "MULTICAST", "UP");
            assertThat(i.mtu()).isEqualTo(1500);
            assertThat(i.state()).isEqualTo(LinkState.DOWN);
        }
        NetInterface f0 = named(d, "ens1f0");
        assertThat(f0.mac()).isEqualTo("00:0f:53:12:00:88");
        assertThat(f0.addresses()).singleElement().satisfies(a -> {
            assertThat(a.family()).isEqualTo("inet");
            assertThat(a.address()).isEqualTo("10.187.10.11");
            assertThat(a.prefixLength()).isEqualTo(24);
            assertThat(a.scope()).isEqualTo("global");
        });
        assertThat(named(d, "ens1f1").addresses()).isEmpty();
    }

    @Test
    void trinity187_oldOneLineFormWithIpoib() {
        IpLinkData d = parse("iplink/trinity-187-1.txt");
        assertThat(d.interfaces()).extracting(NetInterface::name).containsExactly("lo", "eno1", "eno2", "eno3", "eno4", "ib0");
        NetInterface eno1 = named(d, "eno1");
        assertThat(eno1.flags()).contains("UP", "LOWER_UP");
        assertThat(eno1.mtu()).isEqualTo(1500);
        assertThat(eno1.state()).isEqualTo(LinkState.UP);
        for (String n : List.of("eno2", "eno3", "eno4")) {
            NetInterface i = named(d, n);
            assertThat(i.mtu()).isEqualTo(1500);
            assertThat(i.state()).isEqualTo(LinkState.DOWN);
            assertThat(i.qdisc()).isEqualTo("noop");
            assertThat(i.flags()).doesNotContain("UP");
        }
        NetInterface ib0 = named(d, "ib0");
        assertThat(ib0.mtu()).isEqualTo(4092);
        assertThat(ib0.state()).isEqualTo(LinkState.DOWN);
        assertThat(ib0.qdisc()).isEqualTo("noop");
        assertThat(ib0.qlen()).isEqualTo(256);
        assertThat(named(d, "lo").state()).isEqualTo(LinkState.UNKNOWN);
    }

    @Test
    void kubeOvn4254_bondMemberAtDifferentMtu() {
        IpLinkData d = parse("iplink/kube-ovn-4254-1.txt");
        assertThat(d.interfaces()).hasSize(11);
        List<NetInterface> noCarrier = d.interfaces().stream().filter(i -> i.flags().contains("NO-CARRIER")).toList();
        assertThat(noCarrier).extracting(NetInterface::name).containsExactly("eno8303", "eno8403", "eno12399", "eno12409",
                "ens3f0", "ens3f1", "ens6f0");
        assertThat(noCarrier).allSatisfy(i -> {
            assertThat(i.state()).isEqualTo(LinkState.DOWN);
            assertThat(i.mtu()).isEqualTo(9000);
        });
        NetInterface f1 = named(d, "ens6f1");
        assertThat(f1.state()).isEqualTo(LinkState.UP);
        assertThat(f1.mtu()).isEqualTo(9000);
        NetInterface s0 = named(d, "ens5f0");
        assertThat(s0.flags()).contains("SLAVE");
        assertThat(s0.master()).isEqualTo("bond1");
        assertThat(s0.mtu()).isEqualTo(1500);
        NetInterface s1 = named(d, "ens5f1");
        assertThat(s1.master()).isEqualTo("bond0");
        assertThat(s1.mtu()).isEqualTo(9000);
        assertThat(named(d, "lo").mtu()).isEqualTo(65536);
    }

    @Test
    void netlab1750_bondMembersAndVrfMaster() {
        IpLinkData d = parse("iplink/netlab-1750-1.txt");
        assertThat(d.interfaces()).extracting(NetInterface::name).containsExactly("lo", "eth0", "swp1", "swp2", "mgmt", "bond1");
        for (String n : List.of("swp1", "swp2")) {
            NetInterface i = named(d, n);
            assertThat(i.flags()).contains("SLAVE");
            assertThat(i.master()).isEqualTo("bond1");
            assertThat(i.mtu()).isEqualTo(9216);
            assertThat(i.mac()).isEqualTo("52:54:00:02:91:43");
        }
        NetInterface bond = named(d, "bond1");
        assertThat(bond.flags()).contains("MASTER");
        assertThat(bond.mtu()).isEqualTo(9216);
        assertThat(bond.mac()).isEqualTo("52:54:00:02:91:43");
        NetInterface eth0 = named(d, "eth0");
        assertThat(eth0.master()).isEqualTo("mgmt");
        assertThat(eth0.mtu()).isEqualTo(1500);
        assertThat(eth0.kind()).as("no ip -d: kind not printed").isNull();
        NetInterface mgmt = named(d, "mgmt");
        assertThat(mgmt.flags()).contains("NOARP", "MASTER");
        assertThat(mgmt.mtu()).isEqualTo(65536);
        assertThat(named(d, "lo").linkType()).isEqualTo("loopback");
        assertThat(mgmt.line()).isEqualTo(10);
    }
}
