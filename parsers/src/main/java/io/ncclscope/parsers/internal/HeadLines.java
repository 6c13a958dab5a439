package io.ncclscope.parsers.internal;

/**
 * The lines of a detection head, each stripped and looked at where it lies: a sniffer tests every line of a paste,
 * and most lines are no line of its kind, so a line is copied into a String ({@link #text()}) only when a test needs
 * one. Line {@code k} is what {@code head.substring(from, Math.min(nl, from + maxChars)).strip()} gives, {@code nl}
 * being the next line feed (or the end), for each {@code from} after a line feed; a head that ends with a line feed
 * has no empty line after it. A search ({@link #contains}) remembers where it found its text next, so that each
 * text looked for is searched for once per occurrence in the head (with String.indexOf), not once per line.
 * Not thread-safe.
 *
 * <p>Detection runs every parser's sniffer over one head, and most of them walk its lines: while {@link #share} holds
 * a head open on a thread, every HeadLines of that same String on that thread reads the line bounds found once
 * ({@link LineIndex}) instead of finding each line feed and stripping each line again.
 */
public final class HeadLines {

    /**
     * The arrays of a HeadLines that has searched for no text and cut no word yet: detection makes one per sniffer per
     * input (20 a file), and many sniffers answer before either, so the arrays are made at the first search or word.
     */
    private static final Object[] NO_NEEDLES = {};
    private static final long[] NO_WORDS = {};

    /** The heads shared on each thread, while {@link #share} holds one open; null when none. */
    private static final ThreadLocal<LineIndex> SHARED = new ThreadLocal<>();

    private final String head;
    private final int maxChars;
    /** The shared bounds of the head's lines; null when this head is not shared. */
    private final LineIndex index;
    /** The index of the next line in {@link #index}. */
    private int lineNo;
    private int next;
    private int rawStart;
    private int rawEnd;
    private int start;
    private int end;
    /**
     * The texts searched for here, their first occurrence at or after {@link #searchedFrom} (MAX_VALUE: none), and
     * where; for a text found in the shared head's pass ({@link HeadLiterals}), {@link #found} holds how many times it
     * occurs instead.
     */
    private Object[] needles = NO_NEEDLES;
    private int[] found;
    private int[] searchedFrom;
    /**
     * Per text found in the shared head's pass, where it occurs there, in order (null: a text searched for here), and
     * the index of its first occurrence at or after the place last asked about.
     */
    private int[][] occurrences;
    private int[] cursors;
    private int needleCount;
    /** Where in {@link #needles} the text asked for last is; -1 before the first. */
    private int lastNeedle = -1;
    /** Where each text searched for is in {@link #needles}, plus one, at a place its hash gives (0: no text). */
    private int[] needleTable;
    /** The bounds of the current line's first {@link #words} words, as {@link #word} gives them. */
    private long[] wordBounds = NO_WORDS;
    private int words;
    /** True when the current line has no word after its first {@link #words}. */
    private boolean wordsDone;

    /**
     * The lines of {@code head}, each cut at {@code maxChars} characters before it is stripped.
     *
     * @param head     the text
     * @param maxChars the most characters of a line looked at
     */
    public HeadLines(String head, int maxChars) {
        this.head = head;
        this.maxChars = maxChars;
        LineIndex shared = SHARED.get();
        this.index = shared != null && shared.head == head ? shared : null;
    }

    /**
     * Shares the line bounds of {@code head} with every HeadLines of that same String made on this thread until the
     * returned handle is closed (one head at a time; a share opened inside another replaces it until closed).
     *
     * @param head the head the sniffers will read
     * @return closes the share
     */
    public static Share share(String head) {
        return share(head, null);
    }

    /**
     * {@link #share(String)}, with the head's characters as one byte each for the one pass over it ({@link HeadLiterals}).
     *
     * @param head   the head the sniffers will read
     * @param latin1 {@code head} as {@link StringText#latin1()} gives it, or null
     * @return closes the share
     */
    public static Share share(String head, byte[] latin1) {
        LineIndex before = SHARED.get();
        SHARED.set(new LineIndex(head, latin1));
        return () -> {
            if (before == null) SHARED.remove();
            else SHARED.set(before);
        };
    }

    /** An open {@link #share}: closing it ends the share on this thread. */
    @FunctionalInterface
    public interface Share extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * The bounds of a head's lines, found as far as any reader has come: where each starts, its line feed (or the end)
     * and its stripped bounds when it is not cut.
     */
    private static final class LineIndex {
        final String head;
        int count;
        /** Where the line after the last one found starts. */
        int scanned;
        /**
         * Four ints a line: where it starts, its line feed (or the end), where it starts and ends stripped. Sized at
         * first for the lines a head of its length holds at about 40 characters a line (a 9 KB paste's 133 lines in
         * one array rather than three), at least 64 and at most 1,024 of them: readers may stop after a few lines.
         */
        int[] bounds;

        /** The head's characters as one byte each, or null. */
        final byte[] latin1;

        /** Where each text the sniffers look for occurs in the head; found at the first question. */
        private HeadLiterals literals;

        LineIndex(String head, byte[] latin1) {
            this.head = head;
            this.latin1 = latin1;
            this.bounds = new int[4 * Math.max(64, Math.min(1024, head.length() / 40))];
        }

        HeadLiterals literals() {
            if (literals == null) literals = HeadLiterals.of(head, latin1);
            return literals;
        }

        /** {@return true when line {@code k} (0-based) exists, having found the lines up to it} */
        boolean find(int k) {
            int n = head.length();
            while (count <= k) {
                if (scanned >= n) return false;
                int nl = head.indexOf('\n', scanned);
                if (nl < 0) nl = n;
                if (4 * count == bounds.length) bounds = java.util.Arrays.copyOf(bounds, bounds.length * 2);
                int s = scanned;
                int e = nl;
                while (s < e && Whitespace.is(head.charAt(s))) s++;
                while (e > s && Whitespace.is(head.charAt(e - 1))) e--;
                int at = 4 * count;
                bounds[at] = scanned;
                bounds[at + 1] = nl;
                bounds[at + 2] = s;
                bounds[at + 3] = e;
                count++;
                scanned = nl + 1;
            }
            return true;
        }
    }

    /**
     * {@return {@code head.contains(part)}, answered from the one pass over the head ({@link HeadLiterals}) when
     * {@code head} is shared ({@link #share})} Sniffers look for dozens of literals in the whole head, and most occur
     * nowhere: each String.contains that finds nothing reads the whole head, while the pass reads it once for all.
     *
     * @param head a head
     * @param part the text looked for
     */
    public static boolean headContains(String head, String part) {
        LineIndex shared = SHARED.get();
        if (shared != null && shared.head == head) {
            HeadLiterals found = shared.literals();
            int slot = found.slot(part);
            if (slot >= 0) return found.count(slot) > 0;
        }
        return head.contains(part);
    }

    /**
     * {@return true when {@code head} holds at least one of {@code parts}, as {@link #headContains} answers for each}
     * A sniffer whose every score above 0 needs a line that starts with (or is) one of a few literals asks this first,
     * and when none occurs anywhere answers 0 without walking the lines.
     *
     * @param head  a head
     * @param parts the texts looked for
     */
    public static boolean headContainsAny(String head, String... parts) {
        for (String part : parts) {
            if (headContains(head, part)) return true;
        }
        return false;
    }

    /**
     * {@return true when the first character of {@code text} that is not whitespace is {@code c}: {@code
     * text.stripLeading().startsWith(c)} without the copy}
     *
     * @param text a head
     * @param c    the character looked for
     */
    public static boolean opensWith(String text, char c) {
        for (int i = 0; i < text.length(); i++) {
            char x = text.charAt(i);
            if (!Whitespace.is(x)) return x == c;
        }
        return false;
    }

    /** {@return true when there is one more line, which becomes the current one} */
    public boolean next() {
        words = 0;
        wordsDone = false;
        LineIndex ix = index;
        if (ix != null) {
            int k = lineNo;
            if (k >= ix.count && !ix.find(k)) return false;
            int at = 4 * k;
            int[] b = ix.bounds;
            lineNo = k + 1;
            if (b[at + 1] - b[at] <= maxChars) {
                rawStart = b[at];
                rawEnd = b[at + 1];
                start = b[at + 2];
                end = b[at + 3];
                next = rawEnd + 1;
                return true;
            }
            next = b[at]; // a line cut at maxChars: bounded and stripped below, as without the index
        }
        return nextFound();
    }

    /** {@link #next} where the line is found here: no shared index, or a line cut at maxChars. */
    private boolean nextFound() {
        int n = head.length();
        if (next >= n) return false;
        int nl = head.indexOf('\n', next);
        if (nl < 0) nl = n;
        rawStart = next;
        int e = nl - next > maxChars ? next + maxChars : nl;
        rawEnd = e;
        int s = next;
        while (s < e && Whitespace.is(head.charAt(s))) s++;
        while (e > s && Whitespace.is(head.charAt(e - 1))) e--;
        start = s;
        end = e;
        next = nl + 1;
        return true;
    }

    /** {@return true when the current line is blank} */
    public boolean isEmpty() {
        return start == end;
    }

    /** {@return the current line's length, stripped} */
    public int length() {
        return end - start;
    }

    /** {@return true when the current line, not stripped, starts with a whitespace character} */
    public boolean indented() {
        return rawStart < head.length() && rawStart < next - 1 && Whitespace.is(head.charAt(rawStart));
    }

    /**
     * {@return true when the current line starts with {@code prefix}}
     *
     * @param prefix the start looked for
     */
    public boolean startsWith(String prefix) {
        // The first character first: most lines differ there, and the test is cheaper than the call.
        return end - start >= prefix.length() && (prefix.isEmpty() || head.charAt(start) == prefix.charAt(0))
                && head.startsWith(prefix, start);
    }

    /**
     * {@return true when the current line holds {@code part} from its character {@code offset} on}
     *
     * @param part   the text looked for
     * @param offset where in the stripped line, from 0
     */
    public boolean startsWith(String part, int offset) {
        return offset >= 0 && end - start - offset >= part.length() && head.startsWith(part, start + offset);
    }

    /**
     * {@return true when the current line ends with {@code suffix}}
     *
     * @param suffix the end looked for
     */
    public boolean endsWith(String suffix) {
        return end - start >= suffix.length() && head.startsWith(suffix, end - suffix.length());
    }

    /**
     * {@return true when the current line is {@code s}}
     *
     * @param s the whole line looked for
     */
    public boolean is(String s) {
        return end - start == s.length() && (s.isEmpty() || head.charAt(start) == s.charAt(0)) && head.startsWith(s, start);
    }

    /**
     * {@return true when the current line holds {@code part}}
     *
     * @param part the text looked for; not empty
     */
    public boolean contains(String part) {
        return next(part, start) <= end - part.length();
    }

    /**
     * {@return true when the current line as written (not stripped, cut at the most characters looked at) holds
     * {@code part}}
     *
     * @param part the text looked for; not empty
     */
    public boolean rawContains(String part) {
        return next(part, rawStart) <= rawEnd - part.length();
    }

    /**
     * {@return true when the current line as written (not stripped, cut) holds {@code c}}
     *
     * @param c the character looked for
     */
    public boolean rawContains(char c) {
        return next(c, rawStart) < rawEnd;
    }

    /** Doubles {@link #needleTable}, placing each text again. */
    private void growNeedleTable() {
        int[] table = new int[needleTable.length * 2];
        int mask = table.length - 1;
        for (int k = 0; k < needleCount; k++) {
            Object needle = needles[k];
            int i = needle.hashCode() * 0x9E3779B9 >>> 16 & mask;
            while (table[i] != 0) i = i + 1 & mask;
            table[i] = k + 1;
        }
        needleTable = table;
    }

    /** The first occurrence of {@code needle} (a String or a Character) at or after {@code from}; MAX_VALUE for none. */
    private int next(Object needle, int from) {
        // A sniffer asks each line about the same texts in the same order: the text after the last one asked (the first
        // after the last) is tried first, by identity (the texts are constants); else it is found by its hash.
        int k = lastNeedle + 1;
        if (k >= needleCount) k = 0;
        if (k >= needleCount || needles[k] != needle) k = find(needle);
        lastNeedle = k;
        int[] at = occurrences[k];
        if (at != null) {
            // Found in the shared head's one pass: step through its occurrences (the lines come in order; a line's
            // stripped start may be asked after its raw start, so the cursor also steps back).
            int n = found[k];
            int c = cursors[k];
            while (c > 0 && at[c - 1] >= from) c--;
            while (c < n && at[c] < from) c++;
            cursors[k] = c;
            return c < n ? at[c] : Integer.MAX_VALUE;
        }
        if (searchedFrom[k] > from || found[k] < from) {
            int i = needle instanceof String s ? head.indexOf(s, from) : head.indexOf((Character) needle, from);
            found[k] = i < 0 ? Integer.MAX_VALUE : i;
            searchedFrom[k] = from;
        }
        return found[k];
    }

    /** {@return where the text {@code needle} is in {@link #needles}, added there when it is asked for the first time} */
    private int find(Object needle) {
        if (needles == NO_NEEDLES) {
            needles = new Object[8];
            found = new int[8];
            searchedFrom = new int[8];
            occurrences = new int[8][];
            cursors = new int[8];
            needleTable = new int[32];
        }
        int mask = needleTable.length - 1;
        int i = needle.hashCode() * 0x9E3779B9 >>> 16 & mask;
        int k;
        while ((k = needleTable[i] - 1) >= 0 && needles[k] != needle && !needles[k].equals(needle)) i = i + 1 & mask;
        if (k < 0) {
            k = needleCount;
            if (k == needles.length) {
                needles = java.util.Arrays.copyOf(needles, k * 2);
                found = java.util.Arrays.copyOf(found, k * 2);
                searchedFrom = java.util.Arrays.copyOf(searchedFrom, k * 2);
                cursors = java.util.Arrays.copyOf(cursors, k * 2);
                occurrences = java.util.Arrays.copyOf(occurrences, k * 2);
            }
            needles[k] = needle;
            found[k] = -1;
            searchedFrom[k] = 0;
            int slot = index == null ? -1 : index.literals().slot(needle);
            cursors[k] = 0;
            occurrences[k] = null;
            if (slot >= 0) {
                occurrences[k] = index.literals().positions(slot);
                found[k] = index.literals().count(slot);
            }
            needleCount++;
            needleTable[i] = k + 1;
            if (4 * needleCount > 3 * needleTable.length) growNeedleTable();
        }
        return k;
    }

    /**
     * {@return true when the current line holds {@code c}}
     *
     * @param c the character looked for
     */
    public boolean contains(char c) {
        return next(c, start) < end;
    }

    /** {@return where the current line, stripped, starts in the head (its end, for a blank line)} */
    public int from() {
        return start;
    }

    /**
     * {@return true when the current line as written (not stripped, cut) starts with {@code prefix}}
     *
     * @param prefix the start looked for
     */
    public boolean rawStartsWith(String prefix) {
        return rawEnd - rawStart >= prefix.length() && head.startsWith(prefix, rawStart);
    }

    /** {@return where the current line as written starts in the head} */
    public int rawFrom() {
        return rawStart;
    }

    /** {@return where the current line as written (cut at the most characters looked at) ends in the head} */
    public int rawTo() {
        return rawEnd;
    }

    /** {@return the current line as it is written (cut, not stripped), as a String of its own} */
    public String raw() {
        return head.substring(rawStart, rawEnd);
    }

    /** {@return the first character of the current line, stripped; 0 for a blank line} */
    public char first() {
        return start < end ? head.charAt(start) : 0;
    }

    /**
     * {@return the character {@code index} places into the current line, stripped; 0 past its end}
     *
     * @param index a place in the stripped line, from 0
     */
    public char charAt(int index) {
        return index >= 0 && start + index < end ? head.charAt(start + index) : 0;
    }

    /** {@return the current line, stripped, as a String of its own} */
    public String text() {
        return head.substring(start, end);
    }

    /**
     * The bounds of the current line's word {@code index} (0-based; words are parted by whitespace), as
     * {@code start << 32 | end} in the head, or -1 when the line has fewer words.
     *
     * @param index which word
     * @return the packed bounds, or -1
     */
    public long word(int index) {
        // The words found on this line are kept: sniffers ask for words 0, 1, 2... of one line in turn.
        while (words <= index && !wordsDone) {
            int i = words == 0 ? start : (int) wordBounds[words - 1];
            while (i < end && Whitespace.is(head.charAt(i))) i++;
            int s = i;
            while (i < end && !Whitespace.is(head.charAt(i))) i++;
            if (i == s) {
                wordsDone = true;
                break;
            }
            if (words == wordBounds.length) wordBounds = java.util.Arrays.copyOf(wordBounds, Math.max(8, words * 2));
            wordBounds[words++] = (long) s << 32 | i;
        }
        return index >= 0 && index < words ? wordBounds[index] : -1;
    }

    /**
     * {@return the first character of word {@code index} of the current line; 0 when the line has fewer words}
     *
     * @param index which word
     */
    public char wordFirst(int index) {
        long w = word(index);
        return w < 0 ? 0 : head.charAt((int) (w >>> 32));
    }

    /**
     * {@return true when word {@code index} of the current line starts with {@code prefix}}
     *
     * @param index  which word
     * @param prefix the start looked for
     */
    public boolean wordStartsWith(int index, String prefix) {
        long w = word(index);
        return w >= 0 && (int) w - (int) (w >>> 32) >= prefix.length() && head.startsWith(prefix, (int) (w >>> 32));
    }

    /**
     * {@return true when word {@code index} of the current line ends with {@code suffix}}
     *
     * @param index  which word
     * @param suffix the end looked for
     */
    public boolean wordEndsWith(int index, String suffix) {
        long w = word(index);
        return w >= 0 && (int) w - (int) (w >>> 32) >= suffix.length() && head.startsWith(suffix, (int) w - suffix.length());
    }

    /**
     * {@return true when word {@code index} of the current line may be a decimal number as {@link ToolValues#integer}
     * reads one: digits, a sign or control characters only, a digit among them} False rules the number out; true asks
     * for the parse.
     *
     * @param index which word
     */
    public boolean mayBeInteger(int index) {
        long w = word(index);
        if (w < 0) return false;
        boolean digit = false;
        for (int i = (int) (w >>> 32), e = (int) w; i < e; i++) {
            char c = head.charAt(i);
            if (c >= '0' && c <= '9') digit = true;
            else if (c != '+' && c != '-' && c > ' ') return false;
        }
        return digit;
    }
}
