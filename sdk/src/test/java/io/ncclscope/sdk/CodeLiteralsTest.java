package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.rules.RuleCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No finding code can drift from the catalogue: every string literal of the SDK's sources that looks like a code
 * ({@code "UPPER_SNAKE_CASE"} with an underscore) names a catalogue entry or is listed as another vocabulary in
 * {@code not-finding-codes.txt}; and the workflow, which asks the catalogue, names no code at all.
 */
class CodeLiteralsTest {

    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern LITERAL = Pattern.compile("\"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\"");

    /** Literal to the source files it appears in. */
    private static Map<String, Set<String>> literals(Path root) throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        for (Path f : files) {
            Matcher m = LITERAL.matcher(Files.readString(f, StandardCharsets.UTF_8));
            while (m.find()) out.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(SOURCES.relativize(f).toString());
        }
        return out;
    }

    private static Set<String> notCodes() throws IOException {
        Set<String> out = new TreeSet<>();
        try (InputStream in = CodeLiteralsTest.class.getResourceAsStream("not-finding-codes.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) out.add(line.strip());
            }
        }
        return out;
    }

    @Test
    void everyCodeLiteralOfTheSourcesNamesACatalogueEntry() throws IOException {
        Map<String, Set<String>> found = literals(SOURCES);
        Set<String> notCodes = notCodes();
        assertThat(found).as("the scan finds the raise sites").containsKeys("NCCL_CONNECT_FAILED", "GPU_XID");
        List<String> unknown = new ArrayList<>();
        found.forEach((literal, files) -> {
            if (RuleCatalog.code(literal).isEmpty() && !notCodes.contains(literal)) unknown.add(literal + " in " + files);
        });
        assertThat(unknown).as("literals that are neither a catalogue code nor listed in not-finding-codes.txt")
                .isEmpty();
        assertThat(notCodes).as("not-finding-codes.txt lists a catalogue code")
                .noneMatch(c -> RuleCatalog.code(c).isPresent());
    }

    @Test
    void theWorkflowNamesNoCodeAndAsksTheCatalogue() throws IOException {
        Map<String, Set<String>> found = literals(SOURCES.resolve("io/ncclscope/sdk/workflow"));
        assertThat(found.keySet()).as("code literals in sdk.workflow").noneMatch(l -> RuleCatalog.code(l).isPresent());
    }
}
