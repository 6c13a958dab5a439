package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Pins every sniffer's score, not only the winning kind, for each corpus file and each of our captures: a sniffer made
 * faster must score every real input exactly as before. After a reviewed change of a score, regenerate with
 * {@code -Dncclscope.golden.update=true} and read the diff.
 */
class DetectionScoresTest {

    @Test
    void everyCapturedFileScoresAsReviewed() throws Exception {
        Path root = GoldenTest.capturedRoot();
        String actual = GoldenTest.captures().map(f -> line(f, read(root.resolve(f)))).collect(Collectors.joining());
        compare("detection-scores-captured.txt", actual);
    }

    @Test
    void everyCorpusFileScoresAsReviewed() throws Exception {
        Corpus.assumePresent();
        List<Corpus.Entry> all = Corpus.entries();
        String actual = all.stream().sorted((a, b) -> a.file().compareTo(b.file()))
                .map(e -> line(e.file(), e.text())).collect(Collectors.joining());
        compare("detection-scores-corpus.txt", actual);
    }

    /**
     * {@code file<TAB>kind confidence<TAB>kind:score ...}: the detection of one input, then of its first 10 lines
     * ({@code file|head}) and of the input less its first 3 lines ({@code file|tail}), as partial pastes give.
     */
    private static String line(String file, String text) {
        List<String> lines = text.lines().toList();
        return one(file, text)
                + one(file + "|head", String.join("\n", lines.subList(0, Math.min(10, lines.size()))))
                + one(file + "|tail", String.join("\n", lines.subList(Math.min(3, lines.size()), lines.size())));
    }

    private static String one(String name, String text) {
        Detection d = Parsers.detect(text);
        return name + "\t" + d.kind().id() + " " + d.confidence() + "\t"
                + d.scores().stream().map(s -> s.kind().id() + ":" + s.confidence()).collect(Collectors.joining(" ")) + "\n";
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void compare(String name, String actual) throws IOException, URISyntaxException {
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Path target = GoldenTest.GOLDEN_SRC.resolve(name);
            Files.createDirectories(target.getParent());
            Files.writeString(target, actual, StandardCharsets.UTF_8);
            return;
        }
        try (InputStream in = DetectionScoresTest.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as("golden/%s (create it with -Dncclscope.golden.update=true, then review it)", name).isNotNull();
            String expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(actual).as("detection scores, golden/%s", name).isEqualTo(expected);
        }
    }
}
