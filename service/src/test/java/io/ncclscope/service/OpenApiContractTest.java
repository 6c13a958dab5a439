package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The committed contract {@code openapi/openapi.yaml} is what the service serves at {@code /q/openapi}. After a
 * deliberate API change, regenerate it with {@code -Dncclscope.golden.update=true} and review the diff.
 */
@QuarkusTest
class OpenApiContractTest {

    static final Path CONTRACT = Path.of("../openapi/openapi.yaml");

    @Test
    void theServedSpecIsTheCommittedContract() throws Exception {
        String served = given().queryParam("format", "yaml").when().get("/q/openapi").then().statusCode(200).extract().asString();
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Files.writeString(CONTRACT, served, StandardCharsets.UTF_8);
        }
        assertThat(served).as("GET /q/openapi differs from openapi/openapi.yaml; regenerate with -Dncclscope.golden.update=true")
                .isEqualTo(Files.readString(CONTRACT, StandardCharsets.UTF_8));
    }

    @Test
    void everyOperationHasASummaryAnOperationIdAndAnExample() throws Exception {
        String spec = Files.readString(CONTRACT, StandardCharsets.UTF_8);
        // Split at each path item's operation (four-space indented method under a two-space indented path).
        Matcher m = Pattern.compile("(?m)^  (/v1/\\S+):\\n((?:    .*\\n|\\s*\\n)+)").matcher(spec);
        List<String> paths = new ArrayList<>();
        while (m.find()) {
            String path = m.group(1);
            paths.add(path);
            String body = m.group(2);
            for (String op : body.split("(?m)^    (?=get:|post:|put:|delete:)")) {
                if (op.isBlank()) continue;
                assertThat(op).as("%s has a summary", path).contains("      summary: ");
                assertThat(op).as("%s has an operationId", path).contains("      operationId: ");
                if (op.startsWith("post:")) assertThat(op).as("%s has a request example", path).containsPattern("examples?:");
            }
        }
        assertThat(paths).contains("/v1/analyze/text", "/v1/analyze/artifacts", "/v1/analyze/files", "/v1/parse", "/v1/compare", "/v1/plan/pairs", "/v1/localize", "/v1/rules",
                "/v1/rules/{code}", "/v1/kinds");
    }
}
