package io.ncclscope.sdk.diagnose.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.Verdict;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failed and missing tools as findings: our own blind bundles ({@code examples/blind}) and nvidia-smi's messages. */
class ToolsAnalyzerTest {

    static final Path BROKEN = Path.of("../examples/blind/broken-driver");
    static final Path NO_TOOLS = Path.of("../examples/blind/no-gpu-tools");

    static Diagnosis run(Evidence e) {
        return Diagnosis.run(e, List.of(new ToolsAnalyzer()));
    }

    static List<String> texts(Finding f) {
        return f.evidence().stream().map(l -> l.text().strip()).toList();
    }

    @Test
    void theBrokenDriverBundleGivesTheDriverFindingQuotingTheFailingOutputsAndSteps() throws IOException {
        Diagnosis d = run(Evidence.builder().addPath(BROKEN).build());
        List<Finding> driver = d.withCode("GPU_DRIVER_UNREACHABLE");
        assertThat(driver).hasSize(1);
        Finding f = driver.get(0);
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.subject().node()).isEqualTo("gpu-node-07");
        assertThat(f.params()).containsEntry("node", "gpu-node-07");
        assertThat(f.evidence()).extracting(EvidenceLine::artifact)
                .contains("broken-driver/sys/nvsmi-q.txt", "broken-driver/sys/topo-m.txt", "broken-driver/manifest.json");
        assertThat(texts(f)).anyMatch(t -> t.startsWith("NVIDIA-SMI has failed because it couldn't communicate"));
        assertThat(texts(f)).contains("\"outcome\": \"FAILED\",");
        assertThat(f.detail().render(Locale.ENGLISH)).contains("(exit 9)").contains("NVIDIA-SMI has failed");
        assertThat(f.detail().render(Locale.CHINA)).contains("退出码 9");
        assertThat(d.withCode("COLLECT_STEPS_FAILED")).singleElement()
                .satisfies(s -> assertThat(s.detail().render(Locale.ENGLISH)).contains("nvidia-smi -q (exit 9)"));
        assertThat(d.withCode("COLLECT_TOOLS_MISSING")).singleElement()
                .satisfies(s -> assertThat(s.detail().render(Locale.ENGLISH)).contains("lspci").doesNotContain("nvidia-smi"));
    }

    @Test
    void theBrokenDriverBundleIsNeverHealthy() throws IOException {
        Report r = NcclScope.analyze(NcclScope.evidence(BROKEN));
        assertThat(r.verdict()).isEqualTo(Verdict.PROBLEMS);
        assertThat(r.findings().get(0).code()).isEqualTo("GPU_DRIVER_UNREACHABLE");
        assertThat(r.artifacts()).extracting(Report.ArtifactSummary::kind)
                .contains("collect-manifest", "env", "sysfs").doesNotContain("unknown");
    }

    @Test
    void aBundleWithoutToolsStatesWhatIsMissingAndBlamesNoDriver() throws IOException {
        Diagnosis d = run(Evidence.builder().addPath(NO_TOOLS).build());
        assertThat(d.findings()).extracting(Finding::code).containsExactlyInAnyOrder("COLLECT_TOOLS_MISSING", "COLLECT_STEPS_FAILED");
        Finding missing = d.withCode("COLLECT_TOOLS_MISSING").get(0);
        assertThat(missing.detail().render(Locale.ENGLISH)).startsWith("16 of 20 collection steps").contains("nvidia-smi");
        assertThat(missing.severity()).isEqualTo(FindingSeverity.INFO);
        assertThat(d.withCode("COLLECT_STEPS_FAILED").get(0).detail().render(Locale.ENGLISH)).contains("dmesg -T (REFUSED)");
        assertThat(texts(d.withCode("COLLECT_STEPS_FAILED").get(0)))
                .contains("\"note\": \"dmesg: read kernel buffer failed: Operation not permitted\"");
    }

    @Test
    void twoHealthyBundlesOfOurOwnNodeGiveItsMissingToolsOnce() throws IOException {
        // before/ and after/ a job on one H200 node: the same tools missing, said once.
        Diagnosis d = run(Evidence.builder().addPath(Path.of("../examples/captured/h200-bundle")).build());
        assertThat(d.findings()).extracting(Finding::code).containsExactly("COLLECT_TOOLS_MISSING");
    }

    @Test
    void nvidiaSmiMessagesWithoutAManifestNameTheFileTheyCameFrom() {
        Evidence e = Evidence.builder()
                .addText("nvsmi-L.txt", "No devices were found\n", "cpu07")
                .addText("nvsmi-q.txt", "Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error\n", "gpu03")
                .build();
        Diagnosis d = run(e);
        Finding none = d.withCode("GPU_NOT_FOUND").get(0);
        assertThat(none.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(none.subject().node()).isEqualTo("cpu07");
        assertThat(none.detail().render(Locale.ENGLISH)).isEqualTo("nvsmi-L.txt reads: \"No devices were found\".");
        Finding lost = d.withCode("GPU_LOST").get(0);
        assertThat(lost.subject().node()).isEqualTo("gpu03");
        assertThat(texts(lost)).containsExactly("Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error");
        assertThat(d.withCode("GPU_DRIVER_UNREACHABLE")).isEmpty();
    }

    @Test
    void aMessageOnlyInAStepsStandardErrorIsFoundThere(@TempDir Path dir) throws IOException {
        Path node = dir.resolve("n1");
        Files.createDirectories(node);
        String manifest = Files.readString(NO_TOOLS.resolve("manifest.json"), StandardCharsets.UTF_8)
                .replace("\"outcome\": \"REFUSED\"", "\"outcome\": \"FAILED\"")
                .replace("dmesg: read kernel buffer failed: Operation not permitted",
                        "Failed to initialize NVML: Driver/library version mismatch");
        Files.writeString(node.resolve("manifest.json"), manifest, StandardCharsets.UTF_8);
        Diagnosis d = run(Evidence.builder().addPath(node).build());
        Finding f = d.withCode("GPU_DRIVER_UNREACHABLE").get(0);
        assertThat(f.detail().render(Locale.ENGLISH))
                .isEqualTo("dmesg -T failed (exit 1) and printed: \"Failed to initialize NVML: Driver/library version mismatch\".");
        assertThat(texts(f)).containsExactly("\"outcome\": \"FAILED\",",
                "\"note\": \"Failed to initialize NVML: Driver/library version mismatch\"");
    }

    @Test
    void eachNodeDecidesItsOwnFindings() throws IOException {
        List<Finding> both = new ToolsAnalyzer().analyze(Evidence.builder().addPath(BROKEN).addPath(NO_TOOLS).build());
        List<Finding> apart = new java.util.ArrayList<>(new ToolsAnalyzer().analyze(Evidence.builder().addPath(BROKEN).build()));
        apart.addAll(new ToolsAnalyzer().analyze(Evidence.builder().addPath(NO_TOOLS).build()));
        assertThat(both).containsExactlyInAnyOrderElementsOf(apart);
    }
}
