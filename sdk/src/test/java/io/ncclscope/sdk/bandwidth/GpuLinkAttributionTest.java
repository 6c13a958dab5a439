package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.rules.Segment;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * A GPU link degraded inside the node lowers the segment verdict's expectation the way it lowers {@code expect}'s
 * figures ({@link GpuLink}, one rule for both), and is named as the cause with its share of the shortfall (issue 24),
 * on the synthetic {@code examples/attribution/l40s-narrow-pcie} (4 L40S over PCIe Gen4, GPU2 trained at x8) and
 * {@code examples/attribution/h100-nvlink-down} (8 H100, GPU5 with 6 of 18 NVLinks inactive).
 */
class GpuLinkAttributionTest {

    static final Path NARROW = Path.of("../examples/attribution/l40s-narrow-pcie");
    static final Path NVLINK = Path.of("../examples/attribution/h100-nvlink-down");

    @Test
    void aPcieLinkTrainedNarrowCapsTheNodeAndExplainsTheShortfall() throws Exception {
        Evidence e = Evidence.builder().addPath(NARROW).build();
        SegmentVerdict intra = Segments.of(e).get(0);
        assertThat(intra.verdict()).isEqualTo(SegmentVerdict.SLOW);
        // Healthy: PCIe Gen4 x16, 24 GB/s; as trained, GPU2's x8 gives 12 and the ring moves at it.
        assertThat(intra.expectedGBs()).isCloseTo(24.0, within(0.01));
        Degraded d = intra.degraded();
        assertThat(d.kind()).isEqualTo(Degraded.PCIE_WIDTH);
        assertThat(d.part()).isEqualTo("l40s-a GPU2");
        assertThat(d.width()).isEqualTo(8);
        assertThat(d.fullWidth()).isEqualTo(16);
        assertThat(d.cappedGBs()).isCloseTo(12.0, within(0.01));
        assertThat(d.evidence()).extracting(EvidenceLine::text).anyMatch(t -> t.contains("00000000:41:00.0, 4, 4, 8, 16"));
        // The same figure 'expect' gives for this node.
        Expectations.Result expect = Expectations.of(NodeProfile.of(e), 1);
        assertThat(expect.gpuLink().gbs()).isCloseTo(d.cappedGBs(), within(0.01));
        assertThat(expect.degraded()).extracting(Expectations.DegradedPart::kind).containsExactly(Degraded.PCIE_WIDTH);

        Attribution a = Attribution.of(Segments.of(e)).orElseThrow();
        assertThat(a.limiting()).isEqualTo(Segment.INTRA_NODE);
        // (24 - 12) / (24 - 11.4) = 95%.
        assertThat(a.explainedPct()).isEqualTo(95);
        assertThat(a.commands()).first().asString().contains("pcie.link.width.current");
        List<Finding> below = BandwidthAnalyzerTest.of(e, "BUSBW_BELOW_EXPECTED");
        assertThat(below).hasSize(1);
        assertThat(below.get(0).detail().render(Locale.ENGLISH)).contains("l40s-a GPU2's PCIe link trained at x8 of x16",
                "lowers the expectation to 12.0 GB/s", "explains 95% of the shortfall");
    }

    @Test
    void nvlinksDownCapTheNodeAndTheReportSaysSoFirstInBothLanguages() throws Exception {
        Evidence e = Evidence.builder().addPath(NVLINK).build();
        SegmentVerdict intra = Segments.of(e).get(0);
        assertThat(intra.verdict()).isEqualTo(SegmentVerdict.SLOW);
        assertThat(intra.expectedGBs()).isCloseTo(18 * 20.6, within(0.01));
        Degraded d = intra.degraded();
        assertThat(d.kind()).isEqualTo(Degraded.NVLINK_DOWN);
        assertThat(d.part()).isEqualTo("h100-c GPU5");
        assertThat(d.cappedGBs()).isCloseTo(12 * 20.6, within(0.01));
        assertThat(Expectations.of(NodeProfile.of(e), 1).gpuLink().gbs()).isCloseTo(d.cappedGBs(), within(0.01));

        List<String> en = Renderers.text(NcclScope.analyze(e, Locale.ENGLISH)).lines().limit(4).toList();
        assertThat(en.get(3)).startsWith("Limiting segment: intra-node, measured")
                .contains("On h100-c GPU5, 12 of 18 NVLinks are up (6 down)", "247 GB/s instead of 371", "explains 94% of the shortfall");
        List<String> zh = Renderers.text(NcclScope.analyze(e, Locale.SIMPLIFIED_CHINESE)).lines().limit(4).toList();
        assertThat(zh.get(3)).contains("瓶颈段：intra-node", "18 条 NVLink 只有 12 条在线", "解释了差距的 94%");
    }

    @Test
    void aDegradedGpuLinkUnderASlowEndToEndRunPointsInsideTheNode() {
        Degraded link = new Degraded("n1", "GPU2", null, 96, 192, 0, 12, List.of(), List.of(), Degraded.PCIE_WIDTH, 8, 16);
        SegmentVerdict intra = new SegmentVerdict(Segment.INTRA_NODE, null, null, SegmentVerdict.NOT_MEASURED, "n", List.of());
        SegmentVerdict inter = new SegmentVerdict(Segment.INTER_NODE, null, null, SegmentVerdict.NOT_MEASURED, "n", List.of());
        SegmentVerdict e2e = new SegmentVerdict(Segment.END_TO_END, 11.0, 24.0, SegmentVerdict.SLOW, "t", List.of(), link);
        Attribution a = Attribution.of(List.of(intra, inter, e2e)).orElseThrow();
        assertThat(a.limiting()).isEqualTo(Segment.INTRA_NODE);
        assertThat(a.reason()).isEqualTo("implied.link");
        assertThat(a.text(Locale.ENGLISH)).startsWith("Limiting segment: intra-node, implied by the degraded GPU link")
                .contains("n1 GPU2's PCIe link trained at x8 of x16");
    }
}
