package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every operation of the REST service, every error status, on the project's own H200 capture
 * ({@code examples/captured}). {@link ServiceApiIT} reruns the same tests against the packaged jar.
 */
@QuarkusTest
class ServiceApiTest {

    static final Path CAPTURE = Path.of("../examples/captured/h200-1gpu");

    static String read(String rel) throws IOException {
        return Files.readString(CAPTURE.resolve(rel), StandardCharsets.UTF_8);
    }

    // -- analyze ------------------------------------------------------------------------------------------------

    @Test
    void pastedLogGivesTheVerdictAsJsonWithTheLinesThatProveIt() throws IOException {
        given().contentType(ContentType.TEXT).body(read("nccl/duplicate-gpu.log"))
                .when().post("/v1/analyze")
                .then().statusCode(200).contentType(ContentType.JSON)
                .header("X-Ncclscope-Verdict", "problems")
                .body("verdict", equalTo("problems"))
                .body("language", equalTo("en"))
                .body("findings[0].code", equalTo("NCCL_DUPLICATE_GPU"))
                .body("findings[0].severity", equalTo("CRITICAL"))
                .body("findings[0].subject.node", equalTo("vm"))
                .body("findings[0].evidence[0].artifact", equalTo("paste"))
                .body("findings[0].evidence[0].line", equalTo(40))
                .body("findings[0].evidence[0].text", containsString("Duplicate GPU detected"))
                .body("findings[0].actions.text", everyItem(notNullValue()))
                .body("artifacts[0].kind", equalTo("nccl-log"))
                .body("segments.size()", equalTo(3));
    }

    @Test
    void markdownForAChatAndChineseOnRequest() throws IOException {
        String md = given().contentType(ContentType.TEXT).accept("text/markdown").queryParam("name", "job.log")
                .body(read("nccl/bad-ifname.log"))
                .when().post("/v1/analyze")
                .then().statusCode(200).contentType(startsWith("text/markdown")).extract().asString();
        assertThat(md).startsWith("**ncclscope: PROBLEMS FOUND**").contains("`NCCL_NO_SOCKET_INTERFACE`", "`job.log:5`");
        String zh = given().contentType(ContentType.TEXT).accept("text/markdown").queryParam("lang", "zh-CN")
                .body(read("nccl/bad-ifname.log"))
                .when().post("/v1/analyze").then().statusCode(200).extract().asString();
        assertThat(zh).contains("NCCL_NO_SOCKET_INTERFACE").containsPattern("[\\u4e00-\\u9fff]");
    }

    @Test
    void plainTextListsEveryFindingWithCausesAndActions() throws IOException {
        String text = given().contentType(ContentType.TEXT).accept(ContentType.TEXT).body(read("nccl/duplicate-gpu.log"))
                .when().post("/v1/analyze").then().statusCode(200).contentType(startsWith("text/plain")).extract().asString();
        assertThat(text).contains("NCCL_DUPLICATE_GPU", "Likely causes:", "Actions:", "Evidence:");
    }

    @Test
    void namedArtifactsOfOneNodeAreAnalyzedTogether() throws IOException {
        Map<String, Object> body = Map.of("artifacts", List.of(
                Map.of("name", "vm/topo.txt", "node", "vm", "text", read("sys/topo-m.txt")),
                Map.of("name", "vm/job.log", "node", "vm", "text", read("nccl/bad-ifname.log"))));
        given().contentType(ContentType.JSON).body(body)
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("nodes", equalTo(List.of("vm")))
                .body("artifacts.kind", hasItems("topo", "nccl-log"))
                .body("findings.code", hasItem("NCCL_NO_SOCKET_INTERFACE"));
    }

    @Test
    void aFindingMadeAlikeOnTwoNodesIsOneFindingNamingBoth() throws IOException {
        String log = read("nccl/duplicate-gpu.log");
        Map<String, Object> body = Map.of("artifacts", List.of(
                Map.of("name", "node1/job.log", "text", log.replaceAll("\\bvm\\b", "node1")),
                Map.of("name", "node2/job.log", "text", log.replaceAll("\\bvm\\b", "node2"))));
        given().contentType(ContentType.JSON).body(body)
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("nodes", equalTo(List.of("node1", "node2")))
                .body("findings.findAll { it.code == 'NCCL_DUPLICATE_GPU' }.size()", equalTo(1))
                .body("findings.find { it.code == 'NCCL_DUPLICATE_GPU' }.nodes", equalTo(List.of("node1", "node2")))
                .body("findings.find { it.code == 'NCCL_DUPLICATE_GPU' }.subject.node", equalTo("node1"));
    }

    @Test
    void uploadedFilesAndAZipBundleAreAnalyzed(@TempDir Path tmp) throws IOException {
        Path zip = tmp.resolve("bundle.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip)); Stream<Path> s = Files.walk(CAPTURE)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                z.putNextEntry(new ZipEntry("bundle/h200-1gpu/" + CAPTURE.relativize(p).toString().replace('\\', '/')));
                z.write(Files.readAllBytes(p));
                z.closeEntry();
            }
        }
        given().multiPart("bundle", zip.toFile(), "application/zip")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("nodes", equalTo(List.of("vm")))
                .body("artifacts.size()", greaterThan(20))
                .body("artifacts.name", hasItem("h200-1gpu/nccl/duplicate-gpu.log"))
                .body("findings.code", hasItems("NCCL_DUPLICATE_GPU", "NCCL_NO_SOCKET_INTERFACE"));
        given().multiPart("file", CAPTURE.resolve("nccl/duplicate-gpu.log").toFile(), "text/plain")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("findings[0].evidence[0].artifact", equalTo("duplicate-gpu.log"));
    }

    @Test
    void aHangBundleWithPickledFlightRecorderDumpsNamesTheRankThatNeverEntered(@TempDir Path tmp) throws IOException {
        Path hang = Path.of("../examples/hangs/rank-not-entered");
        Path zip = tmp.resolve("hang.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip)); Stream<Path> s = Files.walk(hang)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                z.putNextEntry(new ZipEntry("job/" + hang.relativize(p).toString().replace('\\', '/')));
                z.write(Files.readAllBytes(p));
                z.closeEntry();
            }
        }
        given().multiPart("bundle", zip.toFile(), "application/zip")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("artifacts.kind", hasItem("flight-recorder"))
                .body("findings[0].code", equalTo("HANG_RANK_NOT_ENTERED"))
                .body("findings[0].subject.rank", equalTo(5))
                .body("findings[0].subject.node", equalTo("node-b"))
                .body("summary", containsString("not the network"))
                .body("findings.code", not(hasItem("NCCL_WATCHDOG_TIMEOUT")));
        // Plain files in one upload, the pickles among them: the same finding.
        var upload = given();
        for (String f : List.of("node-a/train.log", "node-b/train.log", "node-b/nccl_trace_rank_5", "node-a/nccl_trace_rank_0")) {
            upload = upload.multiPart("file", hang.resolve(f).toFile(), "application/octet-stream");
        }
        upload.when().post("/v1/analyze")
                .then().statusCode(200)
                .body("findings[0].code", equalTo("HANG_RANK_NOT_ENTERED"))
                .body("findings[0].subject.rank", equalTo(5));
    }

    /**
     * The real PyTorch 2.11 captures uploaded as files, the pickles among them: REST answers as the SDK does on the same
     * folders (a mismatch from the dumps, a skipped collective from the dumps, a one-rank NCCL collective stuck on its
     * GPU, a rank killed mid-job named from its peers' lost connections).
     */
    @Test
    void realTorch211CapturesUploadedAsFilesAnswerAsTheSdkDoes() throws IOException {
        Path root = Path.of("../examples/hangs/captured-2.11");
        for (String scenario : List.of("gloo-mismatch", "gloo-skip", "nccl-stuck", "gloo-killed")) {
            var sdk = io.ncclscope.sdk.NcclScope.analyze(io.ncclscope.sdk.Options.DEFAULTS, root.resolve(scenario));
            if (scenario.equals("gloo-killed")) assertThat(sdk.findings().get(0).code()).isEqualTo("HANG_RANK_DIED");
            var upload = given();
            try (Stream<Path> s = Files.list(root.resolve(scenario))) {
                for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                    upload = upload.multiPart("file", f.toFile(), "application/octet-stream");
                }
            }
            upload.when().post("/v1/analyze")
                    .then().statusCode(200)
                    .body("findings[0].code", equalTo(sdk.findings().get(0).code()))
                    .body("findings[0].subject.rank", equalTo(sdk.findings().get(0).subject().rank()))
                    .body("findings[0].detail", equalTo(sdk.findings().get(0).detail()));
        }
    }

    @Test
    void aTarGzBundleIsAnalyzed(@TempDir Path tmp) throws Exception {
        Path tgz = tmp.resolve("h200.tar.gz");
        Process p = new ProcessBuilder("tar", "-czf", tgz.toString(), "-C", CAPTURE.getParent().toString(), "h200-1gpu")
                .redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "tar is not available");
        given().multiPart("file", tgz.toFile(), "application/gzip")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("artifacts.name", hasItem("h200-1gpu/nccl/duplicate-gpu.log"))
                .body("findings.code", hasItem("NCCL_DUPLICATE_GPU"));
    }

    @Test
    void slackAndFeishuMessagesArePostable() throws IOException {
        Response slack = given().contentType(ContentType.TEXT).queryParam("render", "slack").body(read("nccl/duplicate-gpu.log"))
                .when().post("/v1/analyze");
        slack.then().statusCode(200).contentType(ContentType.JSON)
                .body("text", containsString("PROBLEMS FOUND"))
                .body("blocks[0].type", equalTo("header"))
                .body("blocks.type", hasItems("section", "divider"))
                .body("blocks.findAll { it.type == 'section' }.text.type", everyItem(equalTo("mrkdwn")));
        // Slack bold is *x*, never **x**.
        assertThat(slack.asString()).doesNotContain("**").contains("*`NCCL_DUPLICATE_GPU`*");
        given().contentType(ContentType.TEXT).queryParam("render", "feishu").body(read("nccl/duplicate-gpu.log"))
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("msg_type", equalTo("interactive"))
                .body("card.header.template", equalTo("red"))
                .body("card.elements.tag", everyItem(equalTo("markdown")))
                .body("card.elements[1].content", containsString("NCCL_DUPLICATE_GPU"));
    }

    @Test
    void healthyInputSaysHealthy() throws IOException {
        given().contentType(ContentType.TEXT).body(read("sys/topo-m.txt"))
                .when().post("/v1/analyze")
                .then().statusCode(200).header("X-Ncclscope-Verdict", "healthy").body("verdict", equalTo("healthy"));
    }

    @Test
    void aTableWithNoHardwareFactsIsInconclusiveWithItsCoverageAndStillA200() throws IOException {
        String table = java.nio.file.Files.readString(java.nio.file.Path.of(
                "../sdk/src/test/resources/blind/tables-without-hardware/all_reduce_perf-4gpu.txt"));
        given().contentType(ContentType.TEXT).body(table)
                .when().post("/v1/analyze")
                .then().statusCode(200).header("X-Ncclscope-Verdict", "inconclusive")
                .body("verdict", equalTo("inconclusive"))
                .body("coverage.gaps[0].id", equalTo("not-judged"))
                .body("coverage.checks.find { it.family == 'intra-node' }.status", equalTo("not-judged"));
        given().contentType(ContentType.TEXT).body(table).queryParam("render", "feishu")
                .when().post("/v1/analyze")
                .then().statusCode(200).body("card.header.template", equalTo("grey"))
                .body("card.elements[1].content", containsString("Not checked:"));
    }

    // -- parse, kinds, rules ------------------------------------------------------------------------------------

    @Test
    void parseDetectsTheKindAndReturnsTheTypedFacts() throws IOException {
        given().contentType(ContentType.TEXT).body(read("sys/topo-m.txt"))
                .when().post("/v1/parse")
                .then().statusCode(200)
                .body("kind", equalTo("topo"))
                .body("data.gpus[0].name", equalTo("GPU0"))
                .body("warnings", notNullValue());
        given().contentType(ContentType.JSON).body(Map.of("text", read("nccl/duplicate-gpu.log"), "kind", "nccl-log"))
                .when().post("/v1/parse")
                .then().statusCode(200)
                .body("kind", equalTo("nccl-log"))
                .body("data.ncclVersion", equalTo("2.28.9"));
    }

    @Test
    void oneCommandOnSeveralNodesIsParsedPerNode() {
        String pdsh = "$ pdsh -w gpu[01-02] ibstat\ngpu01: CA 'mlx5_0'\ngpu02: CA 'mlx5_0'\ngpu01: \tPort 1:\n"
                + "gpu02: \tPort 1:\ngpu01: \t\tState: Active\ngpu02: \t\tState: Down\n";
        given().contentType(ContentType.TEXT).body(pdsh)
                .when().post("/v1/parse")
                .then().statusCode(200)
                .body("kind", equalTo("ibstat"))
                .body("nodes.node", contains("gpu01", "gpu02"))
                .body("nodes[1].data.devices[0].ports[0].state", equalTo("DOWN"));
    }

    @Test
    void kindsAndRulesAreListed() {
        given().when().get("/v1/kinds").then().statusCode(200)
                .body("kind", hasItems("topo", "nccl-log", "nccl-tests"))
                .body("find { it.kind == 'topo' }.command", containsString("nvidia-smi topo -m"));
        given().when().get("/v1/rules").then().statusCode(200)
                .body("code", hasItems("NCCL_CONNECT_FAILED", "NET_SOCKET_FALLBACK", "SLOW_NODE"))
                .body("[0].causes.size()", greaterThan(0));
        given().when().get("/v1/rules/nccl_duplicate_gpu").then().statusCode(200)
                .body("code", equalTo("NCCL_DUPLICATE_GPU"))
                .body("actions[0].text", notNullValue());
        String md = given().accept("text/markdown").queryParam("lang", "zh-CN").when().get("/v1/rules/NCCL_CONNECT_FAILED")
                .then().statusCode(200).extract().asString();
        assertThat(md).startsWith("### `NCCL_CONNECT_FAILED`").containsPattern("[\\u4e00-\\u9fff]");
    }

    // -- compare, plan, localize --------------------------------------------------------------------------------

    static Map<String, Object> set(String label, Path folder) throws IOException {
        List<Map<String, Object>> arts;
        try (Stream<Path> s = Files.walk(folder)) {
            arts = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".md")).sorted()
                    .map(p -> {
                        try {
                            return Map.<String, Object>of("name", folder.relativize(p).toString(), "text", Files.readString(p));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).toList();
        }
        return Map.of("label", label, "artifacts", arts);
    }

    /** {@link #set} with each file's node: the first folder of its path, for files in a node's folder. */
    static Map<String, Object> nodeSet(String label, Path folder) throws IOException {
        List<Map<String, Object>> arts;
        try (Stream<Path> s = Files.walk(folder)) {
            arts = s.filter(Files::isRegularFile).sorted().map(p -> {
                try {
                    Path rel = folder.relativize(p);
                    Map<String, Object> a = new java.util.LinkedHashMap<>(Map.of("name", rel.toString(), "text", Files.readString(p)));
                    if (rel.getNameCount() > 1) a.put("node", rel.getName(0).toString());
                    return a;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
        return Map.of("label", label, "artifacts", arts);
    }

    @Test
    void compareReadsTheAbSwitchMethodAsTheCliDoes() throws IOException {
        Path ab = Path.of("../examples/ab/rdma-suspect");
        given().contentType(ContentType.JSON)
                .body(Map.of("a", set("default", ab.resolve("default")), "b", set("ib-disable", ab.resolve("ib-disable"))))
                .when().post("/v1/compare")
                .then().statusCode(200)
                .body("mode", equalTo("compare"))
                .body("reading", equalTo("RDMA_SUSPECT"))
                .body("findings.code", hasItem("AB_RDMA_SUSPECT"))
                .body("nextRuns.size()", greaterThan(0))
                // Each side's segment beside its figures; no hardware facts in these sets, so no expectation.
                .body("sides[0].segment", equalTo("END_TO_END"))
                .body("sides[0].segmentVerdict", equalTo("unknown"))
                .body("sides[0].expectedBusBw", equalTo(null));
        // Sides with their nodes' ibstat (the split rail examples): each held against one 200 Gb/s rail, and the HTML
        // page draws both runs on one chart with each side's expectation a dashed line named with its segment.
        Path split = Path.of("../examples/split");
        Map<String, Object> rails = Map.of("a", nodeSet("healthy", split.resolve("rails-healthy")), "b",
                nodeSet("slow", split.resolve("rails-slow")));
        given().contentType(ContentType.JSON).body(rails).when().post("/v1/compare")
                .then().statusCode(200)
                .body("sides[0].expectedBusBw", equalTo(24.0f))
                .body("sides[1].segmentVerdict", equalTo("slow"));
        String html = given().contentType(ContentType.JSON).accept("text/html").body(rails)
                .when().post("/v1/compare").then().statusCode(200).contentType(containsString("text/html")).extract().asString();
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg", "A healthy out-of-place", "B slow out-of-place",
                "A expected 24.0 GB/s (inter-node)", "B expected 24.0 GB/s (inter-node)");
        String md = given().contentType(ContentType.JSON).accept("text/markdown")
                .body(Map.of("a", set("default", ab.resolve("default")), "b", set("ib-disable", ab.resolve("ib-disable"))))
                .when().post("/v1/compare").then().statusCode(200).extract().asString();
        assertThat(md).contains("AB_RDMA_SUSPECT");
    }

    @Test
    void compareRefusesRunsOfDifferentOperationsWithAProblem() throws IOException {
        // The same table as an all_gather would print it (redop "none") against the original (sum): nothing to judge,
        // a 422 problem with the reason, as the CLI exits 2, never a 200 "same within the noise".
        String table = Files.readString(Path.of("../examples/ab/rdma-suspect/default/all_reduce_perf.txt"))
                .replace("all_reduce_perf", "xx");
        Map<String, Object> sum = Map.of("label", "reduce", "artifacts", List.of(Map.of("name", "reduce.txt", "text", table)));
        Map<String, Object> none = Map.of("label", "gather",
                "artifacts", List.of(Map.of("name", "gather.txt", "text", table.replace("     sum  ", "    none  "))));
        given().contentType(ContentType.JSON).body(Map.of("a", sum, "b", none))
                .when().post("/v1/compare")
                .then().statusCode(422)
                .contentType(containsString("application/problem+json"))
                .body("detail", containsString("operation sum"))
                .body("detail", containsString("none"));
    }

    @Test
    void compareFindsTheScalingKnee() throws IOException {
        Path sc = Path.of("../examples/scaling");
        List<Map<String, Object>> sets = new java.util.ArrayList<>();
        for (String n : List.of("2-nodes.txt", "3-nodes.txt", "4-nodes.txt", "8-nodes.txt")) {
            sets.add(Map.of("label", n, "artifacts", List.of(Map.of("name", n, "text", Files.readString(sc.resolve(n))))));
        }
        given().contentType(ContentType.JSON).body(Map.of("scaling", sets))
                .when().post("/v1/compare")
                .then().statusCode(200)
                .body("mode", equalTo("scaling"))
                .body("points.size()", equalTo(4))
                .body("kneeNodes", notNullValue());
    }

    @Test
    void planPairsWritesTheLauncherFiles() {
        given().contentType(ContentType.JSON).body(Map.of("nodes", "gpu[01-04]", "launcher", "slurm", "gpusPerNode", 8))
                .when().post("/v1/plan/pairs")
                .then().statusCode(200)
                .body("nodes", equalTo(List.of("gpu01", "gpu02", "gpu03", "gpu04")))
                .body("rounds.size()", equalTo(3))
                .body("rounds[0].pairs.size()", equalTo(2))
                .body("tests", equalTo(6))
                .body("allPairs", equalTo(6))
                .body("files.'pairs.sbatch'", containsString("srun"))
                .body("files.'pairs.sbatch'", containsString("#SBATCH --gpus-per-node=8\n"))
                // 3 rounds x 10 min; 6 tests x 16 GPUs x 10 min = 16 GPU-hours, one job of 4 nodes x 8 GPUs x 30 min too.
                .body("budget.rounds", equalTo(3))
                .body("budget.wallMinutes", equalTo(30))
                .body("budget.testGpuHours", equalTo(16.0f))
                .body("budget.allocationGpuHours", equalTo(16.0f))
                .body("budget.line", startsWith("at most 3 rounds, 30 min wall, 16.0 GPU-hours of tests"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "gpu[01-04]", "gpuRequest", "gres", "minutesPerTest", 5))
                .when().post("/v1/plan/pairs")
                .then().statusCode(200)
                .body("files.'pairs.sbatch'", containsString("#SBATCH --gres=gpu:8\n"))
                .body("files.'pairs.sbatch'", containsString(" --gres=gpu:8 --time=5 "))
                .body("budget.wallMinutes", equalTo(15));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "a,b", "gpuRequest", "all"))
                .when().post("/v1/plan/pairs").then().statusCode(400).body("violations[0].field", equalTo("gpuRequest"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "a,b,c,d", "launcher", "k8s", "minutesPerTest", 20))
                .when().post("/v1/plan/pairs").then().statusCode(200)
                .body("budget.allocationGpuHours", equalTo(null))
                .body("files.'k8s/round-1.yaml'", containsString("activeDeadlineSeconds: 1200"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "a,b,c,d", "launcher", "k8s", "screen", true))
                .when().post("/v1/plan/pairs")
                .then().statusCode(200).body("rounds.size()", equalTo(1));
    }

    @Test
    void planPairsRetestPlansTheSuspectsOfEarlierResults() throws IOException {
        // Round 1 alone, as a screening pass: node04-node05 and node02-node07 are slow, both unresolved (the same
        // case as the CLI's 'plan pairs --retest').
        List<Map<String, Object>> arts = pairResults(Path.of("../examples/pairs/results/round-1"));
        String nodes = Files.readString(Path.of("../examples/pairs/nodes.txt"));
        String sbatch = given().contentType(ContentType.JSON).body(Map.of("nodes", nodes, "retest", arts))
                .when().post("/v1/plan/pairs")
                .then().statusCode(200)
                .body("rounds[0].pass", equalTo("retest"))
                .extract().path("files.'pairs.sbatch'");
        for (String suspect : List.of("node02", "node04", "node05", "node07")) {
            assertThat(sbatch.lines().filter(l -> l.startsWith("srun") && l.contains("--nodelist=" + suspect + ",")))
                    .as(suspect).hasSize(2);
        }
        // Results with no slow pair leave nothing to retest: an empty plan that says so.
        given().contentType(ContentType.JSON)
                .body(Map.of("nodes", "a,b", "retest", List.of(Map.of("name", "a__b.txt", "text", "no table here"))))
                .when().post("/v1/plan/pairs")
                .then().statusCode(200).body("tests", equalTo(0)).body("summary", containsString("nothing to retest"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "a,b", "retest", arts, "partners", 0))
                .when().post("/v1/plan/pairs").then().statusCode(400).body("violations[0].field", equalTo("partners"));
    }

    @Test
    void localizeNamesTheSlowNode() throws IOException {
        List<Map<String, Object>> arts = pairResults(Path.of("../examples/pairs/results"));
        given().contentType(ContentType.JSON).body(Map.of("artifacts", arts))
                .when().post("/v1/localize")
                .then().statusCode(200)
                .header("X-Ncclscope-Verdict", "problems")
                .body("findings.code", hasItem("SLOW_NODE"))
                .body("slowNodes.size()", greaterThan(0))
                // The next pass, planned from these results: node05 against two known-good nodes.
                .body("next.suspects", equalTo(List.of("node05")))
                .body("next.tests", equalTo(2))
                .body("next.command", startsWith("ncclscope plan pairs --retest 'pairs/' --out plan-next 'node01,"));
        String svg = given().contentType(ContentType.JSON).accept("image/svg+xml").body(Map.of("artifacts", arts))
                .when().post("/v1/localize").then().statusCode(200).contentType(startsWith("image/svg+xml")).extract().asString();
        assertThat(svg).startsWith("<?xml").contains("<svg", "</svg>");
    }

    /** The pairwise results under {@code results} as named artifacts ({@code A__B.txt}), as a bot would post them. */
    private static List<Map<String, Object>> pairResults(Path results) throws IOException {
        try (Stream<Path> s = Files.walk(results)) {
            return s.filter(Files::isRegularFile).sorted().map(p -> {
                try {
                    return Map.<String, Object>of("name", p.getFileName().toString(), "text", Files.readString(p));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }

    @Test
    void htmlGivesTheDeliverableReportPage() throws IOException {
        String html = given().contentType(ContentType.TEXT).accept("text/html").body(read("nccl/duplicate-gpu.log"))
                .when().post("/v1/analyze")
                .then().statusCode(200).contentType(startsWith("text/html")).extract().asString();
        assertThat(html).containsIgnoringCase("<html").contains("NCCL_DUPLICATE_GPU");
    }

    @Test
    void theWorkflowStateGoesOutAndComesBack() throws IOException {
        Map<String, Object> first = given().contentType(ContentType.JSON)
                .body(Map.of("artifacts", List.of(Map.of("name", "job.log", "text", read("nccl/bad-ifname.log")))))
                .when().post("/v1/workflow")
                .then().statusCode(200).contentType(ContentType.JSON)
                .body("schemaVersion", startsWith("1."))
                .body("steps.size()", equalTo(5))
                .body("next.size()", greaterThan(0))
                .extract().as(Map.class);
        given().contentType(ContentType.JSON)
                .body(Map.of("state", first, "artifacts", List.of(Map.of("name", "topo.txt", "node", "vm", "text", read("sys/topo-m.txt"))),
                        "lang", "zh-CN"))
                .when().post("/v1/workflow")
                .then().statusCode(200)
                .body("language", equalTo("zh-CN"))
                .body("steps.size()", equalTo(5));
        given().contentType(ContentType.JSON).body(Map.of("state", Map.of("schemaVersion", "9.0")))
                .when().post("/v1/workflow")
                .then().statusCode(422).body("detail", containsString("schemaVersion"));
        given().contentType(ContentType.JSON).body(Map.of("lang", "en"))
                .when().post("/v1/workflow").then().statusCode(400);
    }

    @Test
    void theNodeSnapshotIsOffByDefault() {
        given().when().get("/v1/node/snapshot").then().statusCode(404).contentType("application/problem+json")
                .body("type", containsString("snapshot-off"));
    }

    // -- errors: one problem shape ------------------------------------------------------------------------------

    @Test
    void textThatIsNoToolOutputIs422WithTheParserWarnings() {
        given().contentType(ContentType.TEXT).body("hello, my training is slow\n")
                .when().post("/v1/analyze")
                .then().statusCode(422).contentType("application/problem+json")
                .body("status", equalTo(422))
                .body("title", equalTo("Unprocessable Content"))
                .body("type", containsString("unrecognized-input"))
                .body("instance", equalTo("/v1/analyze"))
                .body("warnings[0].severity", equalTo("ERROR"))
                .body("warnings[0].excerpt", containsString("hello"));
        given().contentType(ContentType.TEXT).body("hello\n")
                .when().post("/v1/parse")
                .then().statusCode(422).body("warnings.size()", greaterThan(0));
        given().contentType(ContentType.TEXT).queryParam("kind", "topo").body("CA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n")
                .when().post("/v1/parse")
                .then().statusCode(422).body("detail", containsString("read as topo"));
    }

    @Test
    void invalidRequestsAre400WithEachViolation() {
        given().contentType(ContentType.JSON).body(Map.of("artifacts", List.of(Map.of("name", "", "text", "x")), "lang", "fr"))
                .when().post("/v1/analyze")
                .then().statusCode(400).contentType("application/problem+json")
                .body("violations.field", hasItems("artifacts[0].name", "lang"))
                .body("violations.find { it.field == 'lang' }.message", equalTo("must be en or zh-CN"));
        given().contentType(ContentType.JSON).body(Map.of("artifacts", List.of()))
                .when().post("/v1/analyze").then().statusCode(400).body("violations[0].field", equalTo("artifacts"));
        given().contentType(ContentType.JSON).body("{\"artifacts\": [")
                .when().post("/v1/analyze").then().statusCode(400).body("type", containsString("malformed-json"));
        given().contentType(ContentType.JSON).body(Map.of("a", Map.of("label", "x", "artifacts", List.of(Map.of("name", "a", "text", "t")))))
                .when().post("/v1/compare").then().statusCode(400).body("detail", containsString("give a and b"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "gpu01"))
                .when().post("/v1/plan/pairs").then().statusCode(400).body("detail", containsString("at least 2 nodes"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", "a,b", "launcher", "pbs"))
                .when().post("/v1/plan/pairs").then().statusCode(400).body("violations[0].field", equalTo("launcher"));
        given().contentType(ContentType.JSON).body(Map.of("artifacts", List.of(Map.of("name", "x", "text", "t")), "fraction", 2))
                .when().post("/v1/localize").then().statusCode(400).body("violations[0].field", equalTo("fraction"));
        given().contentType(ContentType.TEXT).queryParam("kind", "nosuch").body("x")
                .when().post("/v1/parse").then().statusCode(400).body("detail", containsString("unknown kind"));
        given().contentType(ContentType.TEXT).queryParam("render", "teams").body("x")
                .when().post("/v1/analyze").then().statusCode(400).body("detail", containsString("render must be"));
        given().contentType(ContentType.TEXT).body("  \n")
                .when().post("/v1/analyze").then().statusCode(400).body("detail", containsString("empty"));
        given().multiPart("lang", "en").when().post("/v1/analyze").then().statusCode(400).body("detail", containsString("no file"));
    }

    @Test
    void unknownThingsAre404WrongTypes415And406() {
        given().when().get("/v1/rules/NO_SUCH_CODE").then().statusCode(404).contentType("application/problem+json")
                .body("type", containsString("unknown-rule")).body("detail", containsString("NO_SUCH_CODE"));
        given().when().get("/v1/nothing-here").then().statusCode(404).contentType("application/problem+json")
                .body("status", equalTo(404));
        given().contentType("application/xml").body("<x/>").when().post("/v1/analyze")
                .then().statusCode(415).contentType("application/problem+json").body("status", equalTo(415));
        given().contentType(ContentType.TEXT).accept("image/png").body("x").when().post("/v1/analyze")
                .then().statusCode(406).contentType("application/problem+json");
        given().when().get("/v1/analyze").then().statusCode(405).contentType("application/problem+json");
    }

    @Test
    void aBodyOverTheLimitIs413BeforeItIsRead() {
        byte[] big = new byte[9 << 20];
        java.util.Arrays.fill(big, (byte) 'a');
        given().contentType(ContentType.TEXT).body(big)
                .when().post("/v1/analyze")
                .then().statusCode(413).contentType("application/problem+json")
                .body("status", equalTo(413)).body("detail", containsString("max-body-size"));
    }

    @Test
    void aZipThatLeavesItsFolderIs400(@TempDir Path tmp) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(b)) {
            z.putNextEntry(new ZipEntry("../../etc/evil.txt"));
            z.write("x".getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        Path zip = Files.write(tmp.resolve("evil.zip"), b.toByteArray());
        given().multiPart("file", zip.toFile(), "application/zip").when().post("/v1/analyze")
                .then().statusCode(400).body("detail", containsString("outside the archive"));
    }

    // -- operations -------------------------------------------------------------------------------------------

    @Test
    void healthAndMetricsAreServed() throws IOException {
        given().when().get("/q/health").then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.name", hasItem("analysis pool"));
        given().contentType(ContentType.TEXT).body(read("nccl/duplicate-gpu.log")).when().post("/v1/analyze").then().statusCode(200);
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("http_server_requests_seconds_count{", "uri=\"/v1/analyze\"",
                "ncclscope_analysis_seconds_count{operation=\"analyze\",outcome=\"ok\"}", "ncclscope_analysis_active");
    }
}
