package io.ncclscope.sdk.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvidenceTest {

    static final Path H200 = Path.of("../examples/captured/h200-1gpu");

    @Test
    void aNodeFolderWithAMarkerIsOneNodeNamedByItsContent() throws Exception {
        Evidence e = Evidence.builder().addPath(H200).build();
        assertThat(e.nodes()).containsExactly("vm");
        assertThat(e.artifactsOf("vm")).hasSize(e.artifacts().size());
        Artifact topo = e.ofKind(Kind.TOPO).get(0);
        assertThat(topo.name()).isEqualTo("h200-1gpu/sys/topo-m.txt");
        assertThat(topo.nodeSource()).isEqualTo(NodeSource.CONTENT);
        assertThat(topo.quote(1).text()).isEqualTo("$ nvidia-smi topo -m");
        assertThat(topo.quote(2).text()).contains("GPU0");
    }

    @Test
    void aGivenNodeNamesTheNodeOfALogWhoseLinesCarryAnotherHost() throws Exception {
        // The capture's lines say "vm" (the VM's own name); the user says which node it is.
        String log = Files.readString(H200.resolve("nccl/duplicate-gpu.log"));
        Evidence e = Evidence.builder().addTextOfNode("job.log", log, "rack7-node3").build();
        assertThat(e.nodes()).containsExactly("rack7-node3");
        assertThat(e.hosts()).containsExactly("rack7-node3");
        assertThat(e.artifacts().get(0).hosts()).containsExactly("rack7-node3");
        // The quoted lines stay as written.
        assertThat(e.artifacts().get(0).quote(40).text()).contains("vm");
        io.ncclscope.sdk.report.Report r = io.ncclscope.sdk.NcclScope.analyze(e, java.util.Locale.ENGLISH);
        assertThat(r.nodes()).containsExactly("rack7-node3");
        assertThat(r.summary()).contains("from 1 node(s)");
        assertThat(r.findings()).isNotEmpty().allSatisfy(f -> assertThat(f.subject().label()).doesNotContain("vm"));
        assertThat(r.findings().get(0).subject().label()).contains("rack7-node3");
    }

    @Test
    void aGivenNodeLeavesTheHostsOfAWholeJobsLog() {
        String log = "gpu01:2231:2231 [0] NCCL INFO Using network Socket\ngpu02:2232:2232 [0] NCCL INFO Using network Socket\n";
        Evidence e = Evidence.builder().addTextOfNode("job.log", log, "rack7-node3").build();
        assertThat(e.artifacts().get(0).hosts()).containsExactly("gpu01", "gpu02");
        assertThat(Evidence.Builder.renamed("vm:1:1 [0] vm2 svm vm.x on vm device", "vm", "n3"))
                .isEqualTo("n3:1:1 [0] vm2 svm vm.x on n3 device");
    }

    @Test
    void subFoldersOfABundleAreNodes(@TempDir Path dir) throws Exception {
        String topo = Files.readString(H200.resolve("sys/topo-m.txt"));
        Files.createDirectories(dir.resolve("node2"));
        Files.createDirectories(dir.resolve("node10"));
        Files.writeString(dir.resolve("node2/topo.txt"), topo);
        Files.writeString(dir.resolve("node10/topo.txt"), topo);
        Files.writeString(dir.resolve("loose.txt"), topo);
        Evidence e = Evidence.builder().addPath(dir).build();
        assertThat(e.nodes()).containsExactly("node2", "node10");
        assertThat(e.artifactsOf("node10").get(0).nodeSource()).isEqualTo(NodeSource.FOLDER);
        assertThat(e.unassigned()).extracting(Artifact::name).containsExactly("loose.txt");
    }

    @Test
    void aPastedLogTakesItsHostFromTheContent() throws Exception {
        String log = Files.readString(H200.resolve("nccl/info-1rank.log"));
        Evidence e = Evidence.builder().addText("paste", log).build();
        assertThat(e.nodes()).containsExactly("vm");
        assertThat(e.artifacts().get(0).kind()).isEqualTo(Kind.NCCL_LOG);
    }

    @Test
    void unreadableInputsAreProblemsNotFailures(@TempDir Path dir) throws Exception {
        Evidence e = Evidence.builder().addPath(dir.resolve("missing-folder-is-a-file")).build();
        assertThat(e.problems()).hasSize(1);
        assertThat(e.problems().get(0).message()).startsWith("cannot read");
    }

    @Test
    void hostNamesSortNaturally() {
        assertThat(Evidence.compareNodes("node2", "node10")).isNegative();
        assertThat(Evidence.compareNodes("gpu-a01", "gpu-a1")).isZero();
        assertThat(Evidence.compareNodes("a", "b")).isNegative();
    }
}
