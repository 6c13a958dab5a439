package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's SDK quick start is real: its lines are the code of {@code examples/sdk-usage}, its Java block is a
 * whole class whose imports resolve, and its output block is what the snippet prints. The examples build goes
 * further: {@code examples/sdk-usage-readme} lays a fresh Maven project out of the README's pom and Java blocks,
 * builds it against the reactor's freshly packaged jars and runs it with the README's command.
 */
class ReadmeQuickStartTest {

    static final Path README = Path.of("../README.md");
    static final Path EXAMPLE = Path.of("../examples/sdk-usage/src/main/java/io/ncclscope/examples/sdkusage/Verdict.java");

    static String section() throws IOException {
        String md = Files.readString(README, StandardCharsets.UTF_8);
        int at = md.indexOf("## Quick start: Java");
        assertThat(at).as("README section '## Quick start: Java'").isNotNegative();
        return md.substring(at);
    }

    static String block(String section, String open, String close) {
        int start = section.indexOf(open);
        assertThat(start).as("a block opening with %s", open).isNotNegative();
        start += open.length();
        return section.substring(start, section.indexOf(close, start) + 1);
    }

    @Test
    void snippetLinesAreTheExampleProjectsCode() throws IOException {
        String snippet = block(section(), "```java\n", "\n```");
        String example = Files.readString(EXAMPLE, StandardCharsets.UTF_8);
        List<String> body = snippet.lines().map(String::strip)
                .dropWhile(l -> !l.startsWith("Path folder = ")).skip(1)
                .takeWhile(l -> !l.equals("}")).toList();
        assertThat(body).as("the statements of the README's main").hasSizeGreaterThan(3);
        for (String line : body) {
            assertThat(example).as("examples/sdk-usage runs the README's line %s", line).contains("        " + line + "\n");
        }
    }

    /**
     * The snippet is a whole class a fresh project compiles: every import names a public type where it lives
     * ({@code Evidence} and {@code Report} are not in {@code io.ncclscope.sdk}). The examples build compiles and runs
     * it for real (examples/sdk-usage-readme); this catches a wrong import at the SDK's own tests.
     */
    @Test
    void snippetIsAWholeClassWhoseImportsResolve() throws IOException, ClassNotFoundException {
        String snippet = block(section(), "```java\n", "\n```");
        assertThat(snippet).containsPattern("(?m)^package [\\w.]+;$").containsPattern("(?m)^public class \\w+ \\{$")
                .contains("public static void main(String[] args)");
        List<String> imports = snippet.lines().filter(l -> l.startsWith("import ")).map(l -> l.substring(7, l.length() - 1)).toList();
        assertThat(imports).contains(Evidence.class.getName(), Report.class.getName(), NcclScope.class.getName(), Format.class.getName());
        for (String name : imports) {
            assertThat(Class.forName(name, false, getClass().getClassLoader()))
                    .as(name).matches(c -> java.lang.reflect.Modifier.isPublic(c.getModifiers()));
        }
        for (String type : List.of("Evidence", "Report", "NcclScope", "Format", "Path")) {
            assertThat(imports).as("the snippet imports %s, which it uses", type).anyMatch(i -> i.endsWith("." + type));
        }
    }

    @Test
    void readmeSaysHowTheArtifactsReachTheUsersRepository() throws IOException {
        String section = section();
        assertThat(block(section, "```sh\n", "\n```")).startsWith("./mvnw -B -q install -pl bom,sdk -am");
        assertThat(block(section, "```xml\n", "\n```")).contains("<artifactId>ncclscope-bom</artifactId>",
                "<artifactId>ncclscope-sdk</artifactId>", "<mainClass>");
    }

    @Test
    void outputBlockIsWhatTheSnippetPrints() throws IOException {
        // The snippet, run from the repository root's view of the folder (names are relative to its parent).
        Path folder = Path.of("../examples/captured/h200-1gpu");
        Evidence evidence = NcclScope.evidence(folder);
        Report report = NcclScope.analyze(evidence);
        String markdown = NcclScope.render(report, Format.MARKDOWN);
        assertThat(block(section(), "````markdown\n", "\n````")).isEqualTo(markdown);
    }
}
