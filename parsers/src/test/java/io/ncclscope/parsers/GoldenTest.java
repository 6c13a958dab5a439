package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the full parse output of our own H200 captures ({@code examples/captured}, on the test
 * classpath as {@code /captured}) against reviewed {@code golden/<path>.expected.json} files.
 * After a reviewed parser change, regenerate with {@code -Dncclscope.golden.update=true} and
 * read the diff before committing it.
 */
class GoldenTest {

    static final Path GOLDEN_SRC = Path.of("src/test/resources/golden");

    static Path capturedRoot() throws URISyntaxException {
        return Path.of(GoldenTest.class.getResource("/captured").toURI());
    }

    static Stream<String> captures() throws IOException, URISyntaxException {
        Path root = capturedRoot();
        try (Stream<Path> s = Files.walk(root)) {
            List<String> files = s.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.endsWith("meta.txt"))
                    .sorted().toList();
            return files.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void parseOutputMatchesReviewedGolden(String file) throws Exception {
        String text = Files.readString(capturedRoot().resolve(file), StandardCharsets.UTF_8);
        String actual = Json.pretty(Parsers.parse(text)) + "\n";
        Path golden = Path.of("golden/captured", file + ".expected.json");
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Path target = GOLDEN_SRC.resolve(golden.toString().substring("golden/".length()));
            Files.createDirectories(target.getParent());
            Files.writeString(target, actual, StandardCharsets.UTF_8);
            return;
        }
        var in = GoldenTest.class.getResourceAsStream("/" + golden.toString().replace('\\', '/'));
        assertThat(in).as("golden file %s (create it with -Dncclscope.golden.update=true, then review it)", golden).isNotNull();
        String expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        assertThat(actual).as("parse output of captured/%s", file).isEqualTo(expected);
    }
}
