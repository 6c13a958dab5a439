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
     * The array reading gives, for every catalogue row and for expressions at the edges (a trailing backslash, an
     * unclosed class or repetition, escapes in and out of groups), what the first reading, character by character with
     * {@code charAt}, gave: the rows' filters are those the tests of the catalogue were written against.
     */
    @Test
    void theArrayReadingIsTheCharacterByCharacterOne() {
        List<String> expressions = new java.util.ArrayList<>(List.of("abc\\", "[abc", "ab{2", "a\\.b+c", "(a\\.b)c\\|d",
                "x\\Qy\\E", "\\(nil\\) at \\d+", "a(?:b|c)d+e?f{1,2}g*h", "\u00e9t\u00e9 \\p{L}", "a]b}c", "(?<n>x)yz", ""));
        for (MessageCatalogue.Entry entry : MessageCatalogue.builtIn().entries()) expressions.add(entry.pattern().pattern());
        for (String regex : expressions) {
            assertThat(RequiredLiteral.of(regex)).as(regex).isEqualTo(charAtReading(regex));
        }
    }

    /** The first {@link RequiredLiteral#of}, which read the expression with {@code charAt} and {@code indexOf}. */
    private static String charAtReading(String regex) {
        for (int at = regex.indexOf("(?"); at >= 0 && at + 2 < regex.length(); at = regex.indexOf("(?", at + 1)) {
            char c = regex.charAt(at + 2);
            if (c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return "";
        }
        String longest = "";
        StringBuilder run = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            char literal = 0;
            if (c == '\\' && i + 1 < regex.length()) {
                char next = regex.charAt(++i);
                if (depth == 0 && !Character.isLetterOrDigit(next)) literal = next;
                if ("QExu0pPkNc".indexOf(next) >= 0) return "";
            } else if (c == '[') {
                i++;
                if (i < regex.length() && regex.charAt(i) == '^') i++;
                if (i < regex.length() && regex.charAt(i) == ']') i++;
                while (i < regex.length() && regex.charAt(i) != ']') i += regex.charAt(i) == '\\' ? 2 : 1;
                i = Math.min(i, regex.length());
            } else if (c == '{') {
                i = regex.indexOf('}', i);
                if (i < 0) return "";
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|') {
                if (depth == 0) return "";
            } else if (depth == 0 && ".^$*+?{}".indexOf(c) < 0) {
                literal = c;
            }
            boolean quantified = i + 1 < regex.length() && "*+?{".indexOf(regex.charAt(i + 1)) >= 0;
            if (literal != 0 && !quantified) {
                run.append(literal);
                continue;
            }
            if (literal != 0 && regex.charAt(i + 1) == '+') run.append(literal);
            if (run.length() > longest.length()) longest = run.toString();
            run.setLength(0);
        }
        return run.length() > longest.length() ? run.toString() : longest;
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
