package io.ncclscope.sdk.delta;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CounterDeltaAnalyzerTest {

    /** A collect bundle of node gpu01 at {@code time}, with one ethtool -S reading and one IB port. */
    static Path bundle(Path dir, String time, long crc, long discards, long rxPackets, long symbolErrors, long linkDowned,
                       long rcvData) throws IOException {
        Files.createDirectories(dir.resolve("net"));
        Files.createDirectories(dir.resolve("ib"));
        Files.writeString(dir.resolve("manifest.json"), "{\"format\": 1, \"host\": \"gpu01\", \"time\": \"" + time + "\"}\n");
        Files.writeString(dir.resolve("net/ethtool-S-eth2.txt"), "NIC statistics:\n"
                + "     rx_packets: " + rxPackets + "\n"
                + "     tx_packets: " + rxPackets + "\n"
                + "     rx_bytes: " + rxPackets * 4000 + "\n"
                + "     rx_crc_errors_phy: " + crc + "\n"
                + "     rx_discards_phy: " + discards + "\n");
        Files.writeString(dir.resolve("ib/sysfs.txt"),
                "/sys/class/infiniband/mlx5_0/ports/1/state 4: ACTIVE\n"
                        + "/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error " + symbolErrors + "\n"
                        + "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed " + linkDowned + "\n"
                        + "/sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data " + rcvData + "\n");
        return dir;
    }

    static List<Finding> findings(Evidence e) {
        return new CounterDeltaAnalyzer().analyze(e);
    }

    @Test
    void errorCountersThatGrewBetweenTwoBundlesAreFindingsQuotingBothLines(@TempDir Path tmp) throws IOException {
        Path before = bundle(tmp.resolve("before"), "2026-12-02T10:00:00Z", 7, 10, 1_000_000, 2, 0, 5_000);
        Path after = bundle(tmp.resolve("after"), "2026-12-02T10:05:00Z", 7 + 150, 10 + 20, 9_000_000, 5, 1, 90_000_000);
        Evidence e = NcclScope.evidence(after, before);
        assertThat(e.bundles()).hasSize(2).allSatisfy(b -> assertThat(b.node()).isEqualTo("gpu01"));

        List<Finding> fs = findings(e);
        Finding eth = fs.stream().filter(f -> f.code().equals("NIC_ERROR_COUNTERS") && "eth2".equals(f.subject().iface()))
                .findFirst().orElseThrow();
        assertThat(eth.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(eth.detail().render(Locale.ENGLISH)).contains("300 s", "rx_crc_errors_phy +150 (7 → 157)")
                .doesNotContain("rx_discards_phy"); // 20 drops in a job is noise
        assertThat(eth.evidence()).extracting(EvidenceLine::artifact)
                .containsExactly("before/net/ethtool-S-eth2.txt", "after/net/ethtool-S-eth2.txt");
        assertThat(eth.evidence()).extracting(EvidenceLine::text)
                .containsExactly("     rx_crc_errors_phy: 7", "     rx_crc_errors_phy: 157");

        Finding ib = fs.stream().filter(f -> f.code().equals("NIC_ERROR_COUNTERS") && "mlx5_0".equals(f.subject().device()))
                .findFirst().orElseThrow();
        assertThat(ib.subject().port()).isEqualTo(1);
        assertThat(ib.severity()).as("a link went down during the job").isEqualTo(FindingSeverity.ERROR);
        assertThat(ib.detail().render(Locale.ENGLISH)).contains("symbol_error +3 (2 → 5)", "link_downed +1 (0 → 1)");
        assertThat(ib.evidence()).extracting(EvidenceLine::text).contains(
                "/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error 2",
                "/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error 5");

        Finding summary = fs.stream().filter(f -> f.code().equals("COUNTERS_COMPARED")).findFirst().orElseThrow();
        assertThat(summary.severity()).isEqualTo(FindingSeverity.INFO);
        assertThat(summary.detail().render(Locale.ENGLISH)).contains("gpu01", "300 s apart", "2 interface(s) or port(s)");
        assertThat(summary.detail().render(Locale.SIMPLIFIED_CHINESE)).contains("相隔 300 秒");
    }

    @Test
    void quietCountersGiveOnlyTheComparisonAndTheReportStaysHealthy(@TempDir Path tmp) throws IOException {
        Path before = bundle(tmp.resolve("b1"), "2026-12-02T10:00:00Z", 0, 0, 1_000, 0, 0, 5_000);
        Path after = bundle(tmp.resolve("b2"), "2026-12-02T10:00:30Z", 0, 3, 2_000_000, 0, 0, 8_000_000);
        Evidence e = NcclScope.evidence(before, after);
        assertThat(findings(e)).extracting(Finding::code).containsExactly("COUNTERS_COMPARED");
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        assertThat(Renderers.markdown(r)).doesNotContain("NIC_ERROR_COUNTERS");
    }

    @Test
    void countersThatWentDownAreLeftOutAndCounted(@TempDir Path tmp) throws IOException {
        Path before = bundle(tmp.resolve("b1"), "2026-12-02T10:00:00Z", 500, 0, 5_000_000, 9, 0, 5_000);
        Path after = bundle(tmp.resolve("b2"), "2026-12-02T11:00:00Z", 0, 0, 100, 0, 0, 7_000);
        List<Finding> fs = findings(NcclScope.evidence(before, after));
        assertThat(fs).extracting(Finding::code).containsExactly("COUNTERS_COMPARED");
        assertThat(fs.get(0).detail().render(Locale.ENGLISH)).contains("5 went down");
    }

    @Test
    void oneBundleAloneOrBundlesOfDifferentNodesGiveNoDeltas(@TempDir Path tmp) throws IOException {
        Path one = bundle(tmp.resolve("b1"), "2026-12-02T10:00:00Z", 500, 0, 5_000_000, 9, 0, 5_000);
        assertThat(findings(NcclScope.evidence(one))).isEmpty();
        Path other = bundle(tmp.resolve("b2"), "2026-12-02T10:00:00Z", 900, 0, 5_000_000, 9, 0, 5_000);
        Files.writeString(other.resolve("manifest.json"), "{\"host\": \"gpu02\", \"time\": \"2026-12-02T10:09:00Z\"}");
        assertThat(findings(NcclScope.evidence(one, other))).isEmpty();
    }
}
