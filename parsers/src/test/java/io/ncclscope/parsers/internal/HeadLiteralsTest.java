package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one pass over a shared head answers as String.indexOf does: every occurrence of every text, overlapping ones
 * included, whether the text was learnt before the head was read or is learnt on it; texts that share the key of
 * their first three characters ({@code "NCC"} and {@code "ncc"}) are told apart; texts shorter than three characters
 * are left to String.indexOf.
 */
class HeadLiteralsTest {

    private static final List<String> HEADS = List.of("", "a", "aa", "aaaa", "NCCL INFO x\nNCCL WARN y NCCL INFO\n",
            "xx:yy::zz\n  GID[  0]: fe80\n", "\u00e9\u00e9t\u00e9\n\u2003NCCL\u2003INFO\n", "abab" + "a".repeat(40), "ncclNCCL ncc NCCl", "aab");

    private static final List<String> TEXTS = List.of("aa", "aaa", "NCCL INFO", "NCCL WARN", "::", "GID[", "ab", "ba",
            "\u00e9t", "NCCL\u2003INFO", "INFO\n", "absent text", "aab", "bab", "\u00e9t\u00e9", "ncc", "NCC", "\u2003IN",
            "ncclNCCL ncc NCCl!");

    @Test
    void everyOccurrenceOfEveryTextIsTheOneIndexOfFinds() {
        // Twice: the first round learns the texts (searched with indexOf), the second finds them in the pass.
        for (int round = 0; round < 2; round++) {
            for (String head : HEADS) {
                HeadLiterals found = HeadLiterals.of(head);
                for (String text : TEXTS) {
                    int slot = found.slot(text);
                    if (slot < 0) {
                        if (text.length() >= HeadLiterals.MIN_CHARS) {
                            assertThat(round).as("%s learnt after the first round", text).isZero();
                        }
                        continue;
                    }
                    List<Integer> actual = new ArrayList<>();
                    for (int i = 0; i < found.count(slot); i++) actual.add(found.at(slot, i));
                    assertThat(actual).as("%s in %s", text, head).isEqualTo(indexOfAll(head, text));
                }
            }
        }
    }

    @Test
    void sharedHeadLinesAnswerAsTheLinesDo() {
        String head = "gpu1:1:1 [0] NCCL INFO Bootstrap : Using eth0\nNCCL WARN x\n  a : b \n";
        for (int round = 0; round < 2; round++) {
            try (HeadLines.Share share = HeadLines.share(head)) {
                assertThat(HeadLines.headContains(head, "NCCL WARN")).isTrue();
                assertThat(HeadLines.headContains(head, "NCCL TRACE")).isFalse();
                HeadLines lines = new HeadLines(head, 400);
                while (lines.next()) {
                    String raw = lines.raw();
                    String t = lines.text();
                    for (String text : List.of("NCCL INFO", "NCCL WARN", " : ", "a :", "b ")) {
                        assertThat(lines.rawContains(text)).as("%s in %s", text, raw).isEqualTo(raw.contains(text));
                        assertThat(lines.contains(text)).as("%s in %s", text, t).isEqualTo(t.contains(text));
                    }
                }
            }
        }
    }

    @Test
    void aHeadReadAsItsLatin1BytesGivesTheAnswersOfItsCharacters() {
        // Beyond Latin-1 each character is a '?' in the bytes (StringText.latin1): it must match no text there.
        List<String> heads = List.of("NCCL INFO x\nNCCL WARN y NCCL INFO\n", "\u00e9\u00e9t\u00e9 caf\u00e9\n",
                "a\u2003INFO b?INFO \u20acNCCL ?NCCL \u0100\u0101t\u00e9", "abab" + "a".repeat(40), "ab", "");
        List<String> texts = List.of("NCCL INFO", "NCCL WARN", "\u00e9t\u00e9", "INFO", "NCCL", "aaa", "bab", "caf\u00e9");
        for (String head : heads) {
            byte[] latin1 = head.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            HeadLiterals found = HeadLiterals.of(head, latin1, texts);
            assertThat(found.readBytes()).as("read as bytes: %s", head).isTrue();
            for (String text : texts) {
                int slot = found.slot(text);
                List<Integer> actual = new ArrayList<>();
                for (int i = 0; i < found.count(slot); i++) actual.add(found.at(slot, i));
                assertThat(actual).as("%s in %s", text, head).isEqualTo(indexOfAll(head, text));
            }
        }
        // A text with a '?' or a character beyond Latin-1 could match a '?' of the bytes: such a catalogue reads chars.
        for (String odd : List.of("b?INFO", "\u2003INFO")) {
            String head = "a\u2003INFO b?INFO";
            HeadLiterals found = HeadLiterals.of(head, head.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                    List.of("INFO", odd));
            assertThat(found.readBytes()).as(odd).isFalse();
            assertThat(found.count(found.slot(odd))).as(odd).isEqualTo(1);
        }
    }

    private static List<Integer> indexOfAll(String head, String text) {
        List<Integer> out = new ArrayList<>();
        for (int i = head.indexOf(text); i >= 0; i = head.indexOf(text, i + 1)) out.add(i);
        return out;
    }
}
