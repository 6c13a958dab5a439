package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The node snapshot switched on: the token guards it, and it runs the collector's allow-list on this machine (a
 * build machine without GPUs: missing tools are outcomes in the manifest, not failures).
 */
@QuarkusTest
@TestProfile(SnapshotTest.On.class)
class SnapshotTest {

    /** Enabled, with a token. */
    public static class On implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("ncclscope.service.snapshot.enabled", "true", "ncclscope.service.snapshot.token", "s3cret",
                    "ncclscope.service.snapshot.command-timeout", "5s");
        }
    }

    @Test
    void withoutTheRightTokenIt401s() {
        given().when().get("/v1/node/snapshot").then().statusCode(401).contentType("application/problem+json")
                .body("status", equalTo(401));
        given().header("Authorization", "Bearer nope").when().get("/v1/node/snapshot").then().statusCode(401);
    }

    @Test
    void withTheTokenItReturnsTheParsedBundleOfThisNode() {
        given().header("Authorization", "Bearer s3cret").when().get("/v1/node/snapshot")
                .then().statusCode(200)
                .body("manifest.host", notNullValue())
                .body("manifest.entries.size()", greaterThan(5))
                .body("artifacts.size()", greaterThan(0));
    }
}
