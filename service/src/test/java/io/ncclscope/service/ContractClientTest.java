package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.client.ApiClient;
import io.ncclscope.client.ApiException;
import io.ncclscope.client.api.AnalyzeApi;
import io.ncclscope.client.api.ParseApi;
import io.ncclscope.client.model.AnalyzeRequest;
import io.ncclscope.client.model.ArtifactDto;
import io.ncclscope.client.model.ArtifactSummaryDto;
import io.ncclscope.client.model.FindingDto;
import io.ncclscope.client.model.ParseResponse;
import io.ncclscope.client.model.ReportDto;
import io.ncclscope.collect.Bundles;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service through a Java client that openapi-generator made from the committed contract
 * ({@code openapi/openapi.yaml}; see the service pom): each body type has its own operation, so the client can send
 * text, JSON, files and bundle archives. {@link ContractClientIT} runs the same against the packaged jar.
 */
@QuarkusTest
class ContractClientTest {

    /** An NCCL log on one host that fell back to sockets. */
    static final String SOCKET_LOG = "gpu01:2231:2231 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO NET/IB : No device found.\n"
            + "gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO Using network Socket\n";

    /** nvidia-smi topo -m of two GPUs and a NIC, which names no host: the node comes from the caller. */
    static final String TOPO = "        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity\n"
            + "GPU0     X      NV18    SYS     0-47    0\n"
            + "GPU1    NV18     X      SYS     48-95   1\n"
            + "NIC0    SYS     SYS      X\n\n"
            + "Legend:\n\n  X    = Self\n\nNIC Legend:\n\n  NIC0: mlx5_0\n";

    private AnalyzeApi analyze;
    private ParseApi parse;

    @BeforeEach
    void client() {
        ApiClient client = new ApiClient();
        client.updateBaseUri(RestAssured.baseURI + ":" + RestAssured.port);
        analyze = new AnalyzeApi(client);
        parse = new ParseApi(client);
    }

    @Test
    void aPastedTextGoesAsTextPlain() throws ApiException {
        ReportDto r = analyze.analyzeText(SOCKET_LOG, "en", "job.log", null, null);
        assertThat(String.valueOf(r.getVerdict())).isIn("healthy", "problems", "inconclusive");
        assertThat(r.getArtifacts()).extracting(ArtifactSummaryDto::getName, ArtifactSummaryDto::getKind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("job.log", "nccl-log"));
        assertThat(r.getFindings()).extracting(FindingDto::getCode).contains("NET_SOCKET_FALLBACK");
        assertThat(r.getFindings()).flatExtracting(FindingDto::getEvidence).anySatisfy(e -> {
            assertThat(e.getArtifact()).isEqualTo("job.log");
            assertThat(e.getText()).contains("Using network Socket");
        });
    }

    @Test
    void theNodeParameterNamesTheNodeOfAPaste() throws ApiException {
        ReportDto r = analyze.analyzeText(TOPO, null, "topo.txt", "rack7-n3", null);
        assertThat(r.getNodes()).containsExactly("rack7-n3");
        assertThat(r.getArtifacts()).extracting(ArtifactSummaryDto::getNode).containsExactly("rack7-n3");
        assertThat(r.getFindings()).isNotEmpty()
                .allSatisfy(f -> assertThat(f.getSubject().getNode()).isEqualTo("rack7-n3"));
    }

    @Test
    void namedArtifactsGoAsJson() throws ApiException {
        AnalyzeRequest request = new AnalyzeRequest()
                .artifacts(List.of(new ArtifactDto().name("gpu01/job.log").node("gpu01").text(SOCKET_LOG),
                        new ArtifactDto().name("gpu02/topo.txt").node("gpu02").text(TOPO)))
                .lang("en");
        ReportDto r = analyze.analyzeArtifacts(request, null);
        assertThat(r.getNodes()).containsExactlyInAnyOrder("gpu01", "gpu02");
        assertThat(r.getArtifacts()).extracting(ArtifactSummaryDto::getKind).containsExactly("nccl-log", "topo");
    }

    @Test
    void filesGoAsMultipart(@TempDir Path tmp) throws ApiException, IOException {
        File log = Files.writeString(tmp.resolve("job.log"), SOCKET_LOG).toFile();
        File topo = Files.writeString(tmp.resolve("topo.txt"), TOPO).toFile();
        ReportDto r = analyze.analyzeFiles("zh-CN", null, List.of(log, topo));
        assertThat(r.getLanguage()).isEqualTo("zh-CN");
        assertThat(r.getArtifacts()).extracting(ArtifactSummaryDto::getName).containsExactlyInAnyOrder("job.log", "topo.txt");
    }

    @Test
    void aBundleGoesAsATarGz(@TempDir Path tmp) throws ApiException, IOException {
        Path node = Files.createDirectories(tmp.resolve("gpu07"));
        Files.writeString(node.resolve("hostname"), "gpu07\n");
        Files.writeString(Files.createDirectories(node.resolve("sys")).resolve("topo-m.txt"), TOPO);
        Path tar = tmp.resolve("gpu07.tar.gz");
        try (OutputStream out = Files.newOutputStream(tar)) {
            Bundles.tar(node, "gpu07", 1_800_000_000L, out, true);
        }
        ReportDto r = analyze.analyzeFiles(null, null, List.of(tar.toFile()));
        assertThat(r.getNodes()).containsExactly("gpu07");
        assertThat(r.getArtifacts()).extracting(ArtifactSummaryDto::getKind).contains("topo");
    }

    @Test
    void parseTakesTextAndJsonThroughTheirOwnOperations() throws ApiException {
        ParseResponse text = parse.parseText(TOPO, "topo");
        assertThat(text.getKind()).isEqualTo("topo");
        ParseResponse json = parse.parse(new io.ncclscope.client.model.ParseRequest().text(TOPO));
        assertThat(json.getKind()).isEqualTo("topo");
    }

    @Test
    void aProblemComesBackAsAnApiExceptionWithItsStatus() {
        assertThatThrownBy(() -> analyze.analyzeText("no tool printed this\n", null, null, null, null))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(422);
                    assertThat(e.getResponseBody()).contains("\"status\"");
                });
    }

    @Test
    void theOldPathStillTakesEveryBodyTypeForCurl() {
        given().contentType("text/plain").body(SOCKET_LOG).post("/v1/analyze").then().statusCode(200);
        given().contentType("application/json").body("{\"artifacts\":[{\"name\":\"a\",\"text\":\"" + TOPO.replace("\n", "\\n") + "\"}]}")
                .post("/v1/analyze").then().statusCode(200);
        given().multiPart("anyname", "topo.txt", TOPO.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .post("/v1/analyze").then().statusCode(200);
        given().contentType("text/plain").body(TOPO).post("/v1/parse").then().statusCode(200);
    }
}
