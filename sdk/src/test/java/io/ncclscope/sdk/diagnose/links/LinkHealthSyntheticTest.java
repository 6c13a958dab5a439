package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.diagnose.links.Findings.texts;
import static io.ncclscope.sdk.diagnose.links.Findings.withCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Codes and cross-node comparisons that no real corpus file shows: minimal inputs written for the purpose, in
 * the exact formats of the tools (ibstat, ibstatus, ibv_devinfo, ethtool, ethtool -S, ip link, ibdev2netdev,
 * nvidia-smi nvlink -s and --query-gpu, lspci -vvv, dmesg). No corpus file has NVLink links down, an IB rate
 * below its peers, "Link detected: no", error or pause counters, a bond MTU mismatch, an active_mtu
 * mismatch, an mlx5 port flap or a NIC PCIe link below its capability.
 */
class LinkHealthSyntheticTest {

    private static final List<Finding> SEEN = new ArrayList<>();

    private static List<Finding> run(String... nameNodeText) {
        List<Finding> fs = texts(nameNodeText);
        SEEN.addAll(fs);
        return fs;
    }

    @AfterAll
    static void everyFindingRendersInBothLanguages() {
        Findings.assertRenders(SEEN);
    }

    static final String NVLINK_S = """
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0000)
	 Link 0: 26.562 GB/s
	 Link 1: 26.562 GB/s
	 Link 2: 26.562 GB/s
	 Link 3: 26.562 GB/s
GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-0001)
	 Link 0: 26.562 GB/s
	 Link 1: 26.562 GB/s
	 Link 2: <inactive>
	 Link 3: <inactive>
GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-0002)
	 Link 0: 26.562 GB/s
	 Link 1: 13.281 GB/s
	 Link 2: 26.562 GB/s
	 Link 3: 26.562 GB/s
""";

    static final String IBSTAT_400 = """
CA 'mlx5_0'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.39.1002
	Hardware version: 0
	Node GUID: 0xa088c20300e3142a
	System image GUID: 0xa088c20300e3142a
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 12
		LMC: 0
		SM lid: 1
		Capability mask: 0xa651e848
		Port GUID: 0xa088c20300e3142a
		Link layer: InfiniBand
""";

    static final String IBSTATUS_1X = """
Infiniband device 'mlx5_0' port 1 status:
	default gid:	 fe80:0000:0000:0000:a088:c203:00e3:142a
	base lid:	 0xc
	sm lid:		 0x1
	state:		 4: ACTIVE
	phys state:	 5: LinkUp
	rate:		 100 Gb/sec (1X NDR)
	link_layer:	 InfiniBand
""";

    static final String ETHTOOL_NO_LINK = """
Settings for ens1np0:
	Supported ports: [ FIBRE ]
	Supported link modes:   100000baseCR4/Full
	                        200000baseCR4/Full
	Supported pause frame use: Symmetric
	Supports auto-negotiation: Yes
	Advertised link modes:  100000baseCR4/Full
	                        200000baseCR4/Full
	Advertised pause frame use: Symmetric
	Advertised auto-negotiation: Yes
	Speed: Unknown!
	Duplex: Unknown! (255)
	Port: Direct Attach Copper
	PHYAD: 0
	Transceiver: internal
	Auto-negotiation: on
	Link detected: no
""";

    static final String ETHTOOL_S = """
$ ethtool -S ens1np0
NIC statistics:
     rx_packets_phy: 1000000000
     tx_packets_phy: 900000000
     rx_crc_errors_phy: 52311
     rx_symbol_err_phy: 1200
     rx_corrected_bits_phy: 99999
     rx_discards_phy: 5000000
     rx_pause_ctrl_phy: 30000000
     tx_pause_ctrl_phy: 12
     rx_prio3_pause: 30000000
     rx_prio3_pause_duration: 123456789
""";

    static final String IP_LINK_9000 = """
1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000
    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00
2: ens1np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP mode DEFAULT group default qlen 1000
    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff
""";

    static final String IP_LINK_BOND = """
2: eth1: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000
    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff
3: eth2: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 1500 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000
    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff
4: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff
""";

    static final String DEVINFO_4096 = """
hca_id:	mlx5_0
	transport:			InfiniBand (0)
	fw_ver:				28.39.1002
	node_guid:			a088:c203:00e3:142a
	sys_image_guid:			a088:c203:00e3:142a
	vendor_id:			0x02c9
	vendor_part_id:			4129
	hw_ver:				0x0
	board_id:			MT_0000000838
	phys_port_cnt:			1
		port:	1
			state:			PORT_ACTIVE (4)
			max_mtu:		4096 (5)
			active_mtu:		4096 (5)
			sm_lid:			0
			port_lid:		0
			port_lmc:		0x00
			link_layer:		Ethernet
""";

    static final String DMESG_MLX5 = """
[  100.000000] mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link DOWN
[  105.000000] mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link ACTIVE
[  200.000000] mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link DOWN
[  300.000000] mlx5_core 0000:17:00.0 ens1np0: Link down
[  301.000000] mlx5_core 0000:17:00.0 ens1np0: Link up
[    5.100000] mlx5_core 0000:17:00.0: 126.024 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x16 link at 0000:16:00.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)
""";

    static final String LSPCI_NIC = """
17:00.0 Ethernet controller: Mellanox Technologies MT2910 Family [ConnectX-7]
	Subsystem: Mellanox Technologies Device 0033
	Capabilities: [60] Express (v2) Endpoint, MSI 00
		LnkCap:	Port #0, Speed 32GT/s, Width x16, ASPM not supported
		LnkSta:	Speed 16GT/s (downgraded), Width x16
	Kernel driver in use: mlx5_core
""";

    static final String NVSMI_CSV_BUSY = """
index, name, pci.bus_id, pcie.link.gen.current, pcie.link.gen.max, pcie.link.width.current, pcie.link.width.max, clocks.current.sm [MHz], clocks.max.sm [MHz]
0, NVIDIA H100 80GB HBM3, 00000000:19:00.0, 3, 5, 16, 16, 1980 MHz, 1980 MHz
1, NVIDIA H100 80GB HBM3, 00000000:3B:00.0, 5, 5, 16, 16, 1980 MHz, 1980 MHz
""";

    static final String IBDEV2NETDEV_V = """
0000:17:00.0 mlx5_0 (MT4129 - NA) fw 28.39.1002 port 1 (DOWN  ) ==> ens1np0 (Down)
0000:18:00.0 mlx5_1 (MT4129 - NA) fw 28.39.1002 port 1 (ACTIVE) ==> ens2np0 (Up)
""";

    static final String IBDEV2NETDEV = """
mlx5_0 port 1 ==> ens1np0 (Down)
mlx5_1 port 1 ==> ens2np0 (Up)
""";

    static final String IP_ADDR_ROCE = """
2: ens1np0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 9000 qdisc mq state DOWN group default qlen 1000
    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff
3: ens2np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP group default qlen 1000
    link/ether 00:11:22:33:44:56 brd ff:ff:ff:ff:ff:ff
    inet 10.0.0.2/24 brd 10.0.0.255 scope global ens2np0
       valid_lft forever preferred_lft forever
""";

    // ---- NVLINK_DEGRADED -----------------------------------------------------------------------------------

    @Test
    void aGpuWithInactiveOrSlowLinksIsAnError() {
        List<Finding> fs = run("nvlink-s.txt", "node1", NVLINK_S);
        assertThat(fs).extracting(f -> f.subject().gpu()).containsExactlyInAnyOrder("GPU1", "GPU2");
        Finding gpu1 = fs.stream().filter(f -> "GPU1".equals(f.subject().gpu())).findFirst().orElseThrow();
        assertThat(gpu1.code()).isEqualTo("NVLINK_DEGRADED");
        assertThat(gpu1.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(gpu1.detail().args()).containsEntry("active", "2").containsEntry("peerActive", "4").containsEntry("down", "2, 3");
        assertThat(gpu1.evidence()).extracting(l -> l.text().strip()).contains("Link 2: <inactive>", "Link 3: <inactive>");
        Finding gpu2 = fs.stream().filter(f -> "GPU2".equals(f.subject().gpu())).findFirst().orElseThrow();
        assertThat(gpu2.detail().key()).isEqualTo("nvlink.slow");
        assertThat(gpu2.detail().args().get("slow")).contains("1 (13.281 GB/s)");
    }

    @Test
    void nvlinkCountsAreComparedAcrossNodes() {
        String full = NVLINK_S.substring(0, NVLINK_S.indexOf("GPU 1:"));
        String half = full.replace("Link 2: 26.562 GB/s", "Link 2: <inactive>");
        List<Finding> fs = run("a/nvlink.txt", "node1", full, "b/nvlink.txt", "node2", half);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.subject().node()).isEqualTo("node2");
            assertThat(f.subject().peer()).isEqualTo("node1 GPU0");
        });
    }

    @Test
    void aGpuNvidiaSmiLostAmongKernelLinesIsALostGpuWithItsAerErrorsAndNoXidClaimed() {
        // The layout of corpus-more dmesg/returnn-1486-1.txt: nvidia-smi's line, then the AER storm on the root port.
        String dmesg = "user@node ~ % nvidia-smi\n"
                + "Unable to determine the device handle for GPU0000:03:00.0: Unknown Error\n"
                + "[  +0.000316] pcieport 0000:00:03.0: AER: Corrected error received: 0000:00:03.0\n"
                + "[  +0.000005] pcieport 0000:00:03.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)\n";
        assertThat(run("dmesg.txt", null, dmesg)).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("GPU_XID");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.detail().key()).isEqualTo("xid.lost");
            assertThat(f.detail().args()).containsEntry("gpu", "0000:03:00.0").containsEntry("reason", "Unknown Error");
            assertThat(f.evidence()).extracting(l -> l.line()).containsExactly(2, 3, 4);
        });
    }

    @Test
    void everyBaseboardLinkInactiveMeansNoFabric() {
        String none = NVLINK_S.replaceAll("\\d+\\.\\d+ GB/s", "<inactive>");
        assertThat(run("nvlink-s.txt", "node1", none)).singleElement().satisfies(f -> {
            assertThat(f.detail().key()).isEqualTo("nvlink.none");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        });
    }

    // ---- IB_RATE_DEGRADED ----------------------------------------------------------------------------------

    @Test
    void aPortBelowThePeersOfItsModelIsDegraded() {
        String slow = IBSTAT_400.replace("Rate: 400", "Rate: 200");
        List<Finding> fs = run("n1/ibstat.txt", "node1", IBSTAT_400, "n2/ibstat.txt", "node2", slow,
                "n3/ibstat.txt", "node3", IBSTAT_400);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("IB_RATE_DEGRADED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.subject().node()).isEqualTo("node2");
            assertThat(f.subject().device()).isEqualTo("mlx5_0");
            assertThat(f.params()).containsEntry("hca", "mlx5_0").containsEntry("port", "1").containsEntry("peer", "node1");
            assertThat(f.evidence()).extracting(l -> l.artifact() + ":" + l.text().strip())
                    .contains("n2/ibstat.txt:Rate: 200", "n1/ibstat.txt:Rate: 400");
        });
    }

    @Test
    void anInfinibandPortAtOneLaneIsDegraded() {
        assertThat(run("ibstatus.txt", null, IBSTATUS_1X)).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("IB_RATE_DEGRADED");
            assertThat(f.detail().key()).isEqualTo("ib.rate.width");
            assertThat(f.evidence()).extracting(l -> l.text().strip()).contains("rate:\t\t 100 Gb/sec (1X NDR)");
        });
    }

    // ---- IB_PORT_NOT_ACTIVE from ibdev2netdev -v and the kernel log ---------------------------------------

    @Test
    void ibdev2netdevVerboseNamesADownPort() {
        assertThat(run("ibdev2netdev.txt", "node1", IBDEV2NETDEV_V)).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("IB_PORT_NOT_ACTIVE");
            assertThat(f.subject().device()).isEqualTo("mlx5_0");
            assertThat(f.subject().iface()).isEqualTo("ens1np0");
        });
    }

    @Test
    void mlx5PortEventsTellFlapsAndPortsLeftDown() {
        List<Finding> fs = run("dmesg.txt", "node1", DMESG_MLX5);
        assertThat(withCode(fs, "IB_PORT_NOT_ACTIVE")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("flap.down");
            assertThat(f.detail().args()).containsEntry("downs", "2");
        });
        assertThat(withCode(fs, "ETH_LINK_DOWN")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("flap.bounced");
            assertThat(f.subject().iface()).isEqualTo("ens1np0");
        });
    }

    @Test
    void aPortThatIbstatShowsActiveAgainOnlyFlapped() {
        String ibstat = IBSTAT_400.replace("'mlx5_0'", "'mlx5_5'");
        List<Finding> fs = withCode(run("dmesg.txt", "node1", DMESG_MLX5, "ibstat.txt", "node1", ibstat), "IB_PORT_NOT_ACTIVE");
        assertThat(fs).singleElement().satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING));
    }

    // ---- PCIE_LINK_DEGRADED: a NIC below its speed, a busy GPU below its generation -------------------------

    @Test
    void aNicBelowItsSpeedIsAnErrorFromLspciAndFromTheKernel() {
        assertThat(run("lspci.txt", "node1", LSPCI_NIC)).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("PCIE_LINK_DEGRADED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("pcie.speed.nic");
            assertThat(f.subject().device()).isEqualTo("0000:17:00.0");
        });
        // lspci and the kernel line about the same NIC make one finding
        List<Finding> both = withCode(run("lspci.txt", "node1", LSPCI_NIC, "dmesg.txt", "node1", DMESG_MLX5), "PCIE_LINK_DEGRADED");
        assertThat(both).singleElement().satisfies(f -> assertThat(f.evidence()).extracting(l -> l.artifact())
                .contains("lspci.txt", "dmesg.txt"));
    }

    @Test
    void aBusyGpuBelowItsGenerationIsAWarning() {
        assertThat(run("csv.txt", "node1", NVSMI_CSV_BUSY)).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("pcie.gen.busy");
            assertThat(f.subject().gpu()).isEqualTo("GPU0");
            assertThat(f.evidence().get(0).text()).startsWith("0, NVIDIA H100");
        });
        String idle = NVSMI_CSV_BUSY.replace("3, 5, 16, 16, 1980 MHz", "3, 5, 16, 16, 345 MHz");
        assertThat(run("csv.txt", "node1", idle)).allSatisfy(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.INFO));
    }

    // ---- ETH_LINK_DOWN ------------------------------------------------------------------------------------

    @Test
    void noLinkOnAFabricNicIsAnError() {
        assertThat(run("ethtool.txt", "node1", ETHTOOL_NO_LINK)).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("ETH_LINK_DOWN");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.subject().iface()).isEqualTo("ens1np0");
            assertThat(f.evidence().get(0).text().strip()).isEqualTo("Link detected: no");
        });
    }

    @Test
    void aRoceNetdevWithoutCarrierIsAnErrorNamingItsRdmaDevice() {
        List<Finding> fs = run("ip.txt", "node1", IP_ADDR_ROCE, "ibdev2netdev.txt", "node1", IBDEV2NETDEV);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("ETH_LINK_DOWN");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("eth.down.rdma");
            assertThat(f.params()).containsEntry("hca", "mlx5_0").containsEntry("iface", "ens1np0");
        });
        // without the ip output, ibdev2netdev alone: a warning
        assertThat(run("ibdev2netdev.txt", "node1", IBDEV2NETDEV)).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING));
    }

    // ---- ETH_SPEED_DEGRADED across nodes -------------------------------------------------------------------

    @Test
    void aNicSlowerThanTheSameModelOnAnotherNodeIsDegraded() {
        String fast = ETHTOOL_NO_LINK.replace("Speed: Unknown!", "Speed: 200000Mb/s").replace("Link detected: no", "Link detected: yes");
        String slow = fast.replace("Speed: 200000Mb/s", "Speed: 100000Mb/s")
                .replace("Advertised link modes:  100000baseCR4/Full\n\t                        200000baseCR4/Full",
                        "Advertised link modes:  100000baseCR4/Full");
        List<Finding> fs = run("a/ethtool.txt", "node1", fast, "b/ethtool.txt", "node2", slow);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("ETH_SPEED_DEGRADED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.subject().node()).isEqualTo("node2");
            assertThat(f.detail().key()).isEqualTo("eth.speed.peers");
        });
    }

    // ---- MTU_MISMATCH -------------------------------------------------------------------------------------

    @Test
    void anInterfaceWithAnotherMtuThanOnTheOtherNodesIsAMismatch() {
        String low = IP_LINK_9000.replace("mtu 9000", "mtu 1500");
        List<Finding> fs = run("n1/ip.txt", "node1", IP_LINK_9000, "n2/ip.txt", "node2", low, "n3/ip.txt", "node3", IP_LINK_9000);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("MTU_MISMATCH");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.subject().node()).isEqualTo("node2");
            assertThat(f.subject().iface()).isEqualTo("ens1np0");
            assertThat(f.params()).containsEntry("iface", "ens1np0").containsEntry("peer", "node1");
            assertThat(f.detail().args()).containsEntry("others", "1").containsEntry("min", "1500");
        });
    }

    @Test
    void aBondMemberWithAnotherMtuThanItsBondIsAMismatch() {
        assertThat(run("ip.txt", "node1", IP_LINK_BOND)).singleElement().satisfies(f -> {
            assertThat(f.detail().key()).isEqualTo("mtu.bond");
            assertThat(f.subject().iface()).isEqualTo("eth2");
        });
    }

    @Test
    void rdmaActiveMtuDiffersBetweenNodes() {
        String low = DEVINFO_4096.replace("active_mtu:\t\t4096 (5)", "active_mtu:\t\t1024 (3)");
        List<Finding> fs = run("n1/devinfo.txt", "node1", DEVINFO_4096, "n2/devinfo.txt", "node2", low,
                "n3/devinfo.txt", "node3", DEVINFO_4096);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("MTU_MISMATCH");
            assertThat(f.detail().key()).isEqualTo("mtu.rdma");
            assertThat(f.subject().node()).isEqualTo("node2");
            assertThat(f.evidence().get(0).text()).contains("active_mtu").contains("1024");
        });
    }

    @Test
    void aRoceNetdevAt1500CapsTheRdmaMtu() {
        String low = DEVINFO_4096.replace("active_mtu:\t\t4096 (5)", "active_mtu:\t\t1024 (3)");
        String ip = IP_LINK_9000.replace("mtu 9000", "mtu 1500");
        List<Finding> fs = run("devinfo.txt", "node1", low, "ibdev2netdev.txt", "node1", "mlx5_0 port 1 ==> ens1np0 (Up)\n",
                "ip.txt", "node1", ip);
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("MTU_MISMATCH");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("mtu.roceNetdev");
            assertThat(f.params()).containsEntry("iface", "ens1np0").containsEntry("hca", "mlx5_0");
            assertThat(f.evidence().get(0).text()).contains("mtu 1500");
        });
        // the same port with a jumbo netdev is fine
        assertThat(run("devinfo.txt", "node1", DEVINFO_4096, "ibdev2netdev.txt", "node1", "mlx5_0 port 1 ==> ens1np0 (Up)\n",
                "ip.txt", "node1", IP_LINK_9000)).isEmpty();
    }

    // ---- NIC_ERROR_COUNTERS / PFC_PAUSE_STORM ---------------------------------------------------------------

    @Test
    void errorAndPauseCountersAreReportedRelativeToPackets() {
        List<Finding> fs = run("ethtool-S.txt", "node1", ETHTOOL_S);
        assertThat(withCode(fs, "NIC_ERROR_COUNTERS")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("counters.phy");
            assertThat(f.subject().iface()).isEqualTo("ens1np0");
            assertThat(f.detail().args().get("list")).contains("rx_crc_errors_phy=52311", "rx_discards_phy=5000000")
                    .doesNotContain("corrected");
            assertThat(f.evidence()).extracting(l -> l.text().strip()).contains("rx_crc_errors_phy: 52311");
        });
        assertThat(withCode(fs, "PFC_PAUSE_STORM")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("pfc.rx");
            assertThat(f.detail().args()).containsEntry("pct", "6.0");
        });
    }

    @Test
    void thePauseStormDetectorIsAnErrorAndQuietCountersAreSilent() {
        String storm = ETHTOOL_S + "     tx_pause_storm_warning_events: 3\n";
        assertThat(withCode(run("ethtool-S.txt", "node1", storm), "PFC_PAUSE_STORM")).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR));
        String quiet = ETHTOOL_S.replace("52311", "0").replace(": 1200", ": 3").replace("5000000", "12")
                .replace("30000000", "100");
        assertThat(run("ethtool-S.txt", "node1", quiet)).isEmpty();
    }

    // ---- the whole healthy picture --------------------------------------------------------------------------

    @Test
    void aHealthyMultiNodeBundleIsSilent() {
        String nv = NVLINK_S.substring(0, NVLINK_S.indexOf("GPU 1:"));
        List<Finding> fs = run("n1/ibstat.txt", "node1", IBSTAT_400, "n2/ibstat.txt", "node2", IBSTAT_400,
                "n1/ip.txt", "node1", IP_LINK_9000, "n2/ip.txt", "node2", IP_LINK_9000,
                "n1/nvlink.txt", "node1", nv, "n2/nvlink.txt", "node2", nv,
                "n1/devinfo.txt", "node1", DEVINFO_4096, "n2/devinfo.txt", "node2", DEVINFO_4096);
        assertThat(fs).isEmpty();
    }
}
