package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Detection gives the answers it gave before its fast paths: every corpus file and every example file, whole and cut
 * (at 300 and 2,000 characters, mid-line, and at half its length), is detected with the scores recorded in
 * {@code detection/answers.txt}, and its pasted sections are the ones recorded there. Each sniffer run alone scores
 * every head as it does inside {@link Parsers#detect}, where the sniffers share the head's lines.
 *
 * <p>The answers were recorded with the sniffers as they were before detection shared its work (main aeb38eb); a
 * sniffer changed on purpose records them again with {@code -Dncclscope.detection.update=true}, and the diff of the
 * file shows every answer that moved.
 */
class DetectionAnswersTest {

    private static final Path ANSWERS = Path.of("src/test/resources/detection/answers.txt");

    @Test
    void everyCorpusAndExampleHeadIsDetectedAsRecorded() throws IOException {
        Corpus.assumePresent();
        List<String> actual = new ArrayList<>();
        for (Input in : inputs()) actual.add(answers(in));
        if (Boolean.getBoolean("ncclscope.detection.update")) {
            Files.write(ANSWERS, actual, StandardCharsets.UTF_8);
        }
        List<String> expected = Files.readAllLines(ANSWERS, StandardCharsets.UTF_8);
        assertThat(actual).as("detection answers (record again with -Dncclscope.detection.update=true)")
                .containsExactlyElementsOf(expected);
    }

    /** One input: its name in the answers and its text, invalid bytes replaced. */
    record Input(String name, String text) {
    }

    static List<Input> inputs() throws IOException {
        List<Input> out = new ArrayList<>();
        for (Corpus.Entry e : Corpus.allEntries()) out.add(new Input(e.name(), e.text()));
        Path examples = Path.of("../examples");
        try (Stream<Path> files = Files.walk(examples)) {
            // Build outputs (examples/target: the examples module's invoker run) are not examples.
            for (Path p : files.filter(Files::isRegularFile).filter(p -> !examples.relativize(p).startsWith("target"))
                    .sorted().collect(Collectors.toList())) {
                String name = "examples/" + examples.relativize(p).toString().replace('\\', '/');
                out.add(new Input(name, new String(Files.readAllBytes(p), StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    /** {@code name, then each head's scores (cut=KIND:score,...), then the sections of the whole text}. */
    static String answers(Input in) {
        String text = in.text();
        StringBuilder sb = new StringBuilder(in.name());
        for (int cut : new int[] {text.length(), 300, 2000, text.length() / 2}) {
            if (cut > text.length() || cut != text.length() && cut == 0) continue;
            String head = text.substring(0, cut);
            Detection d = Parsers.detect(head);
            sb.append('\t').append(cut == text.length() ? "whole" : Integer.toString(cut)).append('=').append(d.kind().id());
            for (Detection.Score s : d.scores()) sb.append(',').append(s.kind().id()).append(':').append(s.confidence());
            for (ToolParser<?> p : Parsers.all()) {
                int alone;
                try {
                    alone = Math.max(0, Math.min(100, p.sniff(head)));
                } catch (RuntimeException e) {
                    alone = 0; // as detect scores a sniffer that throws
                }
                int shared = d.scores().stream().filter(s -> s.kind() == p.kind()).mapToInt(Detection.Score::confidence)
                        .findFirst().orElse(0);
                assertThat(shared).as("%s cut at %d: %s inside detect and alone", in.name(), cut, p.kind()).isEqualTo(alone);
            }
        }
        sb.append("\tsections=");
        for (PastedOutputs.Section s : PastedOutputs.sections(text)) {
            sb.append(s.firstLine()).append('-').append(s.lastLine()).append(':').append(s.kind().id()).append(' ');
        }
        return sb.toString().strip();
    }
}
