package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ExpectResourceTest {

    @Test
    void aNamedSystemGivesEveryCollectiveAsTheCliPrintsIt() {
        given().contentType(ContentType.JSON).body(Map.of("system", "h100-sxm-8x400g", "nodes", 4))
                .when().post("/v1/expect")
                .then().statusCode(200)
                .body("system", equalTo("h100-sxm-8x400g"))
                .body("figures.size()", equalTo(12))
                .body("figures.collective", hasItem("alltoall"));
        given().contentType(ContentType.JSON).accept("text/markdown").body(Map.of("system", "h200-sxm", "lang", "zh-CN"))
                .when().post("/v1/expect").then().statusCode(200).body(containsString("预期 busbw"));
    }

    @Test
    void aNodesOutputsNameTheSlowPort() throws Exception {
        Path dir = Path.of("../examples/attribution/h100-slow-port/h100-b");
        List<Map<String, Object>> arts = List.of(
                Map.of("name", "h100-b/ibstat.txt", "text", Files.readString(dir.resolve("ibstat.txt")), "node", "h100-b"),
                Map.of("name", "h100-b/topo.txt", "text", Files.readString(dir.resolve("topo.txt")), "node", "h100-b"));
        given().contentType(ContentType.JSON).body(Map.of("artifacts", arts, "nodes", 2))
                .when().post("/v1/expect").then().statusCode(200).body("degraded.kind", hasItem("port-rate"));
    }

    @Test
    void badInputIsProblemJson() {
        given().contentType(ContentType.JSON).body(Map.of("system", "dgx-9000"))
                .when().post("/v1/expect").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("h100-sxm-8x400g"));
        given().contentType(ContentType.JSON).body(Map.of("nodes", 2))
                .when().post("/v1/expect").then().statusCode(400).body("detail", containsString("neither"));
        given().contentType(ContentType.JSON).body(Map.of("system", "h200-sxm", "nodes", 0))
                .when().post("/v1/expect").then().statusCode(400).body("violations[0].field", equalTo("nodes"));
    }
}
