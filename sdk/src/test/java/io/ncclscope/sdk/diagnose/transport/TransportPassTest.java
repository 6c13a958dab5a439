package io.ncclscope.sdk.diagnose.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the transport pass keeps across slices, and what its findings quote once the slices are gone. */
class TransportPassTest {

    @TempDir
    Path tmp;

    @Test
    void thePassKeepsNoNcclLogAndOneCopyOfTheHardwareRecordsNodesShare() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("c"), TestBundles.hosts(8));
        Pass pass = new TransportAnalyzer().pass();
        // Every node is the same capture: its topo record is equal on all eight, so the pass holds one of them.
        Map<String, Integer> kept = PassChecks.factsKeptByKind(root, pass::add);
        assertThat(kept).doesNotContainKeys("nccl-log", "nccl-tests").isNotEmpty().allSatisfy((kind, n) -> assertThat(n).isOne());
        assertThat(pass.finish()).isNotEmpty();
    }

    @Test
    void findingsQuoteTheLogsOwnLinesOnceEverySliceIsGone() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("q"), TestBundles.hosts(3));
        Pass pass = new TransportAnalyzer().pass();
        PassChecks.factsKeptByKind(root, pass::add);
        List<Finding> findings = pass.finish();
        List<EvidenceLine> lines = findings.stream().flatMap(f -> f.evidence().stream()).filter(l -> l.line() > 0).toList();
        assertThat(lines).isNotEmpty().allSatisfy(l -> assertThat(l.text())
                .isEqualTo(Files.readAllLines(root.resolve(l.artifact()), StandardCharsets.UTF_8).get(l.line() - 1)));
    }
}
