package io.ncclscope.sdk.diagnose.hangs;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The hang analyzer on the examples of examples/hangs (written by tools/hangs/make_examples.py from PyTorch's formats)
 * and the real gloo captures of examples/hangs/captured (tools/hangs/capture_gloo.py).
 */
class HangAnalyzerTest {

    private static final Path EXAMPLES = Path.of("../examples");

    private static Report analyze(String folder, Locale locale) throws Exception {
        Evidence e = NcclScope.evidence(EXAMPLES.resolve(folder));
        return NcclScope.analyze(e, locale);
    }

    private static List<String> codes(Report r) {
        return r.findings().stream().map(LocalizedFinding::code).toList();
    }

    @Test
    void aRankThatNeverEnteredIsNamedWithItsHostAndNotTheNetworkInTheFirstLine() throws Exception {
        Report r = analyze("hangs/rank-not-entered", Locale.ENGLISH);
        assertThat(codes(r)).contains("HANG_RANK_NOT_ENTERED").doesNotContain("NCCL_WATCHDOG_TIMEOUT");
        assertThat(codes(r).stream().filter(c -> c.startsWith("HANG_")).count()).isEqualTo(1);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_RANK_NOT_ENTERED");
        assertThat(f.subject().rank()).isEqualTo(5);
        assertThat(f.subject().node()).isEqualTo("node-b");
        assertThat(f.detail()).contains("Rank 5 (node-b, GPU 1").contains("collective 120").contains("Not the network");
        assertThat(f.actions()).anySatisfy(a -> assertThat(a.command()).isEqualTo("py-spy dump --pid 2105"));
        String first = Renderers.markdown(r).lines().filter(l -> !l.isBlank()).findFirst().orElseThrow();
        assertThat(first).contains("rank 5").contains("node-b").contains("not the network");
        Report zh = analyze("hangs/rank-not-entered", Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.findings().get(0).detail()).contains("rank 5").contains("不是网络问题");
    }

    @Test
    void theWatchdogLinesAloneNameTheRankThatNeverEntered() throws Exception {
        Evidence e = NcclScope.evidence(EXAMPLES.resolve("hangs/rank-not-entered/node-a/train.log"),
                EXAMPLES.resolve("hangs/rank-not-entered/node-b/train.log"));
        Report r = NcclScope.analyze(e, Options.DEFAULTS);
        assertThat(r.findings().get(0).code()).isEqualTo("HANG_RANK_NOT_ENTERED");
        assertThat(r.findings().get(0).subject().rank()).isEqualTo(5);
        assertThat(codes(r)).doesNotContain("NCCL_WATCHDOG_TIMEOUT");
    }

    @Test
    void aMismatchQuotesBothSides() throws Exception {
        Report r = analyze("hangs/mismatch", Locale.ENGLISH);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_COLLECTIVE_MISMATCH");
        assertThat(f.subject().rank()).isEqualTo(3);
        assertThat(f.detail()).contains("[[1024]]").contains("[[2048]]").contains("collective 57");
        assertThat(f.evidence()).hasSize(2);
        assertThat(codes(r)).doesNotContain("NCCL_WATCHDOG_TIMEOUT", "HANG_RANK_NOT_ENTERED");
    }

    @Test
    void aCollectiveAllEnteredAndNoneCompletedNamesTheNodeWithHostEvidence() throws Exception {
        Report r = analyze("hangs/stuck", Locale.ENGLISH);
        LocalizedFinding f = r.findings().stream().filter(x -> x.code().startsWith("HANG_")).findFirst().orElseThrow();
        assertThat(f.code()).isEqualTo("HANG_COLLECTIVE_STUCK");
        assertThat(f.subject().node()).isEqualTo("node-e");
        assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("Xid"));
        assertThat(codes(r)).doesNotContain("NCCL_WATCHDOG_TIMEOUT", "HANG_RANK_NOT_ENTERED");
    }

    @Test
    void realGlooMonitoredBarrierNamesTheRankThatNeverArrived() throws Exception {
        Report r = analyze("hangs/captured/monitored-barrier", Locale.ENGLISH);
        LocalizedFinding f = r.findings().stream().filter(x -> x.code().startsWith("HANG_")).findFirst().orElseThrow();
        assertThat(f.code()).isEqualTo("HANG_RANK_NOT_ENTERED");
        assertThat(f.subject().rank()).isEqualTo(2);
        assertThat(f.detail()).contains("rank(s) 2").contains("5000 ms");
    }

    @Test
    void realGlooMismatchQuotesBothFingerprints() throws Exception {
        Report r = analyze("hangs/captured/mismatch", Locale.ENGLISH);
        LocalizedFinding f = r.findings().stream().filter(x -> x.code().startsWith("HANG_")).findFirst().orElseThrow();
        assertThat(f.code()).isEqualTo("HANG_COLLECTIVE_MISMATCH");
        assertThat(f.subject().rank()).isEqualTo(1);
        assertThat(f.detail()).contains("TensorShape=[10]").contains("TensorShape=[20]");
    }

    /** PyTorch 2.11, gloo, 4 ranks: rank 1 all-reduces 20 elements, the others 10; only the dumps tell (rank 0 died). */
    @Test
    void realTorch211MismatchIsToldFromTheDumpsAlone() throws Exception {
        Report r = analyze("hangs/captured-2.11/gloo-mismatch", Locale.ENGLISH);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_COLLECTIVE_MISMATCH");
        assertThat(f.subject().rank()).isEqualTo(1);
        assertThat(f.detail()).contains("collective 5").contains("[[10]]").contains("[[20]]");
        assertThat(f.evidence()).extracting(l -> l.artifact()).containsExactlyInAnyOrder("rank1.pkl", "rank2.pkl");
        assertThat(codes(r)).doesNotContain("HANG_COLLECTIVE_STUCK", "HANG_RANK_NOT_ENTERED", "HANG_RANK_DIED");
    }

    /** PyTorch 2.11, gloo: rank 3 skipped an all_reduce; its dump stops one collective short of the others'. */
    @Test
    void realTorch211SkippedCollectiveNamesTheRankThatNeverEnteredIt() throws Exception {
        Report r = analyze("hangs/captured-2.11/gloo-skip", Locale.ENGLISH);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_RANK_NOT_ENTERED");
        assertThat(f.subject().rank()).isEqualTo(3);
        assertThat(f.detail()).contains("collective 7").contains("last enqueued collective is 6").contains("Not the network");
        assertThat(codes(r)).doesNotContain("HANG_COLLECTIVE_MISMATCH", "HANG_COLLECTIVE_STUCK");
    }

    /**
     * Dumps that agree (every rank enqueued as far, gloo keeps no states) name nobody by themselves: the late rank of
     * gloo-sleep is named from its logs (realTorch211LateRankIsNamedFromItsPeersTimeouts).
     */
    @Test
    void realTorch211DumpsThatAgreeNameNoRank(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path from = Path.of("../examples/hangs/captured-2.11/gloo-sleep");
        for (int rank = 0; rank < 4; rank++) {
            java.nio.file.Files.copy(from.resolve("rank" + rank + ".pkl"), dir.resolve("rank" + rank + ".pkl"));
        }
        Report r = NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH);
        assertThat(codes(r)).noneMatch(c -> c.startsWith("HANG_"));
    }

    /**
     * PyTorch 2.11 with NCCL 2.28.9, one rank: an all_reduce queued behind a GPU kernel spinning 120 s; the real
     * watchdog timeout and the watchdog's own dump. Told apart from a mismatch and from a rank that never entered: the
     * GPU side, not the network.
     */
    @Test
    void realNcclStuckBehindAGpuKernelIsTheGpuSideNotTheNetwork() throws Exception {
        for (Locale locale : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = analyze("hangs/captured-2.11/nccl-stuck", locale);
            LocalizedFinding f = r.findings().get(0);
            assertThat(f.code()).isEqualTo("HANG_COLLECTIVE_STUCK");
            assertThat(f.subject().rank()).isEqualTo(0);
            assertThat(f.subject().node()).isEqualTo("vm");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("WorkNCCL(SeqNum=4"));
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("collective_seq_id=4").contains("scheduled"));
            assertThat(f.detail()).contains(locale == Locale.ENGLISH ? "Not the network" : "不是网络");
            assertThat(codes(r)).doesNotContain("NCCL_WATCHDOG_TIMEOUT", "HANG_COLLECTIVE_MISMATCH", "HANG_RANK_NOT_ENTERED");
        }
    }

    /**
     * corpus-more nccl-logs/nccl-1911-1 (NVIDIA/nccl issue 1911): RAS lists ranks 12 and 13 at AllGather operation 641
     * while 30 ranks stopped at 640. RAS lists the smaller group, here the ranks ahead: the 30 others never entered
     * 641. Named from the communicator's 32 ranks, never a network code.
     */
    @Test
    void aRasMismatchListingTheRanksAheadNamesTheOthersAsNeverEntering() throws Exception {
        Path file = Path.of("../../shared/corpus-more/nccl-logs/nccl-1911-1.txt");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(file), "corpus-more not present");
        for (Locale locale : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = NcclScope.analyze(NcclScope.evidence(file), locale);
            LocalizedFinding f = r.findings().get(0);
            assertThat(f.code()).isEqualTo("HANG_RANK_NOT_ENTERED");
            assertThat(f.subject().rank()).isEqualTo(0);
            assertThat(f.detail()).contains("12, 13").contains("641").contains("640").contains("30")
                    .contains(locale == Locale.ENGLISH ? "Not the network" : "不是网络");
            assertThat(codes(r)).doesNotContain("NCCL_CONNECT_FAILED", "NCCL_REMOTE_ERROR", "IB_COMPLETION_ERROR");
        }
    }

    /** NCCL's RAS report alone names the rank that launched fewer collectives, with its node and GPU from RAS. */
    @Test
    void theRasReportAloneNamesTheRankBehindWithItsNode() throws Exception {
        for (Locale locale : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = analyze("hangs/ras", locale);
            LocalizedFinding f = r.findings().get(0);
            assertThat(f.code()).isEqualTo("HANG_RANK_NOT_ENTERED");
            assertThat(f.subject().rank()).isEqualTo(5);
            assertThat(f.subject().node()).isEqualTo("10.0.0.12");
            assertThat(f.detail()).contains("119").contains("120").contains("10.0.0.12, GPU 1, pid 2105")
                    .contains(locale == Locale.ENGLISH ? "Not the network" : "不是网络");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("MISMATCH"));
        }
    }

    /** A RAS report whose issues name the hang counts for the hangs check: the report does not say it was not looked at. */
    @Test
    void aRasReportThatNamesTheHangCountsForTheHangsCheck() throws Exception {
        Report r = analyze("hangs/ras", Locale.ENGLISH);
        io.ncclscope.sdk.report.Coverage.Check hangs = hangsCheck(r);
        assertThat(hangs.checked()).isTrue();
        assertThat(hangs.inputs()).containsExactly("nccl-ras");
        assertThat(Renderers.markdown(r)).contains("Checked: hangs.");
    }

    /**
     * The real RAS status asked while examples/hangs/captured-2.11/nccl-stuck hung reads RUNNING and OK: RAS compares
     * the collectives each rank launched, not whether they completed. Alone, it vouches for nothing: hangs stay not
     * checked and the verdict inconclusive, never healthy.
     */
    @Test
    void aRasReportThatFindsNothingDoesNotVouchForAHungJob() throws Exception {
        for (String name : List.of("ras.txt", "ras-verbose.txt", "ras.json")) {
            Report r = NcclScope.analyze(NcclScope.evidence(EXAMPLES.resolve("hangs/captured-2.11/nccl-stuck/" + name)), Locale.ENGLISH);
            assertThat(r.inputs().kinds()).as(name).containsOnlyKeys("nccl-ras");
            assertThat(hangsCheck(r).checked()).as(name).isFalse();
            assertThat(r.verdict()).as(name).isEqualTo(io.ncclscope.sdk.report.Verdict.INCONCLUSIVE);
        }
    }

    private static io.ncclscope.sdk.report.Coverage.Check hangsCheck(Report r) {
        return r.coverage().checks().stream().filter(c -> c.family() == io.ncclscope.sdk.report.CheckFamily.HANGS)
                .findFirst().orElseThrow();
    }

    /** PyTorch's DETAIL fingerprint check explains the hang: its own wrapper group's dumps do not add a second one. */
    @Test
    void realTorch211DetailMismatchIsOneFinding() throws Exception {
        Report r = analyze("hangs/captured-2.11/gloo-mismatch-detail", Locale.ENGLISH);
        assertThat(codes(r).stream().filter(c -> c.startsWith("HANG_"))).containsExactly("HANG_COLLECTIVE_MISMATCH");
    }

    /** The chat cards' first line (Slack's notification text, Feishu's first block) names the rank and its host. */
    @Test
    void theChatCardsFirstLineNamesTheRankAndItsHost() throws Exception {
        Report r = NcclScope.analyze(Options.DEFAULTS, EXAMPLES.resolve("hangs/rank-not-entered"));
        for (io.ncclscope.sdk.Format format : List.of(io.ncclscope.sdk.Format.SLACK, io.ncclscope.sdk.Format.FEISHU)) {
            String card = NcclScope.render(r, format);
            String first = format == io.ncclscope.sdk.Format.SLACK
                    ? card.substring(card.indexOf("\"text\":\"") + 8, card.indexOf("\",\"blocks\""))
                    : card.substring(card.indexOf("\"content\":\"1 problem"), card.indexOf("\"}", card.indexOf("\"content\":\"1 problem")));
            assertThat(first).as(format.toString()).contains("not the network").contains("node-b rank 5");
        }
    }

    /**
     * PyTorch 2.11, gloo, 4 ranks on one machine: rank 2 SIGKILLs itself before the 4th all_reduce (exit -9, no dump);
     * ranks 0, 1 and 3 print gloo's "Connection closed by peer" and "Connection reset by peer" for 127.0.0.1. The first
     * finding names rank 2 as dead, on the survivors' own host, in both languages, with their three lines.
     */
    @Test
    void realTorch211KilledRankIsNamedFirstAsDeadNotTheNetwork() throws Exception {
        Report r = analyze("hangs/captured-2.11/gloo-killed", Locale.ENGLISH);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_RANK_DIED");
        assertThat(f.subject().rank()).isEqualTo(2);
        assertThat(f.detail()).startsWith("Rank 2 (on the host of ranks 0, 1, 3, which reached it at 127.0.0.1) died")
                .contains("Not the network");
        assertThat(f.evidence()).extracting(l -> l.artifact()).containsExactly("rank0.log", "rank1.log", "rank3.log");
        assertThat(f.evidence().get(0).text()).contains("Connection closed by peer [127.0.0.1]:19133");
        assertThat(codes(r).stream().filter(c -> c.startsWith("HANG_"))).containsExactly("HANG_RANK_DIED");
        String first = Renderers.markdown(r).lines().filter(l -> !l.isBlank()).findFirst().orElseThrow();
        assertThat(first).contains("process died").contains("rank 2");
        Report zh = analyze("hangs/captured-2.11/gloo-killed", Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.findings().get(0).detail()).startsWith("Rank 2（与 rank 0, 1, 3 在同一台主机上").contains("不是网络问题");
    }

    /**
     * PyTorch 2.11, gloo, 4 ranks: rank 1 sleeps 40 s in Python before the 4th all_reduce; ranks 0, 2 and 3 time out
     * after 10 s ("Timed out waiting 10000ms for recv/send operation"), and rank 1, waking, finds its peers gone
     * ("Connection closed by peer"). Its dump caught up, so no Flight Recorder names it: the lines do. Never healthy.
     */
    @Test
    void realTorch211LateRankIsNamedFromItsPeersTimeouts() throws Exception {
        Report r = analyze("hangs/captured-2.11/gloo-sleep", Locale.ENGLISH);
        assertThat(r.verdict()).isNotEqualTo(io.ncclscope.sdk.report.Verdict.HEALTHY);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_RANK_NOT_ENTERED");
        assertThat(f.subject().rank()).isEqualTo(1);
        assertThat(f.detail()).startsWith("Rank(s) 1 came late: 3 other rank(s) (0, 2, 3) waited 10000 ms")
                .contains("Not the network");
        assertThat(f.evidence()).extracting(l -> l.artifact()).containsExactly("rank1.log", "rank0.log", "rank2.log", "rank3.log");
        assertThat(f.evidence().get(0).text()).contains("Connection closed by peer");
        Report zh = analyze("hangs/captured-2.11/gloo-sleep", Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.findings().get(0).detail()).startsWith("rank 1 来晚了").contains("不是网络问题");
    }

    /** Two nodes' NCCL logs: ranks 0-4, 6 and 7 lose their sockets to 10.0.0.2 (node-b), rank 5 prints nothing more. */
    @Test
    void ncclConnectionsClosedByOneDeadPeerNameItsRankAndHost(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        writeNcclJob(dir, null);
        Report r = NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("HANG_RANK_DIED");
        assertThat(f.subject().rank()).isEqualTo(5);
        assertThat(f.subject().node()).isEqualTo("node-b");
        assertThat(f.detail()).startsWith("Rank 5 (node-b, GPU 1").contains("7 other rank(s)").contains("10.0.0.2");
        assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("Connection closed by remote peer 10.0.0.2<42830>"));
    }

    /** The same job where rank 5 failed with an error of its own first: it did not die silently, so it is not named dead. */
    @Test
    void aPeerWithAnErrorOfItsOwnIsNotNamedDead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        writeNcclJob(dir, "node-b:1005:1030 [1] enqueue.cc:1556 NCCL WARN Cuda failure 'an illegal memory access was encountered'\n");
        Report r = NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH);
        assertThat(codes(r)).doesNotContain("HANG_RANK_DIED");
    }

    /** Lost connections from the logs of part of a job only (2 of 8 ranks): too many silent ranks to name one. */
    @Test
    void lostConnectionsFromPartOfTheJobNameNobody(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("rank0.log"), "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] "
                + "Connection closed by peer [10.0.0.9]:1\n", java.nio.charset.StandardCharsets.UTF_8);
        java.nio.file.Files.writeString(dir.resolve("rank1.log"), "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] "
                + "Read error [10.0.0.9]:2: Connection reset by peer\n", java.nio.charset.StandardCharsets.UTF_8);
        for (int rank = 2; rank < 8; rank++) {
            java.nio.file.Files.writeString(dir.resolve("rank" + rank + ".log"), "starting\n", java.nio.charset.StandardCharsets.UTF_8);
        }
        assertThat(codes(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH))).doesNotContain("HANG_RANK_DIED");
    }

    /**
     * PyTorch's fr_trace check "COLLECTIVE_STATE_MISMATCH" (docs/hangs-vs-fr-trace.md): ranks 0-2 completed collective
     * 88 and started 89, rank 3 is still in 88. fr_trace names rank 3 as the culprit; the dumps alone used to read
     * HEALTHY here. Rank 3 entered 88, so it is not the CPU side: what holds it is its GPU or its own link.
     */
    @Test
    void aRankThatNeverCompletedWhatItsPeersCompletedIsNamed(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (int rank = 0; rank < 3; rank++) writeDump(dir, rank, 89, 89);
        writeDump(dir, 3, 88, 88);
        for (Locale locale : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = NcclScope.analyze(NcclScope.evidence(dir), locale);
            LocalizedFinding f = r.findings().get(0);
            assertThat(f.code()).isEqualTo("HANG_COLLECTIVE_STUCK");
            assertThat(f.subject().rank()).isEqualTo(3);
            assertThat(f.detail()).contains(locale == Locale.ENGLISH ? "completed on 3 rank(s) (0, 1, 2)" : "3 个 rank（0, 1, 2）")
                    .contains("started");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.artifact()).isEqualTo("nccl_trace_rank_3.json"))
                    .anySatisfy(l -> assertThat(l.text()).contains("collective_seq_id=88").contains("completed"));
            assertThat(codes(r)).doesNotContain("HANG_RANK_NOT_ENTERED");
        }
    }

    /**
     * NCCL dumps alone where all four ranks started collective 88 and none completed it: the group's size comes from
     * the dumps' pg_config (no NCCL log gives it), so this is a stuck collective, never HEALTHY. fr_trace prints
     * nothing here (it does not check states: "the script omits checking the 'status' of collectives").
     */
    @Test
    void dumpsAloneOfACollectiveNoRankCompletedAreAStuckCollective(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (int rank = 0; rank < 4; rank++) writeDump(dir, rank, 88, 88);
        Report r = NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH);
        assertThat(r.verdict()).isNotEqualTo(io.ncclscope.sdk.report.Verdict.HEALTHY);
        assertThat(codes(r)).containsExactly("HANG_COLLECTIVE_STUCK");
        assertThat(r.findings().get(0).detail()).startsWith("All 4 ranks of process group 0 entered collective 88");
    }

    /**
     * Rank 3's dump lists process group 0 as ranks 0-2, the others' as 0-3, and rank 3 stands in collective 88 that
     * the others completed: the group was built differently on rank 3, which explains the hang better than its lagging
     * (before this check: HANG_COLLECTIVE_STUCK). fr_trace stops here on an assertion.
     */
    @Test
    void ranksWhoseDumpsDisagreeOnTheGroupsMembersAreAMismatch(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (int rank = 0; rank < 3; rank++) writeDump(dir, rank, 89, 89);
        writeDump(dir, 3, 88, 88, "[0, 1, 2]", ALL_REDUCE);
        for (Locale locale : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = NcclScope.analyze(NcclScope.evidence(dir), locale);
            assertThat(codes(r)).containsExactly("HANG_COLLECTIVE_MISMATCH");
            LocalizedFinding f = r.findings().get(0);
            assertThat(f.subject().rank()).isEqualTo(3);
            assertThat(f.detail()).contains("default_pg [0, 1, 2, 3]").contains("default_pg [0, 1, 2]")
                    .contains(locale == Locale.ENGLISH ? "Not the network" : "不是网络问题");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.artifact()).isEqualTo("nccl_trace_rank_3.json"));
        }
    }

    /** Dumps that list the same members with other spacing agree: nothing moves from the stuck collective. */
    @Test
    void membersWrittenWithOtherSpacingAgree(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (int rank = 0; rank < 3; rank++) writeDump(dir, rank, 88, 88);
        writeDump(dir, 3, 88, 88, "[0,1,2,3]", ALL_REDUCE);
        assertThat(codes(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH))).containsExactly("HANG_COLLECTIVE_STUCK");
    }

    /**
     * Ranks 0-1 list group 0 as [0, 1], ranks 2-3 as [2, 3]: disjoint subgroups under one name, as split_group makes
     * them (fr_trace keys them by name and members), not a disagreement.
     */
    @Test
    void disjointSubgroupsUnderOneNameAreNoDisagreement(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (int rank = 0; rank < 4; rank++) writeDump(dir, rank, 88, 88, rank < 2 ? "[0, 1]" : "[2, 3]", ALL_REDUCE);
        assertThat(codes(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH))).doesNotContain("HANG_COLLECTIVE_MISMATCH");
    }

    /**
     * A process's pg_id counts only the groups it is in, the group's name counts every group created: entry pg_id 1 is
     * group "3" (ranks 0-1) here, while group "1" has 8 ranks. The all_gather of 16 into 32 keeps its rule in group "3";
     * judged by group "1" it would not.
     */
    @Test
    void anEntrysGroupSizeIsTakenByItsGroupsName(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String json = "{\"version\": \"2.10\", \"pg_config\": {\"1\": {\"name\": \"1\", \"desc\": \"dp\", \"ranks\": "
                + "\"[0, 1, 2, 3, 4, 5, 6, 7]\"}, \"3\": {\"name\": \"3\", \"desc\": \"tp\", \"ranks\": \"[0, 1]\"}}, "
                + "\"entries\": [{\"record_id\": 0, \"pg_id\": 1, \"process_group\": [\"3\", \"tp\"], \"collective_seq_id\": 5, "
                + "\"p2p_seq_id\": 0, \"op_id\": 5, \"profiling_name\": \"nccl:_all_gather_base\", \"time_created_ns\": 1, "
                + "\"input_sizes\": [[16]], \"input_dtypes\": [\"Float\"], \"output_sizes\": [[32]], \"output_dtypes\": [\"Float\"], "
                + "\"state\": \"started\", \"retired\": false, \"timeout_ms\": 600000, \"is_p2p\": false}]}\n";
        java.nio.file.Files.writeString(dir.resolve("nccl_trace_rank_0.json"), json, java.nio.charset.StandardCharsets.UTF_8);
        assertThat(codes(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH))).doesNotContain("HANG_COLLECTIVE_MISMATCH");
        java.nio.file.Files.writeString(dir.resolve("nccl_trace_rank_0.json"), json.replace("[[32]]", "[[64]]"),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(codes(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH))).contains("HANG_COLLECTIVE_MISMATCH");
    }

    /**
     * Only rank 2 left a dump, and its last collective is an all_gather of 1,024 elements into 2,048 in a group of 4
     * ranks: the operation's own rule (output = input x group size) is broken, so no peer can match it. Before this
     * check one rank's dump alone said nothing.
     */
    @Test
    void anAllGatherBreakingItsOwnSizeRuleIsAMismatchFromOneDump(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        writeDump(dir, 2, 89, 89, "[0, 1, 2, 3]", "\"profiling_name\": \"nccl:_all_gather_base\", \"input_sizes\": [[1024]], "
                + "\"input_dtypes\": [\"Float\"], \"output_sizes\": [[2048]], \"output_dtypes\": [\"Float\"]");
        for (Locale locale : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = NcclScope.analyze(NcclScope.evidence(dir), locale);
            assertThat(codes(r)).containsExactly("HANG_COLLECTIVE_MISMATCH");
            LocalizedFinding f = r.findings().get(0);
            assertThat(f.subject().rank()).isEqualTo(2);
            assertThat(f.detail()).contains("4096").contains("2048").contains("89");
            assertThat(f.evidence()).anySatisfy(l -> assertThat(l.text()).contains("collective_seq_id=89").contains("_all_gather_base"));
        }
    }

    /**
     * Every rank recorded the same reduce_scatter, whose input is not its output times the group size, and none
     * completed it: the ranks agree with each other, so only the operation's own rule tells the program is at fault
     * (before: HANG_COLLECTIVE_STUCK, the GPU or network side). A list all_gather that keeps the rule, and an
     * all_reduce whose output dtype differs from its input, are checked too.
     */
    @Test
    void ownRulesOfReduceScatterAllGatherListsAndDtypes(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String scatter = "\"profiling_name\": \"nccl:_reduce_scatter_base\", \"input_sizes\": [[4096]], "
                + "\"input_dtypes\": [\"Float\"], \"output_sizes\": [[2048]], \"output_dtypes\": [\"Float\"]";
        for (int rank = 0; rank < 4; rank++) writeDump(dir, rank, 88, 88, "[0, 1, 2, 3]", scatter);
        Report r = NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH);
        assertThat(codes(r)).containsExactly("HANG_COLLECTIVE_MISMATCH");
        assertThat(r.findings().get(0).detail()).contains("reduce_scatter must take 8192 input elements").contains("takes 4096");
        String list = "\"profiling_name\": \"nccl:all_gather\", \"input_sizes\": [[16]], \"input_dtypes\": [\"Float\"], "
                + "\"output_sizes\": [[16], [16], [16], [16]], \"output_dtypes\": [\"Float\", \"Float\", \"Float\", \"Float\"]";
        for (int rank = 0; rank < 4; rank++) writeDump(dir, rank, 88, 88, "[0, 1, 2, 3]", list);
        assertThat(codes(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH))).containsExactly("HANG_COLLECTIVE_STUCK");
        String dtypes = "\"profiling_name\": \"nccl:all_reduce\", \"input_sizes\": [[16]], \"input_dtypes\": [\"Float\"], "
                + "\"output_sizes\": [[16]], \"output_dtypes\": [\"BFloat16\"]";
        for (int rank = 0; rank < 4; rank++) writeDump(dir, rank, 88, 88, "[0, 1, 2, 3]", dtypes);
        Report zh = NcclScope.analyze(NcclScope.evidence(dir), Locale.SIMPLIFIED_CHINESE);
        assertThat(codes(zh)).containsExactly("HANG_COLLECTIVE_MISMATCH");
        assertThat(zh.findings().get(0).detail()).contains("数据类型不同").contains("BFloat16");
    }


    /**
     * Rank 3's dump was written by another build (format 2.9, NCCL 2.20.3) than the others' (2.10, 2.21.5): no hang by
     * itself, so the stuck collective stays the finding, and it quotes the disagreement on rank 3's dump.
     */
    @Test
    void dumpsOfDifferentVersionsAreQuotedInTheHangFinding(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (int rank = 0; rank < 4; rank++) writeDump(dir, rank, 88, 88);
        for (int rank = 0; rank < 4; rank++) {
            Path file = dir.resolve("nccl_trace_rank_" + rank + ".json");
            String json = java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
            String written = rank == 3 ? "\"version\": \"2.9\", \"comm_lib_version\": \"2.20.3\""
                    : "\"version\": \"2.10\", \"comm_lib_version\": \"2.21.5\"";
            java.nio.file.Files.writeString(file, json.replace("\"version\": \"2.10\"", written), java.nio.charset.StandardCharsets.UTF_8);
        }
        Report r = NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH);
        assertThat(codes(r)).containsExactly("HANG_COLLECTIVE_STUCK");
        assertThat(r.findings().get(0).evidence()).anySatisfy(l -> {
            assertThat(l.artifact()).isEqualTo("nccl_trace_rank_3.json");
            assertThat(l.text()).isEqualTo("version=2.9 on rank(s) 3; version=2.10 on rank(s) 0, 1, 2");
        }).anySatisfy(l -> assertThat(l.text()).isEqualTo("comm_lib_version=2.20.3 on rank(s) 3; "
                + "comm_lib_version=2.21.5 on rank(s) 0, 1, 2"));
        // gloo writes an empty comm_lib_version: it disagrees with nothing.
        for (int rank = 0; rank < 3; rank++) {
            Path file = dir.resolve("nccl_trace_rank_" + rank + ".json");
            String json = java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
            java.nio.file.Files.writeString(file, json.replace("\"2.10\", \"comm_lib_version\": \"2.21.5\"",
                    "\"2.9\", \"comm_lib_version\": \"\""), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertThat(NcclScope.analyze(NcclScope.evidence(dir), Locale.ENGLISH).findings().get(0).evidence())
                .noneSatisfy(l -> assertThat(l.text()).contains("on rank(s)"));
    }

    /**
     * A 4-rank NCCL Flight Recorder dump in JSON: all_reduce collectives 86 up to {@code last}, completed before
     * {@code open}, {@code open} itself started.
     */
    private static void writeDump(Path dir, int rank, long open, long last) throws java.io.IOException {
        writeDump(dir, rank, open, last, "[0, 1, 2, 3]", ALL_REDUCE);
    }

    /** The all_reduce every written entry records unless told otherwise. */
    private static final String ALL_REDUCE = "\"profiling_name\": \"nccl:all_reduce\", \"input_sizes\": [[65536]], "
            + "\"input_dtypes\": [\"Float\"], \"output_sizes\": [[65536]], \"output_dtypes\": [\"Float\"]";

    /** As above, with the group's members as {@code pg_config} lists them and the last entry's operation, sizes and dtypes. */
    private static void writeDump(Path dir, int rank, long open, long last, String members, String lastOp)
            throws java.io.IOException {
        StringBuilder entries = new StringBuilder();
        for (long seq = 86; seq <= last; seq++) {
            String state = seq < open ? "completed" : seq == open ? "started" : "scheduled";
            if (entries.length() > 0) entries.append(", ");
            entries.append("{\"record_id\": ").append(seq - 86).append(", \"pg_id\": 0, \"process_group\": [\"0\", \"default_pg\"], ")
                    .append("\"collective_seq_id\": ").append(seq).append(", \"p2p_seq_id\": 0, \"op_id\": ").append(seq)
                    .append(", \"time_created_ns\": ").append(seq * 1000).append(", ").append(seq == last ? lastOp : ALL_REDUCE)
                    .append(", \"state\": \"").append(state).append("\", \"retired\": ")
                    .append(seq < open).append(", \"timeout_ms\": 600000, \"is_p2p\": false}");
        }
        String json = "{\"version\": \"2.10\", \"pg_config\": {\"0\": {\"name\": \"0\", \"desc\": \"default_pg\", "
                + "\"ranks\": \"" + members + "\"}}, \"pg_status\": {\"0\": {\"last_enqueued_collective\": " + last
                + ", \"last_started_collective\": " + last + ", \"last_completed_collective\": " + (open - 1) + "}}, "
                + "\"entries\": [" + entries + "]}\n";
        java.nio.file.Files.writeString(dir.resolve("nccl_trace_rank_" + rank + ".json"), json, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Node logs of an 8-rank job on node-a (10.0.0.1, ranks 0-3) and node-b (10.0.0.2, ranks 4-7); rank 5 goes silent. */
    private static void writeNcclJob(Path dir, String rank5Extra) throws java.io.IOException {
        for (int node = 0; node < 2; node++) {
            String host = node == 0 ? "node-a" : "node-b";
            StringBuilder log = new StringBuilder();
            for (int r = node * 4; r < node * 4 + 4; r++) {
                int gpu = r % 4;
                String prefix = host + ":" + (1000 + r) + ":" + (1000 + r) + " [" + gpu + "] ";
                log.append(prefix).append("NCCL INFO Bootstrap : Using eth0:10.0.0.").append(node + 1).append("<0>\n");
                log.append(prefix).append("NCCL INFO comm 0x55d0c0a").append(r).append(" rank ").append(r)
                        .append(" nranks 8 cudaDev ").append(gpu).append(" nvmlDev ").append(gpu).append(" busId ")
                        .append(Integer.toHexString(0x18 + 0x10 * gpu)).append("000 commId 0x7f3a9c1e2b4d6e8f - Init COMPLETE\n");
            }
            for (int r = node * 4; r < node * 4 + 4; r++) {
                String warn = host + ":" + (1000 + r) + ":" + (1020 + r) + " [" + (r % 4) + "] ";
                if (r == 5) {
                    if (rank5Extra != null) log.append(rank5Extra);
                    continue;
                }
                log.append(warn).append("misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer 10.0.0.2<42830>\n");
                log.append(warn).append("NCCL INFO misc/socket.cc:749 -> 6\n");
            }
            Path folder = dir.resolve(host);
            java.nio.file.Files.createDirectories(folder);
            java.nio.file.Files.writeString(folder.resolve("train.log"), log, java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
