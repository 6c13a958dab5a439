package io.ncclscope.sdk.compare;

import static io.ncclscope.sdk.compare.Tables.EXAMPLES;
import static io.ncclscope.sdk.compare.Tables.evidence;
import static io.ncclscope.sdk.compare.Tables.path;
import static io.ncclscope.sdk.compare.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The seed's reading rules of the A/B switch method (开关法), both directions, on examples and written tables. */
class ComparisonTest {

    static final String MPI = "mpirun -np 16 -H node-1:8,node-2:8 -x NCCL_DEBUG=INFO ";

    static Comparison compare(String cmdA, double peakA, double jitA, String cmdB, double peakB, double jitB) {
        return Comparison.of("A", evidence("a.txt", table(cmdA, 2, 8, peakA, jitA)),
                "B", evidence("b.txt", table(cmdB, 2, 8, peakB, jitB)));
    }

    @Test
    void examplesRdmaSuspectIbOffFasterAndSteadier() {
        Comparison c = Comparison.of("default", path(EXAMPLES.resolve("ab/rdma-suspect/default")),
                "ib-disable", path(EXAMPLES.resolve("ab/rdma-suspect/ib-disable")));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.RDMA_SUSPECT);
        assertThat(c.switches().get(0)).isEqualTo(new SwitchDiff("NCCL_IB_DISABLE", "0", "1", "command"));
        assertThat(c.b().plateau()).isGreaterThan(c.a().plateau() * 1.5);
        assertThat(c.b().jitter()).isLessThan(c.a().jitter());
        assertThat(c.findings()).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("AB_RDMA_SUSPECT");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.subject().node()).isEqualTo("gpu-a");
            assertThat(f.subject().peer()).isEqualTo("gpu-b");
            assertThat(f.params()).containsEntry("env", "NCCL_IB_DISABLE=1").containsEntry("peer", "gpu-b");
            assertThat(f.evidence().get(0).text()).contains("-x NCCL_IB_DISABLE=1");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).startsWith("  8589934592"));
        });
    }

    @Test
    void examplesCongestionIbOffSlowerButSteadier() {
        Comparison c = Comparison.of("default", path(EXAMPLES.resolve("ab/congestion/default")),
                "ib-disable", path(EXAMPLES.resolve("ab/congestion/ib-disable")));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.CONGESTION_SUSPECT);
        assertThat(c.findings()).extracting(Finding::code).containsExactly("AB_CONGESTION_SUSPECT");
        // NCCL's own "set by environment" line is the strongest source after -J.
        assertThat(c.switches().get(0).origin()).isEqualTo("nccl-log");
        assertThat(c.findings().get(0).evidence().get(0).text()).contains("NCCL_IB_DISABLE set by environment to 1");
    }

    @Test
    void sidesInEitherOrderReadTheSame() {
        Comparison c = Comparison.of("ib-disable", path(EXAMPLES.resolve("ab/congestion/ib-disable")),
                "default", path(EXAMPLES.resolve("ab/congestion/default")));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.CONGESTION_SUSPECT);
        assertThat(c.ratio()).isGreaterThan(5);
        Comparison d = Comparison.of("ib-disable", path(EXAMPLES.resolve("ab/rdma-suspect/ib-disable")),
                "default", path(EXAMPLES.resolve("ab/rdma-suspect/default")));
        assertThat(d.reading()).isEqualTo(Comparison.Reading.RDMA_SUSPECT);
    }

    @Test
    void ibOffFasterWithEqualSteadinessIsRdmaSuspect() {
        Comparison c = compare(MPI + "all_reduce_perf", 10, 0, MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 20, 0);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.RDMA_SUSPECT);
    }

    @Test
    void ibOffAsFastButMuchSteadierIsRdmaSuspect() {
        Comparison c = compare(MPI + "all_reduce_perf", 20, 0.4, MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 20, 0);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.RDMA_SUSPECT);
    }

    @Test
    void ibOffFasterButLessSteadyIsNotRdmaSuspect() {
        Comparison c = compare(MPI + "all_reduce_perf", 10, 0, MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 20, 0.5);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.DIFFERENT);
        assertThat(c.findings()).isEmpty();
    }

    @Test
    void ibOffSlowerAndNotSteadierMeansRdmaWorks() {
        Comparison c = compare(MPI + "all_reduce_perf", 180, 0.02, MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 20, 0.02);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.RDMA_WORKS);
        assertThat(c.findings()).isEmpty();
    }

    @Test
    void ibOffSlowerAndSteadierIsCongestion() {
        Comparison c = compare(MPI + "all_reduce_perf", 180, 0.4, MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 20, 0.01);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.CONGESTION_SUSPECT);
    }

    @Test
    void equalMeansTheSwitchIsNotTheProblem() {
        Comparison c = compare(MPI + "all_reduce_perf", 20, 0, MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 20.5, 0);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NO_DIFFERENCE);
        assertThat(c.findings()).isEmpty();
        assertThat(c.summary().render(Locale.ROOT)).contains("not the problem");
    }

    @Test
    void p2pOffNamesTheIntraNodePath() {
        Comparison works = Comparison.of("A", evidence("a.txt", table("all_reduce_perf -g 8", 1, 8, 230, 0)),
                "B", evidence("b.txt", table("NCCL_P2P_DISABLE=1 all_reduce_perf -g 8", 1, 8, 20, 0)));
        assertThat(works.reading()).isEqualTo(Comparison.Reading.P2P_WORKS);
        assertThat(works.findings()).isEmpty();
        Comparison unused = Comparison.of("A", evidence("a.txt", table("all_reduce_perf -g 8", 1, 8, 5, 0)),
                "B", evidence("b.txt", table("NCCL_P2P_DISABLE=1 all_reduce_perf -g 8", 1, 8, 5.1, 0)));
        assertThat(unused.reading()).isEqualTo(Comparison.Reading.P2P_NOT_USED);
        assertThat(unused.findings()).extracting(Finding::code).containsExactly("P2P_NOT_USED");
    }

    @Test
    void shmAndNvlsOffAreReadWithoutFindings() {
        Comparison shm = Comparison.of("A", evidence("a.txt", table("all_reduce_perf -g 8", 1, 8, 50, 0)),
                "B", evidence("b.txt", table("NCCL_SHM_DISABLE=1 all_reduce_perf -g 8", 1, 8, 30, 0)));
        assertThat(shm.reading()).isEqualTo(Comparison.Reading.SHM_WORKS);
        Comparison nvls = Comparison.of("A", evidence("a.txt", table("all_reduce_perf -g 8", 1, 8, 480, 0)),
                "B", evidence("b.txt", table("NCCL_NVLS_ENABLE=0 all_reduce_perf -g 8", 1, 8, 370, 0)));
        assertThat(nvls.reading()).isEqualTo(Comparison.Reading.NVLS_WORKS);
        assertThat(shm.findings()).isEmpty();
        assertThat(nvls.findings()).isEmpty();
    }

    @Test
    void singleRankRunsAreNeverJudged() {
        Comparison c = Comparison.of("A", evidence("a.txt", table("all_reduce_perf -g 1", 1, 1, 260, 0)),
                "B", evidence("b.txt", table("NCCL_IB_DISABLE=1 all_reduce_perf -g 1", 1, 1, 10, 0)));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(c.findings()).isEmpty();
        assertThat(c.summary().key()).isEqualTo("summary.notJudged.single-rank");
    }

    @Test
    void noTablesAreNotJudged() {
        Comparison c = Comparison.of("A", Evidence.builder().build(), "B", Evidence.builder().build());
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
    }

    @Test
    void rowsAreMatchedBySize() {
        Comparison c = compare(MPI + "all_reduce_perf", 20, 0, MPI + "-x NCCL_ALGO=Ring all_reduce_perf", 20, 0);
        assertThat(c.rows()).hasSize(11);
        assertThat(c.rows().get(0).size()).isEqualTo(1L << 20);
        assertThat(c.switches()).extracting(SwitchDiff::name).containsExactly("NCCL_ALGO");
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NO_DIFFERENCE);
    }

    @Test
    void repeatedRunsOnOneSideMeasureJitterThroughTheDataApi() {
        var a1 = Comparison.runs(evidence("a1.txt", table(MPI + "all_reduce_perf", 2, 8, 180, 0))).get(0).data();
        var a2 = Comparison.runs(evidence("a2.txt", table(MPI + "all_reduce_perf", 2, 8, 100, 0))).get(0).data();
        var b1 = Comparison.runs(evidence("b1.txt", table(MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 2, 8, 20, 0))).get(0).data();
        var b2 = Comparison.runs(evidence("b2.txt", table(MPI + "-x NCCL_IB_DISABLE=1 all_reduce_perf", 2, 8, 20.2, 0))).get(0).data();
        Comparison c = Comparison.of("default", java.util.List.of(a1, a2), "tcp", java.util.List.of(b1, b2));
        assertThat(c.a().runs()).hasSize(2);
        assertThat(c.a().jitter()).isGreaterThan(0.5);
        assertThat(c.b().jitter()).isLessThan(0.02);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.CONGESTION_SUSPECT);
        // Evidence lines of parsed data without an artifact name the side.
        assertThat(c.findings().get(0).evidence()).anySatisfy(l -> assertThat(l.artifact()).startsWith("tcp"));
    }
}
