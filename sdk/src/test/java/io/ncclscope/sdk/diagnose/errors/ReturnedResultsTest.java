package io.ncclscope.sdk.diagnose.errors;

import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.cause;
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
 * The result a failed chain returned to the application is a finding beside its cause, tied to it; and the failures
 * whose cause is in another rank's log say which log to read. Inputs written from NCCL's own texts (misc/ibvwrap.cc,
 * graph/xml.h, proxy.cc, transport/coll_net.cc), nccl's NCCLCHECK example and PyTorch's c10d TCPStore messages; the
 * corpus-more files that showed each family are named where they come in.
 */
class ReturnedResultsTest {

    @Test
    void anIbSetupFailureThatReturnedASystemErrorNamesBoth() {
        // corpus-more nccl-562-1: 'Call to ibv_create_qp failed', then '-> 2' up to group.cc.
        String log = "n1:10:20 [4] misc/ibvwrap.cc:130 NCCL WARN Call to ibv_create_qp failed\n"
                + "n1:10:20 [4] NCCL INFO transport/net_ib.cc:196 -> 2\n"
                + "n1:10:20 [4] NCCL INFO init.cc:878 -> 2\n"
                + "n1:10:20 [4] NCCL INFO group.cc:72 -> 2 [Async thread]\n";
        List<Finding> fs = text(log);
        Finding setup = cause(fs, "IB_SETUP_FAILED", "NCCL_SYSTEM_ERROR");
        assertThat(setup.severity()).isEqualTo(FindingSeverity.CRITICAL);
        Finding result = fs.get(1);
        assertThat(en(result)).contains("ncclSystemError", "IB_SETUP_FAILED", "Call to ibv_create_qp failed");
        // The last '-> 2' line (what went back to the application), then the cause's own line.
        assertThat(lines(result)).containsExactly(4, 1);
        assertThat(result.detail().render(Locale.SIMPLIFIED_CHINESE)).contains("ncclSystemError", "IB_SETUP_FAILED");
    }

    @Test
    void aFallbackThatReturnedAnErrorCodeInsideNcclIsNoResultFinding() {
        // corpus-more nccl-1050-1: CollNet setup fails with '-> 2' and NCCL goes on without it.
        String log = "n1:10:20 [7] sharp_plugin.c:320 NCCL WARN NET/IB : SHARP coll init error: Cannot create SHARP job(-11)\n"
                + "n1:10:20 [7] NCCL INFO transport.cc:291 -> 2\n"
                + "n1:10:20 [7] init.cc:1010 NCCL WARN Cannot initialize CollNet, using point-to-point network instead\n";
        assertThat(text(log)).extracting(Finding::code).doesNotContain("NCCL_SYSTEM_ERROR");
    }

    @Test
    void outOfMemoryIsTheCudaErrorItReturnsNamed() {
        String log = "n1:10:20 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n"
                + "n1:10:20 [0] NCCL INFO init.cc:400 -> 1\n";
        assertThat(only(text(log), "NCCL_OUT_OF_MEMORY").severity()).isEqualTo(FindingSeverity.CRITICAL);
    }

    @Test
    void theRetcodeAProxyWarnPrintsIsTheResult() {
        // corpus-more nccl-914-1: src/proxy.cc 'Failed to execute operation Connect from rank N, retcode 2'.
        String log = "h:22337:22453 [6] NCCL INFO misc/socket.cc:373 -> 2\n"
                + "h:22337:22453 [6] proxy.cc:1097 NCCL WARN [Proxy Service 14] Failed to execute operation Connect from rank 14, retcode 2\n";
        List<Finding> fs = text(log);
        cause(fs, "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
    }

    @Test
    void aLogWithoutPrefixesStillHasItsReturnTrace() {
        // corpus-more nccl-379-1: WARN and INFO lines with no host:pid:tid.
        String log = "graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found\n"
                + "NCCL INFO graph/topo.cc:380 -> 3\n"
                + "NCCL INFO init.cc:581 -> 3\n";
        Finding topo = cause(text(log), "NCCL_TOPO_FILE_INVALID", "NCCL_INTERNAL_ERROR");
        assertThat(topo.detail().key()).startsWith("topo.file.attr");
    }

    @Test
    void anApplicationsNcclCheckReportJoinsTheCauseAndNamesTheResult() {
        // corpus-more nccl-111-1; the NCCLCHECK macro of NCCL's examples prints 'NCCL failure file:line 'reason''.
        String log = "node [0] include/socket.h:185 WARN Call to connect failed : Connection refused\n"
                + "NCCL failure train.cu:110 'unhandled system error'\n";
        List<Finding> fs = text(log);
        cause(fs, "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
        assertThat(lines(fs.get(1))).contains(2, 1);
    }

    @Test
    void anNcclCheckReportAloneIsTheResultItNames() {
        List<Finding> fs = text("NCCL failure train.cu:110 'internal error - please report this issue to the NCCL developers'\n");
        assertThat(only(fs, "NCCL_INTERNAL_ERROR").detail().key()).startsWith("report.internal");
    }

    @Test
    void aProcessThatOnlyReturnedAnErrorMakesTheSetupFailureFatal() {
        // corpus-more aws-ofi-nccl-24-1: rank 23 warns, rank 31 of the same run only returns '-> 2'.
        String log = "a:100:101 [7] NCCL INFO NET/OFI No NIC info for dev 0\n"
                + "a:100:101 [7] NCCL INFO include/net.h:24 -> 2\n"
                + "b:200:201 [7] create_nccl_ofi_component:459 NCCL WARN NET/OFI Couldn't open AV. RC: -22, ERROR: Invalid argument\n";
        Finding f = cause(text(log), "IB_SETUP_FAILED", "NCCL_SYSTEM_ERROR");
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        // Without the other process's '-> 2' the job may have gone on: a warning, and no result.
        assertThat(only(text(log.substring(log.indexOf("b:200"))), "IB_SETUP_FAILED").severity()).isEqualTo(FindingSeverity.WARNING);
    }

    @Test
    void aStoreThatDroppedItsConnectionPointsAtRankZerosLog() {
        // corpus-more sglang-20859-1, pytorch-131781-1: PyTorch's c10d TCPStore lost its server.
        String log = "[rank12]:[W318 10:00:41.915284135 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=135, "
                + "addr=[worker-1]:48750, remote=[master-0]:29500): Connection reset by peer\n"
                + "[rank15]: torch.distributed.DistBackendError: [15] is setting up NCCL communicator and retrieving ncclUniqueId "
                + "from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer\n";
        Finding f = only(text(log), "NCCL_REMOTE_ERROR");
        assertThat(f.detail().key()).startsWith("remote.store");
        assertThat(f.subject().peer()).isEqualTo("master-0");
        assertThat(en(f)).contains("master-0", "rank 0", "victim");
        assertThat(lines(f)).contains(1, 2);
    }

    @Test
    void aRefusedStoreConnectIsTheStoreStartingNotLost() {
        String log = "[W socket.cpp:663] [c10d] The client socket has failed to connect to [master-0]:29500 "
                + "(errno: 111 - Connection refused).\n";
        assertThat(text(log)).isEmpty();
    }

    @Test
    void aLostStoreAfterAnNcclCauseIsItsConsequence() {
        String log = "n1:10:20 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n"
                + "[rank3]:[W318 10:00:41.9 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=1, addr=[n2]:1, "
                + "remote=[n1]:29500): Connection reset by peer\n";
        Finding f = only(text(log), "NCCL_OUT_OF_MEMORY");
        assertThat(lines(f)).contains(1, 2);
    }
}
