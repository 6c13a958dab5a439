package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the command line prints, pinned byte for byte (with its exit code): {@code analyze} in every format and both
 * languages, {@code report} as HTML and {@code parse}, over every example folder and every corpus file. The digests
 * sit in {@code src/test/resources/golden/cli.sha256}; {@code -Dncclscope.golden.update=true} rewrites them for a
 * change meant to alter outputs (review the moved keys first: {@code -Dncclscope.golden.dump=DIR} writes each
 * output). The SDK's {@code GoldenOutputsTest} pins the SDK's own outputs the same way.
 */
class GoldenCliTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/cli.sha256");

    private static final List<List<String>> RUNS = List.of(
            List.of("analyze", "--format", "json"),
            List.of("analyze", "--format", "md"),
            List.of("analyze", "--format", "text"),
            List.of("analyze", "--format", "md", "--lang", "zh-CN"),
            List.of("report", "--format", "html"),
            List.of("report", "--format", "md", "--lang", "zh-CN"),
            List.of("workflow", "--format", "json"));

    @Test
    void everyCliOutputIsByteIdenticalToTheGoldenDigests() throws IOException {
        GoldenDigests golden = new GoldenDigests(GOLDEN, "# sha256 of each CLI output; GoldenCliTest says how to update");
        List<Path> inputs = new ArrayList<>();
        Path examples = Path.of("../examples");
        try (Stream<Path> s = Files.walk(examples, 3)) {
            s.filter(Files::isDirectory).filter(d -> !d.equals(examples))
                    .filter(d -> !d.toString().contains("target") && !d.toString().contains("sdk-usage"))
                    .sorted().forEach(inputs::add);
        }
        if (Corpus.present()) {
            for (Path root : List.of(Corpus.root(), Corpus.root().resolveSibling("corpus-more"))) {
                if (!Files.isDirectory(root)) continue;
                try (Stream<Path> s = Files.walk(root)) {
                    s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".jsonl") && !p.toString().endsWith(".md"))
                            .sorted().forEach(inputs::add);
                }
            }
        }
        for (Path in : inputs) {
            String name = in.toAbsolutePath().normalize().toString();
            String key = name.substring(name.indexOf(in.startsWith(examples) ? "examples/" : "corpus"));
            List<List<String>> runs = new ArrayList<>(RUNS);
            if (Files.isRegularFile(in)) runs.add(List.of("parse"));
            for (List<String> run : runs) {
                List<String> args = new ArrayList<>(run);
                args.add(in.toString());
                CliTest.Run r = CliTest.run(args.toArray(String[]::new));
                String out = "exit " + r.code() + "\n" + r.out().replace(in.toString(), "INPUT");
                String k = key + " " + String.join(" ", run);
                golden.put(k, k.replace('/', '_').replace(' ', '.'), out);
            }
        }
        assertThat(golden.moved(k -> k.startsWith("corpus"), Corpus.present())).as("CLI outputs that moved against %s", GOLDEN).isEmpty();
    }
}
