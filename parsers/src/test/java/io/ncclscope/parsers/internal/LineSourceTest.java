package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSourceTest {

    static List<String> lines(String text, Warnings w, long maxChars, int maxLine) throws IOException {
        LineSource src = new LineSource(new StringReader(text), w, maxChars, maxLine);
        List<String> out = new ArrayList<>();
        String l;
        while ((l = src.next()) != null) out.add(l);
        return out;
    }

    @Test
    void everyLineEndingCountsOnceAndTheLastLineNeedsNoEnding() throws IOException {
        assertThat(lines("a\nb\r\nc\rd", new Warnings(10), 1000, 100)).containsExactly("a", "b", "c", "d");
        assertThat(lines("a\n\n", new Warnings(10), 1000, 100)).containsExactly("a", "");
        assertThat(lines("", new Warnings(10), 1000, 100)).isEmpty();
    }

    @Test
    void ansiEscapesGoAndControlCharactersBecomeSpaces() throws IOException {
        // As in captured/h200-1gpu/sys/topo-m.txt: ESC[4m ... ESC[0m around the header.
        assertThat(lines("\u001b[4m\tGPU0\u001b[0m\u0000x\u001b]0;title\u0007y", new Warnings(10), 1000, 100))
                .containsExactly("\tGPU0 xy");
    }

    @Test
    void longLinesAreCutWithAWarningAndTheBudgetStopsWithAnError() throws IOException {
        Warnings w = new Warnings(10);
        assertThat(lines("x".repeat(500) + "\nshort\n", w, 10_000, 100)).containsExactly("x".repeat(100), "short");
        assertThat(w.toList()).extracting(ParseWarning::line).containsExactly(1);
        Warnings w2 = new Warnings(10);
        List<String> l = lines("aaaa\nbbbb\ncccc\n", w2, 7, 100);
        assertThat(l).containsExactly("aaaa", "bb");
        assertThat(w2.hasErrors()).isTrue();
        assertThat(w2.toList().get(0).severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void warningsBeyondTheCapAreCounted() {
        Warnings w = new Warnings(2);
        for (int i = 0; i < 5; i++) w.warn(i + 1, "odd", "");
        assertThat(w.toList()).hasSize(3);
        assertThat(w.toList().get(2).message()).startsWith("3 more warnings");
    }
}
