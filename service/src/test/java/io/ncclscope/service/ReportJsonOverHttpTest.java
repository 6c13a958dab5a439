package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ncclscope.cli.Main;
import io.ncclscope.parsers.Corpus;
import io.ncclscope.service.dto.ReportDto;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * One JSON for one report: {@code POST /v1/analyze} answers, for every corpus file and every example (each uploaded
 * as a zip, the CLI reading the same zip), the JSON tree {@code ncclscope analyze --format json} prints, workflow
 * included; and every such answer binds to {@link ReportDto} (the OpenAPI contract) with no member unknown to it and
 * none lost.
 */
@QuarkusTest
class ReportJsonOverHttpTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper CONTRACT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** {@return what {@code ncclscope analyze --format json PATH} prints; empty when it exits 2 (nothing known)} */
    private static String cli(String path) {
        StringWriter out = new StringWriter();
        String[] args = {"analyze", "--format", "json", path};
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), InputStream.nullInputStream());
        assertThat(code).as("exit code of analyze %s", path).isIn(Main.OK, Main.PROBLEMS, Main.BAD_INPUT, Main.INCONCLUSIVE);
        return code == 2 ? "" : out.toString();
    }

    private static void assertSameReport(String what, String cliJson, String restJson) throws IOException {
        JsonNode cli = JSON.readTree(cliJson);
        JsonNode rest = JSON.readTree(restJson);
        assertThat(rest).as("REST JSON of %s against the CLI's", what).isEqualTo(cli);
        assertThat(rest.has("workflow")).as("%s has its workflow", what).isTrue();
        ReportDto bound = CONTRACT.readValue(restJson, ReportDto.class);
        JsonNode contract = CONTRACT.valueToTree(bound);
        assertThat(contract).as("%s read through the ReportDto contract", what).isEqualTo(rest);
    }

    /** Zips a file (one entry, its name) or a folder (its files, by relative path) into {@code zip}. */
    private static Path zip(Path src, Path zip) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip)); Stream<Path> s = Files.walk(src)) {
            Path base = Files.isDirectory(src) ? src : src.getParent();
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new ZipEntry(base.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
        return zip;
    }

    /**
     * The same zip through {@code POST /v1/analyze} (a multipart upload) and {@code ncclscope analyze --format json};
     * false when neither finds a known tool output in it.
     */
    private static boolean compare(String what, Path zip) throws IOException {
        Response r = given().multiPart("file", zip.toFile()).when().post("/v1/analyze");
        String cli = cli(zip.toString());
        if (r.statusCode() == 422) {
            assertThat(cli).as("%s: the CLI finds nothing either", what).isEmpty();
            return false;
        }
        assertThat(r.statusCode()).as("%s over REST", what).isEqualTo(200);
        assertSameReport(what, cli, r.asString());
        return true;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Test
    void everyCorpusFileUploadedGivesTheCliJson() throws IOException {
        Corpus.assumePresent();
        List<Path> files = new ArrayList<>();
        for (Path root : List.of(Corpus.root(), Corpus.root().resolveSibling("corpus-more"))) {
            if (!Files.isDirectory(root)) continue;
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".jsonl") && !p.toString().endsWith(".md"))
                        .sorted().forEach(files::add);
            }
        }
        Path tmp = Files.createTempDirectory("ncclscope-report-json-");
        int compared = 0;
        try {
            for (Path f : files) {
                Path zip = zip(f, tmp.resolve("in.zip"));
                if (compare(f.toString(), zip)) compared++;
                Files.delete(zip);
            }
        } finally {
            deleteTree(tmp);
        }
        assertThat(compared).as("corpus files compared").isGreaterThan(100);
    }

    @Test
    void everyExampleUploadedGivesTheCliJson() throws IOException {
        Path examples = Path.of("../examples");
        List<Path> dirs = new ArrayList<>();
        try (Stream<Path> s = Files.walk(examples, 3)) {
            s.filter(Files::isDirectory).filter(d -> !d.equals(examples))
                    .filter(d -> !d.toString().contains("target") && !d.toString().contains("sdk-usage"))
                    .sorted().forEach(dirs::add);
        }
        Path tmp = Files.createTempDirectory("ncclscope-report-json-");
        int compared = 0;
        try {
            for (Path d : dirs) {
                Path zip = zip(d, tmp.resolve("in.zip"));
                if (compare(d.toString(), zip)) compared++;
                Files.delete(zip);
            }
        } finally {
            deleteTree(tmp);
        }
        assertThat(compared).as("examples compared").isGreaterThan(5);
    }
}
