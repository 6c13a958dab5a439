package io.ncclscope.sdk.diagnose.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NCCL settings of a node's environment listing ({@code env.txt} of a collect bundle) count for the node's logs
 * that do not print them. The log is our own capture {@code h200-1gpu/nccl/ib-disabled.log} without its
 * "NCCL_IB_DISABLE set by environment" line (as a log at NCCL_DEBUG=WARN, or a wrapper that drops it, would be).
 */
class EnvironmentListingTest {

    private static final Path LOG = Path.of("../examples/captured/h200-1gpu/nccl/ib-disabled.log");

    private static Path node(Path dir, String env) throws IOException {
        Path node = dir.resolve("vm");
        Files.createDirectories(node);
        Files.writeString(node.resolve("hostname"), "vm\n", StandardCharsets.UTF_8);
        String log = Files.readAllLines(LOG, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.contains("NCCL_IB_DISABLE set by environment")).collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(node.resolve("job.log"), log, StandardCharsets.UTF_8);
        if (env != null) Files.writeString(node.resolve("env.txt"), env, StandardCharsets.UTF_8);
        return node;
    }

    private static Diagnosis run(Path node) throws IOException {
        return Diagnosis.run(Evidence.builder().addPath(node).build(), List.of(new TransportAnalyzer()));
    }

    @Test
    void ibDisabledInTheEnvironmentListingIsNamedWithItsLine(@TempDir Path dir) throws IOException {
        Diagnosis d = run(node(dir, "CUDA_HOME=/usr/local/cuda\nNCCL_IB_DISABLE=1\nNCCL_DEBUG=INFO\n"));
        List<Finding> fs = d.withCode("NET_IB_DISABLED_BY_ENV");
        assertThat(fs).hasSize(1);
        EvidenceLine env = fs.get(0).evidence().get(0);
        assertThat(env.artifact()).isEqualTo("vm/env.txt");
        assertThat(env.line()).isEqualTo(2);
        assertThat(env.text()).isEqualTo("NCCL_IB_DISABLE=1");
        assertThat(fs.get(0).detail().render(Locale.ENGLISH)).contains("NCCL_IB_DISABLE=1");
    }

    @Test
    void withoutTheListingTheLogAloneSaysNothingOfIt(@TempDir Path dir) throws IOException {
        assertThat(run(node(dir, null)).withCode("NET_IB_DISABLED_BY_ENV")).isEmpty();
        assertThat(run(node(dir.resolve("b"), "NCCL_IB_DISABLE=0\n")).withCode("NET_IB_DISABLED_BY_ENV")).isEmpty();
    }

    @Test
    void theLogsOwnSettingWinsOverTheListing(@TempDir Path dir) throws IOException {
        Path node = node(dir, "NCCL_IB_DISABLE=1\n");
        Files.copy(LOG, node.resolve("job.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Finding f = run(node).withCode("NET_IB_DISABLED_BY_ENV").get(0);
        assertThat(f.evidence().get(0).artifact()).isEqualTo("vm/job.log");
    }
}
