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
    void aStringTextIsReadInPlaceWithTheLinesWarningsAndBudgetOfAReader() throws IOException {
        List<String> texts = List.of("a\nb\r\nc\rd", "a\n\n", "", "\r\n\r\n", "x\r", "\u001b[4m\tGPU0\u001b[0m\u0000x\n",
                "x".repeat(500) + "\nshort\n", "aaaa\nbbbb\ncccc\n", "caf\u00e9 \u4e2d\u6587\nline\r\nlast",
                "y".repeat(40_000) + "\n" + "z\n".repeat(20_000));
        for (String text : texts) {
            for (long maxChars : new long[] {Long.MAX_VALUE, 7, 9, 50_000}) {
                for (int maxLine : new int[] {Integer.MAX_VALUE, 100, 3}) {
                    assertThat(read(new StringText(text), maxChars, maxLine)).as("%s %d %d", text.length(), maxChars, maxLine)
                            .isEqualTo(read(new StringReader(text), maxChars, maxLine));
                }
            }
        }
    }

    @Test
    void aStringTextWhoseLinesWereCutGivesTheLinesWarningsAndBudgetOfAReader() throws IOException {
        List<String> texts = List.of("a\nb\r\nc\rd", "a\n\n", "", "\r\n\r\n", "x\r", "\u001b[4m\tGPU0\u001b[0m\u0000x\n",
                "x".repeat(500) + "\nshort\n", "aaaa\nbbbb\ncccc\n", "caf\u00e9 \u4e2d\u6587\nline\r\nlast", "ab\r\n",
                "y".repeat(40_000) + "\n" + "z\n".repeat(20_000), "\ud83d\ude00 pair\nnext\n");
        for (String text : texts) {
            for (long maxChars : new long[] {Long.MAX_VALUE, 7, 9, 50_000, text.length(), text.length() - 1L}) {
                for (int maxLine : new int[] {Integer.MAX_VALUE, 100, 3, 1, 40_000, 40_001}) {
                    StringText cut = new StringText(text);
                    assertThat(cut.cutLines().lines()).isEqualTo(lines(text, new Warnings(10), Long.MAX_VALUE, Integer.MAX_VALUE));
                    for (StringText in : List.of(cut, cut.again())) {
                        assertThat(readWithStarts(in, maxChars, maxLine)).as("%s %d %d", text.length(), maxChars, maxLine)
                                .isEqualTo(readWithStarts(new StringText(text), maxChars, maxLine));
                    }
                }
            }
        }
    }

    /** {@link #read} with each line's verbatim start, and what the reader left unread. */
    private static List<String> readWithStarts(StringText in, long maxChars, int maxLine) throws IOException {
        Warnings w = new Warnings(100);
        LineSource src = new LineSource(in, w, maxChars, maxLine);
        List<String> out = new ArrayList<>();
        String l;
        while ((l = src.next()) != null) out.add(src.lineNumber() + ":" + src.verbatimStart() + ":" + l);
        out.add(w.toList().toString());
        out.add(src.consumed() + " " + src.truncated() + " " + src.lineNumber() + " " + in.remaining());
        return out;
    }

    /** Every line with its number, then the warnings, the characters consumed and whether the budget stopped it. */
    private static List<String> read(java.io.Reader in, long maxChars, int maxLine) throws IOException {
        Warnings w = new Warnings(100);
        LineSource src = new LineSource(in, w, maxChars, maxLine);
        List<String> out = new ArrayList<>();
        String l;
        while ((l = src.next()) != null) out.add(src.lineNumber() + ":" + l);
        out.add(w.toList().toString());
        out.add(src.consumed() + " " + src.truncated() + " " + src.lineNumber());
        return out;
    }

    @Test
    void headLinesAreTheStrippedSubstringsOfTheHead() {
        headLinesAreTheStrippedSubstrings(false);
    }

    @Test
    void sharedHeadLinesAreTheStrippedSubstringsOfTheHead() {
        // Each head shared while its lines are read at each cut, a reader of the whole lines going first.
        headLinesAreTheStrippedSubstrings(true);
    }

    private static void headLinesAreTheStrippedSubstrings(boolean shared) {
        List<String> heads = List.of("", "\n", "a", " a \n\n b\t\n", "\u2003x\u2003\ny", "  " + "w".repeat(30) + "  \nlast\n",
                "2: eth0: <UP> mtu 1500\n    link/ether\nDEV PORT INDEX GID\n");
        for (String head : heads) {
            for (int max : new int[] {400, 5, 1}) {
                List<String> expected = new ArrayList<>();
                int from = 0;
                while (from < head.length()) {
                    int nl = head.indexOf('\n', from);
                    if (nl < 0) nl = head.length();
                    String raw = head.substring(from, Math.min(nl, from + max));
                    expected.add(raw.strip() + "|" + (!raw.isEmpty() && Character.isWhitespace(raw.charAt(0))));
                    from = nl + 1;
                }
                List<String> actual = new ArrayList<>();
                HeadLines.Share share = shared ? HeadLines.share(head) : null;
                if (shared) {
                    HeadLines first = new HeadLines(head, Integer.MAX_VALUE);
                    for (int k = 0; k < 2 && first.next(); k++) assertThat(first.raw()).doesNotContain("\n");
                }
                HeadLines lines = new HeadLines(head, max);
                while (lines.next()) {
                    String t = lines.text();
                    assertThat(lines.isEmpty()).isEqualTo(t.isEmpty());
                    assertThat(lines.startsWith("2:")).isEqualTo(t.startsWith("2:"));
                    assertThat(lines.endsWith("x")).isEqualTo(t.endsWith("x"));
                    assertThat(lines.contains("mtu")).isEqualTo(t.contains("mtu"));
                    assertThat(lines.is("a")).isEqualTo(t.equals("a"));
                    assertThat(lines.contains(':')).isEqualTo(t.indexOf(':') >= 0);
                    String raw = lines.raw();
                    assertThat(raw).isEqualTo(head.substring(lines.rawFrom(), lines.rawTo()));
                    assertThat(lines.rawContains(" b")).isEqualTo(raw.contains(" b"));
                    assertThat(lines.rawContains('\t')).isEqualTo(raw.indexOf('\t') >= 0);
                    String[] words = Paste.words(t, 3);
                    for (int k = 0; k < 3; k++) {
                        assertThat(lines.wordEndsWith(k, ":")).isEqualTo(k < words.length && words[k].endsWith(":"));
                        assertThat(lines.wordStartsWith(k, "li")).isEqualTo(k < words.length && words[k].startsWith("li"));
                        assertThat(lines.mayBeInteger(k)).isEqualTo(k < words.length && ToolValues.integer(words[k]) != null);
                    }
                    actual.add(t + "|" + lines.indented());
                }
                if (share != null) share.close();
                assertThat(actual).as("%s at %d", head, max).isEqualTo(expected);
            }
        }
        assertThat(HeadLines.opensWith(" \n\t{\"a\": 1}", '{')).isTrue();
        assertThat(HeadLines.opensWith("x{", '{')).isFalse();
        assertThat(HeadLines.opensWith(" \n", '{')).isFalse();
    }

    @Test
    void warningsBeyondTheCapAreCounted() {
        Warnings w = new Warnings(2);
        for (int i = 0; i < 5; i++) w.warn(i + 1, "odd", "");
        assertThat(w.toList()).hasSize(3);
        assertThat(w.toList().get(2).message()).startsWith("3 more warnings");
    }
}
