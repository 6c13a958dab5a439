package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpectCommandTest {

    @Test
    void aNamedSystemGivesEveryCollectiveForOneAndNNodes() throws Exception {
        LocalizeCommandTest.Run r = LocalizeCommandTest.run("expect", "--nodes", "4", "h100-sxm-8x400g");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Expected busbw of h100-sxm-8x400g", "all_reduce", "sendrecv", "Derivation", "Sources", "371 - 480");
        Files.writeString(Path.of("target/expect-h100-sxm-8x400g.txt"), r.out());
        LocalizeCommandTest.Run zh = LocalizeCommandTest.run("expect", "--lang", "zh-CN", "--format", "md", "h200-sxm");
        assertThat(zh.out()).contains("预期 busbw", "| all_reduce | 2 | 16 |");
    }

    @Test
    void aNodesOutputsGiveJsonWithTheDegradedPortNamed() {
        LocalizeCommandTest.Run r = LocalizeCommandTest.run("expect", "--format", "json", "../examples/attribution/h100-slow-port");
        assertThat(r.code()).as(r.err()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse(r.out());
        assertThat((List<?>) m.get("figures")).hasSize(12);
        assertThat(r.out()).contains("\"port-rate\"", "runs 200 Gb/s");
    }

    @Test
    void ourOneGpuH200CaptureSaysNothingMovesInsideTheNodeAndNamesNoNetwork() throws Exception {
        LocalizeCommandTest.Run r = LocalizeCommandTest.run("expect", "../examples/captured/h200-bundle/before");
        assertThat(r.code()).as(r.err()).isZero();
        Files.writeString(Path.of("target/expect-h200-bundle.txt"), r.out());
        assertThat(r.out()).contains("NVIDIA H200", "one H200 per node", "One rank: nothing moves between GPUs");
    }

    @Test
    void anUnknownSystemIsAUsageError() {
        LocalizeCommandTest.Run r = LocalizeCommandTest.run("expect", "dgx-9000");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("named systems: h100-sxm-8x400g");
        assertThat(LocalizeCommandTest.run("expect", "--nodes", "0", "h200-sxm").code()).isEqualTo(Main.BAD_INPUT);
    }
}
