package io.ncclscope.parsers.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The manifest of our own collect bundle, a failing step, and input that is no manifest. */
class CollectManifestParserTest {

    private final CollectManifestParser parser = new CollectManifestParser();

    private static final String FAILED = """
            {
              "format": 1,
              "host": "gpu-node-07",
              "time": "2026-12-04T10:00:00Z",
              "ncclscope": "0.1.0-SNAPSHOT",
              "root": true,
              "entries": [
                {
                  "file": "sys/nvsmi-q.txt",
                  "argv": [
                    "nvidia-smi",
                    "-q"
                  ],
                  "outcome": "FAILED",
                  "exitCode": 9,
                  "durationMs": 38,
                  "note": "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."
                },
                {
                  "argv": [],
                  "source": "/sys/class/infiniband/*/ports/*/state",
                  "outcome": "MISSING",
                  "durationMs": 0
                }
              ]
            }
            """;

    @Test
    void theOwnCaptureOfTheNodeBundleReadsEveryStep() throws Exception {
        String text = new String(CollectManifestParserTest.class.getResourceAsStream("/captured/h200-bundle/before/manifest.json")
                .readAllBytes(), StandardCharsets.UTF_8);
        ParseResult<?> r = Parsers.parse(text);
        assertThat(r.kind()).isEqualTo(Kind.COLLECT_MANIFEST);
        CollectManifest m = (CollectManifest) r.data();
        assertThat(m.host()).isEqualTo("vm");
        assertThat(m.steps()).hasSize(26);
        assertThat(m.steps(StepOutcome.MISSING)).hasSize(18);
        assertThat(m.steps().get(0).command()).isEqualTo("nvidia-smi topo -m");
        assertThat(m.steps().get(0).file()).isEqualTo("sys/topo-m.txt");
        assertThat(text.lines().toList().get(m.steps().get(0).line() - 1)).contains("\"outcome\": \"OK\"");
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void aFailedStepKeepsItsExitStatusNoteAndLines() {
        ParseResult<CollectManifest> r = parser.parse(FAILED);
        CollectManifest m = r.data();
        assertThat(m.host()).isEqualTo("gpu-node-07");
        assertThat(m.hostLine()).isEqualTo(3);
        assertThat(m.root()).isTrue();
        CollectStep s = m.steps().get(0);
        assertThat(s.outcome()).isEqualTo(StepOutcome.FAILED);
        assertThat(s.exitCode()).isEqualTo(9);
        assertThat(s.tool()).isEqualTo("nvidia-smi");
        assertThat(s.line()).isEqualTo(14);
        assertThat(s.noteLine()).isEqualTo(17);
        CollectStep read = m.steps().get(1);
        assertThat(read.command()).isEqualTo("/sys/class/infiniband/*/ports/*/state");
        assertThat(read.exitCode()).isNull();
        assertThat(read.noteLine()).isZero();
        assertThat(read.line()).isEqualTo(22);
    }

    @Test
    void aManifestOnOneLineQuotesLineOneAndAnUnknownOutcomeIsKept() {
        String one = FAILED.replace("\n", " ").replace("\"MISSING\"", "\"SKIPPED\"");
        ParseResult<CollectManifest> r = parser.parse(one);
        assertThat(r.data().steps()).extracting(CollectStep::line).containsOnly(1);
        assertThat(r.data().steps().get(1).outcome()).isEqualTo(StepOutcome.UNKNOWN);
        assertThat(r.hasErrors()).isFalse();
    }

    @Test
    void brokenJsonAndOtherJsonAreNoManifest() {
        assertThat(parser.parse(FAILED.substring(0, FAILED.length() / 2)).hasErrors()).isTrue();
        assertThat(parser.parse("{\"entries\": 3}").hasErrors()).isTrue();
        assertThat(parser.parse("").hasErrors()).isTrue();
        assertThat(parser.sniff("{\"version\": 1, \"results\": []}")).isZero();
        assertThat(parser.sniff("lorem ipsum")).isZero();
    }
}
