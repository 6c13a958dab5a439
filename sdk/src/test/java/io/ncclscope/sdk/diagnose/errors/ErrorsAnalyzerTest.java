package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One code at a time: real corpus files where one exists (their manifest conclusion in the test name), minimal inputs
 * written from NCCL's own WARN texts (src/misc/shmutils.cc, ibvwrap.cc, bootstrap.cc, init.cc, graph/tuning.cc) where
 * the corpus has none.
 */
class ErrorsAnalyzerTest {

    static List<Finding> corpus(String file) {
        return new ErrorsAnalyzer().analyze(Evidence.builder().addText(file, Corpus.read(file)).build());
    }

    static List<Finding> text(String... logs) {
        Evidence.Builder b = Evidence.builder();
        for (int i = 0; i < logs.length; i++) b.addText("log" + i + ".txt", logs[i]);
        return new ErrorsAnalyzer().analyze(b.build());
    }

    /** {@code fs} without nccl-tests' own failure reported beside the error that explains it (checked here). */
    static List<Finding> besideTestFailure(List<Finding> fs) {
        List<Finding> symptom = fs.stream().filter(f -> f.code().equals("NCCL_TESTS_FAILED")).toList();
        assertThat(symptom).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("tests.failure.explained");
        });
        return fs.stream().filter(f -> !symptom.contains(f)).toList();
    }

    static Finding only(List<Finding> fs, String code) {
        assertThat(fs).extracting(Finding::code).containsExactly(code);
        return fs.get(0);
    }

    /**
     * {@return the finding of {@code code}, asserting that it comes with exactly the findings of the results its chain
     * returned to the application, each tied to it}
     */
    static Finding cause(List<Finding> fs, String code, String... returned) {
        List<String> codes = new java.util.ArrayList<>(List.of(code));
        codes.addAll(List.of(returned));
        assertThat(fs).extracting(Finding::code).containsExactlyElementsOf(codes);
        for (Finding r : fs.subList(1, fs.size())) {
            assertThat(r.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(r.detail().key()).startsWith("returned.");
            assertThat(en(r)).contains(code);
        }
        return fs.get(0);
    }

    static List<Integer> lines(Finding f) {
        return f.evidence().stream().map(EvidenceLine::line).toList();
    }

    static String en(Finding f) {
        return f.detail().render(Locale.ENGLISH);
    }

    @Nested
    class ConnectFailed {
        /** NCCL 2.27+'s socketConnectCheck: an INFO per retry, a WARN only when the retries run out (src/misc/socket.cc). */
        static final String RETRY = "n1:700:710 [0] NCCL INFO socketPollConnect: connect to 10.0.0.2<41000> returned "
                + "Connection timed out, retrying (%d/34) after sleep for %d msec\n";

        @Test
        void connectRetriesOfNccl227AreReadAndARetriedConnectIsNoFirstCause() {
            String retries = RETRY.formatted(1, 100) + RETRY.formatted(2, 200) + RETRY.formatted(3, 300);
            Finding f = only(text(retries), "NCCL_CONNECT_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("connect.retry");
            // The retries run out: that WARN is the first cause.
            String exhausted = retries + "n1:700:710 [0] misc/socket.cc:621 NCCL WARN socketPollConnect: connect to "
                    + "10.0.0.2<41000> returned Connection timed out, exceeded error retry count after 35 attempts\n"
                    + "n1:700:710 [0] NCCL INFO misc/socket.cc:700 -> 6\n";
            assertThat(text(exhausted)).first().satisfies(g -> {
                assertThat(g.code()).isEqualTo("NCCL_CONNECT_FAILED");
                assertThat(g.severity()).isEqualTo(FindingSeverity.CRITICAL);
            });
        }

        @Test
        void aFailedConnectItsProcessRetriesIsARetryNotTheFirstErrorOfAFailure() {
            // corpus-more nccl-1618-2 (nccl PR #1618's build): the WARN, then 'retrying (1/34)'; the job went on.
            io.ncclscope.parsers.Corpus.Entry e = io.ncclscope.parsers.Corpus.moreEntries().stream()
                    .filter(x -> x.file().equals("nccl-logs/nccl-1618-2.txt")).findFirst().orElse(null);
            org.junit.jupiter.api.Assumptions.assumeTrue(e != null, "corpus-more not found");
            Finding f = only(text(e.text()), "NCCL_CONNECT_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("connect.retry");
            assertThat(lines(f)).containsExactly(1, 2);
        }

        @Test
        void tcpConnectAbortToAPeerIsTheRootAndTheProxyAndSocketErrorsFollow() {
            Finding f = cause(corpus("nccl-logs/nccl-tests-166-1.txt"), "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.params()).containsEntry("peer", "10.0.0.2").containsEntry("port", "45763").containsEntry("node", "ubuntu");
            assertThat(f.subject().peer()).isEqualTo("10.0.0.2");
            // root WARN, its '-> 2' trace, then the proxy and socket errors of the same process
            assertThat(lines(f)).startsWith(1, 2, 3, 4).contains(9, 13, 16);
            assertThat(en(f)).contains("10.0.0.2<45763>", "Software caused connection abort");
        }

        @Test
        void linkLocalAddressOfIpoibIsNamedAndOtherProcessesAreConsequences() {
            Finding f = cause(corpus("nccl-logs/nccl-975-1.txt"), "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
            assertThat(f.subject().iface()).isEqualTo("ib1");
            assertThat(f.subject().node()).isEqualTo("n122-246-085");
            assertThat(f.subject().gpu()).isEqualTo("cudaDev 5");
            assertThat(f.detail().key()).isEqualTo("connect.linklocal.then");
            assertThat(lines(f)).startsWith(18, 19, 20, 21).contains(2, 3);
            assertThat(en(f)).contains("link-local", "ib1", "n122-246-085:12246 [0]");
        }

        @Test
        void tunnelInterfaceFailureRecommendsTheRoutableVethOfTheContainer() {
            // Manifest: restrict NCCL_SOCKET_IFNAME to veth0 (global IPv6), not ip6tnl0 (link-local).
            Finding f = only(corpus("nccl-logs/nccl-529-1.txt"), "NCCL_CONNECT_FAILED");
            assertThat(f.subject().iface()).isEqualTo("ip6tnl0");
            assertThat(f.params()).containsEntry("iface", "veth0").containsEntry("port", "46681");
        }

        @Test
        void dockerBridgeAddressIsExplained() {
            List<Finding> fs = corpus("nccl-logs/nccl-929-1.txt");
            Finding f = fs.stream().filter(x -> x.code().equals("NCCL_CONNECT_FAILED")).findFirst().orElseThrow();
            assertThat(f.detail().key()).isEqualTo("connect.docker");
            assertThat(f.params()).containsEntry("peer", "172.17.0.2").containsEntry("port", "38847");
        }

        @Test
        void oldBootstrapTimeoutWithoutPeerAddressNamesTheInterface() {
            // Under bootstrap.cc, but in rank 0's own root thread ([bthread]): a connect to a rank, not to the root.
            Finding f = cause(corpus("nccl-logs/nccl-tests-15-1.txt"), "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
            assertThat(f.detail().key()).isEqualTo("connect.nopeer");
            assertThat(f.subject().rank()).isEqualTo(0);
            assertThat(f.params()).containsEntry("iface", "enp3s0");
            assertThat(lines(f)).startsWith(10, 11, 12, 13, 15);
        }

        @Test
        void retriesOverTheVethSocketDeviceAreAnErrorAndPointAtEno1() {
            // Manifest: channels use NET/Socket/1 = veth (link-local); fix NCCL_SOCKET_IFNAME=eno1.
            Finding f = only(corpus("nccl-logs/oneflow-3586-1.txt"), "NCCL_CONNECT_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("connect.retry.iface");
            assertThat(f.subject().iface()).isEqualTo("veth25f2e72");
            assertThat(f.params()).containsEntry("iface", "eno1");
        }

        @Test
        void refusedRetriesAreTheNormalStartupRace() {
            assertThat(text("n1:1:2 [0] NCCL INFO Call to connect returned Connection refused, retrying\n"
                    + "n1:1:2 [0] NCCL INFO Call to connect returned Connection refused, retrying\n")).isEmpty();
        }

        @Test
        void anNcclWarnLineInsideNcclTestsOutputExplainsItsSystemError() {
            String out = "# nThread 1 nGpus 1 minBytes 8 maxBytes 128 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
                    + "#\n# Using devices\n"
                    + "#  Rank  0 Group  0 Pid   1000 on      node1 device  0 [0000:1b:00] NVIDIA H100\n"
                    + "#  Rank  1 Group  0 Pid   2000 on      node2 device  0 [0000:1b:00] NVIDIA H100\n"
                    + "node1:1000:1010 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.2<40000> failed : Connection refused\n"
                    + "node1: Test NCCL failure common.cu:1005 'unhandled system error (run with NCCL_DEBUG=INFO for details) / '\n"
                    + " .. node1 pid 1000: Test failure common.cu:891\n";
            Finding f = cause(besideTestFailure(text(out)), "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
            assertThat(f.params()).containsEntry("peer", "10.0.0.2").containsEntry("port", "40000");
            assertThat(lines(f)).containsExactly(6, 7);
        }
    }

    @Nested
    class RemoteAndGeneric {
        @Test
        void connectionResetWithAMaskedPeerGivesNoPeerToPing() {
            // Manifest: nodes with InfiniBand problems; the reporting rank is a victim.
            Finding f = only(corpus("nccl-logs/nccl-2076-1.txt"), "NCCL_REMOTE_ERROR");
            assertThat(f.params()).doesNotContainKeys("peer", "port");
            assertThat(lines(f)).containsExactly(4, 1);
        }

        @Test
        void libfabricUndeliverableIsAFabricReachabilityError() {
            Finding f = only(corpus("nccl-logs/nccl-1928-1.txt"), "NCCL_REMOTE_ERROR");
            assertThat(f.subject().rank()).isEqualTo(3);
            assertThat(en(f)).contains("EHOSTUNREACH");
        }

        @Test
        void ringThatDoesNotLoopBackIsAnInternalErrorOfInconsistentRanks() {
            Finding f = only(corpus("nccl-logs/nccl-577-1.txt"), "NCCL_INTERNAL_ERROR");
            assertThat(f.detail().key()).isEqualTo("internal.graph");
            assertThat(f.subject().node()).isEqualTo("ip-0A0C04E3");
            assertThat(lines(f)).startsWith(1, 2, 3, 4).contains(10);
        }

        @Test
        void messageTruncatedIsInvalidUsageBetweenRanks() {
            Finding f = only(corpus("nccl-logs/nccl-626-1.txt"), "NCCL_INVALID_USAGE");
            assertThat(f.params()).containsEntry("peer", "192.168.161.30").containsEntry("port", "59210");
            assertThat(en(f)).contains("NCCL_PROTO=Simple");
        }

        @Test
        void singleNodeSystemErrorOfNcclTestsPointsAtDevShm() {
            // Manifest: Docker shared memory too small; --ipc=host fixed it.
            Finding f = only(besideTestFailure(corpus("nccl-tests/nccl-473-1.txt")), "NCCL_SYSTEM_ERROR");
            assertThat(f.detail().key()).isEqualTo("tests.system.single");
            assertThat(f.subject().node()).isEqualTo("fastmoe");
            assertThat(en(f)).contains("/dev/shm", "--ipc=host");
        }

        @Test
        void multiNodeInternalErrorOfNcclTestsPointsAtBootstrap() {
            Finding f = only(besideTestFailure(corpus("nccl-tests/nccl-tests-219-1.txt")), "NCCL_INTERNAL_ERROR");
            assertThat(f.detail().key()).isEqualTo("tests.internal.multinode");
            assertThat(f.subject().node()).isEqualTo("fengyun");
        }

        @Test
        void launcherErrorWithoutLastErrorNamesTheGenericCode() {
            Finding f = only(text("torch.distributed.DistBackendError: NCCL error in: ../ProcessGroupNCCL.cpp:1691, "
                    + "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5\n"), "NCCL_SYSTEM_ERROR");
            assertThat(f.detail().key()).isEqualTo("report.system");
            assertThat(en(f)).contains("2.18.5", "NCCL_DEBUG=WARN");
        }
    }

    @Nested
    class DuplicateGpu {
        @Test
        void twoRanksOnOneGpuOneFindingNamingTheFirstRankAndTheWholeChain() {
            Finding f = only(corpus("captured/h200-1gpu/nccl/duplicate-gpu.log"), "NCCL_DUPLICATE_GPU");
            assertThat(f.subject().node()).isEqualTo("vm");
            assertThat(f.subject().rank()).isEqualTo(1);
            assertThat(f.params()).containsEntry("bdf", "0000:00:06.0");
            // WARN 40 -> trace 43.. -> PyTorch 81 + Last error 84 -> torchrun 112 -> the other rank's WARN 42
            assertThat(lines(f)).startsWith(40, 43).contains(81, 84, 112, 42);
            assertThat(lines(f).indexOf(81)).isLessThan(lines(f).indexOf(42));
            assertThat(en(f)).contains("Ranks 0, 1", "vm");
        }

        @Test
        void megatronRanksFromLastErrorsOnly() {
            Finding f = only(corpus("nccl-logs/megatron-lm-661-1.txt"), "NCCL_DUPLICATE_GPU");
            assertThat(en(f)).contains("Ranks 0, 3, 7", "f000");
        }

        // No corpus log is from NCCL 2.30: its WARN text from src/init.cc.
        @Test
        void nccl230WordingNamesNoRanksButTheInitLinesDo() {
            String log = "vm:946:946 [0] NCCL INFO NCCL version 2.30.3+cuda13.0\n"
                    + "vm:946:946 [0] NCCL INFO ncclCommInitRankConfig comm 0x41 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 60 commId 0x6d - Init START\n"
                    + "vm:947:947 [0] NCCL INFO ncclCommInitRankConfig comm 0x36 rank 1 nranks 2 cudaDev 0 nvmlDev 0 busId 60 commId 0x6d - Init START\n"
                    + "vm:947:947 [0] init.cc:1057 NCCL WARN Multiple Ranks are using the same GPU/Partition. Set NCCL_MULTI_RANK_GPU_ENABLE=1 to enable this configuration.\n"
                    + "vm:947:947 [0] NCCL INFO init.cc:1582 -> 5\n";
            Finding f = only(text(log), "NCCL_DUPLICATE_GPU");
            assertThat(f.detail().key()).isEqualTo("duplicate.multirank");
            assertThat(en(f)).contains("ranks 0, 1");
        }

        @Test
        void initLinesAloneShowTwoRanksOnOneGpu() {
            String log = "n1:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
                    + "n1:1:1 [0] NCCL INFO ncclCommInitRank comm 0x1 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x9 - Init START\n"
                    + "n1:2:2 [0] NCCL INFO ncclCommInitRank comm 0x2 rank 1 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x9 - Init START\n";
            Finding f = only(text(log), "NCCL_DUPLICATE_GPU");
            assertThat(f.detail().key()).isEqualTo("duplicate.mapping");
            assertThat(f.params()).containsEntry("bdf", "0000:1b:00.0").containsEntry("node", "n1");
        }

        @Test
        void nccl230AllowsSharingWhenTold() {
            String log = "n1:1:1 [0] NCCL INFO NCCL version 2.30.3+cuda13.0\n"
                    + "n1:1:1 [0] NCCL INFO NCCL_MULTI_RANK_GPU_ENABLE set by environment to 1.\n"
                    + "n1:1:1 [0] NCCL INFO ncclCommInitRank comm 0x1 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x9 - Init START\n"
                    + "n1:2:2 [0] NCCL INFO ncclCommInitRank comm 0x2 rank 1 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x9 - Init START\n";
            assertThat(text(log)).isEmpty();
        }
    }

    @Nested
    class NoSocketInterface {
        @Test
        void badIfnameNamesTheVariableAndValue() {
            Finding f = only(corpus("captured/h200-1gpu/nccl/bad-ifname.log"), "NCCL_NO_SOCKET_INTERFACE");
            assertThat(f.detail().key()).isEqualTo("noiface.env");
            assertThat(f.subject().iface()).isEqualTo("nosuch0");
            assertThat(f.params()).containsEntry("env", "NCCL_SOCKET_IFNAME");
            assertThat(lines(f)).startsWith(5, 6, 7).contains(22, 25, 46);
        }

        @Test
        void inTheNodeBundleTheInterfaceThatWorksIsSuggested() throws Exception {
            Evidence e = Evidence.builder().addPath(Path.of("../examples/captured/h200-1gpu")).build();
            List<Finding> fs = new ErrorsAnalyzer().analyze(e);
            Finding f = fs.stream().filter(x -> x.code().equals("NCCL_NO_SOCKET_INTERFACE") && "nosuch0".equals(x.subject().iface()))
                    .findFirst().orElseThrow();
            assertThat(f.params()).containsEntry("iface", "eth0");
            assertThat(fs).extracting(Finding::code).doesNotContain("NCCL_VERSION_MISMATCH", "RANK_MAPPING_INCONSISTENT");
        }

        @Test
        void socketCreationFailureInAContainerIsNoUsableInterfaceAndLibibverbsIsHarmless() {
            // Manifest: the second WARN is the problem; --net=host fixed it.
            Finding f = only(corpus("nccl-logs/nccl-tests-14-1.txt"), "NCCL_NO_SOCKET_INTERFACE");
            assertThat(f.detail().key()).isEqualTo("noiface.family");
            assertThat(lines(f)).containsExactly(2);
        }
    }

    @Nested
    class Rdma {
        @Test
        void retryExceededIsTheRootAndFlushedCompletionsFollow() {
            Finding f = only(corpus("nccl-logs/nccl-1814-1.txt"), "IB_COMPLETION_ERROR");
            assertThat(f.params()).containsEntry("peer", "172.36.143.59");
            assertThat(en(f)).contains("IBV_WC_RETRY_EXC_ERR");
            assertThat(lines(f)).startsWith(1, 2, 3, 4, 6);
        }

        @Test
        void localProtectionErrorAndTheServiceThreadsThatLostTheirPeer() {
            Finding f = only(corpus("nccl-logs/nccl-tests-252-1.txt"), "IB_COMPLETION_ERROR");
            assertThat(f.subject().node()).isEqualTo("kolyoz2");
            assertThat(f.detail().key()).isEqualTo("ib.access.then");
            assertThat(en(f)).contains("IBV_WC_LOC_PROT_ERR", "nvidia-peermem");
        }

        @Test
        void completionFromThePyTorchLastErrorAlone() {
            Finding f = only(corpus("nccl-logs/stanford-alpaca-207-1.txt"), "IB_COMPLETION_ERROR");
            assertThat(f.params()).containsEntry("peer", "11.214.147.122");
        }

        @Test
        void olderLinesWithoutAPeerUseTheSentenceWithoutOne() {
            Finding f = only(corpus("nccl-logs/nccl-426-1.txt"), "IB_COMPLETION_ERROR");
            assertThat(f.detail().key()).isEqualTo("ib.retry.nopeer");
        }

        // No corpus file holds an ibverbs setup failure: minimal input from src/misc/ibvwrap.cc's WARN text.
        @Test
        void modifyQpWithAGidIsASetupFailureOnThatHca() {
            String log = "gpu01:500:500 [1] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]; OOB eth0:10.1.0.1<0>\n"
                    + "gpu01:500:610 [1] misc/ibvwrap.cc:376 NCCL WARN Call to ibv_modify_qp failed with 22 Invalid argument, on dev mlx5_1:1, "
                    + "curr state INIT, next state RTR, local GID index 0, local GID fe80::1, remote GID fe80::2\n"
                    + "gpu01:500:610 [1] NCCL INFO transport/net_ib.cc:1080 -> 2\n";
            Finding f = cause(text(log), "IB_SETUP_FAILED", "NCCL_SYSTEM_ERROR");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.detail().key()).isEqualTo("ib.setup.gid");
            assertThat(f.params()).containsEntry("hca", "mlx5_1").containsEntry("env", "NCCL_IB_GID_INDEX");
            assertThat(f.subject().device()).isEqualTo("mlx5_1");
        }

        @Test
        void modifyQpTimeoutPointsAtCrossRail() {
            String log = "g:1:2 [0] misc/ibvwrap.cc:376 NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_3:1, "
                    + "curr state RTR, next state RTS, local GID index 3, local GID ::ffff:10.0.0.1, remote GID ::ffff:10.0.1.1\n";
            Finding f = only(text(log), "IB_SETUP_FAILED");
            // No return code or launcher report follows in this excerpt: the job may have gone on.
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("ib.setup.crossnic");
            assertThat(f.params()).containsEntry("env", "NCCL_CROSS_NIC");
        }
    }

    @Nested
    class Watchdog {
        @Test
        void differentSeqNumsAndALateWatchdogNameTheRankBehind() {
            // Manifest: fired ~7 h after start, far past 30 min; SeqNums differ between rank 0 and rank 7.
            Finding f = only(corpus("nccl-logs/pytorch-118369-1.txt"), "NCCL_WATCHDOG_TIMEOUT");
            assertThat(f.detail().key()).isEqualTo("watchdog.desync.late");
            assertThat(f.subject().rank()).isEqualTo(7);
            assertThat(en(f)).contains("64088", "7.1 h", "30 min");
        }

        @Test
        void oneSeqNumOnAllRanksIsACollectiveHang() {
            Finding f = only(corpus("nccl-logs/ofa-271-1.txt"), "NCCL_WATCHDOG_TIMEOUT");
            assertThat(f.detail().key()).isEqualTo("watchdog.same");
            assertThat(en(f)).contains("5 ranks", "469508");
        }

        @Test
        void aTimeoutAfterAnNcclErrorIsAConsequenceNotAFinding() {
            String log = "node3:300:300 [2] NCCL INFO comm 0x9 rank 6 nranks 8 cudaDev 2 busId 3d000 commId 0x55 - Init COMPLETE\n"
                    + "node3:300:310 [2] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'\n"
                    + "node3:300:310 [2] NCCL INFO transport/p2p.cc:204 -> 1\n"
                    + "[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: "
                    + "WorkNCCL(SeqNum=15, OpType=ALLREDUCE, NumelIn=4, NumelOut=4, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.\n";
            Finding f = only(text(log), "NCCL_OUT_OF_MEMORY");
            assertThat(f.subject().rank()).isEqualTo(6);
            assertThat(lines(f)).containsExactly(2, 3, 4);
        }
    }

    @Nested
    class CudaAndMemory {
        @Test
        void outOfMemoryOnLocalRank3IsTheRootOfRank0sClosedConnections() {
            Finding f = only(corpus("nccl-logs/nccl-1235-1.txt"), "NCCL_OUT_OF_MEMORY");
            assertThat(f.subject().gpu()).isEqualTo("cudaDev 3");
            assertThat(lines(f)).startsWith(14, 16, 17, 18, 19, 20).contains(1);
            assertThat(en(f)).contains("ng30903:3063025 [0]");
        }

        @Test
        void invalidArgumentIsACudaError() {
            only(corpus("nccl-logs/nccl-1283-1.txt"), "CUDA_ERROR");
        }

        @Test
        void geforceCudaErrorInNcclTestsSuggestsP2pOff() {
            Finding f = only(besideTestFailure(corpus("nccl-tests/nccl-tests-280-1.txt")), "CUDA_ERROR");
            assertThat(f.detail().key()).isEqualTo("tests.cuda.geforce");
            assertThat(f.subject().rank()).isNull();
        }
    }

    @Nested
    class Consistency {
        // No corpus file mixes NCCL versions: minimal inputs, two node logs of one job.
        @Test
        void twoNodesPrintingDifferentVersions() {
            List<Finding> fs = text("node1:10:10 [0] NCCL INFO NCCL version 2.18.5+cuda12.2\n",
                    "node2:20:20 [0] NCCL INFO NCCL version 2.19.3+cuda12.2\n");
            Finding f = only(fs, "NCCL_VERSION_MISMATCH");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(en(f)).contains("2.18.5 (node1)", "2.19.3 (node2)");
        }

        @Test
        void ncclsOwnMismatchWarningIsTheCause() {
            Finding f = only(text("node2:20:20 [0] init.cc:1170 NCCL WARN Mismatched NCCL version detected : rank 1 version 21903 rank 0 version 21805\n"),
                    "NCCL_VERSION_MISMATCH");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        }

        @Test
        void pytorchsMisdecodedVersionIsTheSameVersion() {
            String log = "n1:1:1 [0] NCCL INFO NCCL version 2.11.4+cuda11.4\n"
                    + "RuntimeError: NCCL error in: /opt/pytorch/ProcessGroupNCCL.cpp:975, internal error, NCCL version 21.1.4\n";
            assertThat(text(log)).extracting(Finding::code).doesNotContain("NCCL_VERSION_MISMATCH");
        }

        // No corpus file has an inconsistent rank mapping: minimal init lines of one commId on two nodes.
        @Test
        void ranksOfOneCommunicatorDisagreeOnItsSize() {
            String n1 = "node1:10:10 [0] NCCL INFO ncclCommInitRank comm 0x1 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xaaaa - Init START\n"
                    + "node1:11:11 [1] NCCL INFO ncclCommInitRank comm 0x2 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 2c000 commId 0xaaaa - Init START\n";
            String n2 = "node2:20:20 [0] NCCL INFO ncclCommInitRank comm 0x3 rank 8 nranks 8 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xaaaa - Init START\n";
            Finding f = only(text(n1, n2), "RANK_MAPPING_INCONSISTENT");
            assertThat(f.detail().key()).isEqualTo("mapping.nranks");
            assertThat(f.subject().node()).isEqualTo("node2");
            assertThat(f.subject().rank()).isEqualTo(8);
        }

        @Test
        void oneRankNumberInTwoProcesses() {
            String n1 = "node1:10:10 [0] NCCL INFO ncclCommInitRank comm 0x1 rank 3 nranks 8 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xbb - Init START\n";
            String n2 = "node2:20:20 [0] NCCL INFO ncclCommInitRank comm 0x3 rank 3 nranks 8 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xbb - Init START\n";
            Finding f = only(text(n1, n2), "RANK_MAPPING_INCONSISTENT");
            assertThat(f.detail().key()).isEqualTo("mapping.rankdup");
            assertThat(en(f)).contains("node1:10", "node2:20");
        }

        @Test
        void bootstrapRootSeesARankTwice() {
            Finding f = cause(text("node1:10:30 [0] bootstrap.cc:348 NCCL WARN Bootstrap Root : rank 3 of 8 ranks has already checked in\n"
                    + "node1:10:30 [0] NCCL INFO bootstrap.cc:400 -> 3\n"), "RANK_MAPPING_INCONSISTENT", "NCCL_INTERNAL_ERROR");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        }
    }

    @Nested
    class SettingsAndFiles {
        // No corpus log shows the /dev/shm WARN (nccl-473 has only the test's error line): src/misc/shmutils.cc text.
        @Test
        void sharedMemorySegmentThatCannotBeCreated() {
            String log = "node1:1234:1240 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct\n"
                    + "node1:1234:1240 [0] misc/shmutils.cc:149 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-AbCdEf "
                    + "(size 9637888), error: No space left on device (28)\n"
                    + "node1:1234:1240 [0] NCCL INFO transport/shm.cc:114 -> 2\n"
                    + "node1:1235:1241 [1] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer node1<45123>\n"
                    + "torch.distributed.DistBackendError: NCCL error in: ../ProcessGroupNCCL.cpp:1691, unhandled system error "
                    + "(run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5\n"
                    + "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\n"
                    + "Last error:\n"
                    + "Error while creating shared memory segment /dev/shm/nccl-AbCdEf (size 9637888), error: No space left on device (28)\n";
            Finding f = cause(text(log), "NCCL_SHM_FAILED", "NCCL_SYSTEM_ERROR");
            assertThat(lines(f)).containsExactly(2, 3, 5, 8, 4);
            assertThat(en(f)).contains("/dev/shm", "node1:1235 [1]");
        }

        @Test
        void topologyFileThatIsNotXml() {
            Finding f = cause(corpus("captured/h200-1gpu-variants/nccl/bad-topo-file.log"), "NCCL_TOPO_FILE_INVALID", "NCCL_INTERNAL_ERROR");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.params()).containsEntry("env", "NCCL_TOPO_FILE");
            assertThat(en(f)).contains("/tmp/bad-topo.xml");
            assertThat(lines(f)).startsWith(21, 22).contains(53, 56);
        }

        @Test
        void badAlgoOnOneRankIsOnlyNoted() {
            Finding f = only(corpus("captured/h200-1gpu-variants/nccl/bad-algo.log"), "NCCL_ENV_INVALID");
            assertThat(f.severity()).isEqualTo(FindingSeverity.INFO);
            assertThat(f.params()).containsEntry("env", "NCCL_ALGO");
        }

        @Test
        void badAlgoRejectedByNcclFailsInitAndIsReportedOnce() {
            String log = "node1:100:100 [0] NCCL INFO NCCL_ALGO set by environment to Bogus\n"
                    + "node1:100:100 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1b000 commId 0x77 - Init START\n"
                    + "node1:100:100 [0] graph/tuning.cc:109 NCCL WARN Unrecognized element token \"Bogus\" when parsing \"Bogus\"\n"
                    + "node1:100:100 [0] NCCL INFO graph/tuning.cc:220 -> 5\n";
            Finding f = only(text(log), "NCCL_ENV_INVALID");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.params()).containsEntry("env", "NCCL_ALGO");
        }

        @Test
        void wordInAnIntegerVariableIsIgnoredByNccl() {
            Finding f = only(text("node1:100:100 [0] NCCL INFO NCCL_IB_TIMEOUT set by environment to high.\n"), "NCCL_ENV_INVALID");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(en(f)).startsWith("NCCL_IB_TIMEOUT=high is not an integer");
        }

        @Test
        void validValuesAreSilent() {
            assertThat(text("n:1:1 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n"
                    + "n:1:1 [0] NCCL INFO NCCL_PROTO set by environment to ^LL128\n")).isEmpty();
        }

        @Test
        void debugFileSendsTheLinesElsewhere() {
            Finding f = only(corpus("captured/h200-1gpu-variants/nccl/debug-file.log"), "NCCL_DEBUG_FILE_REDIRECTED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.INFO);
        }

        // No corpus log asks for a plugin that is missing: minimal input from src/plugin/net.cc's INFO lines.
        @Test
        void pluginAskedForButNotLoadedLeavesSockets() {
            String log = "node1:100:100 [0] NCCL INFO NCCL_NET_PLUGIN set by environment to aws-ofi\n"
                    + "node1:100:100 [0] NCCL INFO NET/Plugin: Plugin load (libnccl-net-aws-ofi.so) returned 2 : libnccl-net-aws-ofi.so: "
                    + "cannot open shared object file: No such file or directory\n"
                    + "node1:100:100 [0] NCCL INFO NET/IB : No device found.\n"
                    + "node1:100:100 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>\n"
                    + "node1:100:100 [0] NCCL INFO Using network Socket\n";
            Finding f = only(text(log), "NCCL_NET_PLUGIN_MISSING");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(lines(f)).containsExactly(2);
        }

        @Test
        void noPluginWhereNoneIsAskedForIsSilent() {
            // Every healthy IB/socket log says 'Could not find: libnccl-net.so'.
            assertThat(corpus("captured/h200-1gpu/nccl/info-1rank.log")).isEmpty();
        }
    }

    @Nested
    class NcclTests {
        @Test
        void thresholdOnASingleRankRunIsOnlyNoted() {
            Finding f = only(corpus("captured/h200-1gpu-variants/tests/min-bw-fail.txt"), "NCCL_TESTS_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.INFO);
            assertThat(en(f)).contains("NCCL_TESTS_MIN_BW=5000", "single-rank");
            assertThat(lines(f)).containsExactly(17, 22);
        }

        @Test
        void thresholdOnAMultiRankRunIsAnError() {
            String out = Corpus.read("captured/h200-1gpu-variants/tests/min-bw-fail.txt").replace(
                    "#  Rank  0 Group  0 Pid   1572 on         vm device  0 [0000:00:06] NVIDIA H200\n",
                    "#  Rank  0 Group  0 Pid   1572 on         vm device  0 [0000:00:06] NVIDIA H200\n"
                            + "#  Rank  1 Group  0 Pid   1573 on        vm2 device  0 [0000:00:06] NVIDIA H200\n");
            Finding f = only(text(out), "NCCL_TESTS_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
            assertThat(f.detail().key()).isEqualTo("tests.minbw");
        }

        @Test
        void wrongValuesOnlyAt4GiBInAnOldBuildAreTheKnownTestBug() {
            Finding f = only(corpus("nccl-tests/nccl-tests-37-1.txt"), "NCCL_TESTS_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(f.detail().key()).isEqualTo("tests.wrong.oldbug");
        }

        @Test
        void wrongValuesInACurrentBuildCannotBeTrusted() {
            String out = "# nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
                    + "#\n# Using devices\n"
                    + "#  Rank  0 Group  0 Pid   1 on a device  0 [0000:1b:00] NVIDIA H100\n"
                    + "#  Rank  1 Group  0 Pid   2 on b device  0 [0000:1b:00] NVIDIA H100\n"
                    + "#\n"
                    + "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
                    + "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
                    + "           8             2     float     sum      -1    10.00    0.00    0.00      0    10.00    0.00    0.00      0\n"
                    + "          16             4     float     sum      -1    10.00    0.00    0.00      3    10.00    0.00    0.00      0\n"
                    + "# Out of bounds values : 3 FAILED\n"
                    + "# Avg bus bandwidth    : 0.001\n";
            Finding f = only(text(out), "NCCL_TESTS_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.detail().key()).isEqualTo("tests.wrong");
            assertThat(lines(f)).containsExactly(11, 10);
        }

        // No corpus output hit the -T timeout (timeout-opt.txt finished in time).
        @Test
        void timeoutOfTheTest() {
            String out = "# nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
                    + "#\n# Using devices\n"
                    + "#  Rank  0 Group  0 Pid   1 on a device  0 [0000:1b:00] NVIDIA H100\n"
                    + "a: Test timeout (5s) common.cu:722\n";
            Finding f = only(text(out), "NCCL_TESTS_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
            assertThat(f.detail().key()).isEqualTo("tests.timeout");
        }

        @Test
        void argumentErrorMeasuredNothing() {
            Finding f = only(corpus("captured/h200-1gpu-variants/tests/bad-arg.txt"), "NCCL_TESTS_FAILED");
            assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
            assertThat(lines(f)).containsExactly(2);
        }
    }
}
