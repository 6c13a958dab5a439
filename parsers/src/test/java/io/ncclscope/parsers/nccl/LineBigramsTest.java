package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link LineBigrams} only skips searches that would fail: over every line of the project's own captures and random
 * lines, {@code indexOf} through it answers what {@code String.indexOf} answers, for words found and words absent.
 */
class LineBigramsTest {

    private static final List<String> WORDS = List.of("NCCL ", "NCCL", " WARN ", "] INFO ", ": Function: ", "rror",
            "out of memory", "atchdog", "TCPStore", "Duplicate GPU detected", "ProcessGroupNCCL::", "NCCL error", "ab", "zz");

    @Test
    void answersAsIndexOfOnEveryCapturedLine() throws IOException {
        LineBigrams bigrams = new LineBigrams();
        List<LineBigrams.Word> words = WORDS.stream().map(LineBigrams.Word::new).toList();
        long lines = 0;
        long found = 0;
        long skipped = 0;
        List<Path> logs;
        try (Stream<Path> s = Files.walk(Path.of("../examples/captured"))) {
            logs = s.filter(p -> p.toString().endsWith(".log")).sorted().toList();
        }
        for (Path log : logs) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                bigrams.read(line);
                lines++;
                for (LineBigrams.Word w : words) {
                    for (int from : new int[] {0, 3}) {
                        int expected = line.indexOf(w.text(), from);
                        assertThat(bigrams.indexOf(line, w, from)).as("%s in %s", w.text(), line).isEqualTo(expected);
                        if (expected >= 0) found++;
                        if (!bigrams.mayHold(w)) skipped++;
                    }
                }
            }
        }
        assertThat(lines).isGreaterThan(1000);
        assertThat(found).isPositive();
        assertThat(skipped).as("most searches are skipped").isGreaterThan(lines * words.size());
    }

    @Test
    void answersAsIndexOfOnRandomLinesWithCharactersBeyondLatin1() {
        LineBigrams bigrams = new LineBigrams();
        Random random = new Random(23);
        String alphabet = "NCL WARrorINFO:]abz\u00e9\u4e2d\u2588";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(40);
            for (int k = 0; k < n; k++) sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            String line = sb.toString();
            bigrams.read(line);
            for (String text : WORDS) {
                LineBigrams.Word w = new LineBigrams.Word(text);
                assertThat(bigrams.indexOf(line, w, 0)).as("%s in %s", text, line).isEqualTo(line.indexOf(text));
            }
        }
    }
}
