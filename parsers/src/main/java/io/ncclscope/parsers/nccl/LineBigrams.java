package io.ncclscope.parsers.nccl;

import java.nio.charset.StandardCharsets;

/**
 * Which words the current line cannot hold, learnt in one pass over it: the set (128 bits) of the hashes of its
 * adjacent character pairs. A {@link Word} whose pairs are not all in the set is not in the line, and its
 * {@code indexOf} is skipped; one whose pairs are all there may be, and {@code indexOf} decides. So every answer is
 * the one {@code String.indexOf} gives, at the cost of one pass instead of one per word.
 *
 * <p>Why: a line without an NCCL prefix (a Python traceback, a launcher's banner) was searched for some twenty words,
 * one {@code indexOf} each, and the one-shot CLI runs C1 only, which has no {@code indexOf} intrinsic: those searches
 * were 45 % of the samples of {@code analyze} on a big log. Not thread-safe: one per scanner.
 */
final class LineBigrams {

    /** A word to look for, with the bits its character pairs set. */
    static final class Word {
        final String text;
        final long low;
        final long high;

        Word(String text) {
            if (text.length() < 2) throw new IllegalArgumentException("a word of at least two characters: " + text);
            this.text = text;
            long lo = 0;
            long hi = 0;
            for (int i = 1; i < text.length(); i++) {
                int h = hash(text.charAt(i - 1), text.charAt(i));
                if (h < 64) {
                    lo |= 1L << h;
                } else {
                    hi |= 1L << h;
                }
            }
            this.low = lo;
            this.high = hi;
        }
    }

    private long low;
    private long high;

    /**
     * Learns the pairs of {@code line}: the words asked about next are looked for in it. The line's Latin-1 bytes are
     * read (one array copy of a compact string) rather than its characters: under C1 each {@code charAt} is a call
     * with its checks. A character beyond Latin-1 becomes {@code ?}, which no word holds, so no word is missed.
     */
    void read(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        long lo = 0;
        long hi = 0;
        int n = bytes.length;
        if (n > 0) {
            int a = bytes[0] & 0xff;
            for (int i = 1; i < n; i++) {
                int b = bytes[i] & 0xff;
                int h = hash(a, b);
                if (h < 64) {
                    lo |= 1L << h;
                } else {
                    hi |= 1L << h;
                }
                a = b;
            }
        }
        low = lo;
        high = hi;
    }

    /** {@return false when the line read last does not hold {@code w}; true when it may} */
    boolean mayHold(Word w) {
        return (low & w.low) == w.low && (high & w.high) == w.high;
    }

    /**
     * {@return {@code line.indexOf(w.text, from)}, without the search when the line cannot hold the word}
     *
     * @param line the line read last
     */
    int indexOf(String line, Word w, int from) {
        return mayHold(w) ? line.indexOf(w.text, from) : -1;
    }

    /** 0..127 for a pair of characters: a multiplicative hash of the pair's 32 bits. */
    private static int hash(int a, int b) {
        return (a << 16 | b) * 0x9E3779B1 >>> 25;
    }
}
