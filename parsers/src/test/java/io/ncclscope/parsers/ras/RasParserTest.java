package io.ncclscope.parsers.ras;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** NCCL's RAS client report (examples/hangs/ras, written in the layout of NCCL's docs/ras), detected and read. */
class RasParserTest {

    static final Path FILE = Path.of("../examples/hangs/ras/ncclras-status.txt");
    static final Path GOLDEN = Path.of("src/test/resources/golden/hangs/ras/ncclras-status.txt.expected.json");

    @Test
    void theReportIsDetectedAndItsFactsAreRead() throws Exception {
        ParseResult<?> r = Parsers.parse(Files.readString(FILE, StandardCharsets.UTF_8));
        assertThat(r.kind()).isEqualTo(Kind.NCCL_RAS);
        assertThat(r.warnings()).isEmpty();
        RasStatus s = (RasStatus) r.data();
        assertThat(s.ncclVersion()).isEqualTo("2.28.9");
        assertThat(s.nodes()).isEqualTo(2);
        assertThat(s.processes()).isEqualTo(8);
        assertThat(s.gpus()).isEqualTo(8);
        assertThat(s.communicators()).containsExactly(
                new RasCommunicators(0, "1", "2", "3-4", "8", "8", "RUNNING", "INCOMPLETE", 16));
        assertThat(s.issues()).hasSize(3);
        RasIssue job = s.issues().get(0);
        assertThat(job.error()).isTrue();
        assertThat(job.kind()).isEqualTo("INCOMPLETE");
        assertThat(job.comm()).isNull();
        assertThat(job.processes()).containsExactly(new RasProcess(null, 1, 2105L, "10.0.0.12", 23));
        assertThat(s.issues().get(1).comm()).isEqualTo("#0-0 (7f3a9c1e2b4d6e8f)");
        assertThat(s.issues().get(1).processes()).containsExactly(new RasProcess(5, null, null, null, 27));
        RasIssue mismatch = s.issues().get(2);
        assertThat(mismatch.error()).isFalse();
        assertThat(mismatch.kind()).isEqualTo("MISMATCH");
        assertThat(mismatch.launchedUpTo()).containsExactly(Map.entry(120L, 7), Map.entry(119L, 1));
        assertThat(mismatch.processes()).containsExactly(new RasProcess(5, 1, 2105L, "10.0.0.12", 36));
    }

    @Test
    void theReportMatchesItsReviewedGolden() throws Exception {
        String actual = Json.pretty(Parsers.parse(Files.readString(FILE, StandardCharsets.UTF_8))) + "\n";
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(actual).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    /** A real report (corpus-more nccl-1730-1, NCCL 2.26.2, 256 ranks) with a rank's watchdog lines pasted after it. */
    @Test
    void aRealReportReadsAsRasWhenAskedAndItsLogLinesKeepItANcclLog() throws Exception {
        Path f = io.ncclscope.parsers.Corpus.root().resolveSibling("corpus-more").resolve("nccl-logs/nccl-1730-1.txt");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(f), "corpus-more is absent");
        String text = Files.readString(f, StandardCharsets.UTF_8);
        assertThat(Parsers.detect(text).kind()).isEqualTo(Kind.NCCL_LOG);
        RasStatus s = new RasParser().parse(text).data();
        assertThat(s.ncclVersion()).isEqualTo("2.26.2");
        assertThat(s.nodes()).isEqualTo(32);
        assertThat(s.processes()).isEqualTo(256);
        assertThat(s.communicators()).singleElement().satisfies(c -> {
            assertThat(c.ranksInGroup()).isEqualTo("256");
            assertThat(c.status()).isEqualTo("RUNNING");
            assertThat(c.errors()).isEqualTo("OK");
        });
        assertThat(s.issues()).isEmpty();
    }

    @Test
    void textWithoutAReportIsNotRas() {
        assertThat(new RasParser().sniff("Job summary\nnothing here\n")).isZero();
        ParseResult<RasStatus> r = new RasParser().parse("Errors\n======\n");
        assertThat(r.hasErrors()).isTrue();
    }

    static final Path CAPTURED = Path.of("../examples/hangs/captured-2.11/nccl-stuck");

    /** The real RAS status of NCCL 2.28.9 (one rank, RUNNING and OK), as text and as JSON: the same facts. */
    @Test
    void theRealTextAndJsonStatusReadToTheSameFacts() throws Exception {
        ParseResult<?> text = Parsers.parse(Files.readString(CAPTURED.resolve("ras.txt"), StandardCharsets.UTF_8));
        ParseResult<?> json = Parsers.parse(Files.readString(CAPTURED.resolve("ras.json"), StandardCharsets.UTF_8));
        assertThat(text.kind()).isEqualTo(Kind.NCCL_RAS);
        assertThat(json.kind()).isEqualTo(Kind.NCCL_RAS);
        assertThat(json.warnings()).isEmpty();
        RasStatus t = (RasStatus) text.data();
        RasStatus j = (RasStatus) json.data();
        assertThat(j.ncclVersion()).isEqualTo(t.ncclVersion()).isEqualTo("2.28.9");
        assertThat(List.of(j.nodes(), j.processes(), j.gpus())).isEqualTo(List.of(t.nodes(), t.processes(), t.gpus()))
                .containsOnly(1);
        assertThat(j.communicators()).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo("RUNNING");
            assertThat(c.errors()).isEqualTo("OK");
            assertThat(c.ranksPerComm()).isEqualTo("1");
        });
        assertThat(t.communicators()).singleElement().satisfies(c -> assertThat(c.errors()).isEqualTo("OK"));
        assertThat(j.issues()).isEmpty();
        assertThat(t.issues()).isEmpty();
        for (String f : List.of("ras.txt", "ras.json")) {
            String actual = Json.pretty(Parsers.parse(Files.readString(CAPTURED.resolve(f), StandardCharsets.UTF_8))) + "\n";
            Path golden = GOLDEN.resolveSibling("captured-2.11-" + f + ".expected.json");
            if (Boolean.getBoolean("ncclscope.golden.update")) {
                Files.writeString(golden, actual, StandardCharsets.UTF_8);
            } else {
                assertThat(actual).as(f).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
            }
        }
    }

    /** Missing ranks, an aborted rank and collective counts that differ become the text report's issues. */
    @Test
    void theJsonStatusNamesMissingAbortedAndBehindRanks() throws Exception {
        String json = """
                {"nccl_version": "2.28.9", "communicators": [{"hash": "0xab", "size": 4, "ranks_count": 3,
                  "missing_ranks_count": 1, "missing_ranks": [{"rank": 2, "host": "10.0.0.3", "pid": 77, "cuda_dev": 2}],
                  "ranks": [
                    {"rank": 0, "host": "10.0.0.1", "pid": 10, "cuda_dev": 0, "status": {"async_error": 0},
                     "collective_counts": {"AllReduce": 120, "Broadcast": 1}},
                    {"rank": 1, "host": "10.0.0.1", "pid": 11, "cuda_dev": 1, "status": {"async_error": 0},
                     "collective_counts": {"AllReduce": 120, "Broadcast": 1}},
                    {"rank": 3, "host": "10.0.0.4", "pid": 13, "cuda_dev": 3, "status": {"async_error": 5, "abort_flag": true},
                     "collective_counts": {"AllReduce": 119, "Broadcast": 1}}]}]}
                """;
        ParseResult<?> r = Parsers.parse(json);
        assertThat(r.kind()).isEqualTo(Kind.NCCL_RAS);
        RasStatus s = (RasStatus) r.data();
        assertThat(s.nodes()).isEqualTo(2);
        assertThat(s.communicators()).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo("ABORTED");
            assertThat(c.errors()).isEqualTo("INCOMPLETE");
        });
        assertThat(s.issues()).extracting(RasIssue::kind).containsExactly("INCOMPLETE", "ERROR", "MISMATCH");
        assertThat(s.issues().get(0).processes()).containsExactly(new RasProcess(2, 2, 77L, "10.0.0.3", 0));
        assertThat(s.issues().get(1).processes()).extracting(RasProcess::rank).containsExactly(3);
        assertThat(s.issues().get(2).launchedUpTo()).containsExactly(Map.entry(121L, 2), Map.entry(120L, 1));
        assertThat(s.issues().get(2).processes()).extracting(RasProcess::rank).containsExactly(3);
        assertThat(Parsers.parse("{\"communicators\": 3, \"nccl_version\": 1, \"missing_ranks\": []}").warnings())
                .isNotEmpty();
    }
}
