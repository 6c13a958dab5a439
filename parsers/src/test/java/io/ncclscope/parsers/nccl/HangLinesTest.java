package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PyTorch's hang lines: the real gloo captures of examples/hangs/captured (tools/hangs/capture_gloo.py, PyTorch
 * 1.13) and the dump-signal line of PyTorch 2.x as ProcessGroupNCCL.cpp prints it.
 */
class HangLinesTest {

    static final Path CAPTURED = Path.of("../examples/hangs/captured");

    static NcclLog parse(Path p) throws Exception {
        ParseResult<?> r = Parsers.parse(Files.readString(p, StandardCharsets.UTF_8));
        assertThat(r.kind()).isEqualTo(Kind.NCCL_LOG);
        return (NcclLog) r.data();
    }

    @Test
    void aMonitoredBarrierNamesTheRanksThatNeverArrivedOnce() throws Exception {
        NcclLog log = parse(CAPTURED.resolve("monitored-barrier/rank0.log"));
        assertThat(log.hangReports()).hasSize(1);
        HangReport h = log.hangReports().get(0);
        assertThat(h.kind()).isEqualTo(HangReportKind.MONITORED_BARRIER_FAILED);
        assertThat(h.rank()).isEqualTo(0);
        assertThat(h.ranks()).containsExactly(2);
        assertThat(h.timeoutMs()).isEqualTo(5000L);
        assertThat(h.line()).isEqualTo(2);
        NcclLog peer = parse(CAPTURED.resolve("monitored-barrier/rank1.log"));
        assertThat(peer.hangReports()).singleElement().satisfies(p -> {
            assertThat(p.kind()).isEqualTo(HangReportKind.MONITORED_BARRIER_REACHED);
            assertThat(p.rank()).isEqualTo(1);
            assertThat(p.ranks()).containsExactly(0);
        });
    }

    @Test
    void aMismatchKeepsBothFingerprints() throws Exception {
        NcclLog log = parse(CAPTURED.resolve("mismatch/rank0.log"));
        HangReport h = log.hangReports().get(0);
        assertThat(h.kind()).isEqualTo(HangReportKind.COLLECTIVE_MISMATCH);
        assertThat(h.rank()).isEqualTo(0);
        assertThat(h.ranks()).containsExactly(1);
        assertThat(h.collective()).startsWith("CollectiveFingerPrint(OpType=ALLREDUCE, TensorShape=[10]").endsWith("))");
        assertThat(h.otherCollective()).startsWith("CollectiveFingerPrint(OpType=ALLREDUCE, TensorShape=[20]");
    }

    @Test
    void aDumpSignalGivesTheRanksProgress() {
        String line = "[rank6]:[E703 21:51:54.112142364 ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank 6] "
                + "Received a dump signal due to a collective timeout from  rank 7 and we will try our best to dump the debug "
                + "info. Last enqueued NCCL work: 56116, last completed NCCL work: 56116.This is most likely caused by "
                + "incorrect usages of collectives";
        NcclLog log = (NcclLog) Parsers.parse(line + "\n").data();
        assertThat(log.hangReports()).containsExactly(new HangReport(1, HangReportKind.DUMP_SIGNAL, 6, "0(default_pg)",
                List.of(7), 56116L, 56116L, null, null, null, log.hangReports().get(0).text()));
        String local = line.replace("from  rank 7", "from this local rank").replace("[rank6]", "[rank3]").replace("Rank 6]", "Rank 3]");
        NcclLog own = (NcclLog) Parsers.parse(local + "\n").data();
        assertThat(own.hangReports().get(0).rank()).isEqualTo(3);
        assertThat(own.hangReports().get(0).ranks()).isEmpty();
    }

    @Test
    void aRankTooLongToBeOneIsNoReport() {
        NcclLog log = (NcclLog) Parsers.parse("[Rank 0]: Rank 99999999999999999999 failed to pass monitoredBarrier in 5000 ms\n"
                + "x NCCL INFO y\n").data();
        assertThat(log.hangReports()).isEmpty();
    }
}
