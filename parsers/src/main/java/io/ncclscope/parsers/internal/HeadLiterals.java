package io.ncclscope.parsers.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where each text that the sniffers look for occurs in one detection head, found in one pass over the head's characters
 * for all of them. Detection asks a head about a hundred texts ({@code NCCL INFO}, {@code " : "}, {@code GID[}...):
 * searched one at a time, each String.indexOf reads the head again (and under C1, the one-shot CLI's compiler, indexOf
 * is a plain loop), while this pass reads each character once and looks the pair it ends up in a bit set of the texts'
 * first two characters; only where a text may start are the texts of that pair compared.
 *
 * <p>The texts are learnt: a text asked about that the catalogue lacks is searched for with String.indexOf on this head
 * and added to the catalogue, so the heads read after it find it in the pass. The answers are those of String.indexOf
 * either way; only the cost differs. Single characters are left to String.indexOf: the ones asked about ({@code ':'},
 * {@code ','}, {@code '['}) fill every line, and noting each of their places costs more than a search. Thread-safe:
 * the catalogue is immutable and replaced whole.
 */
final class HeadLiterals {

    /** The most texts the catalogue learns (the sniffers' literals number about 110); more are searched one by one. */
    static final int MAX_TEXTS = 1024;

    private static final int PAIR_BUCKETS = 4096;

    /**
     * The characters of the head being scanned, per thread, for heads up to its 16 Ki characters (most tool outputs);
     * a longer head gets an array of its own, so that no thread keeps 512 KiB for the longest head it once read.
     */
    private static final ThreadLocal<char[]> BUFFER = ThreadLocal.withInitial(() -> new char[16 * 1024]);

    /** The texts every head is scanned for; replaced by a bigger one as texts are learnt. */
    private static volatile Catalogue catalogue = new Catalogue(new String[0]);
    /**
     * Texts learnt since {@link #catalogue} was built, added to it when the next head is scanned: one build per head
     * rather than one per text. The first head of a run learns all of the sniffers' hundred texts, and building a
     * catalogue for each was a sixth of a one-log analyze in the one-shot CLI (it still runs interpreted there).
     * Guarded by the class's lock; {@link #learnt} says without the lock whether it holds any.
     */
    private static final Set<String> PENDING = new LinkedHashSet<>();

    private static volatile boolean learnt;

    private final Catalogue texts;
    /** Per slot of {@link #texts}: where the text starts in the head, in order (null: nowhere), and how many times. */
    private final int[][] at;
    private final int[] count;

    private HeadLiterals(Catalogue texts) {
        this.texts = texts;
        this.at = new int[texts.strings.length][];
        this.count = new int[texts.strings.length];
    }

    /**
     * {@return every occurrence in {@code head} of every text of the current catalogue, found in one pass}
     *
     * @param head the detection head
     */
    static HeadLiterals of(String head) {
        HeadLiterals found = new HeadLiterals(learnt ? withLearnt() : catalogue);
        found.scan(head);
        return found;
    }

    /**
     * {@return the slot of {@code needle} (a String or a Character) in this head's catalogue, or -1 when it has none:
     * then the caller searches the head itself, and a text is learnt for later heads}
     *
     * @param needle the text or character looked for
     */
    int slot(Object needle) {
        if (!(needle instanceof String text) || text.length() < 2) return -1;
        Integer s = texts.slots.get(text);
        if (s != null) return s;
        learn(text);
        return -1;
    }

    /** {@return how many times the text of {@code slot} occurs in the head} */
    int count(int slot) {
        return count[slot];
    }

    /** {@return where occurrence {@code i} (0-based, in order) of the text of {@code slot} starts} */
    int at(int slot, int i) {
        return at[slot][i];
    }

    private void add(int slot, int position) {
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
        if (n < 2 || c.strings.length == 0) return;
        long[] pairs = c.pairs;
        int[] bucketStart = c.bucketStart;
        int[] bucketSlots = c.bucketSlots;
        char[][] strings = c.chars;
        // The head's characters in an array, a buffer kept per thread: reading a char[] is cheaper than String.charAt,
        // and a text is compared where its pair is without a call.
        char[] a = BUFFER.get();
        if (a.length < n) a = new char[n];
        head.getChars(0, n, a, 0);
        char prev = a[0];
        for (int i = 1; i < n; i++) {
            char ch = a[i];
            int key = (prev << 8 ^ ch) & 0xffff;
            if ((pairs[key >>> 6] & 1L << key) != 0) {
                int b = bucket(prev, ch);
                for (int j = bucketStart[b], e = bucketStart[b + 1]; j < e; j++) {
                    int s = bucketSlots[j];
                    char[] t = strings[s];
                    if (t[0] == prev && t[1] == ch && matches(a, n, i - 1, t)) add(s, i - 1);
                }
            }
            prev = ch;
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

    private static int bucket(char a, char b) {
        int h = a * 31 + b;
        return (h ^ h >>> 12) & (PAIR_BUCKETS - 1);
    }

    /** Adds {@code text} to the catalogue that later heads are scanned with. */
    private static synchronized void learn(String text) {
        Catalogue c = catalogue;
        if (c.slots.containsKey(text) || c.strings.length + PENDING.size() >= MAX_TEXTS) return;
        if (PENDING.add(text)) learnt = true;
    }

    /** The catalogue with the texts learnt since it was built, which it then replaces. */
    private static synchronized Catalogue withLearnt() {
        Catalogue c = catalogue;
        if (PENDING.isEmpty()) return c;
        String[] strings = Arrays.copyOf(c.strings, c.strings.length + PENDING.size());
        int i = c.strings.length;
        for (String text : PENDING) strings[i++] = text;
        PENDING.clear();
        learnt = false;
        catalogue = c = new Catalogue(strings);
        return c;
    }

    /** The texts a head is scanned for (two characters or more), by the pair of their first two characters. */
    private static final class Catalogue {
        final String[] strings;
        final char[][] chars;
        /** One bit per pair of characters (folded to 16 bits) that starts a text: most pairs of a head start none. */
        final long[] pairs = new long[1024];
        /** The slots of the texts of each bucket of pairs: bucketSlots[bucketStart[b]] up to bucketStart[b + 1]. */
        final int[] bucketStart = new int[PAIR_BUCKETS + 1];
        final int[] bucketSlots;
        final Map<String, Integer> slots = new HashMap<>();

        Catalogue(String[] strings) {
            this.strings = strings;
            this.chars = new char[strings.length][];
            for (int i = 0; i < strings.length; i++) {
                chars[i] = strings[i].toCharArray();
                slots.put(strings[i], i);
                int key = (chars[i][0] << 8 ^ chars[i][1]) & 0xffff;
                pairs[key >>> 6] |= 1L << key;
                bucketStart[bucket(chars[i][0], chars[i][1]) + 1]++;
            }
            for (int b = 0; b < PAIR_BUCKETS; b++) bucketStart[b + 1] += bucketStart[b];
            bucketSlots = new int[strings.length];
            int[] fill = Arrays.copyOf(bucketStart, PAIR_BUCKETS);
            for (int i = 0; i < strings.length; i++) bucketSlots[fill[bucket(chars[i][0], chars[i][1])]++] = i;
        }
    }
}
