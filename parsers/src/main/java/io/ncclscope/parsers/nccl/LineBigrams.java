package io.ncclscope.parsers.nccl;

import java.nio.charset.StandardCharsets;

/**
 * Which words a line cannot hold, learnt in one pass over it: the set (128 bits) of the hashes of its adjacent
 * character pairs. A {@link Word} whose pairs are not all in the set is not in the line, and its {@code indexOf} is
 * skipped; one whose pairs are all there may be, and {@code indexOf} decides. So every answer is the one
 * {@code String.indexOf} gives, at the cost of one pass instead of one per word.
 *
 * <p>Why: a line without an NCCL prefix (a Python traceback, a launcher's banner) was searched for some twenty words,
 * one {@code indexOf} each, and the one-shot CLI runs C1 only, which has no {@code indexOf} intrinsic: those searches
 * were 45 % of the samples of {@code analyze} on a big log. The pairs are learnt only for the lines that need them
 * (those without a recent INFO prefix); for a big file read in chunks, the chunk threads learn them
 * ({@link ChunkLineFacts}) and the scanner takes them with {@link #set}. Not thread-safe: one per scanner.
 */
final class LineBigrams {

    /** A word to look for, with the bits its character pairs set. */
    static final class Word {
        private final String text;
        private final byte[] bytes;
        private final long low;
        private final long high;

        /**
         * A word of Latin-1 characters.
         *
         * @param text at least two characters, none beyond U+00FF
         */
        Word(String text) {
            if (text.length() < 2) throw new IllegalArgumentException("a word of at least two characters: " + text);
            long lo = 0;
            long hi = 0;
            for (int i = 1; i < text.length(); i++) {
                char a = text.charAt(i - 1);
                char b = text.charAt(i);
                if (a > 0xff || b > 0xff) throw new IllegalArgumentException("a word of Latin-1 characters: " + text);
                int h = hash(a, b);
                if (h < 64) {
                    lo |= 1L << h;
                } else {
                    hi |= 1L << h;
                }
            }
            this.text = text;
            this.bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            this.low = lo;
            this.high = hi;
        }

        /** {@return the word} */
        String text() {
            return text;
        }

        /** {@return the word's Latin-1 bytes} (not a copy: do not change them) */
        byte[] bytes() {
            return bytes;
        }
    }

    private long low;
    private long high;

    /**
     * Learns the pairs of {@code line}: the words asked about next are looked for in it. The line's Latin-1 bytes are
     * read (one array copy of a compact string) rather than its characters: under C1 each {@code charAt} is a call
     * with its checks. A character beyond Latin-1 becomes {@code ?}, which pairs with its neighbours as no word's
     * characters do, so no word is missed.
     *
     * @param line the line
     */
    void read(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        read(bytes, 0, bytes.length);
    }

    /** Learns the pairs of the Latin-1 bytes {@code [from, to)}. */
    void read(byte[] bytes, int from, int to) {
        long lo = 0;
        long hi = 0;
        if (from < to) {
            int a = bytes[from] & 0xff;
            for (int i = from + 1; i < to; i++) {
                int b = bytes[i] & 0xff;
                int h = hash(a, b);
                // Without a branch: which half a pair falls in is a coin toss the CPU cannot predict.
                long bit = 1L << h;
                long high64 = -(long) (h >>> 6);
                lo |= bit & ~high64;
                hi |= bit & high64;
                a = b;
            }
        }
        low = lo;
        high = hi;
    }

    /**
     * Takes the pairs that {@link #low()} and {@link #high()} gave after another instance read the line: the words
     * asked about next are looked for in that line.
     *
     * @param low  the line's {@link #low()}
     * @param high the line's {@link #high()}
     */
    void set(long low, long high) {
        this.low = low;
        this.high = high;
    }

    /** {@return the pairs of the line read last that hash to 0..63, one bit each} */
    long low() {
        return low;
    }

    /** {@return the pairs of the line read last that hash to 64..127, one bit each} */
    long high() {
        return high;
    }

    /**
     * {@return false when the line read last does not hold {@code w}; true when it may}
     *
     * @param w the word
     */
    boolean mayHold(Word w) {
        return (low & w.low) == w.low && (high & w.high) == w.high;
    }

    /**
     * {@return {@code line.indexOf(w.text(), from)}, without the search when the line cannot hold the word}
     *
     * @param line the line read last
     * @param w    the word
     * @param from where to start looking
     */
    int indexOf(String line, Word w, int from) {
        return mayHold(w) ? line.indexOf(w.text, from) : -1;
    }

    /** 0..127 for a pair of characters: a multiplicative hash of the pair's 32 bits. */
    private static int hash(int a, int b) {
        return (a << 16 | b) * 0x9E3779B1 >>> 25;
    }
}
