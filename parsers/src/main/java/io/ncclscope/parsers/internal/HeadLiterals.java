package io.ncclscope.parsers.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each text that the sniffers look for occurs in one detection head, found in one pass over the head's characters
 * for all of them. Detection asks a head about a hundred texts ({@code NCCL INFO}, {@code " : "}, {@code ','},
 * {@code GID[}...): searched one at a time, each String.indexOf reads the head again (and under C1, the one-shot CLI's
 * compiler, indexOf is a plain loop), while this pass reads each character once and looks up the pair it ends in a
 * table of the texts' first two characters.
 *
 * <p>The texts are learnt: a text asked about that the {@link Catalogue} lacks is searched for with String.indexOf on
 * this head and added to the catalogue, so the heads read after it find it in the pass. The answers are those of
 * String.indexOf either way; only the cost differs. Thread-safe: the catalogue is immutable and replaced whole.
 */
final class HeadLiterals {

    /** The most texts the catalogue learns (the sniffers' literals number about 150); more are searched one by one. */
    static final int MAX_TEXTS = 1024;

    private static final int PAIR_BUCKETS = 4096;

    /** The characters of the head being scanned, per thread; grows to the longest head scanned on it (256 KiB). */
    private static final ThreadLocal<char[]> BUFFER = ThreadLocal.withInitial(() -> new char[16 * 1024]);

    /** The texts every head is scanned for; replaced by a bigger one as texts are learnt. */
    private static volatile Catalogue catalogue = new Catalogue(new String[0], new char[0]);

    private final Catalogue texts;
    /** Per slot of {@link #texts}: where it occurs in the head, in order (null: nowhere), and how many times. */
    private final int[][] at;
    private final int[] count;
    /**
     * Per line of the head (line k starts after its k-th line feed), two words: bit s set when the text of slot s
     * (below 128) starts somewhere in the line or at its line feed. A clear bit says the line, stripped or not, cut or
     * not, does not hold the text: most questions a sniffer asks of a line are answered so.
     */
    private long[] lineSlots = new long[2 * 64];

    private HeadLiterals(Catalogue texts) {
        this.texts = texts;
        this.at = new int[texts.slots()][];
        this.count = new int[texts.slots()];
    }

    /**
     * {@return every occurrence in {@code head} of every text of the current catalogue, found in one pass}
     *
     * @param head the detection head
     */
    static HeadLiterals of(String head) {
        HeadLiterals found = new HeadLiterals(catalogue);
        found.scan(head);
        return found;
    }

    /**
     * {@return the slot of {@code needle} (a String or a Character) in this head's catalogue, or -1 when it has none:
     * then the caller searches the head itself, and the text is learnt for later heads}
     *
     * @param needle the text or character looked for
     */
    int slot(Object needle) {
        int s = texts.slot(needle);
        if (s < 0) learn(needle);
        return s;
    }

    /** {@return how many times the text of {@code slot} occurs in the head} */
    int count(int slot) {
        return count[slot];
    }

    /** {@return where occurrence {@code i} (0-based, in order) of the text of {@code slot} starts} */
    int at(int slot, int i) {
        return at[slot][i];
    }

    /**
     * {@return false when the text of {@code slot} starts nowhere in line {@code line} of the head; true when it may}
     *
     * @param slot a slot of this head's catalogue
     * @param line a line of the head, 0-based
     */
    boolean mayStartIn(int slot, int line) {
        if (slot >= 128) return true;
        int w = 2 * line + (slot >>> 6);
        return w >= lineSlots.length || (lineSlots[w] & 1L << slot) != 0;
    }

    private void mark(int slot, int line) {
        if (slot >= 128) return;
        int w = 2 * line + (slot >>> 6);
        if (w >= lineSlots.length) lineSlots = Arrays.copyOf(lineSlots, Math.max(w + 2, 2 * lineSlots.length));
        lineSlots[w] |= 1L << slot;
    }

    private void add(int slot, int position, int line) {
        mark(slot, line);
        int[] a = at[slot];
        int n = count[slot];
        if (a == null) a = at[slot] = new int[8];
        else if (n == a.length) a = at[slot] = Arrays.copyOf(a, n * 2);
        a[n] = position;
        count[slot] = n + 1;
    }

    private void scan(String head) {
        Catalogue c = texts;
        int n = head.length();
        if (n == 0 || c.slots() == 0) return;
        int[] charSlot = c.charSlot;
        int[] bucketStart = c.bucketStart;
        int[] bucketSlots = c.bucketSlots;
        long[] pairs = c.pairs;
        char[][] strings = c.stringChars;
        int firstString = c.chars.length;
        // The head's characters in an array, a buffer kept per thread: reading a char[] is cheaper than String.charAt,
        // and a text is compared where the pair matches without a call.
        char[] a = BUFFER.get();
        if (a.length < n) BUFFER.set(a = new char[Math.max(n, 2 * a.length)]);
        head.getChars(0, n, a, 0);
        char prev = a[0];
        if (prev < 128 && charSlot[prev] >= 0) add(charSlot[prev], 0, 0);
        // The line of position i - 1 and of position i: a line feed ends its own line.
        int prevLine = 0;
        int line = prev == '\n' ? 1 : 0;
        for (int i = 1; i < n; i++) {
            char ch = a[i];
            if (ch < 128) {
                int s = charSlot[ch];
                if (s >= 0) add(s, i, line);
            }
            int key = (prev << 8 ^ ch) & 0xffff;
            if ((pairs[key >>> 6] & 1L << key) != 0) {
                int b = pair(prev, ch);
                for (int j = bucketStart[b], e = bucketStart[b + 1]; j < e; j++) {
                    int s = bucketSlots[j];
                    char[] t = strings[s - firstString];
                    if (t[0] == prev && t[1] == ch && matches(a, n, i - 1, t)) add(s, i - 1, prevLine);
                }
            }
            prev = ch;
            prevLine = line;
            if (ch == '\n') line++;
        }
    }

    /** {@return true when {@code t} (two characters or more, the first two matched) occurs in {@code a} at {@code at}} */
    private static boolean matches(char[] a, int n, int at, char[] t) {
        if (at + t.length > n) return false;
        for (int k = 2; k < t.length; k++) {
            if (a[at + k] != t[k]) return false;
        }
        return true;
    }

    private static int pair(char a, char b) {
        int h = a * 31 + b;
        return (h ^ h >>> 12) & (PAIR_BUCKETS - 1);
    }

    /** Adds {@code needle} to the catalogue that later heads are scanned with. */
    private static synchronized void learn(Object needle) {
        Catalogue c = catalogue;
        if (needle instanceof String s && s.length() == 1) needle = s.charAt(0); // found as its character is
        if (c.slot(needle) >= 0 || c.slots() >= MAX_TEXTS) return;
        if (needle instanceof Character ch) {
            if (ch >= 128) return; // kept to ASCII: one table entry per character
            char[] chars = Arrays.copyOf(c.chars, c.chars.length + 1);
            chars[chars.length - 1] = ch;
            catalogue = new Catalogue(c.strings, chars);
        } else if (needle instanceof String s) {
            if (s.isEmpty()) return;
            String[] strings = Arrays.copyOf(c.strings, c.strings.length + 1);
            strings[strings.length - 1] = s;
            catalogue = new Catalogue(strings, c.chars);
        }
    }

    /**
     * The texts a head is scanned for: characters (ASCII) by a table of 128, texts of two characters or more by the
     * pair of their first two characters. Slots: the characters first, then the texts.
     */
    private static final class Catalogue {
        final String[] strings;
        final char[][] stringChars;
        final char[] chars;
        final int[] charSlot = new int[128];
        final int[] bucketStart = new int[PAIR_BUCKETS + 1];
        final int[] bucketSlots;
        /** One bit per pair of characters (folded to 16 bits) that starts a text: most pairs of a head start none. */
        final long[] pairs = new long[1024];
        private final Map<String, Integer> stringSlot = new HashMap<>();

        Catalogue(String[] strings, char[] chars) {
            this.strings = strings;
            this.chars = chars;
            this.stringChars = new char[strings.length][];
            for (int i = 0; i < strings.length; i++) {
                stringChars[i] = strings[i].toCharArray();
                int key = (strings[i].charAt(0) << 8 ^ strings[i].charAt(1)) & 0xffff;
                pairs[key >>> 6] |= 1L << key;
            }
            Arrays.fill(charSlot, -1);
            for (int i = 0; i < chars.length; i++) charSlot[chars[i]] = i;
            for (int i = 0; i < strings.length; i++) {
                stringSlot.put(strings[i], chars.length + i);
                bucketStart[pair(strings[i].charAt(0), strings[i].charAt(1)) + 1]++;
            }
            for (int b = 0; b < PAIR_BUCKETS; b++) bucketStart[b + 1] += bucketStart[b];
            bucketSlots = new int[strings.length];
            int[] fill = Arrays.copyOf(bucketStart, PAIR_BUCKETS);
            for (int i = 0; i < strings.length; i++) bucketSlots[fill[pair(strings[i].charAt(0), strings[i].charAt(1))]++] = chars.length + i;
        }

        int slots() {
            return chars.length + strings.length;
        }

        int slot(Object needle) {
            if (needle instanceof Character ch) return ch < 128 ? charSlot[ch] : -1;
            String s = (String) needle;
            if (s.length() == 1) return s.charAt(0) < 128 ? charSlot[s.charAt(0)] : -1;
            Integer slot = stringSlot.get(s);
            return slot == null ? -1 : slot;
        }
    }
}
