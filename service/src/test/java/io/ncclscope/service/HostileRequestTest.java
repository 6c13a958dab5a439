package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a hostile client sends (issue 22): every answer is a problem JSON with a reason and no internals, archives are
 * bounded in entries (folders count) and depth, a single .gz is streamed, slow bodies are cut off, and every path
 * decodes text by the same rule.
 */
@QuarkusTest
@TestProfile(HostileRequestTest.Limits.class)
class HostileRequestTest {

    /** Small limits, so that a test reaches them quickly. */
    public static class Limits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("ncclscope.service.max-body-size", "4M", "ncclscope.service.max-archive-entries", "50",
                    "ncclscope.service.max-archive-depth", "8", "ncclscope.service.body-read-timeout", "PT2S",
                    "ncclscope.service.max-unpacked-size", "256M");
        }
    }

    static final String LOG = "gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO Using network Socket\n";

    @TestHTTPResource("/")
    URL base;

    static ValidatableResponse problem(ValidatableResponse r, int status) {
        return r.statusCode(status).contentType("application/problem+json").body("status", equalTo(status))
                .body("detail", not(containsString("jackson"))).body("detail", not(containsString("com.fasterxml")))
                .body("detail", not(containsString("Exception")));
    }

    // Item 5: the framework's own errors.

    @Test
    void aJsonTypeMismatchIsAProblemNamingTheField() {
        problem(given().contentType(ContentType.JSON).body("{\"artifacts\":\"not a list\"}").when().post("/v1/analyze").then(), 400)
                .body("detail", containsString("artifacts"));
        problem(given().contentType(ContentType.JSON).body("{\"artifacts\":[{\"name\":\"a\",\"text\":{\"x\":1}}]}")
                .when().post("/v1/analyze").then(), 400).body("detail", containsString("artifacts[0].text"));
    }

    @Test
    void anUnknownFieldIsAProblemNamingIt() {
        problem(given().contentType(ContentType.JSON).body("{\"artifacts\":[{\"name\":\"a\",\"text\":\"b\"}],\"bogus\":1}")
                .when().post("/v1/analyze").then(), 400).body("detail", containsString("bogus"));
    }

    @Test
    void anArrayBodyIsAProblem() {
        problem(given().contentType(ContentType.JSON).body("[]").when().post("/v1/analyze").then(), 400)
                .body("detail", containsString("object"));
    }

    @Test
    void aChunkedBodyOverTheLimitIsA413Problem() throws IOException {
        String head = "POST /v1/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
        ByteArrayOutputStream req = new ByteArrayOutputStream();
        req.write(head.getBytes(StandardCharsets.US_ASCII));
        byte[] chunk = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 5; i++) {
            req.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            req.write(chunk);
            req.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        req.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        String answer = raw(req.toByteArray());
        assertThat(answer).startsWith("HTTP/1.1 413").contains("application/problem+json").contains("\"status\":413")
                .contains("max-body-size");
    }

    /**
     * A request line with a bad %-encoding, in the path or the query, is a 400 problem naming the mistake. Quarkus's
     * own URI check answered it with a bare 400 before any route; the service makes that check itself (BodyLimit).
     */
    @Test
    void badPercentEncodingIsA400Problem() throws IOException {
        String answer = raw(("POST /v1/analyze?name=%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                + "Content-Length: 4\r\nConnection: close\r\n\r\nabcd").getBytes(StandardCharsets.US_ASCII));
        assertThat(answer).startsWith("HTTP/1.1 400").contains("application/problem+json").contains("\"status\":400")
                .contains("%25").doesNotContain("Exception");
        answer = raw(("GET /v1/rules/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        assertThat(answer).startsWith("HTTP/1.1 400").contains("application/problem+json").contains("%25")
                .doesNotContain("Exception");
        answer = raw(("GET /v1/rules?x=a|b HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        assertThat(answer).startsWith("HTTP/1.1 400").contains("application/problem+json");
    }

    @Test
    void aTooLongUriIsA414Problem() throws IOException {
        String answer = raw(("GET /v1/rules?x=" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        assertThat(answer).startsWith("HTTP/1.1 414").contains("application/problem+json").contains("\"status\":414");
    }

    @Test
    void aBadMultipartBoundaryIsA400Problem() throws IOException {
        String body = "--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.log\"\r\n\r\nhello\r\n--xyz--\r\n";
        String answer = raw(("POST /v1/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=abc\r\n"
                + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
        assertThat(answer).startsWith("HTTP/1.1 400").contains("application/problem+json").doesNotContain("Exception");
    }

    @Test
    void hostileArchiveNamesAre400WithAReason() throws IOException {
        String deep = "d/".repeat(20) + "f.log";
        rejected(new HostileArchives().file(deep, LOG).tarGz(), "nested deeper than 8");
        rejected(new HostileArchives().file("x".repeat(300) + ".log", LOG).tarGz(), "longer than 255");
        rejected(new HostileArchives().file("./", LOG).tarGz(), "own folder");
        rejected(new HostileArchives().file("node/a", LOG).folder("node/a/b").tarGz(), "same name");
        rejected(new HostileArchives().folder("node/a").file("node/a", LOG).tarGz(), "same name");
        rejected(new HostileArchives().file(new byte[] {'a', (byte) 0xff, 'b'}, LOG).tarGz(), "not UTF-8");
        rejected(zip("a\u00ffb.log", StandardCharsets.ISO_8859_1), "not UTF-8");
        rejected(zip("a\u0000b.log", StandardCharsets.UTF_8), "NUL");
    }

    private static byte[] zip(String name, java.nio.charset.Charset cs) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out, cs)) {
            z.putNextEntry(new ZipEntry(name));
            z.write(LOG.getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        return out.toByteArray();
    }

    private static void rejected(byte[] archive, String reason) {
        boolean isZip = archive[0] == 'P';
        problem(given().multiPart("file", isZip ? "hostile.zip" : "hostile.tar.gz", archive, "application/octet-stream")
                .when().post("/v1/analyze").then(), 400).body("detail", containsString(reason));
    }

    // Item 3: folders count against the entry limit.

    @Test
    void folderEntriesCountAgainstTheEntryLimit() throws IOException {
        HostileArchives a = new HostileArchives();
        for (int i = 0; i < 60; i++) a.folder("empty-" + i);
        problem(given().multiPart("file", "folders.tar.gz", a.tarGz(), "application/gzip")
                .when().post("/v1/analyze").then(), 413).body("detail", containsString("more than 50 files and folders"));
    }

    // Item 2: a single .gz is streamed, never held whole.

    @Test
    void aSingleGzUploadIsStreamedNotReadWhole(@TempDir Path tmp) throws Exception {
        Path gz = tmp.resolve("big.log.gz");
        byte[] line = "some text that is no tool output, repeated to make one large file\n".getBytes(StandardCharsets.US_ASCII);
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
            for (long written = 0; written < (96L << 20); written += line.length) o.write(line);
        }
        long largest;
        try (Recording rec = new Recording()) {
            rec.enable("jdk.ObjectAllocationOutsideTLAB");
            rec.start();
            given().multiPart("file", gz.toFile(), "application/gzip").when().post("/v1/analyze").then().statusCode(422);
            rec.stop();
            Path dump = tmp.resolve("alloc.jfr");
            rec.dump(dump);
            largest = RecordingFile.readAllEvents(dump).stream()
                    .filter(e -> e.getThread() != null && e.getThread().getJavaName() != null
                            && e.getThread().getJavaName().startsWith("ncclscope-analysis"))
                    .mapToLong(e -> e.getLong("allocationSize")).max().orElse(0);
        }
        assertThat(largest).as("largest single allocation while analysing a 96 MiB .gz upload").isLessThan(16L << 20);
    }

    // Item 6: a body sent a byte at a time is cut off.

    @Test
    void aSlowBodyIsCutOffWithA408Problem() throws IOException {
        long start = System.nanoTime();
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(15_000);
            OutputStream o = s.getOutputStream();
            o.write(("POST /v1/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            o.flush();
            InputStream in = s.getInputStream();
            Thread sender = new Thread(() -> {
                try {
                    for (int i = 0; i < 20; i++) {
                        o.write('x');
                        o.flush();
                        Thread.sleep(500);
                    }
                } catch (IOException | InterruptedException e) {
                    // The server closed the connection: what this test waits for.
                }
            });
            sender.setDaemon(true);
            sender.start();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 408").contains("application/problem+json").contains("body-read-timeout");
        }
        assertThat((System.nanoTime() - start) / 1_000_000).as("cut off after the 2 s body timeout").isBetween(1500L, 8000L);
    }

    // Item 8: one decoding rule.

    @Test
    void utf16WithABomIsReadOnEveryPath() {
        byte[] utf16 = withBom(LOG);
        given().contentType("text/plain").body(utf16).when().post("/v1/analyze")
                .then().statusCode(200).body("nodes[0]", equalTo("gpu01"));
        given().contentType("text/plain").body(utf16).when().post("/v1/parse")
                .then().statusCode(200).body("kind", equalTo("nccl-log"));
        given().multiPart("file", "job.log", utf16, "text/plain").when().post("/v1/analyze")
                .then().statusCode(200).body("nodes[0]", equalTo("gpu01"));
        byte[] json = withBom("{\"artifacts\":[{\"name\":\"job.log\",\"text\":\"" + LOG.replace("\n", "\\n") + "\"}]}");
        given().contentType(ContentType.JSON).body(json).when().post("/v1/analyze")
                .then().statusCode(200).body("nodes[0]", equalTo("gpu01"));
    }

    @Test
    void aDeclaredCharsetIsHonoured() {
        String log = LOG.replace("Using network Socket", "Using network Socket caf\u00e9");
        given().contentType("text/plain; charset=ISO-8859-1").body(log.getBytes(StandardCharsets.ISO_8859_1))
                .when().post("/v1/parse").then().statusCode(200).body("kind", equalTo("nccl-log"))
                .body("warnings.findAll { it.message.contains('U+FFFD') }.size()", equalTo(0));
    }

    @Test
    void aMultipartPartsOwnCharsetIsHonouredAsATextBodysIs() {
        // Latin-1 bytes (0xE9 is no UTF-8): read as UTF-8 they were replaced and warned of; with the part's charset=
        // they are what the sender wrote, on the multipart path as on the text path.
        byte[] latin = LOG.replace("Using network Socket", "Using network Socket caf\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        given().multiPart("file", "job.log", latin, "text/plain; charset=ISO-8859-1").when().post("/v1/analyze")
                .then().statusCode(200).body("inputs.withWarnings", equalTo(0)).body("nodes[0]", equalTo("gpu01"));
        given().contentType("text/plain; charset=ISO-8859-1").body(latin).when().post("/v1/analyze")
                .then().statusCode(200).body("inputs.withWarnings", equalTo(0));
        // UTF-16 without a byte order mark is only readable by its declared charset.
        byte[] utf16 = LOG.getBytes(StandardCharsets.UTF_16LE);
        given().multiPart("file", "job.log", utf16, "text/plain; charset=UTF-16LE").when().post("/v1/analyze")
                .then().statusCode(200).body("nodes[0]", equalTo("gpu01")).body("inputs.withWarnings", equalTo(0));
        given().contentType("text/plain; charset=UTF-16LE").body(utf16).when().post("/v1/analyze")
                .then().statusCode(200).body("nodes[0]", equalTo("gpu01"));
    }

    @Test
    void invalidBytesAreReplacedAndWarnedOnEveryPath() throws IOException {
        byte[] bad = (LOG + "gpu01:2231:2231 [0] NCCL INFO bad \u0000").getBytes(StandardCharsets.UTF_8);
        bad[bad.length - 1] = (byte) 0xff;
        given().contentType("text/plain; charset=UTF-8").body(bad).when().post("/v1/parse")
                .then().statusCode(200).body("warnings.findAll { it.message.contains('U+FFFD') }.size()", equalTo(1));
        given().contentType("text/plain; charset=UTF-8").body(bad).when().post("/v1/analyze")
                .then().statusCode(200).body("inputs.withWarnings", equalTo(1));
        given().multiPart("file", "job.log", bad, "text/plain; charset=UTF-8").when().post("/v1/analyze")
                .then().statusCode(200).body("inputs.withWarnings", equalTo(1));
        given().multiPart("file", "job.log", bad, "text/plain; charset=US-ASCII").when().post("/v1/analyze")
                .then().statusCode(200).body("inputs.withWarnings", equalTo(1));
        byte[] escaped = (LOG.replace("\n", "\\n") + "gpu01:2231:2231 [0] NCCL INFO bad ?").getBytes(StandardCharsets.UTF_8);
        escaped[escaped.length - 1] = (byte) 0xff;
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        json.write("{\"text\":\"".getBytes(StandardCharsets.UTF_8));
        json.write(escaped);
        json.write("\"}".getBytes(StandardCharsets.UTF_8));
        given().contentType(ContentType.JSON).body(json.toByteArray()).when().post("/v1/parse")
                .then().statusCode(200).body("warnings.findAll { it.message.contains('U+FFFD') }.size()", equalTo(1));
    }

    // Item 9 (and issue 19): ?node= names the node, also of a log whose lines carry their own host prefix.

    @Test
    void theNodeParameterNamesTheNodeOfALogWithHostPrefixes() {
        given().contentType("text/plain").body(LOG).queryParam("node", "rack7-node3").when().post("/v1/analyze/text")
                .then().statusCode(200).body("nodes", org.hamcrest.Matchers.contains("rack7-node3"))
                .body("summary", containsString("1 node(s)"))
                .body("artifacts[0].node", equalTo("rack7-node3"));
        given().contentType("text/plain").body(LOG).queryParam("node", "rack7-node3").queryParam("render", "md")
                .when().post("/v1/analyze").then().statusCode(200).body(containsString("rack7-node3"))
                .body(not(containsString("gpu01 ")));
    }

    @Test
    void aPasteNamingNoNodeSaysSoPlainly() {
        given().contentType("text/plain").body("NCCL INFO Using network Socket\nNCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n")
                .when().post("/v1/analyze/text").then().statusCode(200)
                .body("summary", not(containsString("0 node(s)"))).body("summary", not(containsString("(-)")));
    }

    private static byte[] withBom(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] out = new byte[body.length + 2];
        out[0] = (byte) 0xFF;
        out[1] = (byte) 0xFE;
        System.arraycopy(body, 0, out, 2, body.length);
        return out;
    }

    /** Sends {@code request} as it is on a new connection and returns all the server answers. */
    private String raw(byte[] request) throws IOException {
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(15_000);
            OutputStream o = s.getOutputStream();
            try {
                o.write(request);
                o.flush();
            } catch (IOException e) {
                // The server may answer and close before the whole body is sent; read what it said.
            }
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try {
                s.getInputStream().transferTo(got);
            } catch (IOException e) {
                // A reset after the answer: keep what came.
            }
            return got.toString(StandardCharsets.UTF_8);
        }
    }
}
