package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.testing.PassChecks;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Chains joined across artifacts ({@link ChainGroups}) and the rank mapping of a communicator ({@link RankMappingCheck}),
 * both read artifact by artifact. No corpus file spreads one failure over several artifacts this way (a corpus file is
 * one paste): minimal logs written for each path, with NCCL's and PyTorch's line formats.
 */
class JoinTest {

    private final ErrorsAnalyzer analyzer = new ErrorsAnalyzer();

    private static final String REPORTS = ""
            + "[rank5]: torch.distributed.DistBackendError: NCCL error in: ../ProcessGroupNCCL.cpp:1691, unhandled system error "
            + "(run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5\n"
            + "[rank7]: torch.distributed.DistBackendError: NCCL error in: ../ProcessGroupNCCL.cpp:1691, remote process exited "
            + "or there was a network error, NCCL version 2.18.5\n"
            + "torch.distributed.DistBackendError: NCCL error in: ../ProcessGroupNCCL.cpp:1691, internal error, NCCL version 2.18.5\n";

    private static final String CONNECT = ""
            + "nodeB:200:200 [0] NCCL INFO ncclCommInitRank comm 0x20 rank 5 nranks 8 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xdef - Init START\n"
            + "nodeB:201:201 [1] NCCL INFO ncclCommInitRank comm 0x21 rank 7 nranks 8 cudaDev 1 nvmlDev 1 busId 2c000 commId 0xdef - Init START\n"
            + "nodeB:200:210 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.9<43211> failed : Connection timed out\n"
            + "nodeB:200:210 [0] NCCL INFO misc/socket.cc:565 -> 2\n"
            + "nodeB:201:211 [1] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.9<43211> failed : Connection refused\n";

    private static final String DUPLICATE = ""
            + "nodeE:500:500 [0] NCCL INFO ncclCommInitRank comm 0x50 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x5 - Init START\n"
            + "nodeE:501:501 [0] NCCL INFO ncclCommInitRank comm 0x51 rank 1 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x5 - Init START\n"
            + "nodeE:501:501 [0] init.cc:904 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1b000\n"
            + "nodeE:501:501 [0] NCCL INFO init.cc:1582 -> 5\n"
            + "nodeE:503:513 [3] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer nodeE<45123>\n";

    /** Peers that saw their sockets closed, with no cause of their own, and one process that only returned an error. */
    private static String consequences(String host) {
        return host + ":400:410 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer " + host + "<45123>\n"
                + host + ":401:411 [1] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer " + host + "<45124>\n"
                + host + ":402:412 [2] NCCL INFO transport/net.cc:1000 -> 6\n"
                + "[rank9]: torch.distributed.DistBackendError: NCCL error in: ../ProcessGroupNCCL.cpp:1691, unhandled system error "
                + "(run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5\n";
    }

    private List<Finding> analyze(Evidence e) {
        PassChecks.assertSameAsWhole(analyzer, e);
        return analyzer.analyze(e);
    }

    private static Finding only(List<Finding> fs, String code) {
        assertThat(fs).extracting(Finding::code).containsOnlyOnce(code);
        return fs.stream().filter(f -> f.code().equals(code)).findFirst().orElseThrow();
    }

    private static List<String> quoted(Finding f) {
        return f.evidence().stream().map(l -> l.artifact() + ":" + l.line()).toList();
    }

    @Test
    void aFailureReportJoinsTheChainOfItsRankEvenInALaterArtifact() {
        // Node a's reports come first in the evidence; the chains are node b's. Rank 5's report joins rank 5's chain,
        // which leads the group of the unreachable peer; rank 7's joins rank 7's, the group's second chain, so the
        // finding does not quote it; the report of no rank joins the evidence's first chain, rank 5's again.
        Evidence e = Evidence.builder().addText("a/reports.log", REPORTS, "a").addText("b/connect.log", CONNECT, "b").build();
        Finding f = only(analyze(e), Classifier.CONNECT);
        assertThat(f.detail().args()).containsEntry("who", "nodeB:200 [0] rank 5 (+1)");
        assertThat(quoted(f)).containsSubsequence("b/connect.log:3", "b/connect.log:4", "a/reports.log:1", "a/reports.log:3",
                "b/connect.log:5");
        assertThat(quoted(f)).doesNotContain("a/reports.log:2");
    }

    @Test
    void consequencesOfArtifactsWithNoCauseJoinTheEvidencesFirstChainInOrder() {
        // Node a comes before the chain's node m, node z after it: a's consequences, then m's own, then z's, then the
        // processes of m that only returned an error. The launcher's reports of a and z join the chain too.
        Evidence e = Evidence.builder()
                .addText("a/peers.log", consequences("nodeD"), "a")
                .addText("m/dup.log", DUPLICATE, "m")
                .addText("z/peers.log", consequences("nodeZ"), "z")
                .build();
        Finding f = only(analyze(e), Classifier.DUPLICATE);
        assertThat(f.detail().key()).isEqualTo("duplicate.then");
        assertThat(f.detail().args()).containsEntry("victims", "nodeD:400 [0], nodeD:401 [1], nodeE:503 [3] (+2)");
        assertThat(quoted(f)).containsSubsequence("m/dup.log:3", "m/dup.log:4", "a/peers.log:4", "z/peers.log:4", "a/peers.log:1",
                "a/peers.log:2", "m/dup.log:5");
    }

    @Test
    void oneGpuSharedInTwoArtifactsIsOneFindingOfBoth() {
        // The same host and bus id in two logs (two nodes' folders holding one host's logs): one group across artifacts.
        Evidence e = Evidence.builder().addText("m/dup.log", DUPLICATE, "m").addText("n/dup.log", DUPLICATE.replace("501", "601"), "n").build();
        Finding f = only(analyze(e), Classifier.DUPLICATE);
        assertThat(f.detail().args()).containsEntry("who", "nodeE:501 [0] rank 1 (+1)").containsEntry("ranks", "0, 1");
        assertThat(quoted(f)).contains("m/dup.log:3", "n/dup.log:3");
        assertThat(f.detail().args().get("victims")).isEqualTo("nodeE:503 [3]");
    }

    @Test
    void oneCauseInSeveralProcessesOfOneLogIsOneFinding() {
        // No peer to tell them apart: one finding per code and log, counting the other processes.
        String log = "nodeA:100:100 [0] bootstrap.cc:60 NCCL WARN Bootstrap : no socket interface found\n"
                + "nodeA:100:100 [0] NCCL INFO init.cc:100 -> 2\n"
                + "nodeA:101:101 [1] bootstrap.cc:60 NCCL WARN Bootstrap : no socket interface found\n"
                + "nodeA:102:102 [2] bootstrap.cc:60 NCCL WARN Bootstrap : no socket interface found\n";
        Finding f = only(analyze(Evidence.builder().addText("a/noiface.log", log, "a").build()), Classifier.NO_IFACE);
        assertThat(f.detail().args().get("who")).endsWith("(+2)");
        assertThat(quoted(f)).containsSubsequence("a/noiface.log:1", "a/noiface.log:2", "a/noiface.log:3", "a/noiface.log:4");
    }

    @Test
    void aRankInManyProcessesNamesTheFirstThreeAndCountsTheRest() {
        // Rank 3 of one communicator in 40 processes of 40 hosts: the finding names three places, counts the others,
        // and quotes the first six init lines of that rank, whichever node they come from.
        Evidence.Builder b = Evidence.builder();
        for (int i = 0; i < 40; i++) {
            String host = String.format("h%02d", i);
            b.addText(host + "/init.log", host + ":" + (10 + i) + ":" + (10 + i) + " [0] NCCL INFO ncclCommInitRank comm 0x" + (i + 1)
                    + " rank 3 nranks 8 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xbb - Init START\n", host);
        }
        Finding f = only(analyze(b.build()), Classifier.MAPPING);
        assertThat(f.detail().key()).isEqualTo("mapping.rankdup");
        assertThat(f.detail().args()).containsEntry("places", "h00:10, h01:11, h02:12 (+37)");
        assertThat(f.subject().node()).isEqualTo("h00");
        assertThat(f.evidence()).extracting(EvidenceLine::artifact)
                .containsExactly("h00/init.log", "h01/init.log", "h02/init.log", "h03/init.log", "h04/init.log", "h05/init.log");
    }

    @Test
    void ranksOnOneGpuQuoteAtMostAFindingsLines() {
        // Twenty ranks of one communicator on one GPU of one host, in two logs: one finding, every rank named.
        StringBuilder one = new StringBuilder();
        StringBuilder two = new StringBuilder();
        for (int r = 0; r < 20; r++) {
            (r % 2 == 0 ? one : two).append("hostG:").append(100 + r).append(':').append(100 + r).append(" [0] NCCL INFO ncclCommInitRank comm 0x")
                    .append(Integer.toHexString(r + 1)).append(" rank ").append(r).append(" nranks 20 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xcc - Init START\n");
        }
        Evidence e = Evidence.builder().addText("g/one.log", one.toString(), "g").addText("g/two.log", two.toString(), "g").build();
        Finding f = only(analyze(e), Classifier.DUPLICATE);
        assertThat(f.detail().key()).isEqualTo("duplicate.mapping");
        assertThat(f.detail().args().get("ranks")).startsWith("0, 1, 2, ").endsWith("18, 19");
        assertThat(f.evidence()).hasSize(Finding.MAX_EVIDENCE);
        assertThat(f.subject().rank()).isZero();
    }
}
