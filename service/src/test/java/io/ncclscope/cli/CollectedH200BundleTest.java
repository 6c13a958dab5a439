package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The bundles the node bundle collected on a real H200 node (examples/captured/h200-bundle, commands in its
 * COMMAND.md): analyze reads them as one node with the kinds the node's tools printed, no parse errors, and the
 * verdict the node itself printed (healthy).
 */
class CollectedH200BundleTest {

    static final Path CAPTURED = Path.of("../examples/captured/h200-bundle");

    @Test
    void bothBundlesReadAsOneHealthyNodeWithTheKindsItsToolsPrinted() throws Exception {
        CliTest.Run r = CliTest.run("analyze", "--format", "json",
                CAPTURED.resolve("before").toString(), CAPTURED.resolve("after").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Map<?, ?> report = (Map<?, ?>) Json.parse(r.out());
        assertThat(report.get("verdict")).isEqualTo("healthy");
        assertThat(report.get("nodes")).isEqualTo(List.of("vm"));
        List<Map<?, ?>> artifacts = ((List<?>) report.get("artifacts")).stream().<Map<?, ?>>map(o -> (Map<?, ?>) o).toList();
        Map<String, Object> kinds = artifacts.stream()
                .collect(Collectors.toMap(a -> (String) a.get("name"), a -> a.get("kind")));
        for (String b : List.of("before", "after")) {
            assertThat(kinds).containsEntry(b + "/sys/topo-m.txt", "topo")
                    .containsEntry(b + "/sys/nvsmi-q.txt", "nvidia-smi-q")
                    .containsEntry(b + "/sys/nvsmi-L.txt", "nvidia-smi-q")
                    .containsEntry(b + "/sys/numactl-H.txt", "numactl")
                    .containsEntry(b + "/sys/dmesg.txt", "dmesg");
        }
        assertThat(artifacts).filteredOn(a -> !"unknown".equals(a.get("kind")))
                .allSatisfy(a -> assertThat(a.get("errors")).as(a.get("name") + " parse errors").isEqualTo(0L));
    }

    @Test
    void theManifestsRecordTheNodeTheToolsAndWhatWasMissing() throws Exception {
        for (String b : List.of("before", "after")) {
            Map<?, ?> m = (Map<?, ?>) Json.parse(Files.readString(CAPTURED.resolve(b).resolve("manifest.json")));
            assertThat(m.get("host")).isEqualTo("vm");
            assertThat(m.get("root")).isEqualTo(true);
            List<Map<?, ?>> entries = ((List<?>) m.get("entries")).stream().<Map<?, ?>>map(o -> (Map<?, ?>) o).toList();
            Map<String, Object> outcome = entries.stream().filter(e -> !((List<?>) e.get("argv")).isEmpty())
                    .collect(Collectors.toMap(e -> String.join(" ", ((List<?>) e.get("argv")).stream().map(Object::toString).toList()),
                            e -> e.get("outcome")));
            assertThat(outcome).containsEntry("nvidia-smi topo -m", "OK").containsEntry("nvidia-smi -q", "OK")
                    .containsEntry("numactl -H", "OK").containsEntry("dmesg -T", "OK")
                    .containsEntry("lspci -vvv", "MISSING").containsEntry("ethtool -S eth0", "MISSING");
            assertThat(entries).filteredOn(e -> "nvidia-smi topo -m".equals(String.join(" ",
                            ((List<?>) e.get("argv")).stream().map(Object::toString).toList())))
                    .singleElement().satisfies(e -> assertThat((String) e.get("toolVersion")).contains("DRIVER version      : 580.159.04"));
            assertThat(Files.readString(CAPTURED.resolve(b).resolve("env.txt"))).contains("NCCL_VERSION=2.28.3-1")
                    .contains("secrets redacted");
        }
    }
}
