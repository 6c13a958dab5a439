package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The answers of {@code POST /v1/analyze} for the load run's paste, byte for byte, in every format: the service made
 * faster must answer exactly as the reviewed files under {@code responses/analyze} say (taken from the service before
 * it ran its analyses asynchronously). After a reviewed change of a report, regenerate with
 * {@code -Dncclscope.golden.update=true} and read the diff.
 */
@QuarkusTest
class AnalyzeResponseBytesTest {

    static final Path PASTE = ServiceApiTest.CAPTURE.resolve("nccl/duplicate-gpu.log");
    static final Path GOLDEN_SRC = Path.of("src/test/resources/responses/analyze");

    @ParameterizedTest(name = "render={0}")
    @CsvSource({"json, application/json", "md, text/markdown;charset=UTF-8", "text, text/plain;charset=UTF-8",
        "html, text/html;charset=UTF-8", "slack, application/json", "feishu, application/json"})
    void aPasteIsAnsweredAsBeforeInEveryFormat(String render, String contentType) throws IOException {
        Response r = given().contentType("text/plain; charset=UTF-8").body(Files.readString(PASTE, StandardCharsets.UTF_8))
                .queryParam("name", "chat-paste").queryParam("render", render)
                .when().post("/v1/analyze");
        check(r, "duplicate-gpu." + render, contentType);
    }

    @Test
    void aChatBotsMarkdownRequestInChineseIsAnsweredAsBefore() throws IOException {
        Response r = given().contentType("text/plain; charset=UTF-8").accept("text/markdown")
                .body(Files.readString(PASTE, StandardCharsets.UTF_8))
                .queryParam("name", "chat-paste").queryParam("lang", "zh-CN")
                .when().post("/v1/analyze");
        check(r, "duplicate-gpu.zh-CN.md", "text/markdown;charset=UTF-8");
    }

    @Test
    void namedArtifactsAreAnsweredAsBefore() throws IOException {
        Map<String, Object> body = Map.of("artifacts", List.of(Map.of("name", "a.log",
                "text", Files.readString(PASTE, StandardCharsets.UTF_8))));
        Response r = given().contentType(ContentType.JSON).body(body).when().post("/v1/analyze");
        check(r, "duplicate-gpu.artifacts.json", "application/json");
    }

    @Test
    void anUploadedFileIsAnsweredAsBefore() throws IOException {
        Response r = given().multiPart("file", PASTE.toFile()).queryParam("render", "md").when().post("/v1/analyze");
        check(r, "duplicate-gpu.upload.md", "text/markdown;charset=UTF-8");
    }

    @ParameterizedTest(name = "render={0} lang={1}")
    @CsvSource({"md, en", "md, zh-CN", "text, en", "slack, en", "feishu, en", "feishu, zh-CN"})
    void restAnswersNameTheRenderParameterNotACliFlag(String render, String lang) throws IOException {
        String body = given().contentType("text/plain; charset=UTF-8").body(Files.readString(PASTE, StandardCharsets.UTF_8))
                .queryParam("render", render).queryParam("lang", lang).when().post("/v1/analyze").then().statusCode(200)
                .extract().asString();
        // The paste has more findings than a chat message shows; the pointer to the rest is the REST way to ask.
        assertThat(body).doesNotContain("--format");
        // The chat-sized forms leave findings out and say how to get them; the text lists every one.
        if (!render.equals("text")) assertThat(body).contains("?render=json");
    }

    private static void check(Response r, String golden, String contentType) throws IOException {
        assertThat(r.statusCode()).as("status of %s", golden).isEqualTo(200);
        assertThat(r.header("Content-Type")).as("Content-Type of %s", golden).isEqualTo(contentType);
        assertThat(r.header("X-Ncclscope-Verdict")).isEqualTo("problems");
        byte[] actual = r.asByteArray();
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Files.createDirectories(GOLDEN_SRC);
            Files.write(GOLDEN_SRC.resolve(golden), actual);
            return;
        }
        try (InputStream in = AnalyzeResponseBytesTest.class.getResourceAsStream("/responses/analyze/" + golden)) {
            assertThat(in).as("responses/analyze/%s (create it with -Dncclscope.golden.update=true, then review it)", golden)
                    .isNotNull();
            assertThat(new String(actual, StandardCharsets.UTF_8)).as("body of %s", golden)
                    .isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
