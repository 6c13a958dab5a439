package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.ncclscope.collect.Bundles;
import io.quarkus.test.junit.QuarkusTest;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broken-driver bundle of {@code examples/blind} over REST: uploaded as a {@code .tar.gz} file (what {@code collect
 * --out x.tar.gz} writes) and as a zipped {@code bundle} part, it gives the driver finding with the failing output as
 * evidence, never "healthy".
 */
@QuarkusTest
class BlindBundlesResourceTest {

    static final Path BROKEN = Path.of("../examples/blind/broken-driver");

    @Test
    void aTarGzUploadGivesTheDriverFinding(@TempDir Path tmp) throws Exception {
        Path tgz = tmp.resolve("gpu-node-07.tar.gz");
        try (OutputStream o = Files.newOutputStream(tgz)) {
            Bundles.tar(BROKEN, "gpu-node-07", 1_764_842_400L, o, true);
        }
        given().multiPart("file", tgz.toFile(), "application/gzip")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .header("X-Ncclscope-Verdict", "problems")
                .body("verdict", equalTo("problems"))
                .body("nodes", equalTo(java.util.List.of("gpu-node-07")))
                .body("findings[0].code", equalTo("GPU_DRIVER_UNREACHABLE"))
                .body("findings[0].evidence.artifact", hasItems("gpu-node-07/sys/nvsmi-q.txt", "gpu-node-07/manifest.json"))
                .body("findings[0].evidence.text", hasItem(startsWith("NVIDIA-SMI has failed because")))
                .body("artifacts.kind", not(hasItem("unknown")));
    }

    @Test
    void aZippedBundlePartGivesTheDriverFinding(@TempDir Path tmp) throws Exception {
        Path zip = tmp.resolve("bundle.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip)); Stream<Path> s = Files.walk(BROKEN)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                z.putNextEntry(new ZipEntry("gpu-node-07/" + BROKEN.relativize(p).toString().replace('\\', '/')));
                z.write(Files.readAllBytes(p));
                z.closeEntry();
            }
        }
        given().multiPart("bundle", zip.toFile(), "application/zip")
                .when().post("/v1/analyze")
                .then().statusCode(200)
                .body("verdict", equalTo("problems"))
                .body("findings.code", hasItems("GPU_DRIVER_UNREACHABLE", "COLLECT_STEPS_FAILED", "COLLECT_TOOLS_MISSING"))
                .body("findings[0].evidence.text", hasItem(startsWith("NVIDIA-SMI has failed because")));
    }
}
