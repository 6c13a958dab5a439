package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.rules.Segment;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The limiting segment and the share of the shortfall each degraded part explains (issue 24), on the synthetic
 * {@code examples/attribution/h100-slow-port}: 2 nodes x 8 H100 (NV18), 8 NDR rails each plus 2 frontend Ethernet
 * ports of another model; {@code h100-b}'s {@code mlx5_3} runs 200 Gb/s. One node alone gives 365.3 of 371 GB/s, the
 * two nodes 96.1.
 */
class AttributionTest {

    static final Path CASE = Path.of("../examples/attribution/h100-slow-port");

    @Test
    void everyRailCountsAndTheSlowOneCapsTheRing() throws Exception {
        Evidence e = Evidence.builder().addPath(CASE).build();
        SegmentVerdict e2e = Segments.of(e).get(2);
        assertThat(e2e.verdict()).isEqualTo(SegmentVerdict.SLOW);
        // 8 rails (not 7: the slow one is a rail; not 10: the frontend ports are another model) x 48 = 384, capped by
        // NVLink 18 x 20.6 = 370.8.
        assertThat(e2e.expectedGBs()).isCloseTo(370.8, within(0.01));
        assertThat(e2e.basis()).contains("8 x 400 Gb/s NICs");
        Degraded d = e2e.degraded();
        assertThat(d.part()).isEqualTo("h100-b mlx5_3:1");
        assertThat(d.rails()).isEqualTo(8);
        assertThat(d.cappedGBs()).isCloseTo(8 * 200 / 8.0 * 0.96, within(0.01));
        assertThat(d.evidence()).extracting(EvidenceLine::artifact).contains("h100-b/ibstat.txt");
        // The perftest pair over the slow rail: pinned to the NUMA node of GPU3 (PIX to mlx5_3), IB so no -x.
        assertThat(d.commands().get(0)).isEqualTo("ssh h100-a 'numactl --cpunodebind=0 --membind=0 ib_write_bw -d mlx5_3 -i 1"
                + " --report_gbits -s 1048576 -D 10 -q 4 -F' &");
        assertThat(d.commands().get(1)).startsWith("ssh h100-b 'numactl --cpunodebind=0 --membind=0 ib_write_bw -d mlx5_3")
                .endsWith(" h100-a'");
        List<Finding> below = BandwidthAnalyzerTest.of(e, "BUSBW_BELOW_EXPECTED");
        assertThat(below).hasSize(1);
        assertThat(below.get(0).detail().render(Locale.ENGLISH)).contains("over 8 NIC(s) per node",
                "h100-b mlx5_3:1 runs 200 Gb/s where its sibling rails run 400 Gb/s", "explains 65% of the shortfall");
    }

    @Test
    void healthyNodeAndSlowEndToEndImplyTheNetwork() throws Exception {
        Evidence e = Evidence.builder().addPath(CASE).build();
        Attribution a = Attribution.of(Segments.of(e)).orElseThrow();
        assertThat(a.limiting()).isEqualTo(Segment.INTER_NODE);
        assertThat(a.implied()).isTrue();
        // (370.8 - 192) / (370.8 - 96.1) = 65%; the remaining 35% is unexplained.
        assertThat(a.explainedPct()).isEqualTo(65);
        assertThat(a.unexplainedPct()).isEqualTo(35);
        assertThat(Segments.summary(Segments.of(e))).endsWith("bound: inter-node (implied)");
    }

    @Test
    void theFirstLinesOfTheReportNameTheSegmentAndTheShareInBothLanguages() throws Exception {
        Evidence e = Evidence.builder().addPath(CASE).build();
        Report en = NcclScope.analyze(e, Locale.ENGLISH);
        List<String> text = Renderers.text(en).lines().limit(4).toList();
        assertThat(text.get(3)).startsWith("Limiting segment: inter-node, implied")
                .contains("8 x 200 Gb/s = 192 GB/s instead of 371", "explains 65% of the shortfall", "35%");
        String md = Renderers.markdown(NcclScope.analyze(e, Locale.SIMPLIFIED_CHINESE));
        assertThat(md.lines().limit(3).toList().get(2)).contains("瓶颈段：inter-node（推断）", "解释了差距的 65%", "其余 35%");
    }

    @Test
    void explainedShareIsClampedToTheShortfall() {
        assertThat(Attribution.explainedPct(371, 192, 96)).isEqualTo(65);
        assertThat(Attribution.explainedPct(371, 192, 190)).isEqualTo(99);
        assertThat(Attribution.explainedPct(371, 192, 200)).isEqualTo(100);
        assertThat(Attribution.explainedPct(371, 380, 96)).isEqualTo(0);
        assertThat(Attribution.explainedPct(100, 50, 120)).isEqualTo(100);
    }

    @Test
    void aSlowNodeIsMeasuredNotImpliedAndNvbandwidthProvesIt() {
        SegmentVerdict intra = new SegmentVerdict(Segment.INTRA_NODE, 100.0, 371.0, SegmentVerdict.SLOW, "t", List.of());
        SegmentVerdict inter = new SegmentVerdict(Segment.INTER_NODE, null, null, SegmentVerdict.NOT_MEASURED, "n", List.of());
        SegmentVerdict e2e = new SegmentVerdict(Segment.END_TO_END, 90.0, 371.0, SegmentVerdict.SLOW, "t", List.of());
        Attribution a = Attribution.of(List.of(intra, inter, e2e)).orElseThrow();
        assertThat(a.limiting()).isEqualTo(Segment.INTRA_NODE);
        assertThat(a.implied()).isFalse();
        assertThat(a.commands()).containsExactlyElementsOf(Attribution.NVBANDWIDTH);
        assertThat(a.text(Locale.ENGLISH)).contains("100% of the shortfall is unexplained");
        // Both parts healthy, end-to-end slow: the collective itself; nothing slow: no attribution.
        SegmentVerdict interOk = new SegmentVerdict(Segment.INTER_NODE, 48.0, 50.0, SegmentVerdict.OK, "p", List.of());
        SegmentVerdict intraOk = new SegmentVerdict(Segment.INTRA_NODE, 360.0, 371.0, SegmentVerdict.OK, "t", List.of());
        assertThat(Attribution.of(List.of(intraOk, interOk, e2e)).orElseThrow().reason()).isEqualTo("collective");
        assertThat(Attribution.of(List.of(intraOk, inter, new SegmentVerdict(Segment.END_TO_END, null, null,
                SegmentVerdict.NOT_MEASURED, "n", List.of())))).isEmpty();
    }
}
