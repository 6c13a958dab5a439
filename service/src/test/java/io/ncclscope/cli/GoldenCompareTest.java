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
 * What {@code ncclscope compare} prints, pinned byte for byte (with its exit code) as {@link GoldenCliTest} pins
 * {@code analyze}: every format in English, HTML and Markdown in Chinese, over the A/B examples, each corpus nccl-tests
 * file beside the next one, a pair whose labels hold markup characters, and scaling series. The digests sit in
 * {@code src/test/resources/golden/compare.sha256}; {@code -Dncclscope.golden.update=true} rewrites them and
 * {@code -Dncclscope.golden.dump=DIR} writes each output.
 */
class GoldenCompareTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/compare.sha256");

    private static final List<List<String>> FORMATS = List.of(List.of("--format", "json"), List.of("--format", "md"),
            List.of("--format", "text"), List.of("--format", "html"), List.of("--format", "html", "--lang", "zh-CN"),
            List.of("--format", "md", "--lang", "zh-CN"));

    @Test
    void everyCompareOutputIsByteIdenticalToTheGoldenDigests() throws IOException {
        List<List<String>> inputs = new ArrayList<>();
        for (String ab : List.of("congestion", "rdma-suspect")) {
            inputs.add(List.of("../examples/ab/" + ab + "/default", "../examples/ab/" + ab + "/ib-disable"));
        }
        // Labels are the paths as given: a path holding markup characters shows each form's escaping.
        Path odd = Path.of("target/golden-compare/it's <a&b> \"q\"");
        Files.createDirectories(odd);
        for (String side : List.of("default", "ib-disable")) {
            Path dir = odd.resolve(side);
            Files.createDirectories(dir);
            try (Stream<Path> s = Files.list(Path.of("../examples/ab/rdma-suspect", side))) {
                for (Path f : s.filter(Files::isRegularFile).toList()) {
                    Files.copy(f, dir.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        inputs.add(List.of(odd.resolve("default").toString(), odd.resolve("ib-disable").toString()));
        List<String> scaling = new ArrayList<>(List.of("--scaling"));
        try (Stream<Path> s = Files.list(Path.of("../examples/scaling"))) {
            s.filter(p -> p.toString().endsWith(".txt")).sorted().forEach(p -> scaling.add(p.toString()));
        }
        inputs.add(scaling);
        if (Corpus.present()) {
            List<String> tests = new ArrayList<>();
            for (Path root : List.of(Corpus.root(), Corpus.root().resolveSibling("corpus-more"))) {
                if (!Files.isDirectory(root.resolve("nccl-tests"))) continue;
                // A label's length sets the plot legend's width, so the corpus is reached through a link at the same
                // relative path wherever the checkout and the corpus lie.
                Path link = Path.of("target/golden-compare").resolve(root.getFileName());
                Files.deleteIfExists(link);
                Files.createSymbolicLink(link, root);
                try (Stream<Path> s = Files.list(link.resolve("nccl-tests"))) {
                    s.filter(Files::isRegularFile).map(Path::toString).sorted().forEach(tests::add);
                }
            }
            for (int i = 0; i + 1 < tests.size(); i++) inputs.add(List.of(tests.get(i), tests.get(i + 1)));
            List<String> all = new ArrayList<>(List.of("--scaling"));
            all.addAll(tests);
            inputs.add(all);
        }
        GoldenDigests golden = new GoldenDigests(GOLDEN, "# sha256 of each compare output; GoldenCompareTest says how to update");
        for (List<String> in : inputs) {
            String key = String.join(" ", in.stream().map(GoldenCompareTest::key).toList());
            for (List<String> format : FORMATS) {
                List<String> args = new ArrayList<>(List.of("compare"));
                args.addAll(format);
                args.addAll(in);
                CliTest.Run r = CliTest.run(args.toArray(String[]::new));
                String out = "exit " + r.code() + "\n" + r.out();
                for (String p : in) out = out.replace(p, key(p));
                String k = key + " " + String.join(" ", format);
                String name = k.replaceAll("[^A-Za-z0-9._-]", "_");
                golden.put(k, name.length() > 200 ? name.substring(0, 120) + "-" + GoldenDigests.sha256(k).substring(0, 16) : name, out);
            }
        }
        assertThat(golden.moved(k -> k.contains("corpus"), Corpus.present())).as("compare outputs that moved against %s", GOLDEN).isEmpty();
    }

    /** An input as the digests name it: from {@code examples/} or {@code corpus} on, whatever the checkout's path. */
    private static String key(String path) {
        String name = Path.of(path).toAbsolutePath().normalize().toString();
        for (String anchor : List.of("examples/", "corpus", "golden-compare/")) {
            int at = name.indexOf(anchor);
            if (at >= 0) return name.substring(at);
        }
        return path;
    }


}
