package io.ncclscope.sdk.compare;

import static io.ncclscope.sdk.compare.Tables.EXAMPLES;
import static io.ncclscope.sdk.compare.Tables.evidence;
import static io.ncclscope.sdk.compare.Tables.path;
import static io.ncclscope.sdk.compare.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The planner follows the seed's order: one node, two nodes (default, then IB off), then scale out. */
class AbPlannerTest {

    @Test
    void nothingYetAsksForTheWholeLadder() {
        List<PlannedRun> p = AbPlanner.plan(Evidence.builder().build());
        assertThat(p).extracting(PlannedRun::stage).containsExactly("single-node", "two-node", "ab");
        assertThat(p.get(0).command()).isEqualTo("NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 8G -f 2 -g 8");
        assertThat(p.get(2).command()).contains("-x NCCL_DEBUG=INFO", "-x NCCL_IB_DISABLE=1", "all_reduce_perf -b 8 -e 8G -f 2 -g 1");
        assertThat(p).allSatisfy(r -> {
            assertThat(r.purpose().render(Locale.ROOT)).isNotBlank();
            assertThat(r.purpose().render(Locale.SIMPLIFIED_CHINESE)).isNotBlank();
        });
    }

    @Test
    void singleNodeDoneAsksForTwoNodesThenScaleOut() {
        List<PlannedRun> p = AbPlanner.plan(evidence("one.txt", table(null, 1, 4, 200, 0)));
        assertThat(p).extracting(PlannedRun::stage).containsExactly("two-node", "ab", "scale-out", "scale-out");
        assertThat(p.get(0).command()).startsWith("mpirun -np 8 -H nodeA:4,nodeB:4 -x NCCL_DEBUG=INFO");
    }

    @Test
    void afterAnRdmaSuspectComparisonAskForHcaSubsetsAndGdrOff() {
        Evidence a = path(EXAMPLES.resolve("ab/rdma-suspect/default"));
        Evidence b = path(EXAMPLES.resolve("ab/rdma-suspect/ib-disable"));
        Comparison c = Comparison.of("default", a, "ib-disable", b);
        List<PlannedRun> p = AbPlanner.plan(List.of(a, b), c);
        assertThat(p).extracting(PlannedRun::stage).doesNotContain("two-node", "ab").contains("follow-up", "scale-out");
        assertThat(p).anySatisfy(r -> assertThat(r.command()).contains("-H gpu-a:8,gpu-b:8", "NCCL_IB_HCA==<one HCA from ibstat>"));
        assertThat(p).anySatisfy(r -> assertThat(r.command()).contains("NCCL_NET_GDR_LEVEL=LOC"));
        assertThat(p.get(0).step()).isEqualTo(1);
    }
}
