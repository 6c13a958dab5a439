package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finding made alike on many nodes is shown once, naming the nodes; findings that differ stay apart. Bundles are
 * our real H200 capture ({@code examples/captured/h200-1gpu}) copied once per node with its host name changed, as
 * the bundle benchmark generates them.
 */
class NodeMergeTest {

    private static final Path CAPTURE = Path.of("../examples/captured/h200-1gpu");

    @TempDir
    Path tmp;

    @Test
    void alikeFindingsOfFourNodesReadOnceNamingEveryNode() throws IOException {
        Path root = bundle(tmp.resolve("four"), "gpu-node1", "gpu-node2", "gpu-node3", "gpu-node4");
        Evidence e = NcclScope.evidence(root);
        Diagnosis d = NcclScope.diagnose(e);
        List<LocalizedFinding> each = d.localized(Locale.ENGLISH);
        Report r = Report.of(e, d, Locale.ENGLISH);

        // Per node: 4 duplicate-GPU findings, one per node, alike but for the node's name.
        List<LocalizedFinding> dups = each.stream().filter(f -> f.code().equals("NCCL_DUPLICATE_GPU")).toList();
        assertThat(dups).extracting(f -> f.subject().node()).containsExactly("gpu-node1", "gpu-node2", "gpu-node3", "gpu-node4");
        LocalizedFinding m = only(r, "NCCL_DUPLICATE_GPU");
        assertThat(m.nodes()).containsExactly("gpu-node1", "gpu-node2", "gpu-node3", "gpu-node4");
        assertThat(m.nodeCount()).isEqualTo(4);
        assertThat(m.subject()).isEqualTo(dups.get(0).subject());
        assertThat(m.detail()).isEqualTo(dups.get(0).detail());
        assertThat(m.actions()).isEqualTo(dups.get(0).actions());
        // The lines of the first three nodes, the first node's first.
        List<EvidenceLine> lines = new ArrayList<>();
        for (int i = 0; i < 3; i++) lines.addAll(dups.get(i).evidence());
        assertThat(m.evidence()).isEqualTo(lines);
        assertThat(only(r, "SINGLE_RANK_RUN").nodes()).hasSize(4);
        // Findings of the job as a whole are left as they are.
        assertThat(r.findings()).filteredOn(f -> f.subject().node() == null)
                .containsExactlyElementsOf(each.stream().filter(f -> f.subject().node() == null).toList());
        assertThat(r.findings().size()).isLessThan(each.size());
        assertThat(r.verdict()).isEqualTo(io.ncclscope.sdk.report.Verdict.PROBLEMS);
        assertThat(r.summary()).contains("from 4 node(s)").contains("on 4 nodes");

        String md = NcclScope.render(r, Format.MARKDOWN);
        assertThat(md).contains("on 4 nodes: gpu-node1, gpu-node2, gpu-node3 and 1 more");
        assertThat(NcclScope.render(Report.of(e, d, Locale.SIMPLIFIED_CHINESE), Format.MARKDOWN))
                .contains("0000:00:06.0，共 4 个节点：gpu-node1, gpu-node2, gpu-node3 等，另有 1 个");
        String text = NcclScope.render(r, Format.TEXT);
        assertThat(text).contains("on 4 nodes: gpu-node1, gpu-node2, gpu-node3, gpu-node4");
        Map<?, ?> json = (Map<?, ?>) Json.parse(NcclScope.render(r, Format.JSON));
        assertThat((List<?>) json.get("findings")).anyMatch(f -> ((Map<?, ?>) f).get("code").equals("NCCL_DUPLICATE_GPU")
                && List.of("gpu-node1", "gpu-node2", "gpu-node3", "gpu-node4").equals(((Map<?, ?>) f).get("nodes")));
        Report one = NcclScope.analyze(NcclScope.evidence(bundle(tmp.resolve("one"), "gpu-node1")));
        assertThat(one.findings()).allMatch(f -> f.nodes() == null);
        Map<?, ?> oneJson = (Map<?, ?>) Json.parse(NcclScope.render(one, Format.JSON));
        assertThat((List<?>) oneJson.get("findings")).isNotEmpty().noneMatch(f -> ((Map<?, ?>) f).containsKey("nodes"));
    }

    @Test
    void aNodeMissingAFileOrWithAnotherSettingStaysApart() throws IOException {
        Path root = bundle(tmp, "node1", "node2", "node10", "node11");
        // node10 lacks the duplicate-GPU run; node11 asked for another interface that does not exist.
        Files.delete(root.resolve("node10/nccl/duplicate-gpu.log"));
        Path bad = root.resolve("node11/nccl/bad-ifname.log");
        Files.writeString(bad, Files.readString(bad).replace("nosuch0", "nosuch9"));
        Report r = NcclScope.analyze(NcclScope.evidence(root));

        LocalizedFinding dup = only(r, "NCCL_DUPLICATE_GPU");
        assertThat(dup.nodes()).containsExactly("node1", "node2", "node11");
        List<LocalizedFinding> noIf = r.findings().stream().filter(f -> f.code().equals("NCCL_NO_SOCKET_INTERFACE")).toList();
        assertThat(noIf).anyMatch(f -> f.subject().iface() != null && f.subject().iface().equals("nosuch0")
                && List.of("node1", "node2", "node10").equals(f.nodes()));
        assertThat(noIf).anyMatch(f -> "nosuch9".equals(f.subject().iface()) && f.nodes() == null
                && f.subject().node().equals("node11"));
    }

    @Test
    void nodesWhoseProcessesHaveOtherPidsStillShareAFinding() throws IOException {
        Path root = bundle(tmp, "node1", "node2");
        // node2's processes get other pids and tids, as on any real second node.
        try (Stream<Path> s = Files.walk(root.resolve("node2"))) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Files.writeString(p, Files.readString(p).replaceAll("\\bnode2:(\\d+)", "node2:7$1"));
            }
        }
        assertThat(Files.readString(root.resolve("node2/nccl/duplicate-gpu.log"))).containsPattern("node2:7\\d+");
        Report r = NcclScope.analyze(NcclScope.evidence(root));
        assertThat(only(r, "NCCL_DUPLICATE_GPU").nodes()).containsExactly("node1", "node2");
        assertThat(r.findings()).filteredOn(f -> f.code().equals("NCCL_NO_SOCKET_INTERFACE"))
                .isNotEmpty().allMatch(f -> f.nodes() != null && f.nodes().size() == 2);
    }

    @Test
    void nodesThatWarnedAtOtherTimesStillShareAFinding() throws IOException {
        Path root = bundle(tmp, "node1", "node2");
        // NCCL writes the time before each WARN line ([2026-12-02 09:03:10]): node2 warned a minute later.
        try (Stream<Path> s = Files.walk(root.resolve("node2"))) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Files.writeString(p, Files.readString(p).replaceAll("(?m)^\\[2026-12-02 09:0(\\d)", "[2026-12-02 09:1$1"));
            }
        }
        assertThat(Files.readString(root.resolve("node2/nccl/duplicate-gpu.log"))).contains("[2026-12-02 09:13:10] node2:");
        Report r = NcclScope.analyze(NcclScope.evidence(root));
        LocalizedFinding dup = only(r, "NCCL_DUPLICATE_GPU");
        assertThat(dup.nodes()).containsExactly("node1", "node2");
        assertThat(dup.evidence()).extracting(EvidenceLine::text).anyMatch(t -> t.startsWith("[2026-12-02 09:13:10] node2:"));
        assertThat(r.findings()).filteredOn(f -> f.code().equals("NCCL_NO_SOCKET_INTERFACE"))
                .isNotEmpty().allMatch(f -> f.nodes() != null && f.nodes().size() == 2);
    }

    @Test
    void everyFindingOfTheDiagnosisIsInTheReportOnItsNode() throws IOException {
        Path root = bundle(tmp, "a1", "a2", "a3");
        Files.delete(root.resolve("a2/nccl/warn-only.log"));
        Evidence e = NcclScope.evidence(root);
        Diagnosis d = NcclScope.diagnose(e);
        Report r = Report.of(e, d, Locale.ENGLISH);
        int represented = 0;
        for (LocalizedFinding m : r.findings()) represented += m.nodes() != null ? m.nodes().size() : 1;
        assertThat(represented).isEqualTo(d.findings().size());
        for (Finding f : d.findings()) {
            assertThat(r.findings()).as(f.code() + " on " + f.subject().label()).anyMatch(m -> m.code().equals(f.code())
                    && (m.nodes() != null ? m.nodes().contains(f.subject().node()) : m.subject().equals(f.subject())));
        }
    }

    @Test
    void theTextReportOfManyInputsListsTheFirstAndCountsTheRestByKind() {
        List<Report.ArtifactSummary> arts = new ArrayList<>();
        for (int i = 1; i <= Renderers.TEXT_INPUTS_LISTED + 50; i++) {
            arts.add(new Report.ArtifactSummary("n" + i + "/tests/a.txt", i % 2 == 0 ? "nccl-tests" : "nccl-log", "n" + i, 0, 0));
        }
        StringBuilder sb = new StringBuilder();
        Renderers.inputsText(sb, arts, tally(arts), List.of(), Locale.ENGLISH, io.ncclscope.sdk.Surface.CLI);
        String text = sb.toString();
        assertThat(text).startsWith("Inputs read (250)\n").contains("  n200/tests/a.txt  nccl-tests  @n200\n")
                .doesNotContain("n201/").endsWith("  ... and 50 more, not listed (--format json lists up to 1,000 and counts all by kind), by kind:"
                        + " nccl-log 25, nccl-tests 25\n");
        StringBuilder few = new StringBuilder();
        Renderers.inputsText(few, arts.subList(0, 3), tally(arts.subList(0, 3)), List.of(), Locale.ENGLISH, io.ncclscope.sdk.Surface.CLI);
        assertThat(few.toString()).doesNotContain("more");
        StringBuilder zh = new StringBuilder();
        Renderers.inputsText(zh, arts, tally(arts), List.of(), Locale.SIMPLIFIED_CHINESE, io.ncclscope.sdk.Surface.CLI);
        assertThat(zh.toString()).contains("另有 50 个输入未列出");
        // Past the report's own cap, the kinds of the inputs it no longer lists come from the tally.
        StringBuilder capped = new StringBuilder();
        Renderers.inputsText(capped, arts.subList(0, 210), tally(arts), List.of(), Locale.ENGLISH, io.ncclscope.sdk.Surface.CLI);
        assertThat(capped.toString()).isEqualTo(text);
    }

    private static Report.InputTally tally(List<Report.ArtifactSummary> arts) {
        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
        arts.forEach(a -> kinds.merge(a.kind(), 1, Integer::sum));
        return new Report.InputTally(arts.size(), kinds, 0, 0);
    }

    @Test
    void findingsThatDifferBeyondTheNodeNameOrHaveNoNodeAreKept() {
        Finding a = finding("n1", "n1:100:100 [0] NCCL WARN x");
        Finding b = finding("n2", "n2:200:200 [1] NCCL WARN x"); // another device: not alike
        Finding c = finding("n3", "n3:300:301 [0] NCCL WARN x"); // another pid and tid: alike
        Finding sameNodeAgain = finding("n1", "n1:100:100 [0] NCCL WARN x");
        Finding job = new Finding("NCCL_REMOTE_ERROR", FindingSeverity.CRITICAL, Subject.JOB,
                Message.of(Texts.class, "summary.empty"), List.of(), Map.of());
        for (List<Finding> in : List.of(List.of(job, a, b, c, sameNodeAgain), List.of(sameNodeAgain, c, b, a, job))) {
            List<LocalizedFinding> out = NodeMerge.merge(in, Locale.ENGLISH);
            assertThat(out).hasSize(4);
            assertThat(out.get(0).subject()).isEqualTo(Subject.JOB);
            assertThat(out.get(1).nodes()).containsExactly("n1", "n3");
            assertThat(out.get(1).evidence()).isEqualTo(List.of(a.evidence().get(0), c.evidence().get(0)));
            assertThat(out.get(2)).isEqualTo(Diagnosis.localize(sameNodeAgain, Locale.ENGLISH));
            assertThat(out.get(3)).isEqualTo(Diagnosis.localize(b, Locale.ENGLISH));
        }
        assertThat(NodeMerge.merge(List.of(b, a), Locale.ENGLISH)).extracting(LocalizedFinding::nodes).containsOnlyNulls();
    }

    @Test
    void findingsOfOneNodeShowAsTheyAreInReportOrderWhateverOrderTheyCome() {
        Finding a = finding("n1", "n1:100:100 [0] NCCL WARN x");
        Finding b = finding("n1", "n1:100:100 [1] NCCL WARN x");
        Finding again = finding("n1", "n1:100:100 [0] NCCL WARN x");
        Finding job = new Finding("NCCL_REMOTE_ERROR", FindingSeverity.CRITICAL, Subject.JOB,
                Message.of(Texts.class, "summary.empty"), List.of(), Map.of());
        for (List<Finding> in : List.of(List.of(a, b, again, job), List.of(job, again, b, a), List.of(b, job, a, again))) {
            assertThat(NodeMerge.merge(in, Locale.ENGLISH)).isEqualTo(Diagnosis.of(in).localized(Locale.ENGLISH));
        }
    }

    @Test
    void reportOrderTiesOnlyEqualFindings() {
        // NodeMerge shows one node's findings in report order without grouping them: it relies on this.
        Map<String, String> none = new java.util.HashMap<>();
        none.put("inputs", null);
        Finding nullValue = new Finding("NCCL_SYSTEM_ERROR", FindingSeverity.ERROR, Subject.JOB,
                new Message("io.ncclscope.sdk.report.Messages", "summary.healthy", none), List.of(), Map.of());
        Finding nullText = new Finding("NCCL_SYSTEM_ERROR", FindingSeverity.ERROR, Subject.JOB,
                new Message("io.ncclscope.sdk.report.Messages", "summary.healthy", Map.of("inputs", "null")), List.of(),
                Map.of());
        assertThat(nullValue).isNotEqualTo(nullText);
        assertThat(Diagnosis.ORDER.compare(nullValue, nullText)).isNotZero();
        assertThat(Diagnosis.ORDER.compare(nullText, nullValue)).isEqualTo(-Diagnosis.ORDER.compare(nullValue, nullText));
    }

    @Test
    void aGroupCarriesTheEvidenceOfItsFirstThreeNodesWhateverOrderTheyCome() {
        List<Finding> in = new ArrayList<>();
        for (int i = 12; i >= 1; i--) in.add(finding("n" + i, "peer refused"));
        for (int round = 0; round < 5; round++) {
            java.util.Collections.shuffle(in, new java.util.Random(round));
            List<LocalizedFinding> out = NodeMerge.merge(in, Locale.ENGLISH);
            assertThat(out).hasSize(1);
            assertThat(out.get(0).nodes()).hasSize(12).startsWith("n1", "n2", "n3", "n4").endsWith("n12");
            assertThat(out.get(0).subject().node()).isEqualTo("n1");
            assertThat(out.get(0).evidence()).extracting(EvidenceLine::artifact)
                    .containsExactly("n1/job.log", "n2/job.log", "n3/job.log");
        }
        // However many nodes make it, a group holds the findings of its first three nodes and the one first in order.
        NodeMerge m = new NodeMerge();
        for (int i = 1000; i >= 1; i--) m.add(finding("n" + i, "peer refused"));
        assertThat(m.held()).isEqualTo(3);
        assertThat(m.finish(Locale.ENGLISH).get(0).nodes()).hasSize(1000);
    }

    @Test
    void aNodeNameInsideALongerNameIsNotTakenForIt() {
        // "n1" must not be read inside "n10": the two lines differ in the host they name.
        Finding a = finding("n1", "peer n10 refused");
        Finding b = finding("n2", "peer n10 refused");
        Finding c = finding("n10", "peer n10 refused");
        List<LocalizedFinding> out = NodeMerge.merge(List.of(a, b, c), Locale.ENGLISH);
        assertThat(out).hasSize(2);
        assertThat(out.get(0).nodes()).containsExactly("n1", "n2");
        assertThat(out.get(1)).isEqualTo(Diagnosis.localize(c, Locale.ENGLISH));
    }

    private static Finding finding(String node, String line) {
        return new Finding("NCCL_SYSTEM_ERROR", FindingSeverity.ERROR, new Subject(node, 0, null, null, null, null, null),
                Message.of(Texts.class, "summary.healthy", "inputs", node, "nodes", 1),
                List.of(new EvidenceLine(node + "/job.log", 7, line)), Map.of("host", node));
    }

    private static LocalizedFinding only(Report r, String code) {
        List<LocalizedFinding> fs = r.findings().stream().filter(f -> f.code().equals(code)).toList();
        assertThat(fs).hasSize(1);
        return fs.get(0);
    }

    /** The capture copied once per node, its host name ({@code vm}) changed to the node's. */
    static Path bundle(Path root, String... nodes) throws IOException {
        List<Path> src;
        try (Stream<Path> s = Files.walk(CAPTURE)) {
            src = s.filter(Files::isRegularFile).sorted().toList();
        }
        List<String> texts = new ArrayList<>();
        for (Path p : src) texts.add(Files.readString(p, StandardCharsets.UTF_8));
        for (String node : nodes) {
            for (int k = 0; k < src.size(); k++) {
                Path dst = root.resolve(node).resolve(CAPTURE.relativize(src.get(k)).toString());
                Files.createDirectories(dst.getParent());
                Files.writeString(dst, texts.get(k).replaceAll("\\bvm\\b", node), StandardCharsets.UTF_8);
            }
        }
        return root;
    }

    @Test
    void theNodeIsFoundAsTheRegularExpressionOfItFindsIt() {
        // The hand-written search against the expression it replaces, on texts built from the characters that matter
        // around a name (name characters, '.', ':', digits, spaces), for names alike and inside one another.
        java.util.Random random = new java.util.Random(23);
        String[] pieces = {"node1", "node1", "node10", "xnode1", ":", ":", "4242", "7", ".", "-", "_", " ", "a", "[", "]", "\n"};
        for (String node : List.of("node1", "gpu-a.b", "n")) {
            java.util.regex.Pattern p = java.util.regex.Pattern.compile("(?<![A-Za-z0-9_.-])" + java.util.regex.Pattern.quote(node)
                    + "(?::\\d+){0,2}(?![A-Za-z0-9_-])");
            for (int i = 0; i < 20_000; i++) {
                StringBuilder sb = new StringBuilder();
                int n = random.nextInt(10);
                for (int k = 0; k < n; k++) sb.append(random.nextInt(4) == 0 ? node : pieces[random.nextInt(pieces.length)]);
                String text = sb.toString();
                assertThat(NodeMerge.withoutNode(text, node)).as("%s in %s", node, text).isEqualTo(p.matcher(text).replaceAll("\u0001"));
            }
        }
        assertThat(NodeMerge.withoutNode("gpu01:2231:2232 [0] NCCL WARN gpu01 gpu010 a.gpu01 gpu01:12x", "gpu01"))
                .isEqualTo("\u0001 [0] NCCL WARN \u0001 gpu010 a.gpu01 \u0001:12x");
        assertThat(NodeMerge.withoutNode("pid :12 x:3", "")).isEqualTo(java.util.regex.Pattern.compile("(?<![A-Za-z0-9_.-])(?::\\d+){0,2}(?![A-Za-z0-9_-])")
                        .matcher("pid :12 x:3").replaceAll("\u0001"));
    }
}
