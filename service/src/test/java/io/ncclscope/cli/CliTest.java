package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The CLI as a user meets it: help, version, parse on our real H200 captures, exit codes. */
class CliTest {

    static final Path CAPTURED = Path.of("../examples/captured/h200-1gpu");

    record Run(int code, String out, String err) {
    }

    static Run runWithStdin(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), in);
        return new Run(code, out.toString(), err.toString());
    }

    static Run run(String... args) {
        return runWithStdin("", args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "parse --help", "collect --help", "serve --help"})
    void helpTextIsPinned(String args) throws Exception {
        Run r = run(args.split(" "));
        assertThat(r.code()).isZero();
        Path golden = Path.of("src/test/resources/help", args.replace("--", "").replace(' ', '-') + ".txt");
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
        }
        assertThat(r.out()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void helpTeachesWithExamplesAndExitCodes() {
        Run r = run("parse", "--help");
        assertThat(r.out()).contains("Examples:", "nvidia-smi topo -m | ncclscope parse -", "Exit codes:");
    }

    @Test
    void versionPrintsTheProjectVersion() {
        Run r = run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("ncclscope ").doesNotContain("unknown");
    }

    @Test
    void parseDetectsTheKindAndPrintsKindDataWarnings() {
        Run r = run("parse", CAPTURED.resolve("sys/topo-m.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) Json.parse(r.out());
        assertThat(o).containsOnlyKeys("kind", "data", "warnings");
        assertThat(o.get("kind")).isEqualTo("topo");
    }

    @Test
    void parseReadsStandardInputWithAKindGiven() throws Exception {
        String log = Files.readString(CAPTURED.resolve("nccl/info-1rank.log"));
        Run r = runWithStdin(log, "parse", "--kind", "nccl-log", "-");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(((Map<?, ?>) Json.parse(r.out())).get("kind")).isEqualTo("nccl-log");
    }

    @Test
    void severalInputsGiveAnArrayWithSources() {
        Run r = run("parse", CAPTURED.resolve("sys/numactl-H.txt").toString(), CAPTURED.resolve("tests/all_reduce.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<?> l = (List<?>) Json.parse(r.out());
        assertThat(l).hasSize(2);
        assertThat(((Map<?, ?>) l.get(0)).get("kind")).isEqualTo("numactl");
        assertThat(((Map<?, ?>) l.get(1)).get("kind")).isEqualTo("nccl-tests");
        assertThat(((Map<?, ?>) l.get(1)).get("source").toString()).endsWith("all_reduce.txt");
    }

    /** pdsh's output of ibstat on two nodes, their lines interleaved as they arrived; gpu02's port is down. */
    static final String PDSH_IBSTAT = """
            $ pdsh -w gpu[01-02] ibstat
            gpu01: CA 'mlx5_0'
            gpu02: CA 'mlx5_0'
            gpu01: \tCA type: MT4129
            gpu01: \tPort 1:
            gpu02: \tCA type: MT4129
            gpu01: \t\tState: Active
            gpu02: \tPort 1:
            gpu02: \t\tState: Down
            gpu01: \t\tRate: 400
            gpu02: \t\tRate: 10
            """;

    @Test
    void oneCommandOnSeveralNodesIsReadPerNode() {
        Run r = runWithStdin(PDSH_IBSTAT, "parse", "-");
        assertThat(r.code()).as(r.err()).isZero();
        List<?> l = (List<?>) Json.parse(r.out());
        assertThat(l).extracting(o -> ((Map<?, ?>) o).get("node"), o -> ((Map<?, ?>) o).get("kind"))
                .containsExactly(tuple("gpu01", "ibstat"), tuple("gpu02", "ibstat"));
        assertThat(r.out()).contains("\"DOWN\"", "\"ACTIVE\"");
        // Before: 'not a known tool output', exit 2. A kind given reads the text whole, as it always did.
        Run whole = runWithStdin(PDSH_IBSTAT, "parse", "--kind", "ibstat", "-");
        assertThat(((Map<?, ?>) Json.parse(whole.out())).get("kind")).isEqualTo("ibstat");
        assertThat(runWithStdin(PDSH_IBSTAT, "parse", "--format", "text", "-").out()).contains("== node gpu02: ibstat");
    }

    @Test
    void textFormatIsReadable() {
        Run r = run("parse", "--format", "text", CAPTURED.resolve("sys/numactl-H.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("== numactl").contains("data:");
    }

    @Test
    void unknownTextIsAnInputErrorWithTheReason() {
        Run r = runWithStdin("hello world\nthis is not a tool output\n", "parse", "-");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("not a known tool output");
        assertThat(((Map<?, ?>) Json.parse(r.out())).get("kind")).isEqualTo("unknown");
    }

    @Test
    void missingFileAndBadKindAreUsageErrors() {
        assertThat(run("parse", "/no/such/file").code()).isEqualTo(Main.BAD_INPUT);
        Run bad = run("parse", "--kind", "bogus", "x");
        assertThat(bad.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(bad.err()).contains("unknown kind 'bogus'", "nccl-log");
        assertThat(run("parse").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run().code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void listKindsNamesEveryKindWithItsCommand() {
        Run r = run("parse", "--list-kinds");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("topo", "nvidia-smi topo -m", "nccl-tests", "perftest", "lspci-verbose");
    }

    @Test
    void rulesListsEveryCodeOnePerLineUnderAHeader() {
        Run r = run("rules");
        assertThat(r.code()).isZero();
        // A header names the columns: the category (ERROR, TRANSPORT...) and the severity read alike without it.
        assertThat(r.out().lines().findFirst().orElseThrow()).startsWith("CODE").contains("CATEGORY", "SEVERITY", "TITLE");
        assertThat(r.out().lines().count()).isEqualTo(io.ncclscope.sdk.rules.RuleCatalog.all().size() + 1);
        assertThat(r.out()).contains("NCCL_SYSTEM_ERROR", "BUSBW_BELOW_EXPECTED", "GPU_NIC_AFFINITY_POOR");
    }

    @Test
    void rulesShowsOneCodeInFullInChinese() {
        Run r = run("rules", "--lang", "zh-CN", "nccl_system_error");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("NCCL_SYSTEM_ERROR", "NCCL_IB_DISABLE=1", "dmesg | grep -i xid").containsPattern("\\p{IsHan}");
    }

    @Test
    void rulesJsonCarriesCausesActionsAndSources() {
        Run r = run("rules", "--format", "json", "NCCL_DUPLICATE_GPU");
        List<?> l = (List<?>) Json.parse(r.out());
        Map<?, ?> m = (Map<?, ?>) l.get(0);
        assertThat(m.keySet().stream().map(String::valueOf).toList()).contains("code", "title", "causes", "actions", "sources");
    }

    @Test
    void rulesRejectsUnknownCodesAndLanguages() {
        assertThat(run("rules", "NO_SUCH_CODE").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("rules", "--lang", "fr").code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void analyzeOfAFailingRunExitsOneWithTheCauseAndItsLines() {
        Run r = run("analyze", "--format", "md", CAPTURED.resolve("nccl/duplicate-gpu.log").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.PROBLEMS);
        assertThat(r.out()).startsWith("**ncclscope: PROBLEMS FOUND**")
                .contains("NCCL_DUPLICATE_GPU", "duplicate-gpu.log:40", "Duplicate GPU detected", "Next commands");
    }

    @Test
    void analyzeOfHealthyHardwareExitsZero() {
        Run r = run("analyze", CAPTURED.resolve("sys").toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("Verdict: HEALTHY");
    }

    @Test
    void analyzeOfWhatCannotSettleTheQuestionExitsFourAndSaysWhy() {
        // The SDK's blind corpus: an nccl-tests table with no hardware facts, a collect bundle without its GPU tools.
        Path blind = Path.of("../sdk/src/test/resources/blind");
        Run table = run("analyze", blind.resolve("tables-without-hardware").toString());
        assertThat(table.code()).as(table.out() + table.err()).isEqualTo(Main.INCONCLUSIVE)
                .isEqualTo(io.ncclscope.sdk.report.Verdict.INCONCLUSIVE.exitCode());
        assertThat(table.out()).startsWith("Verdict: INCONCLUSIVE")
                .contains("a bandwidth was measured with no hardware facts to judge it against",
                        "[?] intra-node bandwidth: measured, not judged", "[ ] GPU\u2194NIC affinity: needs nvidia-smi topo -m");
        Run bundle = run("report", "--format", "md", blind.resolve("tools-missing-bundle").toString());
        assertThat(bundle.code()).as(bundle.out() + bundle.err()).isEqualTo(Main.INCONCLUSIVE);
        assertThat(bundle.out()).startsWith("**ncclscope report: INCONCLUSIVE**").contains("holds no nvidia-smi output");
    }

    @Test
    void analyzeSpeaksChineseAndJson() throws Exception {
        Run zh = run("analyze", "--format", "md", "--lang", "zh-CN", CAPTURED.resolve("nccl/duplicate-gpu.log").toString());
        assertThat(zh.out()).contains("发现问题").containsPattern("\\p{IsHan}");
        Run js = run("analyze", "--format", "json", CAPTURED.resolve("nccl/bad-ifname.log").toString());
        Map<?, ?> m = (Map<?, ?>) Json.parse(js.out());
        assertThat(m.get("verdict")).isEqualTo("problems");
        List<?> findings = (List<?>) m.get("findings");
        Map<?, ?> first = (Map<?, ?>) findings.get(0);
        assertThat(first.get("code")).isEqualTo("NCCL_NO_SOCKET_INTERFACE");
        assertThat(first.keySet().stream().map(String::valueOf).toList())
                .contains("code", "severity", "title", "subject", "evidence", "causes", "actions");
    }

    @Test
    void analyzeReadsStandardInput() throws Exception {
        String log = Files.readString(CAPTURED.resolve("nccl/bad-ifname.log"));
        Run r = runWithStdin(log, "analyze", "-");
        assertThat(r.code()).isEqualTo(Main.PROBLEMS);
        assertThat(r.out()).contains("NCCL_NO_SOCKET_INTERFACE", "stdin:5");
    }

    @Test
    void analyzeOfNothingKnownOrMissingIsAnInputError() {
        assertThat(runWithStdin("just some words\n", "analyze", "-").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("analyze", "/no/such/path").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("analyze", "--lang", "fr", CAPTURED.toString()).code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void plotWritesSvgAndPngWithTheExpectedLine(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path svg = dir.resolve("busbw.svg");
        Run r = run("plot", "--expected", "48", "-o", svg.toString(), "../examples/scaling");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(svg)).contains("<svg", "expected 48 GB/s", "<polyline");
        Path png = dir.resolve("ab.png");
        assertThat(run("plot", "-o", png.toString(), "../examples/ab/rdma-suspect").code()).isZero();
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
        assertThat(head).containsExactly(0x89, 'P', 'N', 'G');
    }

    @Test
    void plotWithoutATableIsAnInputError(@org.junit.jupiter.api.io.TempDir Path dir) {
        Run r = run("plot", "-o", dir.resolve("x.svg").toString(), CAPTURED.resolve("sys/topo-m.txt").toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("no nccl-tests table");
    }

    @Test
    void theReadmeShowsWhatTheMainCommandPrints() throws Exception {
        // README's main command: ./ncclscope analyze --format md examples/captured/h200-1gpu
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf("````markdown\n") + "````markdown\n".length();
        String shown = readme.substring(start, readme.indexOf("\n````", start));
        Run r = run("analyze", "--format", "md", "../examples/captured/h200-1gpu");
        assertThat(r.code()).isEqualTo(Main.PROBLEMS);
        assertThat(r.out().strip()).isEqualTo(shown.strip());
    }

    /**
     * The real PyTorch 2.11 capture of a gloo rank SIGKILLed mid-job (examples/hangs/captured-2.11/gloo-killed): the
     * report's first lines name rank 2 as dead, in English and Chinese, with exit code 1 (problems found).
     */
    @Test
    void analyzeNamesTheKilledRankFirstInBothLanguages() {
        String dir = "../examples/hangs/captured-2.11/gloo-killed";
        Run en = run("analyze", dir);
        assertThat(en.code()).isEqualTo(1);
        assertThat(en.out().lines().skip(1).findFirst().orElseThrow())
                .contains("first: A rank's process died: its peers lost their connections to it (rank 2)");
        assertThat(en.out()).contains("HANG_RANK_DIED").contains("Rank 2 (on the host of ranks 0, 1, 3, which reached it at 127.0.0.1) died");
        Run zh = run("analyze", "--lang", "zh-CN", dir);
        assertThat(zh.out().lines().skip(1).findFirst().orElseThrow()).contains("有 rank 的进程已经退出").contains("rank 2");
    }
}
