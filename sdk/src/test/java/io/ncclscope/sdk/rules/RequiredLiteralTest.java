package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The literal every match contains: read right from the catalogue's kinds of expression, never claimed wrongly. */
class RequiredLiteralTest {

    @Test
    void theLongestCertainRunIsRead() {
        assertThat(RequiredLiteral.of("^NET/IB : Got completion from peer .* with status=-?\\d+\\s*$"))
                .isEqualTo("NET/IB : Got completion from peer ");
        assertThat(RequiredLiteral.of("^Call to connect returned .*, retrying\\s*$")).isEqualTo("Call to connect returned ");
        assertThat(RequiredLiteral.of("^abc?de\\.f$")).isEqualTo("de.f");
        assertThat(RequiredLiteral.of("x{2}yz+q")).isEqualTo("yz");
        assertThat(RequiredLiteral.of("^(?:0x[0-9a-f]+|\\(nil\\)) pointer lost$")).isEqualTo(" pointer lost");
        assertThat(RequiredLiteral.of("[\\]abc] tail")).isEqualTo(" tail");
    }

    @Test
    void nothingIsClaimedWhenNothingIsCertain() {
        assertThat(RequiredLiteral.of("abc|def")).isEmpty();
        assertThat(RequiredLiteral.of("(?i)timeout")).isEmpty();
        assertThat(RequiredLiteral.of("\\x41\\x42")).isEmpty();
        assertThat(RequiredLiteral.of("\\Qa|b\\E")).isEmpty();
        assertThat(RequiredLiteral.of(".*\\d+")).isEmpty();
    }

    /**
     * Every catalogue row and every NCCL WARN text of the corpus: whenever a row's pattern finds the text, the text
     * holds the row's literal (the filter can never hide a match), and the filtered match equals the plain one.
     */
    @Test
    void theFilterNeverHidesAMatchOfTheCatalogueOnRealLines() throws IOException {
        MessageCatalogue catalogue = MessageCatalogue.builtIn();
        List<String> texts = Stream.concat(corpusWarnTexts(), catalogue.entries().stream().map(e -> e.format().strip()))
                .toList();
        assertThat(texts).hasSizeGreaterThan(1000);
        int checked = 0;
        for (MessageCatalogue.Entry entry : catalogue.entries()) {
            String literal = RequiredLiteral.of(entry.pattern().pattern());
            for (String text : texts) {
                if (entry.pattern().matcher(text).find()) {
                    assertThat(text).as("row %d", entry.line()).contains(literal);
                    checked++;
                }
            }
        }
        assertThat(checked).isPositive();
        long filtered = catalogue.entries().stream().filter(e -> RequiredLiteral.of(e.pattern().pattern()).length() >= 6).count();
        assertThat(filtered).as("rows with a literal of 6 characters or more").isGreaterThan(catalogue.entries().size() * 9L / 10);
        for (String text : texts) {
            MessageCatalogue.Entry plain = catalogue.entries().stream()
                    .filter(e -> e.pattern().matcher(text).find()).findFirst().orElse(null);
            assertThat(catalogue.match(text).orElse(null)).as(text).isEqualTo(plain);
        }
    }

    private static Stream<String> corpusWarnTexts() throws IOException {
        Pattern warn = Pattern.compile("NCCL WARN (.*)$");
        Stream<String> all = Stream.empty();
        for (Path dir : List.of(Path.of("../../shared/corpus"), Path.of("../../shared/corpus-more"), Path.of("../examples"))) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                List<String> found = files.filter(Files::isRegularFile).flatMap(RequiredLiteralTest::lines)
                        .map(warn::matcher).filter(java.util.regex.Matcher::find).map(m -> m.group(1).strip()).toList();
                all = Stream.concat(all, found.stream());
            }
        }
        return all;
    }

    private static Stream<String> lines(Path file) {
        try {
            return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1).lines().toList().stream();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
