package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.diagnose.links.Findings.corpus;
import static io.ncclscope.sdk.diagnose.links.Findings.withCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The analyzer over the real corpus: every file alone, against a reviewed table of what a competent engineer
 * concludes (the manifests' ground_truth), and per code the files that must fire it and the healthy ones
 * that must not.
 */
class LinkHealthCorpusTest {

    /**
     * Reviewed: corpus file -> this analyzer's findings as CODE:SEVERITY, sorted. Every file not listed here must
     * get nothing of WARNING or worse. Notes on disagreements with a manifest are in the comments.
     */
    static final Map<String, List<String>> TABLE = new TreeMap<>(Map.ofEntries(
            // Xid 31/13/32 of a desktop game: application faults, not a node to drain.
            Map.entry("dmesg/dxvk-1027-1.txt", List.of("GPU_XID:WARNING")),
            // Xid 149 Fatal x2 (drain), Xid 145 Nonfatal (warning only), Xid 94 contained ECC (restart the app).
            Map.entry("dmesg/gpud-pr-1174-1.txt",
                    List.of("GPU_XID:CRITICAL", "GPU_XID:CRITICAL", "GPU_XID:WARNING", "GPU_XID:WARNING")),
            // Xid 13 x3 then Xid 109 (context-switch timeout, RESET_GPU in NVIDIA's catalogue).
            Map.entry("dmesg/gpud-pr-46-1.txt", List.of("GPU_XID:ERROR")),
            // Xid 119 GSP RPC timeout x5 on one GPU: hung GPU, one finding.
            Map.entry("dmesg/gpud-testdata-dmesg-with-xid-119-1.txt", List.of("GPU_XID:CRITICAL")),
            // Xid 145 Nonfatal + 137 on link 11, PCI address redacted.
            Map.entry("dmesg/nccl-2241-1.txt", List.of("GPU_XID:WARNING")),
            // Xid 79 and the driver's fallen-off-the-bus line: one GPU, one finding.
            Map.entry("dmesg/nvidia-docker-1553-1.txt", List.of("GPU_XID:CRITICAL")),
            // Fallen off the bus without an Xid number = Xid 79.
            Map.entry("dmesg/nvsentinel-155-1.txt", List.of("GPU_XID:CRITICAL")),
            // Xid 45 on 4 GPUs caused by NVLink Xids 149/145: the job was killed by NVLink errors.
            Map.entry("dmesg/open-gpu-kernel-modules-1150-1.txt",
                    List.of("GPU_XID:CRITICAL", "GPU_XID:CRITICAL", "GPU_XID:CRITICAL", "GPU_XID:CRITICAL")),
            // All traffic in priority 0, nothing in the lossless priority.
            Map.entry("ethtool/byteps-179-1.txt", List.of("ROCE_TRAFFIC_NOT_LOSSLESS:WARNING")),
            // 40G of 56G supported: 56G is not advertised (Mellanox-proprietary): informational.
            Map.entry("ethtool/jc-ethtool-default2-1.txt", List.of("ETH_SPEED_DEGRADED:INFO")),
            // 1G NIC at 100M because the partner offers only 10/100; a 1G-class port, so WARNING.
            Map.entry("ethtool/jc-ethtool-link-partner-1.txt", List.of("ETH_SPEED_DEGRADED:WARNING")),
            // Both listed RoCE ports Down/Disabled and nothing Active on the node.
            Map.entry("ibstat/arthurchiao-gpu-notes-1-h20-2.txt",
                    List.of("IB_PORT_NOT_ACTIVE:ERROR", "IB_PORT_NOT_ACTIVE:ERROR")),
            // mlx5_5 and mlx5_11: two of eight 400G rails Down/Disabled.
            Map.entry("ibstat/gpud-ibstat-47-h100-some-down-2.txt",
                    List.of("IB_PORT_NOT_ACTIVE:ERROR", "IB_PORT_NOT_ACTIVE:ERROR")),
            // mlx5_1/mlx5_2: a disabled dual-port ConnectX-6 Dx beside 8 active NDR rails: spare, WARNING.
            Map.entry("ibstat/mooncake-2039-1.txt", List.of("IB_PORT_NOT_ACTIVE:WARNING", "IB_PORT_NOT_ACTIVE:WARNING")),
            // PORT_INIT: the SM has not activated the VF port.
            Map.entry("ibstat/network-operator-1646-1.txt", List.of("IB_PORT_NOT_ACTIVE:ERROR")),
            // Down with LinkUp and LID 65535: SM problem, not a cable.
            Map.entry("ibstat/network-operator-249-1.txt", List.of("IB_PORT_NOT_ACTIVE:ERROR")),
            // Both ports of the only ConnectX-7 PORT_DOWN.
            Map.entry("ibstat/stelline-puget-wrx90-1.txt", List.of("IB_PORT_NOT_ACTIVE:ERROR", "IB_PORT_NOT_ACTIVE:ERROR")),
            // ens1f0 has an address and no carrier; ens1f1 (no address) is unused and not reported.
            Map.entry("iplink/coreos-bugs-412-1.txt", List.of("ETH_LINK_DOWN:ERROR")),
            // 7 admin-up interfaces without carrier (role unknown: ip link shows no addresses), and ens5f0 at 1500
            // while its sibling port ens5f1 and the rest of the node run 9000.
            Map.entry("iplink/kube-ovn-4254-1.txt", List.of("ETH_LINK_DOWN:WARNING", "MTU_MISMATCH:WARNING")),
            // Idle RTX 6000 Ada at 2.5GT/s with full width: power saving, context only.
            Map.entry("lspci/stelline-asus-esc8000a-e12-2.txt", List.of("PCIE_LINK_DEGRADED:INFO")),
            Map.entry("lspci/stelline-asus-esc8000a-e12-5.txt", List.of("PCIE_LINK_DEGRADED:INFO")),
            Map.entry("lspci/stelline-puget-wrx90-5.txt", List.of("PCIE_LINK_DEGRADED:INFO")),
            // HighPoint RAID x1 of x2: lane loss, but off NCCL's path: weighted by role, WARNING.
            Map.entry("lspci/stelline-asus-esc8000a-e12-6.txt", List.of("PCIE_LINK_DEGRADED:WARNING")),
            Map.entry("lspci/stelline-puget-wrx90-3.txt", List.of("PCIE_LINK_DEGRADED:WARNING")),
            // Three idle RTX 4090 at Gen1 (P8, 210 MHz), widths all x16: context only.
            Map.entry("nvsmi-q/gpud-nvsmi-q-535-154-4090-1.txt", List.of("PCIE_LINK_DEGRADED:INFO")),
            // TITAN V idle at Gen1 of Gen3.
            Map.entry("nvsmi-q/gpud-nvsmi-q-560-titanv-1.txt", List.of("PCIE_LINK_DEGRADED:INFO")),
            // GPU2 without NVLink beside a bridged pair: expected for an unbridged card.
            Map.entry("nvsmi-q/siboehm-bench-nvlink-readme-2.txt", List.of("NVLINK_DEGRADED:INFO")),
            // L4 at x8 of x16.
            Map.entry("nvsmi-q/thamada-nvsim-l4-1.txt", List.of("PCIE_LINK_DEGRADED:ERROR")),
            // RTX 4060 Ti at 03:00.0 x4 of x8; the other GPU is at x8/x8.
            Map.entry("nvsmi-q/thamada-nvsim-rtx4060ti-1.txt", List.of("PCIE_LINK_DEGRADED:ERROR"))));

    // Files where the manifest expects a conclusion this analyzer cannot draw from the file alone (silent here):
    // - ethtool/aqc111-1-1.txt: the adapter is 5GbE-capable per the thread, but its driver lists only 100/1000
    //   modes and it links at 1000, the best mode it shows; the 5G capability is not in the data.
    // - iplink/trinity-187-1.txt: eno1 at 1500 where the cluster design says 9000; the design MTU is not in the
    //   data and no other interface or node disagrees.
    // - iplink/netlab-1750-1.txt: the mismatch is with the peer switch, which the file does not show.

    static List<Path> allCorpusFiles() throws IOException {
        try (Stream<Path> s = Files.walk(Corpus.root())) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("manifest-") && !p.getFileName().toString().equals("README.md"))
                    .sorted().toList();
        }
    }

    static String rel(Path p) {
        return Corpus.root().relativize(p).toString().replace('\\', '/');
    }

    static List<String> summary(List<Finding> fs) {
        return fs.stream().map(f -> f.code() + ":" + f.severity()).sorted().toList();
    }

    @Test
    void everyCorpusFileGivesWhatTheReviewedTableSays() throws IOException {
        Corpus.assumePresent();
        Map<String, List<String>> actual = new TreeMap<>();
        List<Finding> all = new ArrayList<>();
        for (Path p : allCorpusFiles()) {
            String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
            List<Finding> fs = Findings.ANALYZER.analyze(Evidence.builder().addText(rel(p), text).build());
            all.addAll(fs);
            if (TABLE.containsKey(rel(p)) || fs.stream().anyMatch(f -> f.severity().atLeast(FindingSeverity.WARNING))) {
                actual.put(rel(p), summary(fs));
            }
        }
        Map<String, List<String>> expected = new TreeMap<>();
        TABLE.forEach((k, v) -> expected.put(k, v.stream().sorted().toList()));
        assertThat(actual).isEqualTo(expected);
        Findings.assertRenders(all);
    }

    @Test
    void theCapturedHealthyH200NodeIsSilent() throws IOException {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu")).build();
        assertThat(Findings.ANALYZER.analyze(e)).isEmpty();
        Evidence copy = Evidence.builder().addPath(Path.of("../examples/captured/h200-1gpu")).build();
        assertThat(Findings.ANALYZER.analyze(copy)).isEmpty();
    }

    // ---- PCIE_LINK_DEGRADED -------------------------------------------------------------------------------

    @Test
    void aGpuAtHalfWidthIsAnErrorQuotingTheWidthLines() {
        List<Finding> fs = corpus("nvsmi-q/thamada-nvsim-l4-1.txt");
        assertThat(fs).hasSize(1);
        Finding f = fs.get(0);
        assertThat(f.code()).isEqualTo("PCIE_LINK_DEGRADED");
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(f.subject().gpu()).isEqualTo("0000:01:00.0");
        assertThat(f.params()).containsEntry("bdf", "0000:01:00.0");
        assertThat(f.evidence().get(0).text()).contains("Current").contains("8x");
        assertThat(f.evidence().get(1).text()).contains("Max").contains("16x");
        assertThat(f.detail().args()).containsEntry("width", "8").containsEntry("capWidth", "16");
    }

    @Test
    void onlyTheNarrowGpuOfTwoIsReported() {
        List<Finding> fs = corpus("nvsmi-q/thamada-nvsim-rtx4060ti-1.txt");
        assertThat(fs).singleElement().satisfies(f -> assertThat(f.subject().gpu()).isEqualTo("0000:03:00.0"));
    }

    @Test
    void idleGpusAtLowSpeedWithFullWidthAreContextOnly() {
        for (String f : List.of("lspci/stelline-asus-esc8000a-e12-2.txt", "lspci/stelline-puget-wrx90-5.txt",
                "nvsmi-q/gpud-nvsmi-q-535-154-4090-1.txt", "nvsmi-q/gpud-nvsmi-q-560-titanv-1.txt")) {
            assertThat(corpus(f)).as(f).allSatisfy(x -> assertThat(x.severity()).isEqualTo(FindingSeverity.INFO));
        }
        Finding f = corpus("nvsmi-q/gpud-nvsmi-q-535-154-4090-1.txt").get(0);
        assertThat(f.detail().args().get("count")).isEqualTo("3");
        assertThat(f.detail().args().get("list")).contains("0000:81:00.0", "0000:a1:00.0", "0000:e1:00.0");
    }

    @Test
    void aLaneLossOffNcclsPathIsAWarning() {
        Finding f = corpus("lspci/stelline-puget-wrx90-3.txt").get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.subject().device()).isEqualTo("0000:11:00.0");
        assertThat(f.evidence().get(0).text()).contains("LnkSta").contains("x1");
        assertThat(f.evidence().get(1).text()).contains("LnkCap").contains("x2");
    }

    @Test
    void healthyPcieLinksAreSilent() {
        for (String f : List.of("lspci/stelline-asus-esc8000a-e12-3.txt", "lspci/stelline-asus-esc8000a-e12-4.txt",
                "lspci/stelline-puget-wrx90-4.txt", "nvsmi-q/gpud-nvsmi-q-535-161-h100-1.txt",
                "nvsmi-q/gpud-nvsmi-q-535-183-h100-vm-1.txt", "captured/h200-1gpu/sys/nvsmi-q.txt",
                "captured/h200-1gpu/sys/nvsmi-pcie-csv.txt")) {
            assertThat(corpus(f)).as(f).isEmpty();
        }
    }

    // ---- NVLINK_DEGRADED -----------------------------------------------------------------------------------

    @Test
    void anUnbridgedCardBesideABridgedPairIsContextAndFullNvswitchLinksAreSilent() {
        List<Finding> fs = corpus("nvsmi-q/siboehm-bench-nvlink-readme-2.txt");
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("NVLINK_DEGRADED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.INFO);
            assertThat(f.subject().gpu()).isEqualTo("GPU2");
            assertThat(f.evidence()).extracting(l -> l.text()).anyMatch(t -> t.startsWith("NVML"));
        });
        assertThat(corpus("nvsmi-q/gpud-nvlink-status-a100-1.txt")).isEmpty();
        assertThat(corpus("captured/h200-1gpu/sys/nvlink-s.txt")).isEmpty();
    }

    // ---- IB_PORT_NOT_ACTIVE --------------------------------------------------------------------------------

    @Test
    void twoDownRailsOfEightAreTwoErrors() {
        List<Finding> fs = corpus("ibstat/gpud-ibstat-47-h100-some-down-2.txt");
        assertThat(fs).extracting(f -> f.subject().device()).containsExactlyInAnyOrder("mlx5_5", "mlx5_11");
        assertThat(fs).allSatisfy(f -> {
            assertThat(f.code()).isEqualTo("IB_PORT_NOT_ACTIVE");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.subject().port()).isEqualTo(1);
            assertThat(f.params()).containsKeys("hca", "port");
            assertThat(f.evidence()).extracting(l -> l.text().strip()).contains("State: Down", "Physical state: Disabled");
        });
    }

    @Test
    void aDisabledFrontendCardBesideActiveRailsIsAWarning() {
        List<Finding> fs = corpus("ibstat/mooncake-2039-1.txt");
        assertThat(fs).extracting(f -> f.subject().device()).containsExactlyInAnyOrder("mlx5_1", "mlx5_2");
        assertThat(fs).allSatisfy(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING));
        assertThat(fs.get(0).detail().key()).isEqualTo("ib.down.notRail");
    }

    @Test
    void aPortWithLinkUpButNotActiveIsASubnetManagerProblem() {
        assertThat(corpus("ibstat/network-operator-249-1.txt")).singleElement()
                .satisfies(f -> assertThat(f.detail().key()).isEqualTo("ib.down.sm"));
        assertThat(corpus("ibstat/network-operator-1646-1.txt")).singleElement()
                .satisfies(f -> assertThat(f.detail().key()).isEqualTo("ib.down.init"));
    }

    @Test
    void healthyRdmaPortsAreSilent() {
        for (String f : List.of("ibstat/gpud-ibstat-39-a100-ibpanic-1.txt", "ibstat/gpud-ibstat-47-h100-roce-1.txt",
                "ibstat/gpud-ibstat-47-h100-ib-bond-1.txt", "ibstat/nccl-1591-1.txt", "ibstat/pplx-garden-2-1.txt",
                "ibstat/penny-worklog-1-2.txt")) {
            assertThat(corpus(f)).as(f).isEmpty();
        }
    }

    // ---- IB_RATE_DEGRADED: no real file has one (roce-1 mixes 400G and 100G models, which is no degradation) ----

    @Test
    void differentModelsAtDifferentRatesAreNotDegraded() {
        assertThat(corpus("ibstat/gpud-ibstat-47-h100-roce-1.txt", "ibstat/gpud-ibstat-47-h100-ib-bond-1.txt")).isEmpty();
    }

    // ---- ETH_LINK_DOWN -------------------------------------------------------------------------------------

    @Test
    void anAddressedInterfaceWithoutCarrierIsAnError() {
        assertThat(corpus("iplink/coreos-bugs-412-1.txt")).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("ETH_LINK_DOWN");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.subject().iface()).isEqualTo("ens1f0");
            assertThat(f.params()).containsEntry("iface", "ens1f0");
            assertThat(f.evidence().get(0).text()).contains("NO-CARRIER");
            assertThat(f.evidence().get(1).text()).contains("10.187.10.11");
        });
    }

    @Test
    void downIpoibNetdevsAndUncabledSecondPortsAreSilent() {
        for (String f : List.of("iplink/cluster-health-4-1.txt", "iplink/spark-vllm-docker-networking-1.txt",
                "iplink/stepmesh-15-1.txt", "iplink/nccl-tests-36-1.txt")) {
            assertThat(corpus(f)).as(f).isEmpty();
        }
    }

    // ---- ETH_SPEED_DEGRADED --------------------------------------------------------------------------------

    @Test
    void aLinkSlowerThanAdvertisedBecauseOfThePartnerIsReported() {
        assertThat(corpus("ethtool/jc-ethtool-link-partner-1.txt")).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("ETH_SPEED_DEGRADED");
            assertThat(f.detail().key()).isEqualTo("eth.speed.partner");
            assertThat(f.subject().iface()).isEqualTo("eth0");
            assertThat(f.evidence().get(0).text()).contains("Speed: 100Mb/s");
        });
    }

    @Test
    void linksAtTheirBestModeAreSilent() {
        for (String f : List.of("ethtool/jc-ethtool-default1-1.txt", "ethtool/pyroute2-720-1.txt",
                "ethtool/go-ethtool-exporter-eth4-1.txt", "ethtool/aqc111-1-1.txt", "ethtool/open-nic-driver-29-1.txt",
                "ethtool/ethq-7-1.txt", "ethtool/ethq-21-1.txt")) {
            assertThat(corpus(f)).as(f).isEmpty();
        }
        assertThat(corpus("ethtool/jc-ethtool-default2-1.txt")).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.INFO));
    }

    // ---- MTU_MISMATCH --------------------------------------------------------------------------------------

    @Test
    void aPortLeftAt1500BesideItsJumboSiblingIsReported() {
        List<Finding> fs = withCode(corpus("iplink/kube-ovn-4254-1.txt"), "MTU_MISMATCH");
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.subject().iface()).isEqualTo("ens5f0");
            assertThat(f.detail().args()).containsEntry("mtu", "1500").containsEntry("peerMtu", "9000");
            assertThat(f.evidence().get(0).text()).contains("ens5f0").contains("mtu 1500");
        });
    }

    @Test
    void consistentMtusAreSilent() {
        for (String f : List.of("iplink/netlab-1750-1.txt", "iplink/trinity-187-1.txt")) {
            assertThat(corpus(f)).as(f).isEmpty();
        }
    }

    // ---- NIC_ERROR_COUNTERS / PFC_PAUSE_STORM / ROCE_TRAFFIC_NOT_LOSSLESS ----------------------------------

    @Test
    void allTrafficInPriorityZeroIsReportedAndNoErrorsOrPausesAreInvented() {
        List<Finding> fs = corpus("ethtool/byteps-179-1.txt");
        assertThat(fs).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("ROCE_TRAFFIC_NOT_LOSSLESS");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.evidence()).extracting(l -> l.text().strip())
                    .containsExactly("rx_prio0_bytes: 88034564921216", "rx_prio3_bytes: 0");
        });
    }

    // ---- GPU_XID -------------------------------------------------------------------------------------------

    @Test
    void aGpuFallenOffTheBusIsCriticalWithTheAerLinesOfItsPort() {
        assertThat(corpus("dmesg/nvidia-docker-1553-1.txt")).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("GPU_XID");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.subject().gpu()).isEqualTo("0000:09:00.0");
            assertThat(f.evidence().get(0).text()).contains("Xid").contains(": 79");
            assertThat(f.evidence()).extracting(l -> l.text()).anyMatch(t -> t.contains("AER"));
            assertThat(f.detail().args()).containsEntry("list", "79 ×2");
        });
        assertThat(corpus("dmesg/nvsentinel-155-1.txt")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.evidence()).extracting(l -> l.text()).anyMatch(t -> t.contains("fallen off the bus"));
        });
    }

    @Test
    void repeatedXidsOfOneGpuAreOneFinding() {
        assertThat(corpus("dmesg/gpud-testdata-dmesg-with-xid-119-1.txt")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.detail().key()).isEqualTo("xid.hung");
            assertThat(f.detail().args()).containsEntry("list", "119 ×5");
        });
    }

    @Test
    void nvlinkXidsFollowTheirFatalWordAndXid45FollowsItsCause() {
        List<Finding> fs = corpus("dmesg/gpud-pr-1174-1.txt");
        assertThat(fs).filteredOn(f -> "0018:01:00.0".equals(f.subject().gpu())).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING));
        assertThat(fs).filteredOn(f -> "0019:01:00.0".equals(f.subject().gpu())).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL));
        assertThat(corpus("dmesg/open-gpu-kernel-modules-1150-1.txt")).hasSize(4)
                .allSatisfy(f -> assertThat(f.detail().key()).isEqualTo("xid.caused"));
    }

    @Test
    void applicationXidsAreWarningsAndHealthyKernelLogsAreSilent() {
        assertThat(corpus("dmesg/dxvk-1027-1.txt")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("xid.app");
        });
        assertThat(corpus("dmesg/arm-nas-16-1.txt")).isEmpty();
        assertThat(corpus("dmesg/gpud-pr-1209-1.txt")).isEmpty();
    }

    @Test
    void gidTablesAloneSayNothingAboutLinks() {
        for (String f : List.of("gids/multus-cni-1100-1.txt", "gids/nccl-1573-1.txt", "gids/nccl-551-1.txt",
                "gids/nccl-769-1.txt", "gids/nccl-tests-192-1.txt")) {
            assertThat(corpus(f)).as(f).isEmpty();
        }
    }
}
