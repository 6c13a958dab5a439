package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import io.ncclscope.sdk.workflow.StepStatus;
import io.ncclscope.sdk.workflow.Workflow;
import io.ncclscope.sdk.workflow.WorkflowJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ncclscope workflow} on our own H200 capture: the step table, the state file in and out, exit codes. */
class WorkflowCommandTest {

    static final Path CAPTURED = CliTest.CAPTURED;

    @Test
    void helpTextIsPinned() throws Exception {
        CliTest.Run r = CliTest.run("workflow", "--help");
        assertThat(r.code()).isZero();
        Path golden = Path.of("src/test/resources/help/workflow-help.txt");
        if (Boolean.getBoolean("ncclscope.golden.update")) Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
        assertThat(r.out()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        assertThat(r.out()).contains("--state", "--write-state", "Examples:", "Exit codes:");
    }

    @Test
    void withNothingItSaysWhereToStart() {
        CliTest.Run r = CliTest.run("workflow");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("1. Collect the minimal facts [missing]", "$ nvidia-smi topo -m", "$ numactl -H");
    }

    @Test
    void aStateFileIsWrittenThenReadBackAndUpdatedInPlace(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state.json");
        CliTest.Run first = CliTest.run("workflow", "--write-state", state.toString(), "--format", "md",
                CAPTURED.resolve("nccl/duplicate-gpu.log").toString());
        assertThat(first.code()).as(first.err()).isEqualTo(Main.PROBLEMS);
        assertThat(first.out()).contains("⛔ 2. Prove connectivity and the interface choice", "`NCCL_DUPLICATE_GPU`",
                "torch.cuda.current_device()");
        Workflow w1 = WorkflowJson.read(Files.readString(state));
        assertThat(w1.situation()).isEqualTo(Situation.RANK_MAPPING);
        assertThat(w1.step(StepId.COLLECT).status()).isEqualTo(StepStatus.PARTIAL);

        CliTest.Run second = CliTest.run("workflow", "--state", state.toString(), "--write-state", state.toString(),
                CAPTURED.resolve("sys/topo-m.txt").toString(), CAPTURED.resolve("sys/nvsmi-L.txt").toString());
        assertThat(second.code()).as(second.err()).isEqualTo(Main.PROBLEMS);
        Workflow w2 = WorkflowJson.read(Files.readString(state));
        assertThat(w2.observations()).containsAll(w1.observations());
        assertThat(w2.observations().size()).isGreaterThan(w1.observations().size());
        assertThat(tmp.toFile().list()).containsExactly("state.json");

        CliTest.Run show = CliTest.run("workflow", "--state", state.toString(), "--format", "json", "--lang", "zh-CN");
        assertThat(show.code()).isEqualTo(Main.PROBLEMS);
        Map<?, ?> json = (Map<?, ?>) Json.parse(show.out());
        assertThat(json.get("schemaVersion")).isEqualTo("1.0");
        assertThat(json.get("language")).isEqualTo("zh-CN");
        assertThat((List<?>) json.get("steps")).hasSize(5);
        assertThat(WorkflowJson.read(show.out())).isEqualTo(w2);
    }

    @Test
    void analyzeJsonCarriesTheWorkflowAndItsMemberIsAState(@TempDir Path tmp) throws Exception {
        CliTest.Run a = CliTest.run("analyze", "--format", "json", CAPTURED.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> report = (Map<String, Object>) Json.parse(a.out());
        assertThat(report).containsKeys("findings", "segments", "workflow");
        Map<?, ?> wf = (Map<?, ?>) report.get("workflow");
        assertThat(wf.get("schemaVersion")).isEqualTo("1.0");
        Path saved = tmp.resolve("report.json");
        Files.writeString(saved, a.out());
        CliTest.Run r = CliTest.run("workflow", "--state", saved.toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.PROBLEMS);
        assertThat(WorkflowJson.read(r.out())).isEqualTo(WorkflowJson.read(Json.write(wf)));
    }

    @Test
    void badInputIsAUsageErrorWithTheReason(@TempDir Path tmp) throws Exception {
        CliTest.Run missing = CliTest.run("workflow", "--state", tmp.resolve("nope.json").toString());
        assertThat(missing.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(missing.err()).contains("no such state file");

        Path junk = tmp.resolve("junk.json");
        Files.writeString(junk, "{\"schemaVersion\": \"9.0\"}");
        CliTest.Run major = CliTest.run("workflow", "--state", junk.toString());
        assertThat(major.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(major.err()).contains("9.0 is not supported");

        CliTest.Run noFile = CliTest.run("workflow", tmp.resolve("nothing.log").toString());
        assertThat(noFile.code()).isEqualTo(Main.BAD_INPUT);

        CliTest.Run noFolder = CliTest.run("workflow", "--write-state", tmp.resolve("no/such/dir/s.json").toString());
        assertThat(noFolder.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(noFolder.err()).contains("cannot write the state");

        CliTest.Run lang = CliTest.run("workflow", "--lang", "fr");
        assertThat(lang.code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void standardInputIsEvidence() throws Exception {
        String log = Files.readString(CAPTURED.resolve("nccl/bad-ifname.log"));
        CliTest.Run r = CliTest.runWithStdin(log, "workflow", "-");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.PROBLEMS);
        assertThat(r.out()).contains("NCCL_NO_SOCKET_INTERFACE", "export NCCL_SOCKET_IFNAME=");
    }
}
