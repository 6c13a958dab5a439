package io.ncclscope.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every real-world corpus file, pasted over HTTP as a chat bot would: {@code /v1/parse} answers the kind the parsers
 * detect in-process, and {@code /v1/analyze} the same problem codes as the SDK in-process. The service adds no
 * analysis and loses none. Skips when the corpus is absent.
 */
@QuarkusTest
class CorpusOverHttpTest {

    @Test
    void everyCorpusFileGivesOverHttpWhatTheSdkGivesInProcess() {
        Corpus.assumePresent();
        List<Corpus.Entry> entries = Corpus.entries();
        assertThat(entries).hasSizeGreaterThan(100);
        int problems = 0;
        for (Corpus.Entry e : entries) {
            String text = e.text();
            ParseResult<?> local = Parsers.parse(text);
            boolean ok = local.kind() != Kind.UNKNOWN && !local.hasErrors();
            JsonPath parsed = given().contentType(ContentType.TEXT.withCharset("UTF-8")).body(text)
                    .when().post("/v1/parse")
                    .then().statusCode(ok ? 200 : 422).extract().jsonPath();
            if (ok) assertThat(parsed.getString("kind")).as(e.file()).isEqualTo(local.kind().id());

            Evidence ev = Evidence.builder().addText(e.file(), text, null).build();
            boolean known = ev.artifacts().stream().anyMatch(a -> a.kind() != Kind.UNKNOWN);
            var resp = given().contentType(ContentType.TEXT.withCharset("UTF-8")).queryParam("name", e.file()).body(text)
                    .when().post("/v1/analyze")
                    .then().statusCode(known ? 200 : 422).extract().jsonPath();
            if (!known) continue;
            String want = NcclScope.diagnose(ev).findings().stream().filter(f -> f.severity().atLeast(FindingSeverity.WARNING))
                    .map(f -> f.code()).collect(Collectors.toCollection(TreeSet::new)).toString();
            List<String> codes = resp.getList("findings.findAll { it.severity in ['CRITICAL','ERROR','WARNING'] }.code");
            String got = new TreeSet<>(codes).toString();
            assertThat(got).as("problem codes of %s over HTTP", e.file()).isEqualTo(want);
            if (!"[]".equals(want)) problems++;
        }
        // The corpus is mostly about failures: many files must show problems, or the comparison proves little.
        assertThat(problems).isGreaterThan(30);
    }
}
