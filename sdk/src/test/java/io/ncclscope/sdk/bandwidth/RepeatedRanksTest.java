package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import org.junit.jupiter.api.Test;

/**
 * nccl-tests built without MPI=1 under {@code mpirun -np 2}: two independent single-node runs whose headers and device
 * lists print together, each from rank 0 (corpus-more nccl-tests/nccl-tests-182-1). Inputs written in nccl-tests'
 * format.
 */
class RepeatedRanksTest {

    private static final String HEADER = "# nThread 1 nGpus 2 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 "
            + "agg iters: 1 validation: 1 graph: 0\n#\n# Using devices\n";

    private static String devices(String host, int pid) {
        return "#  Rank  0 Group  0 Pid %6d on %10s device  0 [0x03] NVIDIA A100-PCIE-40GB\n".formatted(pid, host)
                + "#  Rank  1 Group  0 Pid %6d on %10s device  1 [0x04] NVIDIA A100-PCIE-40GB\n".formatted(pid, host);
    }

    private static final String TABLE = """
            #
            #                                                              out-of-place                       in-place
            #       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
            #        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
               134217728      33554432     float     sum      -1    27691    4.85    4.85      0    27634    4.86    4.86      0
            # Out of bounds values : 0 OK
            # Avg bus bandwidth    : 4.85
            #
            """;

    private static Diagnosis diagnose(String text) {
        return NcclScope.diagnose(Evidence.builder().addText("tests.txt", text).build());
    }

    @Test
    void ranksFromZeroOnTwoHostsBeforeAnyRowAreTwoIndependentRuns() {
        String text = HEADER + HEADER + devices("node1", 3591) + devices("node2", 2451) + TABLE;
        Finding f = diagnose(text).findings().stream().filter(x -> x.code().equals("RANK_MAPPING_INCONSISTENT")).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(f.detail().key()).isEqualTo("ranks.repeated");
        assertThat(f.params()).containsEntry("hosts", "node1,node2");
        assertThat(f.evidence()).extracting(l -> l.line()).contains(7, 9); // rank 0 on node1, then on node2
    }

    @Test
    void twoRunsPastedOneAfterTheOtherAreNotOneMapping() {
        String text = HEADER + devices("node1", 3591) + TABLE + HEADER + devices("node2", 2451) + TABLE;
        assertThat(diagnose(text).findings()).noneMatch(x -> x.code().equals("RANK_MAPPING_INCONSISTENT"));
    }

    @Test
    void oneRunOverTwoHostsIsNotRepeated() {
        String text = HEADER + "#  Rank  0 Group  0 Pid   3591 on      node1 device  0 [0x03] NVIDIA A100-PCIE-40GB\n"
                + "#  Rank  1 Group  0 Pid   2451 on      node2 device  0 [0x03] NVIDIA A100-PCIE-40GB\n" + TABLE;
        assertThat(diagnose(text).findings()).noneMatch(x -> x.code().equals("RANK_MAPPING_INCONSISTENT"));
    }
}
