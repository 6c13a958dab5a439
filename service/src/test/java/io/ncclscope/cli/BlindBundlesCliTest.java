package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.collect.Bundles;
import io.ncclscope.parsers.json.Json;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our own blind bundles ({@code examples/blind}, in the shape {@code collect} writes) on the command line: the broken
 * driver is a problem, with the failing command's output as evidence, from the folder and from its {@code .tar.gz};
 * no file of a bundle reads as "unknown".
 */
class BlindBundlesCliTest {

    static final Path BLIND = Path.of("../examples/blind");

    static Path tarGz(Path dir, Path folder, String name) throws Exception {
        Path tgz = dir.resolve(name + ".tar.gz");
        try (OutputStream o = Files.newOutputStream(tgz)) {
            Bundles.tar(folder, name, 1_764_842_400L, o, true);
        }
        return tgz;
    }

    static void assertDriverFinding(CliTest.Run r, String folder) {
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        Map<?, ?> report = (Map<?, ?>) Json.parse(r.out());
        assertThat(report.get("verdict")).isEqualTo("problems");
        Map<?, ?> first = (Map<?, ?>) ((List<?>) report.get("findings")).get(0);
        assertThat(first.get("code")).isEqualTo("GPU_DRIVER_UNREACHABLE");
        List<?> evidence = (List<?>) first.get("evidence");
        assertThat(evidence).anySatisfy(e -> {
            assertThat(((Map<?, ?>) e).get("artifact")).isEqualTo(folder + "/sys/nvsmi-q.txt");
            assertThat((String) ((Map<?, ?>) e).get("text")).startsWith("NVIDIA-SMI has failed because");
        });
        List<String> kinds = ((List<?>) report.get("artifacts")).stream()
                .map(a -> String.valueOf(((Map<?, ?>) a).get("kind"))).toList();
        assertThat(kinds).doesNotContain("unknown").contains("collect-manifest", "env", "sysfs");
    }

    @Test
    void theBrokenDriverFolderIsAProblemWithTheFailingOutputAsEvidence() {
        assertDriverFinding(CliTest.run("analyze", "--format", "json", BLIND.resolve("broken-driver").toString()), "broken-driver");
    }

    @Test
    void theBrokenDriverTarGzIsReadAsItIs(@TempDir Path dir) throws Exception {
        Path tgz = tarGz(dir, BLIND.resolve("broken-driver"), "gpu-node-07");
        assertDriverFinding(CliTest.run("analyze", "--format", "json", tgz.toString()), "gpu-node-07");
    }

    @Test
    void aBundleWithoutToolsStatesTheMissingToolsAndNoDriverProblem() {
        CliTest.Run r = CliTest.run("analyze", "--format", "text", BLIND.resolve("no-gpu-tools").toString());
        assertThat(r.out()).contains("COLLECT_TOOLS_MISSING", "nvidia-smi, lspci", "dmesg -T (REFUSED)")
                .doesNotContain("GPU_DRIVER_UNREACHABLE", "(not read as its kind)");
    }
}
