package io.ncclscope.sdk.diagnose.errors;

import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.en;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.lines;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.only;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The launchers' own lines, read by the message catalogue's rows of their formats: PyTorch's c10d store and torchrun's
 * failure summary (torch/csrc/distributed/c10d/socket.cpp, TCPStore.cpp, torch/distributed/elastic): a rank that cannot
 * reach the store, a store that cannot listen on its port, a worker that ended on a signal; and the family of lines on
 * how a process ended (Open MPI's help-orterun.txt, Slurm's srun and slurmstepd, DeepSpeed's launch.py, Kubernetes): a
 * kill by the OOM killer is a first cause, a kill by a signal a weak one that yields to a first cause in any log of the
 * job, and the launchers' own reactions are consequences. The lines are written here from the formats, with the
 * prefixes the launchers put on them.
 */
class LauncherMessagesTest {

    /** A worker node's log: the store's client timed out, then the exception that ended the rank. */
    private static final String CLIENT_TIMED_OUT =
            "[rank5]:[E1205 09:14:02.118220431 socket.cpp:1011] [c10d] The client socket has timed out after 900000ms"
                    + " while trying to connect to (trainer-0, 29500).\n"
                    + "[rank5]:[W1205 09:14:02.120034502 TCPStore.cpp:343] [c10d] TCP client failed to connect/validate to"
                    + " host trainer-0:29500 - retrying (try=0, timeout=900000ms, delay=41234ms): The client socket has"
                    + " timed out after 900000ms while trying to connect to (trainer-0, 29500).\n"
                    + "[rank5]: torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while"
                    + " trying to connect to (trainer-0, 29500).\n";

    @Test
    void aClientThatCouldNotReachTheStoreNamesItsAddressAndPort() {
        Finding f = only(text(CLIENT_TIMED_OUT), "C10D_STORE_UNREACHABLE");
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.detail().key()).isEqualTo("store.unreachable");
        assertThat(f.subject().peer()).isEqualTo("trainer-0");
        assertThat(f.subject().rank()).isEqualTo(5);
        assertThat(f.params()).containsEntry("peer", "trainer-0").containsEntry("port", "29500");
        assertThat(en(f)).contains("trainer-0 port 29500", "MASTER_ADDR");
        assertThat(f.detail().render(Locale.SIMPLIFIED_CHINESE)).contains("trainer-0", "29500");
        assertThat(lines(f)).startsWith(1);
    }

    @Test
    void anOlderRuntimeErrorThatNoAddressAnsweredIsTheSameFinding() {
        // Before DistNetworkError the same throw was a RuntimeError; the per-address error rides on the line.
        String log = "RuntimeError: The client socket has failed to connect to any network address of (10.1.2.3, 29400)."
                + " The client socket has failed to connect to 10.1.2.3:29400 (errno: 113 - No route to host).\n";
        Finding f = only(text(log), "C10D_STORE_UNREACHABLE");
        assertThat(f.params()).containsEntry("peer", "10.1.2.3").containsEntry("port", "29400");
    }

    @Test
    void theStoresServerThatWaitedForItsClientsNamesNoPeer() {
        String log = "[rank0]: torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients."
                + " 3/4 clients joined.\n";
        Finding f = only(text(log), "C10D_STORE_UNREACHABLE");
        assertThat(f.detail().key()).isEqualTo("store.unreachable.nopeer");
        assertThat(en(f)).contains("3/4 clients joined");
    }

    @Test
    void aStoreBasedBarrierThatTimedOutIsTheSameFamilyInBothWordings() {
        // torch/distributed/distributed_c10d.py: a RuntimeError in 1.x, a DistStoreError later.
        String old = "RuntimeError: Timed out initializing process group in store based barrier on rank: 0, for key:"
                + " store_based_barrier_key:1 (world_size=16, worker_count=8, timeout=0:30:00)\n";
        String later = "[rank0]: torch.distributed.DistStoreError: Timed out initializing process group in store based"
                + " barrier on rank 0, for key: store_based_barrier_key:1 (world_size=16, num_workers_joined=8,"
                + " timeout=0:30:00 error=Socket Timeout)\n";
        for (String log : List.of(old, later)) {
            assertThat(only(text(log), "C10D_STORE_UNREACHABLE").detail().key()).as(log).isEqualTo("store.unreachable.nopeer");
        }
    }

    @Test
    void retriesAndRefusedConnectsAloneAreNoFinding() {
        // The client retries while the store's server starts: nothing has failed yet.
        String log = "[W1205 09:00:01.1 TCPStore.cpp:343] [c10d] TCP client failed to connect/validate to host"
                + " trainer-0:29500 - retrying (try=0, timeout=900000ms, delay=1000ms): Connection reset by peer\n"
                + "[W socket.cpp:663] [c10d] The client socket has failed to connect to [trainer-0]:29500"
                + " (errno: 111 - Connection refused).\n"
                + "[I socket.cpp:800] [c10d] No socket on (trainer-0, 29500) is listening yet, will retry.\n";
        assertThat(text(log)).isEmpty();
    }

    @Test
    void aRetryIsReadAsARetryThoughItRepeatsTheSocketsTimeout() {
        // Its row comes before the socket's rows in the catalogue: the timeout it repeats is the socket line's finding.
        String retry = "[W1205 09:14:02.1 TCPStore.cpp:343] [c10d] TCP client failed to connect/validate to host"
                + " trainer-0:29500 - retrying (try=1, timeout=900000ms, delay=1000ms): The client socket has timed out"
                + " after 900000ms while trying to connect to (trainer-0, 29500).";
        assertThat(Classifier.launcherLine(retry)).hasValueSatisfying(v -> assertThat(v.code()).isNull());
        assertThat(Classifier.launcherLine(retry.replace("retrying (try=1, timeout=900000ms, delay=1000ms)",
                "timed out (try=3, timeout=900000ms)"))).hasValueSatisfying(v -> assertThat(v.code())
                .isEqualTo("C10D_STORE_UNREACHABLE"));
    }

    @Test
    void aPortInUseNamesThePortAndNoPeer() {
        String log = "[default0]:torch.distributed.DistNetworkError: The server socket has failed to listen on any local"
                + " network address. The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in"
                + " use). The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).\n";
        Finding f = only(text(log), "C10D_STORE_PORT_IN_USE");
        assertThat(f.detail().key()).isEqualTo("store.port");
        assertThat(f.params()).containsEntry("port", "29500").doesNotContainKey("peer");
        assertThat(f.subject().peer()).isNull();
        assertThat(en(f)).contains("port 29500", "another process");
    }

    @Test
    void aListenFailureOfAnotherErrnoIsNoPortInUse() {
        String log = "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network"
                + " address. The server socket has failed to bind to [::]:29500 (errno: 99 - Cannot assign requested"
                + " address).\n";
        assertThat(text(log)).extracting(Finding::code).doesNotContain("C10D_STORE_PORT_IN_USE");
    }

    /** torchrun's failure summary, its root cause ended by signal {@code signal}. */
    private static String childFailed(int signal, String name) {
        return "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
                + "============================================================\n"
                + "train.py FAILED\n"
                + "------------------------------------------------------------\n"
                + "Failures:\n"
                + "  <NO_OTHER_FAILURES>\n"
                + "------------------------------------------------------------\n"
                + "Root Cause (first observed failure):\n"
                + "[0]:\n"
                + "  time      : 2026-12-05_09:20:11\n"
                + "  host      : gpu-node-7\n"
                + "  rank      : 3 (local_rank: 3)\n"
                + "  exitcode  : -" + signal + " (pid: 4711)\n"
                + "  error_file: <N/A>\n"
                + "  traceback : Signal " + signal + " (" + name + ") received by PID 4711\n"
                + "============================================================\n";
    }

    @Test
    void aWorkerKilledBySigkillIsTheCauseItsPeersLostTheStoreTo() {
        // Another rank lost the store after the kill: a consequence, not a second cause.
        String peer = "[rank1]:[W1205 09:20:10.9 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=9,"
                + " addr=[gpu-node-2]:40112, remote=[gpu-node-7]:29500): Connection reset by peer\n";
        List<Finding> fs = text(peer + childFailed(9, "SIGKILL"));
        Finding f = only(fs, "RANK_KILLED_BY_SIGNAL");
        assertThat(f.subject().node()).isEqualTo("gpu-node-7");
        assertThat(f.subject().rank()).isEqualTo(3);
        assertThat(en(f)).contains("Signal 9 (SIGKILL) received by PID 4711", "out-of-memory killer");
        assertThat(lines(f)).contains(1, 2);
    }

    @Test
    void aWorkerThatAbortedItselfIsNoSignalFinding() {
        // SIGABRT: PyTorch's watchdog or an uncaught C++ exception took the process down; the error before it counts.
        assertThat(text(childFailed(6, "SIGABRT"))).extracting(Finding::code).doesNotContain("RANK_KILLED_BY_SIGNAL");
    }

    @Test
    void anNcclCauseOutranksTheSignalAndAWatchdogReportKeepsItsFinding() {
        String nccl = "n1:10:20 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n";
        assertThat(text(nccl + childFailed(9, "SIGKILL"))).extracting(Finding::code)
                .contains("NCCL_OUT_OF_MEMORY").doesNotContain("RANK_KILLED_BY_SIGNAL");
        String watchdog = "[rank3]:[E1205 09:20:01.5 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation"
                + " timeout: WorkNCCL(SeqNum=12, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for"
                + " 600123 milliseconds before timing out.\n";
        assertThat(text(watchdog + childFailed(15, "SIGTERM"))).extracting(Finding::code)
                .containsExactly("NCCL_WATCHDOG_TIMEOUT");
    }

    // -- how a process ended, by the launchers' and schedulers' own words --------------------------------------------

    /** NCCL lines of a rank on {@code host}, so that the text is read as an NCCL log. */
    private static String ncclInit(String host) {
        return host + ":5001:5001 [1] NCCL INFO Init COMPLETE\n";
    }

    /** A peer on {@code host} that lost its connection to the killed rank: a consequence. */
    private static String peerLost(String host) {
        return host + ":5001:5090 [1] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer"
                + " gpu-node-7<34567>\n";
    }

    private static final String MPIRUN_KILLED =
            "mpirun noticed that process rank 3 with PID 4711 on node gpu-node-7 exited on signal 9 (Killed).\n";

    private static final String NCCL_CAUSE = "gpu-node-1:10:20 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n";

    @Test
    void mpirunsKilledRankIsTheCauseNamingItsRankNodeAndPidAndThePeersThatLostItFollow() {
        Finding f = only(text(peerLost("gpu-node-2") + MPIRUN_KILLED), "RANK_KILLED_BY_SIGNAL");
        assertThat(f.subject().node()).isEqualTo("gpu-node-7");
        assertThat(f.subject().rank()).isEqualTo(3);
        assertThat(en(f)).contains("exited on signal 9 (Killed)", "gpu-node-7:4711 rank 3", "gpu-node-2");
        assertThat(lines(f)).contains(1, 2);
    }

    @Test
    void srunsAndDeepSpeedsKillsAreTheSameFinding() {
        Finding srun = only(text(ncclInit("gpu-node-2") + "srun: error: gpu-node-7: task 3: Killed\n"), "RANK_KILLED_BY_SIGNAL");
        assertThat(srun.subject().node()).isEqualTo("gpu-node-7");
        assertThat(srun.subject().rank()).isEqualTo(3);
        Finding ds = only(text(ncclInit("gpu-node-2") + "[2024-05-01 10:00:00,123] [ERROR] [launch.py:321:sigkill_handler]"
                + " ['/usr/bin/python', '-u', 'train.py', '--local_rank=6'] exits with return code = -9\n"), "RANK_KILLED_BY_SIGNAL");
        assertThat(en(ds)).contains("exits with return code = -9");
    }

    @Test
    void torchrunsAgentLineAloneNamesTheKillAndBesideItsTableIsTheSameEnd() {
        String agent = "E0501 10:00:00.123000 140 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9)"
                + " local_rank: 3 (pid: 48211) of binary: /usr/bin/python3\n";
        // Its failure table cut off (a paste of the last lines): the agent's line alone says how the worker ended.
        Finding f = only(text(agent), "RANK_KILLED_BY_SIGNAL");
        assertThat(en(f)).contains("failed (exitcode: -9) local_rank: 3 (pid: 48211)");
        // With its table (torch/distributed/elastic/multiprocessing/errors/__init__.py): one end, one finding.
        String table = "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
                + "============================================================\n"
                + "train.py FAILED\n"
                + "------------------------------------------------------------\n"
                + "Root Cause (first observed failure):\n"
                + "[0]:\n"
                + "  time      : 2024-05-01_10:00:00\n"
                + "  host      : gpu-node-7\n"
                + "  rank      : 11 (local_rank: 3)\n"
                + "  exitcode  : -9 (pid: 48211)\n"
                + "  error_file: <N/A>\n"
                + "  traceback : Signal 9 (SIGKILL) received by PID 48211\n"
                + "============================================================\n";
        Finding both = only(text(agent + table), "RANK_KILLED_BY_SIGNAL");
        assertThat(both.subject().node()).isEqualTo("gpu-node-7");
        assertThat(both.subject().rank()).isEqualTo(11);
        // A worker that exited with an error of its own (exit code 1) printed that error: the agent's line names nothing.
        assertThat(text(ncclInit("n1") + agent.replace("exitcode: -9", "exitcode: 1"))).isEmpty();
    }

    @Test
    void theLaunchersOwnReactionsAnExitWithAnErrorAnAbortAndACancelledStepNameNothing() {
        for (String line : List.of(
                "mpirun noticed that process rank 0 with PID 11 on node n1 exited on signal 6 (Aborted).",
                "srun: error: n1: task 0: Aborted (core dumped)",
                "srun: error: n1: tasks 0-7: Exited with exit code 1",
                "[2024-05-01 10:00:00,123] [ERROR] [launch.py:321:sigkill_handler] ['python', 't.py'] exits with return code = 1",
                "[2024-05-01 10:00:00,120] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 5123",
                "slurmstepd: error: *** STEP 1234.0 ON n1 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME LIMIT ***")) {
            assertThat(text(ncclInit("n1") + line + "\n")).as(line).isEmpty();
        }
    }

    @Test
    void aKillByTheOomKillerIsAFirstCauseOfItsOwnAndTheKillsBesideItFollow() {
        String log = ncclInit("gpu-node-7") + peerLost("gpu-node-2")
                + "srun: error: gpu-node-7: task 3: Out Of Memory\n"
                + "srun: error: gpu-node-2: task 1: Killed\n";
        Finding f = only(text(log), "RANK_KILLED_BY_OOM");
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.subject().node()).isEqualTo("gpu-node-7");
        assertThat(f.subject().rank()).isEqualTo(3);
        assertThat(en(f)).contains("out-of-memory killer", "task 3: Out Of Memory");
        assertThat(f.detail().render(Locale.SIMPLIFIED_CHINESE)).contains("OOM killer");
        for (String oom : List.of("slurmstepd: error: Detected 1 oom-kill event(s) in StepId=1234.0. Some of your processes"
                + " may have been killed by the cgroup out-of-memory handler.", "      Reason:       OOMKilled",
                "[  812.204467] Out of memory: Killed process 5001 (python) total-vm:98765432kB, anon-rss:87654321kB,"
                        + " file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:180000kB oom_score_adj:0")) {
            only(text(ncclInit("n1") + oom + "\n"), "RANK_KILLED_BY_OOM");
        }
    }

    @Test
    void aKillBesideAnNcclCauseOfItsOwnLogFollowsIt() {
        assertThat(text(NCCL_CAUSE + MPIRUN_KILLED)).extracting(Finding::code)
                .contains("NCCL_OUT_OF_MEMORY").doesNotContain("RANK_KILLED_BY_SIGNAL");
    }

    @Test
    void aKillInOneNodesLogYieldsToAFirstCauseInAnotherNodesLogOfTheJob() {
        // Two nodes of one job, in either order: node 1's NCCL error is the cause; node 7's rank was killed after it.
        String killed = ncclInit("gpu-node-7") + MPIRUN_KILLED;
        for (List<Finding> fs : List.of(text(NCCL_CAUSE, killed), text(killed, NCCL_CAUSE))) {
            Finding f = only(fs, "NCCL_OUT_OF_MEMORY");
            assertThat(en(f)).contains("gpu-node-7:4711 rank 3");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("exited on signal 9"));
        }
        // A kill by the OOM killer on one node is that cause: another node's kill follows it.
        String oom = ncclInit("gpu-node-1") + "srun: error: gpu-node-1: task 0: Out Of Memory\n";
        only(text(killed, oom), "RANK_KILLED_BY_OOM");
        // With no first cause anywhere, the kill stays the cause, whichever log it is in.
        only(text(ncclInit("gpu-node-1"), killed), "RANK_KILLED_BY_SIGNAL");
    }
}
