package io.ncclscope.sdk.diagnose.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
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

    @Test
    void nodesWhoseLogsSayTheSameApartFromTheirNameKeepOneSummaryAndEachGetsItsOwnBack() throws Exception {
        Path root = TestBundles.cluster(tmp.resolve("s"), TestBundles.hosts(2));
        Evidence e = NcclScope.evidence(root);
        Shared shared = new Shared();
        Artifact one = log(e, "gpu-node0001"), two = log(e, "gpu-node0002");
        Job.Log a = Job.Log.of(one, one.data(NcclLog.class).orElseThrow(), null, shared);
        Job.Log b = Job.Log.of(two, two.data(NcclLog.class).orElseThrow(), null, shared);
        assertThat(b).isSameAs(a);
        Job.Log back = b.back("gpu-node0002");
        assertThat(back.name).isEqualTo(two.name());
        assertThat(back.hosts).extracting(h -> h.name).containsExactly("gpu-node0002");
        Job.Host h = back.hosts.get(0);
        assertThat(h.interfaces).isNotEmpty().allSatisfy(i -> {
            if (i.text() != null) {
                assertThat(i.quote(i.value().line(), "").text()).isEqualTo(two.line(i.value().line()).orElseThrow()).contains("gpu-node0002");
            }
        });
    }

    private static Artifact log(Evidence e, String node) {
        return e.artifactsOf(node).stream().filter(a -> a.name().endsWith("nccl/ib-disabled.log")).findFirst().orElseThrow();
    }

    @Test
    void aCutStringComesBackAsItWasAndAStringHoldingTheMarkIsNotCut() {
        Shared shared = new Shared();
        Cut cut = new Cut("gpu-node1", shared);
        String s = "gpu-node1:100:100 [0] NCCL INFO gpu-node10 gpu-node1";
        String c = cut.of(s);
        assertThat(c).doesNotContain("gpu-node1");
        assertThat(cut.cut()).isTrue();
        assertThat(Cut.back(c, "gpu-node1")).isEqualTo(s);
        assertThat(Cut.back(c, "gpu-node2")).isEqualTo("gpu-node2:100:100 [0] NCCL INFO gpu-node20 gpu-node2");
        assertThat(new Cut("gpu-node2", shared).of(s.replace("node1", "node2"))).isSameAs(c);
        Cut clash = new Cut("x", shared);
        clash.of("a" + Cut.MARK);
        assertThat(clash.clash()).isTrue();
        assertThat(new Cut("", shared).of("abc")).isEqualTo("abc");
    }
}
