package io.ncclscope.sdk.diagnose.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the transport pass keeps across slices, and what its findings quote once the slices are gone. */
class TransportPassTest {

    @TempDir
    Path tmp;

    @Test
    void thePassKeepsNoNcclLogAndOneCopyOfTheHardwareRecordsNodesShare() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("c"), TestBundles.hosts(8));
        Pass pass = new TransportAnalyzer().pass();
        // Every node is the same capture: its topo record is equal on all eight, so the pass holds one of them.
        Map<String, Integer> kept = PassChecks.factsKeptByKind(root, pass::add);
        assertThat(kept).doesNotContainKeys("nccl-log", "nccl-tests").isNotEmpty().allSatisfy((kind, n) -> assertThat(n).isOne());
        assertThat(pass.finish()).isNotEmpty();
    }

    @Test
    void findingsQuoteTheLogsOwnLinesOnceEverySliceIsGone() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("q"), TestBundles.hosts(3));
        Pass pass = new TransportAnalyzer().pass();
        PassChecks.factsKeptByKind(root, pass::add);
        List<Finding> findings = pass.finish();
        List<EvidenceLine> lines = findings.stream().flatMap(f -> f.evidence().stream()).filter(l -> l.line() > 0).toList();
        assertThat(lines).isNotEmpty().allSatisfy(l -> assertThat(l.text())
                .isEqualTo(Files.readAllLines(root.resolve(l.artifact()), StandardCharsets.UTF_8).get(l.line() - 1)));
    }

    @Test
    void nodesWhoseLogsSayTheSameApartFromTheirNameKeepOneSummaryAndEachGetsItsOwnBack() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("s"), TestBundles.hosts(2));
        Evidence e = NcclScope.evidence(root);
        Shared shared = new Shared();
        Artifact one = log(e, "gpu-node0001"), two = log(e, "gpu-node0002");
        Cut.Longs ownOne = new Cut.Longs(), ownTwo = new Cut.Longs();
        Job.Log a = Job.Log.of(one, one.data(NcclLog.class).orElseThrow(), null, shared, ownOne);
        Job.Log b = Job.Log.of(two, two.data(NcclLog.class).orElseThrow(), null, shared, ownTwo);
        assertThat(b).isSameAs(a);
        assertThat(ownTwo.toArray()).isEqualTo(ownOne.toArray());
        Job.Log back = b.back(new Cut.Back("gpu-node0002", ownTwo.toArray(), 0));
        assertThat(back.name).isEqualTo(two.name());
        assertThat(back.hosts).extracting(h -> h.name).containsExactly("gpu-node0002");
        Job.Host h = back.hosts.get(0);
        assertThat(h.interfaces).isNotEmpty().allSatisfy(i -> {
            if (i.text() != null) {
                assertThat(i.quote(i.value().line(), "").text()).isEqualTo(two.line(i.value().line()).orElseThrow()).contains("gpu-node0002");
            }
        });
    }

    private static Artifact log(Evidence e, String node) {
        return e.artifactsOf(node).stream().filter(a -> a.name().endsWith("nccl/ib-disabled.log")).findFirst().orElseThrow();
    }

    @Test
    void nodesRunningTheirOwnJobsKeepOneSummaryAndEachGetsItsOwnPidsAndCommunicatorsBack() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("o"), TestBundles.hosts(2));
        own(root.resolve("gpu-node0002"), 2);
        Evidence e = NcclScope.evidence(root);
        Shared shared = new Shared();
        Artifact one = log(e, "gpu-node0001"), two = log(e, "gpu-node0002");
        Cut.Longs ownOne = new Cut.Longs(), ownTwo = new Cut.Longs();
        Job.Log a = Job.Log.of(one, one.data(NcclLog.class).orElseThrow(), null, shared, ownOne);
        Job.Log b = Job.Log.of(two, two.data(NcclLog.class).orElseThrow(), null, shared, ownTwo);
        // The same summary; the node keeps its pids, tids and communicator id as longs.
        assertThat(b).isSameAs(a);
        assertThat(b.owns).isPositive().isEqualTo(ownTwo.toArray().length);
        assertThat(ownTwo.toArray()).isNotEqualTo(ownOne.toArray());
        Job.Log back = b.back(new Cut.Back("gpu-node0002", ownTwo.toArray(), 0));
        assertThat(back.commIds).containsExactlyElementsOf(
                two.data(NcclLog.class).orElseThrow().ranks().stream().map(r -> r.commId()).distinct().toList());
        List<EvidenceLine> quoted = back.hosts.get(0).interfaces.stream().filter(i -> i.text() != null)
                .map(i -> i.quote(i.value().line(), "")).toList();
        assertThat(quoted).isNotEmpty().allSatisfy(l -> assertThat(l.text()).isEqualTo(two.line(l.line()).orElseThrow()).contains(":2"));
    }

    @Test
    void nodesRunningTheirOwnJobsOrOneTogetherGetTheSameFindingsStreamedInAnyOrderAsWhole() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("j"), TestBundles.hosts(4));
        for (int i = 1; i <= 4; i++) own(root.resolve(TestBundles.hosts(4)[i - 1]), i);
        // Nodes 2 and 3 share one communicator: one job of two nodes, each with its own pids.
        Path log3 = root.resolve("gpu-node0003/nccl/info-1rank.log");
        String id2 = commId(Files.readString(root.resolve("gpu-node0002/nccl/info-1rank.log")));
        Files.writeString(log3, Files.readString(log3).replace(commId(Files.readString(log3)), id2));
        PassChecks.assertStreamedSameAsWhole(new TransportAnalyzer(), root);
        PassChecks.assertSameAsWhole(new TransportAnalyzer(), NcclScope.evidence(root));
    }

    private static final java.util.regex.Pattern PROCESS = java.util.regex.Pattern.compile("\\b(gpu-node\\d{4}):(\\d+)(?::(\\d+))?");
    private static final java.util.regex.Pattern COMM_ID = java.util.regex.Pattern.compile("commId 0x([0-9a-f]{1,16})");

    /** Gives node {@code i}'s files their own pids and tids ({@code +1000 i}) and communicator ids, as BundleBenchmark does. */
    private static void own(Path dir, int i) throws Exception {
        try (var files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                String t = Files.readString(p, StandardCharsets.UTF_8);
                t = PROCESS.matcher(t).replaceAll(m -> m.group(1) + ":" + (Long.parseLong(m.group(2)) + 1000L * i)
                        + (m.group(3) == null ? "" : ":" + (Long.parseLong(m.group(3)) + 1000L * i)));
                t = COMM_ID.matcher(t).replaceAll(m -> "commId 0x"
                        + Long.toHexString(Long.parseUnsignedLong(m.group(1), 16) ^ (0x9E3779B97F4A7C15L * i)));
                Files.writeString(p, t, StandardCharsets.UTF_8);
            }
        }
    }

    private static String commId(String log) {
        java.util.regex.Matcher m = COMM_ID.matcher(log);
        if (!m.find()) throw new AssertionError("no commId");
        return m.group();
    }

    @Test
    void aCutStringComesBackAsItWasAndAStringHoldingTheMarkIsNotCut() {
        Shared shared = new Shared();
        Cut cut = new Cut("gpu-node1", shared);
        String s = "gpu-node1:100:100 [0] NCCL INFO gpu-node10 gpu-node1";
        String c = cut.of(s);
        assertThat(c).doesNotContain("gpu-node1");
        assertThat(cut.cut()).isTrue();
        assertThat(Cut.back(c, "gpu-node1")).isEqualTo(s);
        assertThat(Cut.back(c, "gpu-node2")).isEqualTo("gpu-node2:100:100 [0] NCCL INFO gpu-node20 gpu-node2");
        assertThat(new Cut("gpu-node2", shared).of(s.replace("node1", "node2"))).isSameAs(c);
        Cut clash = new Cut("x", shared);
        clash.of("a" + Cut.MARK);
        assertThat(clash.clash()).isTrue();
        assertThat(new Cut("", shared).of("abc")).isEqualTo("abc");
    }

    @Test
    void warningTimesAreEachNodesOwnAndComeBackExactly() {
        // NCCL writes the time before a WARN line; nodes warn at their own times and still share a summary.
        Shared shared = new Shared();
        String one = "[2026-12-02 09:03:10] gpu-node1:946:946 [0] bootstrap.cc:114 NCCL WARN Bootstrap : no socket interface found";
        String two = "[2026-12-02 09:04:07] gpu-node2:946:946 [0] bootstrap.cc:114 NCCL WARN Bootstrap : no socket interface found";
        Cut a = new Cut("gpu-node1", shared, true);
        Cut b = new Cut("gpu-node2", shared, true);
        String c = a.of(one);
        assertThat(b.of(two)).isSameAs(c).doesNotContain("09:0");
        assertThat(b.values()).containsExactly(20261202090407L);
        assertThat(new Cut.Back("gpu-node2", b.values(), 0).of(c)).isEqualTo(two);
        assertThat(new Cut.Back("gpu-node1", a.values(), 0).of(c)).isEqualTo(one);
        // Another format stays as it is.
        String other = "[2026-12-02T09:03:10] gpu-node1:946:946 [0] NCCL WARN x";
        assertThat(new Cut.Back("gpu-node1", new long[0], 0).of(new Cut("gpu-node1", shared, true).of(other))).isEqualTo(other);
    }

    @Test
    void ownValuesAreCutAsWholeWordsAndComeBackExactly() {
        Shared shared = new Shared();
        Cut cut = new Cut("n1", shared, true);
        for (String v : List.of("1919", "1927", "0x29ada980", "007", "0xABC", "0x0f")) cut.own(v);
        String s = "n1:1919:1927 [0] NCCL INFO comm 0x29ada980 pid 1919 x19190 a1919 007 0xABC 0x0f";
        String c = cut.of(s);
        // Not cut: part of a longer word, or a form a long would not print back (leading zeros, upper case).
        assertThat(c).doesNotContain("n1:", ":1919", "0x29ada980").contains("x19190", "a1919", "007", "0xABC", "0x0f");
        long[] values = cut.values();
        assertThat(values).containsExactly(1919, 1927, 0x29ada980L);
        assertThat(new Cut.Back("n1", values, 0).of(c)).isEqualTo(s);
        // Another node's own values fill the same summary.
        Cut other = new Cut("n2", shared, true);
        for (String v : List.of("2919", "2927", "0x39ada980")) other.own(v);
        String s2 = "n2:2919:2927 [0] NCCL INFO comm 0x39ada980 pid 2919 x19190 a1919 007 0xABC 0x0f";
        assertThat(other.of(s2)).isSameAs(c);
        assertThat(new Cut.Back("n2", new long[] {7, 2919, 2927, 0x39ada980L}, 1).of(c)).isEqualTo(s2);
        Cut clash = new Cut("x", shared, true);
        clash.of("a" + (char) (Cut.DEC + 3));
        assertThat(clash.clash()).isTrue();
    }
}
