package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.workflow.WorkflowJson;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ncclscope report} end to end on our real H200 capture: formats, languages, output file, exit codes, help. */
class ReportCommandTest {

    static final Path CAPTURED = Path.of("../examples/captured/h200-1gpu");

    record Run(int code, String out, String err) {
    }

    static Run runWithStdin(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        return new Run(code, out.toString(), err.toString());
    }

    static Run run(String... args) {
        return runWithStdin("", args);
    }

    @Test
    void helpTextIsPinnedAndTeaches() throws Exception {
        Run r = run("report", "--help");
        assertThat(r.code()).isZero();
        Path golden = Path.of("src/test/resources/help/report-help.txt");
        if (Boolean.getBoolean("ncclscope.golden.update")) Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
        assertThat(r.out()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        assertThat(r.out()).contains("Examples:", "ncclscope report -o ticket.html bundle/", "Exit codes:",
                "hardware, fabric, configuration and application");
    }

    @Test
    void writesOneHtmlPageWhenTheFileNameSaysHtmlAndExitsOneOnProblems(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("sub/ticket.html");
        Run r = run("report", "-o", out.toString(), CAPTURED.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("wrote " + out, "(html, ", "problems found");
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("PROBLEMS FOUND", "NCCL_DUPLICATE_GPU",
                "rank 1 on vm failed first", "duplicate-gpu.log:40").doesNotContain("<script");
    }

    @Test
    void formatOptionWinsOverTheFileNameAndMarkdownGoesToStdout(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("r.html");
        assertThat(run("report", "--format", "json", "-o", out.toString(), CAPTURED.toString()).code()).isEqualTo(1);
        Map<?, ?> m = (Map<?, ?>) Json.parse(Files.readString(out, StandardCharsets.UTF_8));
        assertThat(m.get("verdict")).isEqualTo("problems");
        assertThat((List<?>) m.get("chain")).isNotEmpty();

        Run md = run("report", "--format", "md", CAPTURED.toString());
        assertThat(md.out()).startsWith("**ncclscope report: PROBLEMS FOUND**").contains("**Fix actions**", "- _Application_");

        Path json = tmp.resolve("r.json");
        run("report", "-o", json.toString(), CAPTURED.toString());
        assertThat(Files.readString(json)).startsWith("{");
    }

    @Test
    void chineseReportFromStandardInput() throws Exception {
        String log = Files.readString(CAPTURED.resolve("nccl/duplicate-gpu.log"), StandardCharsets.UTF_8);
        Run r = runWithStdin(log, "report", "--lang", "zh-CN", "--format", "text", "-");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("结论: 发现问题", "现象", "vm 上的 rank 1 最先失败", "修复动作", "应用", "尚未证实");
    }

    @Test
    void aWorkflowStateCountsEvidenceGivenEarlier(@TempDir Path tmp) throws Exception {
        // The state holds our capture's topo; the report of one log alone then no longer asks for it.
        Path state = tmp.resolve("state.json");
        Files.writeString(state, WorkflowJson.write(NcclScope.workflow(NcclScope.evidence(CAPTURED.resolve("sys/topo-m.txt"))),
                Locale.ENGLISH), StandardCharsets.UTF_8);
        String log = CAPTURED.resolve("nccl/info-1rank.log").toString();
        Run without = run("report", "--format", "text", log);
        Run with = run("report", "--format", "text", "--state", state.toString(), log);
        assertThat(with.code()).as(with.err()).isZero();
        assertThat(without.out()).contains("Not in the evidence yet: nvidia-smi topo -m");
        assertThat(with.out()).doesNotContain("Not in the evidence yet: nvidia-smi topo -m");

        Files.writeString(tmp.resolve("bad.json"), "{\"schemaVersion\": \"9.0\"}");
        Run bad = run("report", "--state", tmp.resolve("bad.json").toString(), log);
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("schemaVersion 9.0 is not supported");
        Run none = run("report", "--state", tmp.resolve("none.json").toString(), log);
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("none.json: no such file");
    }

    @Test
    void healthyRunExitsZero() {
        Path healthy = Path.of(System.getProperty("ncclscope.corpus", "../../shared/corpus"))
                .resolve("nccl-tests/superbenchmark-testdata-nccl_allgather.txt");
        assumeTrue(Files.isRegularFile(healthy), "corpus not present: " + healthy);
        Run r = run("report", "--format", "text", healthy.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Verdict: HEALTHY", "Nothing to fix: no problem found.");
    }

    @Test
    void usageAndInputErrorsExitTwo() {
        Run missing = run("report", "no/such/folder");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("no/such/folder: no such file or folder");
        Run lang = run("report", "--lang", "fr", CAPTURED.toString());
        assertThat(lang.code()).isEqualTo(2);
        assertThat(lang.err()).contains("unsupported language 'fr'");
        Run format = run("report", "--format", "pdf", CAPTURED.toString());
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err()).contains("pdf");
        Run nothing = runWithStdin("not an nccl output at all\n", "report", "-");
        assertThat(nothing.code()).isEqualTo(2);
        assertThat(nothing.err()).contains("no known tool output");
        assertThat(run("report").code()).isEqualTo(2);
    }
}
