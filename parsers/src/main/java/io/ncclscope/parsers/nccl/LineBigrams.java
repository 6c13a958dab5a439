package io.ncclscope.parsers.nccl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 *
 * <p>A chunk thread also learns exactly which of the {@link Sought} words the line holds, in the same pass
 * ({@link Sought#read}), and the scanner takes that with the pairs ({@link #set(long, long, long)}): a long line (a
 * traceback frame, a PyTorch warning) sets most of the 128 bits, so its pairs say little, and the scanner then
 * searched it in full for words it did not hold, about 85 % of the characters its searches read on a generated big log.
 */
final class LineBigrams {

    /** A word to look for, with the bits its character pairs set. */
    static final class Word {
        private final String text;
        private final byte[] bytes;
        private final long low;
        private final long high;
        /** Its bit in the one {@link Sought} set that holds it, or 0: set once, while that set is made. */
        private long bit;

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

    /** A {@link #set(long, long, long)} mask's bit that says the mask is known: without it, only the pairs are. */
    static final long HELD_KNOWN = 1L << 63;

    private long low;
    private long high;
    /** The {@link Sought} words the line holds ({@link Word#bit}), with {@link #HELD_KNOWN}; 0 when not known. */
    private long held;

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
        held = 0;
    }

    /**
     * Takes the pairs that {@link #low()} and {@link #high()} gave after another instance read the line: the words
     * asked about next are looked for in that line.
     *
     * @param low  the line's {@link #low()}
     * @param high the line's {@link #high()}
     */
    void set(long low, long high) {
        set(low, high, 0);
    }

    /**
     * {@link #set(long, long)}, with the {@link Sought} words that line holds: a sought word it does not hold is then
     * not searched for.
     *
     * @param low  the line's {@link #low()}
     * @param high the line's {@link #high()}
     * @param held {@link #held()} of the line, or 0 when not known
     */
    void set(long low, long high, long held) {
        this.low = low;
        this.high = high;
        this.held = held;
    }

    /** {@return the pairs of the line read last that hash to 0..63, one bit each} */
    long low() {
        return low;
    }

    /** {@return the {@link Sought} words the line read last holds, with {@link #HELD_KNOWN}; 0 when not known} */
    long held() {
        return held;
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
        if ((low & w.low) != w.low || (high & w.high) != w.high) return false;
        return w.bit == 0 || held == 0 || (held & w.bit) != 0; // a known mask has HELD_KNOWN: it is never 0
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

    /**
     * Up to 63 words whose presence in a line is learnt exactly, all at once: each word gets its bit ({@link #bit}),
     * and {@link #read} finds them in the pass that learns the line's pairs, instead of one search per word, comparing a
     * word only where the line's pair of characters hashes (to 4,096 values, not the pairs' 128) as the word's anchor
     * does: its pair of the rarest characters ({@link #anchor}), so rarely in vain (a word starting with a space or
     * {@code te} is not compared at each one). A word
     * belongs to one set at most (the scanner's: {@link NcclLogScanner#SOUGHT}); a word in none is looked for through
     * the pairs only. Words hold ASCII characters other than {@code ?} only, so a word is in a line's Latin-1 bytes
     * (where a character beyond Latin-1 is a {@code ?}) exactly when it is in the line's characters.
     */
    static final class Sought {
        private final Word[] words;
        /** The indexes in {@link #words} of the words whose anchor pair {@link #anchorHash}es to each value; null: none. */
        private final int[][] byAnchor = new int[1 << 12][];
        /** Where each word's anchor pair starts in it, by {@link #words} index. */
        private final int[] anchorAt;

        /**
         * Gives each word its bit; a word listed twice keeps its first.
         *
         * @param words the words, at most 63 distinct
         * @throws IllegalArgumentException when a word belongs to another set, holds a {@code ?} or a character beyond
         *                                  ASCII, or there are too many
         */
        Sought(Word... words) {
            List<Word> distinct = new ArrayList<>();
            for (Word w : words) {
                if (distinct.contains(w)) continue;
                if (w.bit != 0) throw new IllegalArgumentException("a word of another set: " + w.text);
                for (byte b : w.bytes) {
                    if (b < 0 || b == '?') throw new IllegalArgumentException("a word of ASCII characters but '?': " + w.text);
                }
                distinct.add(w);
            }
            if (distinct.size() > 63) throw new IllegalArgumentException("more than 63 words: " + distinct.size());
            this.words = distinct.toArray(new Word[0]);
            this.anchorAt = new int[this.words.length];
            for (int i = 0; i < this.words.length; i++) {
                Word w = this.words[i];
                w.bit = 1L << i;
                int at = anchor(w.bytes);
                anchorAt[i] = at;
                int h = anchorHash(w.bytes[at], w.bytes[at + 1]);
                int[] same = byAnchor[h];
                byAnchor[h] = same == null ? new int[] {i} : append(same, i);
            }
        }

        /** Characters from the most to the least common in logs; any other (capitals, digits, most signs) is rarer. */
        private static final String COMMON = " etaoinsrhldcumfpgwybvkxjqz";

        /** Where the word's pair of the rarest characters starts (the first of the rarest pairs). */
        private static int anchor(byte[] word) {
            int best = 0;
            int bestRarity = -1;
            for (int i = 0; i + 1 < word.length; i++) {
                int rarity = rarity(word[i]) + rarity(word[i + 1]);
                if (rarity > bestRarity) {
                    best = i;
                    bestRarity = rarity;
                }
            }
            return best;
        }

        private static int rarity(byte c) {
            int k = COMMON.indexOf(c);
            return k < 0 ? COMMON.length() : k;
        }

        /** True when the bytes from {@code i} on, before {@code to}, start with {@code word}. */
        private static boolean startsWith(byte[] latin1, int i, int to, byte[] word) {
            if (to - i < word.length) return false;
            for (int j = 0; j < word.length; j++) {
                if (latin1[i + j] != word[j]) return false;
            }
            return true;
        }

        private static int[] append(int[] indexes, int i) {
            int[] out = Arrays.copyOf(indexes, indexes.length + 1);
            out[indexes.length] = i;
            return out;
        }

        /** 0..4095 for a pair of characters: {@link #hash} with more bits kept. */
        private static int anchorHash(int a, int b) {
            return (a << 16 | b) * 0x9E3779B1 >>> 20; // read keeps it in step with hash
        }

        /** {@return the words, in the order of their bits} */
        List<Word> words() {
            return List.of(words);
        }

        /** {@return the bits of {@code some}, all of them words of this set} */
        long bits(Word... some) {
            long bits = 0;
            for (Word w : some) {
                if (w.bit == 0 || words[Long.numberOfTrailingZeros(w.bit)] != w) {
                    throw new IllegalArgumentException("not a word of this set: " + w.text);
                }
                bits |= w.bit;
            }
            return bits;
        }

        /**
         * Learns the pairs of the Latin-1 bytes {@code [from, to)} into {@code pairs}, as {@link LineBigrams#read(byte[],
         * int, int)} does, and in the same pass which of the words they hold ({@link #held()}, then
         * {@link LineBigrams#held()}): one multiplication per pair gives both its hash and its anchor hash.
         *
         * @param pairs where the pairs and the words held go
         */
        void read(LineBigrams pairs, byte[] latin1, int from, int to) {
            long lo = 0;
            long hi = 0;
            long held = 0;
            if (from < to) {
                int a = latin1[from] & 0xff;
                for (int i = from + 1; i < to; i++) {
                    int b = latin1[i] & 0xff;
                    int x = (a << 16 | b) * 0x9E3779B1;
                    int h = x >>> 25; // hash(a, b)
                    long bit = 1L << h;
                    long high64 = -(long) (h >>> 6);
                    lo |= bit & ~high64;
                    hi |= bit & high64;
                    int[] anchored = byAnchor[x >>> 20]; // anchorHash(a, b)
                    if (anchored != null) held |= heldAt(anchored, latin1, i - 1, from, to);
                    a = b;
                }
            }
            pairs.set(lo, hi, held | HELD_KNOWN);
        }

        /** The bits of the {@code anchored} words that start where their anchor pair is the one at {@code i}. */
        private long heldAt(int[] anchored, byte[] latin1, int i, int from, int to) {
            long held = 0;
            for (int k : anchored) {
                int start = i - anchorAt[k];
                if (start >= from && startsWith(latin1, start, to, words[k].bytes)) held |= 1L << k;
            }
            return held;
        }
    }

    /** 0..127 for a pair of characters: a multiplicative hash of the pair's 32 bits. */
    private static int hash(int a, int b) {
        return (a << 16 | b) * 0x9E3779B1 >>> 25;
    }
}
