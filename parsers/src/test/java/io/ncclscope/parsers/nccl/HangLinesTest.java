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
        // The barrier's own gloo timeout follows it (line 11): the rank was alive and waiting.
        assertThat(log.hangReports()).extracting(HangReport::kind)
                .containsExactly(HangReportKind.MONITORED_BARRIER_FAILED, HangReportKind.PEER_TIMEOUT);
        HangReport h = log.hangReports().get(0);
        assertThat(h.rank()).isEqualTo(0);
        assertThat(h.ranks()).containsExactly(2);
        assertThat(h.timeoutMs()).isEqualTo(5000L);
        assertThat(h.line()).isEqualTo(2);
        NcclLog peer = parse(CAPTURED.resolve("monitored-barrier/rank1.log"));
        // Rank 0 raised and exited: gloo then says so (line 11), after the barrier's report.
        assertThat(peer.hangReports()).extracting(HangReport::kind)
                .containsExactly(HangReportKind.MONITORED_BARRIER_REACHED, HangReportKind.PEER_CONNECTION_LOST);
        assertThat(peer.hangReports().get(0)).satisfies(p -> {
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
                List.of(7), 56116L, 56116L, null, null, null, log.hangReports().get(0).text(), null));
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

    static final Path CAPTURED_211 = Path.of("../examples/hangs/captured-2.11");

    /**
     * PyTorch 2.11, gloo, rank 2 SIGKILLed (tools/device/capture.py on the H200 machine): each survivor's log is read as
     * a log of the job for its gloo line alone, which keeps the peer's address; the killed rank's log (one deprecation
     * warning) is no known output.
     */
    @Test
    void realGlooLostConnectionsKeepThePeersAddress() throws Exception {
        NcclLog closed = parse(CAPTURED_211.resolve("gloo-killed/rank0.log"));
        assertThat(closed.hangReports()).singleElement().satisfies(h -> {
            assertThat(h.kind()).isEqualTo(HangReportKind.PEER_CONNECTION_LOST);
            assertThat(h.peer()).isEqualTo("127.0.0.1");
            assertThat(h.rank()).isNull();
            assertThat(h.line()).isEqualTo(10);
            assertThat(h.text()).startsWith("RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:547] Connection closed by peer");
        });
        NcclLog reset = parse(CAPTURED_211.resolve("gloo-killed/rank1.log"));
        assertThat(reset.hangReports()).singleElement().satisfies(h -> {
            assertThat(h.kind()).isEqualTo(HangReportKind.PEER_CONNECTION_LOST);
            assertThat(h.peer()).isEqualTo("127.0.0.1");
            assertThat(h.text()).endsWith("Read error [127.0.0.1]:43655: Connection reset by peer");
        });
        assertThat(Parsers.parse(Files.readString(CAPTURED_211.resolve("gloo-killed/rank2.log"), StandardCharsets.UTF_8)).kind())
                .isEqualTo(Kind.UNKNOWN);
    }

    /** gloo's abort on its own size check (gloo-mismatch rank 0, exit -6): the rank's own error, not a lost peer. */
    @Test
    void realGlooAbortIsTheRanksOwnError() throws Exception {
        NcclLog log = parse(CAPTURED_211.resolve("gloo-mismatch/rank0.log"));
        assertThat(log.hangReports()).singleElement().satisfies(h -> {
            assertThat(h.kind()).isEqualTo(HangReportKind.PROCESS_ABORTED);
            assertThat(h.text()).isEqualTo("terminate called after throwing an instance of 'gloo::EnforceNotMet'");
        });
    }

    /** Every variant of gloo's tcp/pair.cc and unbound_buffer.cc since 2017, and what is not a lost peer. */
    @Test
    void glooMessageFamiliesAcrossVersions() {
        String at = "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] ";
        List<String> lost = List.of(at + "Connection closed by peer [10.0.0.2]:14004",
                at + "Connection closed by peer [10.0.0.2]:14004. This is typically caused by a remote worker crashing. "
                        + "Check the logs of the remote worker before reporting an error. GLHF!",
                at + "Read error [10.0.0.2]:25266: Connection reset by peer",
                at + "Read error [10.0.0.2]:25266$3: Connection reset by peer. This is typically caused by a remote worker hanging",
                at + "writev [10.0.0.2]:25266: Broken pipe",
                at + "Socket closed [10.0.0.2]:25266",
                at + "Remote socket closed during sync read [10.0.0.2]:25266",
                "[rank3]: RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.2]:1");
        for (String line : lost) {
            NcclLog log = (NcclLog) Parsers.parse(line + "\n").data();
            assertThat(log.hangReports()).as(line).singleElement().satisfies(h -> {
                assertThat(h.kind()).isEqualTo(HangReportKind.PEER_CONNECTION_LOST);
                assertThat(h.peer()).isEqualTo("10.0.0.2");
            });
        }
        NcclLog prefixed = (NcclLog) Parsers.parse(lost.get(lost.size() - 1) + "\n").data();
        assertThat(prefixed.hangReports().get(0).rank()).isEqualTo(3);
        String waited = "RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] "
                + "Timed out waiting 1800000ms for recv operation to complete\n";
        // A rank's timeout alone is a job log: the hang analyzer names the late rank from its peers' timeouts
        // (examples/hangs/captured-2.11/gloo-sleep).
        assertThat(Parsers.parse(waited).kind()).isEqualTo(Kind.NCCL_LOG);
        NcclLog timeout = (NcclLog) Parsers.parse(waited + "x NCCL INFO y\n").data();
        assertThat(timeout.hangReports()).singleElement().satisfies(h -> {
            assertThat(h.kind()).isEqualTo(HangReportKind.PEER_TIMEOUT);
            assertThat(h.timeoutMs()).isEqualTo(1_800_000L);
            assertThat(h.peer()).isNull();
        });
        NcclLog read = (NcclLog) Parsers.parse(at + "Read timeout [10.0.0.3]:7\nx NCCL INFO y\n").data();
        assertThat(read.hangReports()).singleElement().satisfies(h -> assertThat(h.peer()).isEqualTo("10.0.0.3"));
        // The network, or another component's reset: not a peer process gone.
        for (String other : List.of(at + "Read error [10.0.0.2]:25266: No route to host",
                "[c10d] recvValue failed on SocketImpl(fd=3, addr=[a]:1, remote=[b]:29500): Connection reset by peer",
                at + "Connection closed by peer [" + "x".repeat(200) + "]:1")) {
            NcclLog log = (NcclLog) Parsers.parse(other + "\nx NCCL INFO y\n").data();
            assertThat(log.hangReports()).as(other).noneMatch(h -> h.kind() == HangReportKind.PEER_CONNECTION_LOST);
        }
    }
}
