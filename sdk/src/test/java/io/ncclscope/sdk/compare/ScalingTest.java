package io.ncclscope.sdk.compare;

import static io.ncclscope.sdk.compare.Tables.EXAMPLES;
import static io.ncclscope.sdk.compare.Tables.evidence;
import static io.ncclscope.sdk.compare.Tables.path;
import static io.ncclscope.sdk.compare.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The scaling knee: "2 nodes fine, 3 nodes start to drop" (seed: 双机正常、三机开始抖). */
class ScalingTest {

    @Test
    void examplesKneeAtThreeNodesNamesTheAddedNode() {
        Scaling s = Scaling.of(List.of(path(EXAMPLES.resolve("scaling"))));
        assertThat(s.collective()).isEqualTo("all_reduce");
        assertThat(s.points()).extracting(ScalingPoint::nodes).containsExactly(2, 3, 4, 8);
        assertThat(s.knee().nodes()).isEqualTo(3);
        assertThat(s.knee().expected()).isCloseTo(186, org.assertj.core.data.Offset.offset(3.0));
        assertThat(s.findings()).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("SCALING_KNEE");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.subject().node()).isEqualTo("gpu-03");
            assertThat(f.evidence()).hasSize(4);
            String en = f.detail().render(Locale.ROOT);
            assertThat(en).contains("2 nodes", "3 nodes", "gpu-03", "2→", "8→");
            assertThat(f.detail().render(Locale.SIMPLIFIED_CHINESE)).contains("oversubscription", "节点");
        });
    }

    @Test
    void flatCurveHasNoKnee() {
        List<Evidence> sets = List.of(evidence("2.txt", table(null, 2, 8, 190, 0)),
                evidence("4.txt", table(null, 4, 8, 185, 0)), evidence("8.txt", table(null, 8, 8, 178, 0)));
        Scaling s = Scaling.of(sets);
        assertThat(s.points()).hasSize(3);
        assertThat(s.knee()).isNull();
        assertThat(s.findings()).isEmpty();
    }

    @Test
    void kneeLaterIsFoundWhereItIs() {
        List<Evidence> sets = List.of(evidence("2.txt", table(null, 2, 8, 190, 0)),
                evidence("4.txt", table(null, 4, 8, 188, 0)), evidence("8.txt", table(null, 8, 8, 80, 0)));
        Scaling s = Scaling.of(sets);
        assertThat(s.knee().nodes()).isEqualTo(8);
        assertThat(s.findings().get(0).severity()).isEqualTo(FindingSeverity.ERROR);
    }

    @Test
    void singleNodeIsNotTheBaselineAndSingleRankRunsAreLeftOut() {
        // One node runs NVLink (another segment): its high busbw must not make 2 nodes look like a knee.
        List<Evidence> sets = List.of(evidence("1rank.txt", table(null, 1, 1, 0, 0)),
                evidence("1node.txt", table(null, 1, 8, 230, 0)),
                evidence("2.txt", table(null, 2, 8, 190, 0)), evidence("3.txt", table(null, 3, 8, 187, 0)));
        Scaling s = Scaling.of(sets);
        assertThat(s.points()).extracting(ScalingPoint::nodes).containsExactly(1, 2, 3);
        assertThat(s.findings()).isEmpty();
    }

    @Test
    void nodesFromRanksWhenHostsAreMissing() {
        String two = table("all_reduce_perf -b 1M -e 1G -f 2 -g 1", 2, 8, 190, 0);
        String three = table("all_reduce_perf -b 1M -e 1G -f 2 -g 1", 3, 8, 100, 0).replaceAll("(?m)^#  Rank.*\\n", "");
        Scaling s = Scaling.of(List.of(evidence("2.txt", two), evidence("3.txt", three)));
        assertThat(s.points()).extracting(ScalingPoint::nodes).containsExactly(2, 3);
        assertThat(s.knee().nodes()).isEqualTo(3);
    }
}
