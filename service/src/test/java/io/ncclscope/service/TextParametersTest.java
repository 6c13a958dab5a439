package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /v1/analyze} with a text body checks its parameters by hand (no Bean Validation interceptor on the
 * service's hottest request); {@code POST /v1/analyze/text}, the same operation in the contract, keeps the annotations.
 * Each bad request is answered by both with the same problem, word for word, the path aside.
 */
@QuarkusTest
class TextParametersTest {

    private static final String PASTE = "gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n";

    @Test
    void badParametersGetTheProblemBeanValidationGives() {
        Map<String, UnaryOperator<RequestSpecification>> cases = Map.of(
                "empty name", r -> r.queryParam("name", "").body(PASTE),
                "long name", r -> r.queryParam("name", "n".repeat(513)).body(PASTE),
                "empty node", r -> r.queryParam("node", "").body(PASTE),
                "long node", r -> r.queryParam("node", "g".repeat(256)).body(PASTE),
                "unknown language", r -> r.queryParam("lang", "fr").body(PASTE),
                "two at once, before the render", r -> r.queryParam("lang", "de").queryParam("name", "n".repeat(600))
                        .queryParam("render", "teams").body(PASTE),
                "no body", r -> r);
        for (Map.Entry<String, UnaryOperator<RequestSpecification>> c : cases.entrySet()) {
            Response byHand = c.getValue().apply(given().contentType(ContentType.TEXT)).post("/v1/analyze");
            Response annotated = c.getValue().apply(given().contentType(ContentType.TEXT)).post("/v1/analyze/text");
            assertThat(byHand.statusCode()).as(c.getKey()).isEqualTo(annotated.statusCode());
            // An empty ?name= or ?node= reaches neither check (the framework passes no value); the rest are refused.
            if (!c.getKey().startsWith("empty")) assertThat(byHand.statusCode()).as(c.getKey()).isEqualTo(400);
            assertThat(byHand.contentType()).as(c.getKey()).isEqualTo(annotated.contentType());
            assertThat(byHand.asString().replace("\"instance\":\"/v1/analyze\"", "\"instance\":\"/v1/analyze/text\""))
                    .as(c.getKey()).isEqualTo(annotated.asString());
        }
    }

    @Test
    void eachViolationIsNamedWithItsField() {
        given().contentType(ContentType.TEXT).queryParam("lang", "de").queryParam("node", "g".repeat(300)).body(PASTE)
                .when().post("/v1/analyze")
                .then().statusCode(400).contentType("application/problem+json")
                .body("type", org.hamcrest.Matchers.equalTo("https://ncclscope.io/problems/invalid-request"))
                .body("detail", org.hamcrest.Matchers.equalTo("2 fields are invalid"))
                .body("violations.field", org.hamcrest.Matchers.contains("lang", "node"))
                .body("violations.message", org.hamcrest.Matchers.contains("must be en or zh-CN", "size must be between 1 and 255"));
    }
}
