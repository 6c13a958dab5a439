package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.service.api.AnalysisPool;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, item 3: a request that times out stops its work and removes its files; the next request is served.
 * (A tar.gz of 300k folders once answered 503 at 5 s and kept two workers busy for 75 s.)
 */
@QuarkusTest
@TestProfile(CancelledWorkTest.OneSlowSlot.class)
class CancelledWorkTest {

    /** One analysis at a time, a 3 s timeout, and limits that let a folder bomb in. */
    public static class OneSlowSlot implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("ncclscope.service.max-concurrent-analyses", "1", "ncclscope.service.request-timeout", "PT3S",
                    "ncclscope.service.max-archive-entries", "10000000", "ncclscope.service.max-body-size", "64M");
        }
    }

    @Inject
    AnalysisPool pool;

    @Test
    void aTimedOutUploadStopsUnpackingAndDeletesItsFiles() throws Exception {
        String name = "folders-" + UUID.randomUUID();
        HostileArchives bomb = new HostileArchives();
        for (int i = 0; i < 400_000; i++) bomb.folder("b/" + (i % 1000) + "/" + i);
        byte[] tgz = bomb.tarGz();
        given().multiPart("file", name + ".tar.gz", tgz, "application/gzip")
                .when().post("/v1/analyze")
                .then().statusCode(503).contentType("application/problem+json");
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (pool.active() > 0 && System.nanoTime() < deadline) Thread.sleep(50);
        assertThat(pool.active()).as("the unpacking stopped within 5 s of the timeout").isZero();
        // Deleting what was laid out happens off the pool, so that the slot is free at once; it ends soon after. On a
        // loaded machine 400k folders take more than a minute to delete, so the wait lasts while the deletion goes on
        // (fewer of the 1,000 top folders left every 20 s) and fails when it stops.
        int left = Integer.MAX_VALUE;
        for (int now = topFoldersLeft(name); now > 0 && now < left; now = topFoldersLeft(name)) {
            left = now;
            deadline = System.nanoTime() + 20_000_000_000L;
            while (topFoldersLeft(name) == left && System.nanoTime() < deadline) Thread.sleep(200);
        }
        assertThat(leftovers(name)).as("its temporary folder is deleted").isEmpty();
        given().contentType(ContentType.TEXT).body(HostileRequestTest.LOG)
                .when().post("/v1/analyze")
                .then().statusCode(200);
    }

    /** The top folders ({@code b/0} to {@code b/999}) of the upload named {@code name} still on disk; 0 when gone. */
    private static int topFoldersLeft(String name) throws IOException {
        int n = 0;
        for (Path upload : leftovers(name)) {
            Path top = upload.resolve(name).resolve("b");
            if (!Files.isDirectory(top)) {
                n++;
                continue;
            }
            try (Stream<Path> s = Files.list(top)) {
                n += (int) s.count() + 1;
            } catch (IOException gone) {
                n++;
            }
        }
        return n;
    }

    /** Folders the upload named {@code name} was unpacked into that still exist. */
    private static java.util.List<Path> leftovers(String name) throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("ncclscope-upload-"))
                    .filter(p -> Files.exists(p.resolve(name))).toList();
        }
    }
}
