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
 * is a plain loop), while this pass reads each character once and looks the three characters it ends up in a bit set
 * of the texts' first three characters; only where a text may start are the texts of that bucket compared. Three
 * characters, not two: a paste's common pairs ({@code "NC"}, {@code " :"}, {@code "in"}) start a text at one place in
 * ten, and each such place costs the bucket's compare and a branch the processor cannot foresee (under C2 the pass
 * with pairs cost more than the indexOf calls it replaced); a triple starts one at one place in a hundred.
 *
 * <p>The texts are learnt: a text asked about that the catalogue lacks is searched for with String.indexOf on this head
 * and added to the catalogue, so the heads read after it find it in the pass. The answers are those of String.indexOf
 * either way; only the cost differs. Texts of one or two characters are left to String.indexOf: the characters asked
 * about ({@code ':'}, {@code ','}, {@code '['}) fill every line, and noting each of their places costs more than a
 * search; the one two-character text ({@code "f8"}) is searched for once per occurrence. Thread-safe: the catalogue is
 * immutable and replaced whole.
 */
final class HeadLiterals {

    /** The most texts the catalogue learns (the sniffers' literals number about 110); more are searched one by one. */
    static final int MAX_TEXTS = 1024;

    /** The shortest text the pass finds; shorter ones are searched for with String.indexOf. */
    static final int MIN_CHARS = 3;

    private static final int BUCKETS = 4096;

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
    private boolean readBytes;

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
        return of(head, null);
    }

    /**
     * {@return every occurrence in {@code head} of every text of the current catalogue, found in one pass over
     * {@code latin1}, the head's characters as one byte each, when it is given} A file's text has its bytes made once
     * ({@link StringText#latin1()}) for its line reads; scanning them spares the copy of the head into characters.
     * The answers are those of the characters: each character beyond Latin-1 is a {@code '?'} there, and no text of a
     * catalogue scanned so holds a {@code '?'} or a character beyond Latin-1 (else the characters are scanned).
     *
     * @param head   the detection head
     * @param latin1 the head's characters as {@link StringText#latin1()} gives them, or null
     */
    static HeadLiterals of(String head, byte[] latin1) {
        return new HeadLiterals(learnt ? withLearnt() : catalogue).scan(head, latin1);
    }

    /**
     * {@return the occurrences of {@code texts} alone in {@code head}, found as {@link #of(String, byte[])} finds them}
     * For tests: the shared catalogue holds whatever the heads read before taught it.
     *
     * @param head   the head
     * @param latin1 its Latin-1 bytes, or null
     * @param texts  the texts looked for, three characters or more each
     */
    static HeadLiterals of(String head, byte[] latin1, java.util.List<String> texts) {
        return new HeadLiterals(new Catalogue(texts.toArray(new String[0]))).scan(head, latin1);
    }

    /** {@return true when the head was read as bytes} */
    boolean readBytes() {
        return readBytes;
    }

    private HeadLiterals scan(String head, byte[] latin1) {
        if (latin1 != null && latin1.length == head.length() && texts.bytesExact) {
            readBytes = true;
            scan(latin1);
        } else {
            scan(head);
        }
        return this;
    }

    /**
     * {@return the slot of {@code needle} (a String or a Character) in this head's catalogue, or -1 when it has none:
     * then the caller searches the head itself, and a text is learnt for later heads}
     *
     * @param needle the text or character looked for
     */
    int slot(Object needle) {
        if (!(needle instanceof String text) || text.length() < MIN_CHARS) return -1;
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

    /** {@return where the text of {@code slot} starts in the head, in order, in the first {@link #count} elements} */
    int[] positions(int slot) {
        int[] a = at[slot];
        return a == null ? NONE : a;
    }

    private static final int[] NONE = new int[0];

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
        if (n < MIN_CHARS || c.strings.length == 0) return;
        long[] triples = c.triples;
        // The head's characters in an array, a buffer kept per thread: reading a char[] is cheaper than String.charAt,
        // and a text is compared where its triple is without a call.
        char[] a = BUFFER.get();
        if (a.length < n) a = new char[n];
        head.getChars(0, n, a, 0);
        int key = key(0, a[0], a[1]);
        int i = 2;
        // Two places a step, tested with one branch: most steps find no text start at either.
        for (; i + 1 < n; i += 2) {
            int first = (key << 5 ^ a[i]) & KEY_MASK;
            key = (first << 5 ^ a[i + 1]) & KEY_MASK;
            if (((triples[first >>> 6] >>> first | triples[key >>> 6] >>> key) & 1L) != 0) {
                if ((triples[first >>> 6] >>> first & 1L) != 0) candidates(a, n, first, i - 2);
                if ((triples[key >>> 6] >>> key & 1L) != 0) candidates(a, n, key, i - 1);
            }
        }
        if (i < n) {
            key = (key << 5 ^ a[i]) & KEY_MASK;
            if ((triples[key >>> 6] >>> key & 1L) != 0) candidates(a, n, key, i - 2);
        }
    }

    /** {@link #scan(String)} over the head's characters as one byte each. */
    private void scan(byte[] a) {
        Catalogue c = texts;
        int n = a.length;
        if (n < MIN_CHARS || c.strings.length == 0) return;
        long[] triples = c.triples;
        int key = key(0, a[0] & 0xff, a[1] & 0xff);
        int i = 2;
        for (; i + 1 < n; i += 2) {
            int first = (key << 5 ^ (a[i] & 0xff)) & KEY_MASK;
            key = (first << 5 ^ (a[i + 1] & 0xff)) & KEY_MASK;
            if (((triples[first >>> 6] >>> first | triples[key >>> 6] >>> key) & 1L) != 0) {
                if ((triples[first >>> 6] >>> first & 1L) != 0) candidates(a, n, first, i - 2);
                if ((triples[key >>> 6] >>> key & 1L) != 0) candidates(a, n, key, i - 1);
            }
        }
        if (i < n) {
            key = (key << 5 ^ (a[i] & 0xff)) & KEY_MASK;
            if ((triples[key >>> 6] >>> key & 1L) != 0) candidates(a, n, key, i - 2);
        }
    }

    /** {@link #candidates(char[], int, int, int)} over bytes. */
    private void candidates(byte[] a, int n, int key, int from) {
        Catalogue c = texts;
        int b = bucket(key);
        for (int j = c.bucketStart[b], e = c.bucketStart[b + 1]; j < e; j++) {
            int s = c.bucketSlots[j];
            if (matches(a, n, from, c.chars[s])) add(s, from);
        }
    }

    /** {@return true when {@code t} occurs in {@code a} at {@code at}} */
    private static boolean matches(byte[] a, int n, int at, char[] t) {
        if (at + t.length > n) return false;
        for (int k = 0; k < t.length; k++) {
            if ((a[at + k] & 0xff) != t[k]) return false;
        }
        return true;
    }

    /** Notes each text of the bucket of {@code key} that occurs in {@code a} at {@code from}. */
    private void candidates(char[] a, int n, int key, int from) {
        Catalogue c = texts;
        int b = bucket(key);
        for (int j = c.bucketStart[b], e = c.bucketStart[b + 1]; j < e; j++) {
            int s = c.bucketSlots[j];
            if (matches(a, n, from, c.chars[s])) add(s, from);
        }
    }

    /** The bits of a key ({@link #key}): 15, a bit set of 4 KiB. */
    private static final int KEY_MASK = 0x7fff;

    /**
     * {@return the key of the characters {@code x}, {@code y}, {@code z}, as {@link #scan} rolls it on from one place
     * to the next: the key so far shifted five places, the next character xor'ed in, cut to {@link #KEY_MASK}} The
     * cut drops all of the character three places back, so the key is a function of the three characters alone;
     * different triples may share a key, and the compare tells them apart.
     */
    private static int key(int x, int y, int z) {
        return ((x << 5 ^ y) << 5 ^ z) & KEY_MASK;
    }

    /** {@return true when {@code t} (three characters or more) occurs in {@code a} at {@code at}} */
    private static boolean matches(char[] a, int n, int at, char[] t) {
        if (at + t.length > n) return false;
        for (int k = 0; k < t.length; k++) {
            if (a[at + k] != t[k]) return false;
        }
        return true;
    }

    private static int bucket(int key) {
        return (key ^ key >>> 12) & (BUCKETS - 1);
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

    /** The texts a head is scanned for (three characters or more), by the key of their first three characters. */
    private static final class Catalogue {
        final String[] strings;
        final char[][] chars;
        /** One bit per key ({@link #key}) that starts a text: most places of a head start none. */
        final long[] triples = new long[(KEY_MASK + 1) / 64];
        /** The slots of the texts of each bucket of keys: bucketSlots[bucketStart[b]] up to bucketStart[b + 1]. */
        final int[] bucketStart = new int[BUCKETS + 1];
        final int[] bucketSlots;
        final Map<String, Integer> slots = new HashMap<>();
        /**
         * True when no text holds a {@code '?'} or a character beyond Latin-1: then a head's Latin-1 bytes, in which
         * each character beyond Latin-1 is a {@code '?'}, give the answers its characters give.
         */
        final boolean bytesExact;

        Catalogue(String[] strings) {
            this.strings = strings;
            this.chars = new char[strings.length][];
            int[] keys = new int[strings.length];
            for (int i = 0; i < strings.length; i++) {
                char[] t = strings[i].toCharArray();
                chars[i] = t;
                slots.put(strings[i], i);
                keys[i] = key(t[0], t[1], t[2]);
                triples[keys[i] >>> 6] |= 1L << keys[i];
                bucketStart[bucket(keys[i]) + 1]++;
            }
            for (int b = 0; b < BUCKETS; b++) bucketStart[b + 1] += bucketStart[b];
            bucketSlots = new int[strings.length];
            int[] fill = Arrays.copyOf(bucketStart, BUCKETS);
            for (int i = 0; i < strings.length; i++) bucketSlots[fill[bucket(keys[i])]++] = i;
            boolean exact = true;
            for (char[] t : chars) {
                for (char ch : t) exact &= ch != '?' && ch <= 0xff;
            }
            this.bytesExact = exact;
        }
    }
}
