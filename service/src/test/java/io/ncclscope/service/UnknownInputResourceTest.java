package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.ncclscope.collect.Bundles;
import io.quarkus.test.junit.QuarkusTest;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs in which nothing is of a known kind, over REST as on the CLI (issue 19): a paste or a file that is no tool's
 * output is a 422 problem; an uploaded bundle archive in which nothing could be judged is a 200 report whose verdict
 * is inconclusive (the CLI's exit 4), never healthy.
 */
@QuarkusTest
class UnknownInputResourceTest {

    private static final String NOT_A_TOOL = "Dear team,\nthe training job is slow again since Monday.\nThanks\n";

    @Test
    void aPasteThatIsNoToolsOutputIs422() {
        given().contentType("text/plain").body(NOT_A_TOOL)
                .when().post("/v1/analyze")
                .then().statusCode(422)
                .body("detail", containsString("no known tool output"));
    }

    @Test
    void anUploadedFileThatIsNoToolsOutputIs422(@TempDir Path tmp) throws Exception {
        Path f = Files.writeString(tmp.resolve("mail.txt"), NOT_A_TOOL, StandardCharsets.UTF_8);
        given().multiPart("file", f.toFile(), "text/plain")
                .when().post("/v1/analyze")
                .then().statusCode(422);
    }

    @Test
    void anArchiveWhereNothingCouldBeJudgedIsInconclusive(@TempDir Path tmp) throws Exception {
        Path node = Files.createDirectories(tmp.resolve("node1"));
        Files.writeString(node.resolve("mail.txt"), NOT_A_TOOL, StandardCharsets.UTF_8);
        Path tgz = tmp.resolve("node1.tar.gz");
        try (OutputStream o = Files.newOutputStream(tgz)) {
            Bundles.tar(node, "node1", 1_764_842_400L, o, true);
        }
        given().multiPart("file", tgz.toFile(), "application/gzip")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .header("X-Ncclscope-Verdict", "inconclusive")
                .body("verdict", equalTo("inconclusive"))
                .body("coverage.gaps", not(empty()));
    }
}
