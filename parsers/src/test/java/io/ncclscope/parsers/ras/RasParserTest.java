package io.ncclscope.parsers.ras;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
