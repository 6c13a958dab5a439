package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ExpectationsTest {

    @Test
    void aNamedSystemGivesTheRingAndNvlsFiguresOnOneNodeAndTheTreeOnTwo() {
        Expectations.Result r = NcclScope.expect("h100-sxm-8x400g", 2);
        Expectations.Figure one = r.figure(Collective.ALL_REDUCE, 1).orElseThrow();
        assertThat(one.lowGBs()).isEqualTo(18 * 20.6, org.assertj.core.data.Offset.offset(0.01));
        assertThat(one.highGBs()).isEqualTo(480.0, org.assertj.core.data.Offset.offset(0.01));
        Expectations.Figure two = r.figure(Collective.ALL_REDUCE, 2).orElseThrow();
        assertThat(two.lowGBs()).isEqualTo(370.8, org.assertj.core.data.Offset.offset(0.01));
        assertThat(two.highGBs()).isEqualTo(480.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.figure(Collective.ALL_GATHER, 2).orElseThrow().lowGBs()).isEqualTo(370.8, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.figure(Collective.SENDRECV, 2).orElseThrow().lowGBs()).isEqualTo(48.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.degraded()).isEmpty();
        assertThat(r.figures()).hasSize(12);
        assertThat(one.latencyUs()).isEqualTo(6.6 + 14 * 0.6, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aSlowPortLowersTheNetworkFigureAndIsNamed() {
        NodeProfile p = NodeProfile.parse("8xA100-SXM4,8x200g");
        java.util.List<NodeProfile.Nic> nics = new java.util.ArrayList<>(p.nics());
        nics.set(3, new NodeProfile.Nic("mlx5_3", 1, 100, "INFINIBAND", true));
        NodeProfile slow = new NodeProfile("x", p.gpuName(), 8, null, 0, null, null, null, nics, java.util.List.of(), null, false,
                java.util.List.of());
        Expectations.Result r = Expectations.of(slow, 2);
        assertThat(r.degraded()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo("port-rate");
            assertThat(d.healthyGBs()).isEqualTo(192.0, org.assertj.core.data.Offset.offset(0.01));
            assertThat(d.cappedGBs()).isEqualTo(96.0, org.assertj.core.data.Offset.offset(0.01));
            assertThat(d.reason().render(Locale.ROOT)).contains("mlx5_3:1 runs 100 Gb/s");
            assertThat(d.reason().render(Locale.SIMPLIFIED_CHINESE)).contains("mlx5_3:1 只跑 100 Gb/s");
        });
        assertThat(r.figure(Collective.ALL_GATHER, 2).orElseThrow().lowGBs()).isEqualTo(96.0, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aPcieLinkTrainedNarrowAndNvlinksDownLowerTheGpuFigure() {
        NodeProfile pcie = new NodeProfile("x", "NVIDIA L40S", 4, null, 0, 4, 8, 16, java.util.List.of(), java.util.List.of(), null, false,
                java.util.List.of());
        Expectations.Result r = Expectations.of(pcie, 1);
        assertThat(r.degraded()).singleElement().satisfies(d -> assertThat(d.kind()).isEqualTo("pcie-width"));
        assertThat(r.gpuLink().gbs()).isEqualTo(12.0, org.assertj.core.data.Offset.offset(0.01));
        NodeProfile nvl = new NodeProfile("x", "NVIDIA A100-SXM4-80GB", 8, null, 2, null, null, null, java.util.List.of(), java.util.List.of(), null,
                false, java.util.List.of());
        Expectations.Result n = Expectations.of(nvl, 1);
        assertThat(n.degraded()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo("nvlink-down");
            assertThat(d.cappedGBs()).isEqualTo(200.0, org.assertj.core.data.Offset.offset(0.01));
        });
    }

    @Test
    void aNodesOutputsGiveItsProfileWithEveryPortAndTheSlowRailNamed() throws Exception {
        Evidence ev = Evidence.builder().addPath(Path.of("../examples/attribution/h100-slow-port")).build();
        Expectations.Result r = NcclScope.expect(ev, 2);
        assertThat(r.profile().gpuName()).contains("H100");
        assertThat(r.profile().gpus()).isEqualTo(8);
        assertThat(r.profile().rails()).hasSize(8);
        assertThat(r.degraded()).extracting(Expectations.DegradedPart::kind).containsExactly("port-rate");
        String text = ExpectReport.text(r, Locale.ROOT);
        assertThat(text).contains("Degraded parts", "all_reduce", "Sources", "src/graph/topo.h");
        assertThat(ExpectReport.text(r, Locale.SIMPLIFIED_CHINESE)).contains("降级部件", "推导");
        assertThat(ExpectReport.json(r, Locale.ROOT)).contains("\"plateauLow\"", "\"port-rate\"");
        assertThat(ExpectReport.markdown(r, Locale.ROOT)).contains("| all_reduce | 2 | 16 |");
    }

    @Test
    void badSpecsAndNodeCountsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> NodeProfile.parse("dgx-9000")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("h100-sxm-8x400g");
        assertThatThrownBy(() -> NodeProfile.parse("8xFooGPU")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown GPU");
        assertThatThrownBy(() -> NcclScope.expect("h200-sxm", 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 100000");
    }

    /** One source of expected figures: the segment verdicts and expect give the same numbers for the same hardware. */
    @Test
    void theSegmentVerdictsAndExpectCountTheSameFigures() throws Exception {
        Evidence ev = Evidence.builder().addPath(Path.of("../examples/attribution/h100-slow-port")).build();
        java.util.List<SegmentVerdict> verdicts = Segments.of(ev);
        Expectations.Result r = NcclScope.expect(ev, 2);
        SegmentVerdict intra = verdicts.stream().filter(v -> v.segment() == io.ncclscope.sdk.rules.Segment.INTRA_NODE).findFirst().orElseThrow();
        SegmentVerdict e2e = verdicts.stream().filter(v -> v.segment() == io.ncclscope.sdk.rules.Segment.END_TO_END).findFirst().orElseThrow();
        assertThat(r.figure(Collective.ALL_REDUCE, 1).orElseThrow().lowGBs()).isEqualTo(intra.expectedGBs(), org.assertj.core.data.Offset.offset(1e-9));
        // The verdict expects the healthy figure and names the slow rail's cap; expect lowers its figure to that cap.
        assertThat(e2e.degraded()).isNotNull();
        assertThat(r.figure(Collective.ALL_REDUCE, 2).orElseThrow().lowGBs()).isEqualTo(e2e.degraded().cappedGBs(),
                org.assertj.core.data.Offset.offset(1e-9));
        Expectations.DegradedPart port = r.degraded().get(0);
        assertThat(Math.min(port.healthyGBs(), r.gpuLink().gbs())).isEqualTo(e2e.expectedGBs(), org.assertj.core.data.Offset.offset(1e-9));
    }
}
