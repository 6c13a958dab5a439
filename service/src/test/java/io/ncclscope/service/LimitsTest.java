package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service's limits, made small: the body limit is configurable, and an analysis past its time is a 503 problem. */
@QuarkusTest
@TestProfile(LimitsTest.Small.class)
class LimitsTest {

    /** A 16 KiB body limit and a request timeout no analysis meets. */
    public static class Small implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("ncclscope.service.max-body-size", "16K", "ncclscope.service.request-timeout", "PT0.000001S",
                    "ncclscope.service.max-concurrent-analyses", "1");
        }
    }

    @Test
    void theBodyLimitIsConfigurable() {
        given().contentType(ContentType.TEXT).body("x".repeat(20_000))
                .when().post("/v1/analyze")
                .then().statusCode(413).contentType("application/problem+json").body("detail", containsString("at most 16384"));
    }

    @Test
    void anAnalysisPastTheRequestTimeoutIs503WithRetryAfter() throws Exception {
        String log = Files.readString(Path.of("../examples/captured/h200-1gpu/nccl/duplicate-gpu.log"));
        given().contentType(ContentType.TEXT).body(log)
                .when().post("/v1/analyze")
                .then().statusCode(503).contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("status", equalTo(503)).body("type", containsString("timeout"));
    }
}
