package io.ncclscope.parsers.internal;

/**
 * {@link Character#isWhitespace(char)}, answered without its table for the characters below 128. The line and word
 * loops of detection and of the table parsers test every character of every line, and the one-shot CLI runs C1-compiled
 * code, where Character.isWhitespace is three calls deep (CharacterData.of, CharacterDataLatin1.getProperties): on a
 * 1,024-node folder, 6 % of the parsing threads' samples were in those calls (build machine, 2026-12-06).
 */
public final class Whitespace {

    private Whitespace() {
    }

    /**
     * {@return {@code Character.isWhitespace(c)}}: for {@code c} below 128, true for the space, tab, line feed, vertical
     * tab, form feed, carriage return and the four separators U+001C to U+001F ({@code WhitespaceTest} checks all 65,536
     * characters against the JDK's answer)
     *
     * @param c a character
     */
    public static boolean is(char c) {
        if (c > ' ') return c >= 0x80 && Character.isWhitespace(c);
        return c == ' ' || c >= '\t' && c <= '\r' || c >= '\u001c';
    }
}
