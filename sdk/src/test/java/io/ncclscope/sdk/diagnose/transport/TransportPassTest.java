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
    void thePassKeepsNoNcclLogAndAtMostOneHardwareRecordPerNodeAndKind() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("c"), TestBundles.hosts(8));
        Pass pass = new TransportAnalyzer().pass();
        Map<String, Integer> kept = PassChecks.factsKeptByKind(root, pass::add);
        assertThat(kept).doesNotContainKeys("nccl-log", "nccl-tests").allSatisfy((kind, n) -> assertThat(n).isLessThanOrEqualTo(8));
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
    void aLogSummaryQuotesItsNodesOwnLinesWithItsOwnPidsAndKeepsItsCommunicators() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("o"), TestBundles.hosts(2));
        own(root.resolve("gpu-node0002"), 2);
        Evidence e = NcclScope.evidence(root);
        Artifact two = log(e, "gpu-node0002");
        LogSummary s = LogSummary.of(two, two.data(NcclLog.class).orElseThrow(), null, List.of());
        assertThat(s.name).isEqualTo(two.name());
        assertThat(s.hosts).extracting(h -> h.name).containsExactly("gpu-node0002");
        assertThat(s.commIds).containsExactlyElementsOf(
                two.data(NcclLog.class).orElseThrow().ranks().stream().map(r -> r.commId()).distinct().toList());
        List<EvidenceLine> quoted = s.hosts.get(0).interfaces.stream().map(LogFact::quote).toList();
        assertThat(quoted).isNotEmpty().allSatisfy(l -> assertThat(l.text()).isEqualTo(two.line(l.line()).orElseThrow())
                .contains("gpu-node0002"));
    }

    @Test
    void aLogWhoseTextIsNotKeptIsQuotedAsTheParserRebuildsItsLines() throws Exception {
        Path file = tmp.resolve("job.log");
        Files.writeString(file, TransportAnalyzerTest.TWO_NODES_SOCKET, StandardCharsets.UTF_8);
        Evidence e = Evidence.builder().keepTextUpTo(0).addFile("job.log", file).build();
        Finding f = new TransportAnalyzer().analyze(e).stream().filter(x -> x.code().equals("NET_SOCKET_FALLBACK"))
                .findFirst().orElseThrow();
        assertThat(f.evidence()).extracting(EvidenceLine::text).contains("NCCL INFO NET/IB : No device found.",
                "NCCL INFO Using network Socket", "NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1",
                "NCCL INFO Channel 00 : 1 -> 0 [receive] via NET/Socket/0");
    }

    private static Artifact log(Evidence e, String node) {
        return e.artifactsOf(node).stream().filter(a -> a.name().endsWith("nccl/ib-disabled.log")).findFirst().orElseThrow();
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
}
