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
 * The README's SDK quick start is real: its snippet is the code of {@code examples/sdk-usage} (which the invoker
 * build runs on the installed artifacts and checks against the README too) and its output block is what the
 * snippet prints.
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
        List<String> lines = snippet.lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines.get(0)).isEqualTo("Path folder = Path.of(\"examples/captured/h200-1gpu\");");
        for (String line : lines.subList(1, lines.size())) {
            assertThat(example).as("examples/sdk-usage runs the README's line %s", line).contains("        " + line + "\n");
        }
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
