package io.ncclscope.parsers.internal;

/**
 * The lines of a detection head, each stripped and looked at where it lies: a sniffer tests every line of a paste,
 * and most lines are no line of its kind, so a line is copied into a String ({@link #text()}) only when a test needs
 * one. Line {@code k} is what {@code head.substring(from, Math.min(nl, from + maxChars)).strip()} gives, {@code nl}
 * being the next line feed (or the end), for each {@code from} after a line feed; a head that ends with a line feed
 * has no empty line after it. A search ({@link #contains}) remembers where it found its text next, so that each
 * text looked for is searched for once per occurrence in the head (with String.indexOf), not once per line.
 * Not thread-safe.
 */
public final class HeadLines {

    private final String head;
    private final int maxChars;
    private int next;
    private int rawStart;
    private int rawEnd;
    private int start;
    private int end;
    /** The texts searched for, their first occurrence at or after {@link #searchedFrom} (MAX_VALUE: none), and where. */
    private Object[] needles = new Object[8];
    private int[] found = new int[8];
    private int[] searchedFrom = new int[8];
    private int needleCount;

    /**
     * The lines of {@code head}, each cut at {@code maxChars} characters before it is stripped.
     *
     * @param head     the text
     * @param maxChars the most characters of a line looked at
     */
    public HeadLines(String head, int maxChars) {
        this.head = head;
        this.maxChars = maxChars;
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
            if (!Character.isWhitespace(x)) return x == c;
        }
        return false;
    }

    /** {@return true when there is one more line, which becomes the current one} */
    public boolean next() {
        int n = head.length();
        if (next >= n) return false;
        int nl = head.indexOf('\n', next);
        if (nl < 0) nl = n;
        rawStart = next;
        int e = nl - next > maxChars ? next + maxChars : nl;
        rawEnd = e;
        int s = next;
        while (s < e && Character.isWhitespace(head.charAt(s))) s++;
        while (e > s && Character.isWhitespace(head.charAt(e - 1))) e--;
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
        return rawStart < head.length() && rawStart < next - 1 && Character.isWhitespace(head.charAt(rawStart));
    }

    /**
     * {@return true when the current line starts with {@code prefix}}
     *
     * @param prefix the start looked for
     */
    public boolean startsWith(String prefix) {
        return end - start >= prefix.length() && head.startsWith(prefix, start);
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
        return end - start == s.length() && head.startsWith(s, start);
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

    /** The first occurrence of {@code needle} (a String or a Character) at or after {@code from}; MAX_VALUE for none. */
    private int next(Object needle, int from) {
        int k = 0;
        while (k < needleCount && needles[k] != needle && !needles[k].equals(needle)) k++;
        if (k == needleCount) {
            if (k == needles.length) {
                needles = java.util.Arrays.copyOf(needles, k * 2);
                found = java.util.Arrays.copyOf(found, k * 2);
                searchedFrom = java.util.Arrays.copyOf(searchedFrom, k * 2);
            }
            needles[k] = needle;
            found[k] = -1;
            needleCount++;
        }
        if (searchedFrom[k] > from || found[k] < from) {
            int at = needle instanceof String s ? head.indexOf(s, from) : head.indexOf((Character) needle, from);
            found[k] = at < 0 ? Integer.MAX_VALUE : at;
            searchedFrom[k] = from;
        }
        return found[k];
    }

    /**
     * {@return true when the current line holds {@code c}}
     *
     * @param c the character looked for
     */
    public boolean contains(char c) {
        return next(c, start) < end;
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
        int i = start;
        for (int k = 0; i < end; k++) {
            while (i < end && Character.isWhitespace(head.charAt(i))) i++;
            int s = i;
            while (i < end && !Character.isWhitespace(head.charAt(i))) i++;
            if (i == s) break;
            if (k == index) return (long) s << 32 | i;
        }
        return -1;
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
