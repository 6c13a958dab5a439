package io.ncclscope.parsers.flightrec;

import io.ncclscope.parsers.internal.Warnings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A restricted reader of Python pickles (protocols 0 to 5): it builds plain containers and scalars only (dict, list,
 * tuple and set as {@link List}, str, bytes as {@code byte[]}, int as {@link Long} or {@link java.math.BigInteger},
 * float, bool, None). It never looks a class up and never calls anything: {@code GLOBAL}, {@code STACK_GLOBAL},
 * {@code REDUCE}, {@code BUILD}, {@code INST}, {@code OBJ}, {@code NEWOBJ}, persistent ids and extensions leave an
 * {@link Opaque} value where the object would be, with one warning each. Bounded: strings and byte runs cannot be
 * longer than what is left of the input, the stack and memo are capped, and a malformed pickle stops with an error
 * warning and whatever was read.
 */
final class PickleReader {

    /** Most values on the stack, in the memo, or in containers built. */
    static final int MAX_VALUES = 8_000_000;

    /** What stands where an object other than a plain container or scalar was: never built, never called. */
    record Opaque(String what) {
    }

    private static final Object MARK = new Object();

    private final byte[] in;
    private final Warnings warnings;
    private int pos;
    private Object[] stack = new Object[64];
    private int depth;
    private int[] marks = new int[16];
    private int markCount;
    private final Memo memo = new Memo();
    private long values;
    /** Short strings read, by a hash of their bytes: a dump repeats its keys and values in every entry. */
    private final String[] strings = new String[1024];
    private final byte[][] stringBytes = new byte[1024][];
    private int opaqueWarned;

    PickleReader(byte[] in, Warnings warnings) {
        this.in = in;
        this.warnings = warnings;
    }

    /** Thrown inside the reader for a pickle it cannot go on with. */
    private static final class Stop extends RuntimeException {
        Stop(String message) {
            super(message, null, false, false);
        }
    }

    /** {@return the pickled value, or null with an error warning when the pickle is malformed} */
    Object read() {
        try {
            while (true) {
                if (pos >= in.length) throw new Stop("the pickle ends before its STOP opcode");
                int op = in[pos++] & 0xff;
                if (op == '.') {
                    if (depth == 0) throw new Stop("STOP with nothing on the stack");
                    return stack[depth - 1];
                }
                step(op);
            }
        } catch (Stop e) {
            warnings.error(0, "pickle byte " + pos + ": " + e.getMessage() + "; what was read before is kept", "");
            for (int i = depth - 1; i >= 0; i--) {
                if (stack[i] instanceof Map<?, ?>) return stack[i];
            }
            return null;
        }
    }

    private void step(int op) {
        switch (op) {
            case 0x80 -> skip(1); // PROTO
            case 0x95 -> skip(8); // FRAME
            case '(' -> mark();
            case '}' -> push(new PickleDict());
            case ']', ')', 0x8f -> push(new ArrayList<>()); // EMPTY_LIST, EMPTY_TUPLE, EMPTY_SET
            case 'N' -> push(null);
            case 0x88 -> push(Boolean.TRUE);
            case 0x89 -> push(Boolean.FALSE);
            case 'J' -> push((long) (int) le(4));
            case 'K' -> push(le(1));
            case 'M' -> push(le(2));
            case 0x8a -> push(longN(le(1)));
            case 0x8b -> push(longN(length(4)));
            case 'G' -> push(Double.longBitsToDouble(be8()));
            case 'X' -> push(text(length(4)));
            case 0x8c -> push(text(le(1)));
            case 0x8d -> push(text(length(8)));
            case 'C' -> push(take(le(1)));
            case 'B' -> push(take(length(4)));
            case 0x8e, 0x96 -> push(take(length(8))); // BINBYTES8, BYTEARRAY8
            case 'U' -> push(new String(take(le(1)), StandardCharsets.ISO_8859_1));
            case 'T' -> push(new String(take(length(4)), StandardCharsets.ISO_8859_1));
            case 'I' -> push(intLine(line()));
            case 'L' -> push(intLine(stripL(line())));
            case 'F' -> push(floatLine(line()));
            case 'V' -> push(line());
            case 'S' -> push(unquote(line()));
            case 't', 'l', 0x91 -> push(listFromMark()); // TUPLE, LIST, FROZENSET
            case 0x85 -> push(tuple(1));
            case 0x86 -> push(tuple(2));
            case 0x87 -> push(tuple(3));
            case 'd' -> push(dictFromMark());
            case 'a' -> append(pop());
            case 'e', 0x90 -> appends(); // APPENDS, ADDITEMS
            case 's' -> {
                Object v = pop();
                Object k = pop();
                put(k, v);
            }
            case 'u' -> setItems();
            case 'p' -> memo(longLine(line()));
            case 'q' -> memo(le(1));
            case 'r' -> memo(length(4));
            case 0x94 -> memo(memo.count()); // MEMOIZE
            case 'g' -> push(recall(longLine(line())));
            case 'h' -> push(recall(le(1)));
            case 'j' -> push(recall(length(4)));
            case '0' -> pop();
            case '1' -> popMark();
            case '2' -> push(top());
            default -> opaque(op);
        }
    }

    /** The opcodes that would look a class up or call one: their operands are dropped and an {@link Opaque} stays. */
    private void opaque(int op) {
        String name;
        switch (op) {
            case 'c' -> {
                name = "GLOBAL " + line() + "." + line();
                push(new Opaque(name));
            }
            case 0x93 -> {
                Object attr = pop();
                Object module = pop();
                name = "STACK_GLOBAL " + module + "." + attr;
                push(new Opaque(name));
            }
            case 'R' -> {
                pop();
                name = "REDUCE of " + describe(pop());
                push(new Opaque(name));
            }
            case 'b' -> {
                pop();
                name = "BUILD of " + describe(top());
            }
            case 0x81 -> {
                pop();
                name = "NEWOBJ of " + describe(pop());
                push(new Opaque(name));
            }
            case 0x92 -> {
                pop();
                pop();
                name = "NEWOBJ_EX of " + describe(pop());
                push(new Opaque(name));
            }
            case 'i' -> {
                name = "INST " + line() + "." + line();
                popMark();
                push(new Opaque(name));
            }
            case 'o' -> {
                List<Object> args = listFromMark();
                name = "OBJ of " + (args.isEmpty() ? "nothing" : describe(args.get(0)));
                push(new Opaque(name));
            }
            case 'P' -> {
                name = "PERSID " + line();
                push(new Opaque(name));
            }
            case 'Q' -> {
                pop();
                name = "BINPERSID";
                push(new Opaque(name));
            }
            case 0x82, 0x83, 0x84 -> {
                take(op == 0x82 ? 1 : op == 0x83 ? 2 : 4);
                name = "EXT" + (op == 0x82 ? 1 : op == 0x83 ? 2 : 4);
                push(new Opaque(name));
            }
            case 0x97 -> {
                name = "NEXT_BUFFER";
                push(new Opaque(name));
            }
            case 0x98 -> name = "READONLY_BUFFER";
            default -> throw new Stop(String.format(java.util.Locale.ROOT, "unknown opcode 0x%02x", op));
        }
        if (opaqueWarned++ < 20) {
            warnings.warn(0, "pickle byte " + (pos - 1) + ": " + cut(name)
                    + " was not read (only plain containers and scalars are; nothing is ever executed)", "");
        }
    }

    private static String describe(Object o) {
        if (o instanceof Opaque op) return op.what();
        if (o == null) return "None";
        if (o instanceof Map<?, ?>) return "a dict";
        if (o instanceof List<?>) return "a list";
        if (o instanceof String) return "a str";
        if (o instanceof byte[]) return "bytes";
        if (o instanceof Boolean) return "a bool";
        return o instanceof Double ? "a float" : "an int";
    }

    private static String cut(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }

    private void push(Object o) {
        if (++values > MAX_VALUES) throw new Stop("more than " + MAX_VALUES + " values");
        if (depth == stack.length) stack = Arrays.copyOf(stack, depth * 2);
        stack[depth++] = o;
    }

    private Object pop() {
        int floor = markCount == 0 ? 0 : marks[markCount - 1];
        if (depth <= floor) throw new Stop("pop from an empty stack");
        Object o = stack[--depth];
        stack[depth] = null;
        return o;
    }

    private Object top() {
        if (depth == 0) throw new Stop("no value on the stack");
        return stack[depth - 1];
    }

    private void mark() {
        if (markCount == marks.length) marks = Arrays.copyOf(marks, markCount * 2);
        marks[markCount++] = depth;
    }

    /** Pops the topmost mark: {@return the stack depth it was set at; the values above it are still there} */
    private int unmark() {
        if (markCount == 0) throw new Stop("no MARK on the stack");
        return marks[--markCount];
    }

    /** Drops the values above {@code at}. */
    private void dropAbove(int at) {
        Arrays.fill(stack, at, depth, null);
        depth = at;
    }

    private void popMark() {
        dropAbove(unmark());
    }

    private List<Object> listFromMark() {
        int at = unmark();
        List<Object> out = new ArrayList<>(depth - at);
        for (int i = at; i < depth; i++) out.add(stack[i]);
        dropAbove(at);
        return out;
    }

    private List<Object> tuple(int n) {
        Object[] items = new Object[n];
        for (int i = n - 1; i >= 0; i--) items[i] = pop();
        return new ArrayList<>(Arrays.asList(items));
    }

    private Map<Object, Object> dictFromMark() {
        int at = unmark();
        PickleDict m = new PickleDict();
        m.ensure((depth - at) / 2);
        for (int i = at; i + 1 < depth; i += 2) putInto(m, stack[i], stack[i + 1]);
        dropAbove(at);
        return m;
    }

    /** APPENDS and ADDITEMS: the values above the mark, into the list below it. */
    @SuppressWarnings("unchecked")
    private void appends() {
        int at = unmark();
        if (at < depth) {
            Object target = at == 0 ? null : stack[at - 1];
            if (!(target instanceof List<?> l)) {
                dropAbove(at);
                throw new Stop(at == 0 ? "no value on the stack" : "APPEND to " + describe(target));
            }
            List<Object> list = (List<Object>) l;
            for (int i = at; i < depth; i++) list.add(stack[i]);
        }
        dropAbove(at);
    }

    /** SETITEMS: the pairs above the mark, into the dict below it. */
    @SuppressWarnings("unchecked")
    private void setItems() {
        int at = unmark();
        if (at + 1 < depth) {
            Object target = at == 0 ? null : stack[at - 1];
            if (target instanceof Map<?, ?> m) {
                if (m instanceof PickleDict d) d.ensure(d.size() + (depth - at) / 2);
                for (int i = at; i + 1 < depth; i += 2) putInto((Map<Object, Object>) m, stack[i], stack[i + 1]);
            } else if (at == 0 || !(target instanceof Opaque)) {
                dropAbove(at);
                throw new Stop(at == 0 ? "no value on the stack" : "SETITEM on " + describe(target));
            }
        }
        dropAbove(at);
    }

    @SuppressWarnings("unchecked")
    private void append(Object v) {
        if (top() instanceof List<?> l) {
            ((List<Object>) l).add(v);
        } else {
            throw new Stop("APPEND to " + describe(top()));
        }
    }

    @SuppressWarnings("unchecked")
    private void put(Object k, Object v) {
        Object target = top();
        if (target instanceof Map<?, ?> m) {
            putInto((Map<Object, Object>) m, k, v);
        } else if (!(target instanceof Opaque)) {
            throw new Stop("SETITEM on " + describe(target));
        }
    }

    /** Keys are scalars; a container or opaque key (never in a dump) is dropped rather than hashed. */
    private static void putInto(Map<Object, Object> m, Object k, Object v) {
        if (k == null || k instanceof String || k instanceof Number || k instanceof Boolean) m.put(k, v);
        else if (k instanceof byte[] b) m.put(new String(b, StandardCharsets.ISO_8859_1), v);
    }

    private void memo(long index) {
        if (memo.count() >= MAX_VALUES) throw new Stop("memo too large");
        memo.put(index, top());
    }

    private Object recall(long index) {
        if (!memo.has(index)) throw new Stop("memo " + index + " was never stored");
        return memo.get(index);
    }

    /**
     * The memo: an array for the small dense indices picklers write (0, 1, 2, ...), a map for indices far past what
     * was stored (so that one far index cannot make a hostile pickle allocate a large array). Counts the distinct
     * indices stored, which MEMOIZE takes as its next index.
     */
    private static final class Memo {
        private static final Object NONE = new Object();
        private static final int DENSE = 1 << 22;
        private Object[] dense = new Object[256];
        private Map<Long, Object> sparse;
        private int count;

        int count() {
            return count;
        }

        void put(long index, Object value) {
            Object v = value == null ? NONE : value;
            if (index >= 0 && index < dense.length || index >= 0 && index < DENSE && index < 2L * count + 1024) {
                int i = (int) index;
                if (i >= dense.length) dense = Arrays.copyOf(dense, Math.max(i + 1, Math.min(DENSE, dense.length * 2)));
                if (dense[i] == null) count++;
                dense[i] = v;
                if (sparse != null && sparse.remove(index) != null) count--;
            } else {
                if (sparse == null) sparse = new HashMap<>();
                if (sparse.put(index, v) == null) count++;
            }
        }

        boolean has(long index) {
            if (index >= 0 && index < dense.length && dense[(int) index] != null) return true;
            return sparse != null && sparse.containsKey(index);
        }

        Object get(long index) {
            Object v = index >= 0 && index < dense.length ? dense[(int) index] : null;
            if (v == null) v = sparse.get(index);
            return v == NONE ? null : v;
        }
    }

    private byte[] take(long n) {
        if (n < 0 || n > in.length - pos) throw new Stop("a length of " + n + " runs past the end of the pickle");
        byte[] out = Arrays.copyOfRange(in, pos, pos + (int) n);
        pos += (int) n;
        return out;
    }

    private void skip(int n) {
        if (n > in.length - pos) throw new Stop("a length of " + n + " runs past the end of the pickle");
        pos += n;
    }

    /** An unsigned little-endian number of {@code n} (1 to 8) bytes. */
    private long le(int n) {
        if (n > in.length - pos) throw new Stop("a length of " + n + " runs past the end of the pickle");
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = (v << 8) | (in[pos + i] & 0xff);
        pos += n;
        return v;
    }

    private long length(int n) {
        long v = le(n);
        if (n == 8 && v < 0) throw new Stop("negative length");
        return v;
    }

    private long be8() {
        if (8 > in.length - pos) throw new Stop("a length of 8 runs past the end of the pickle");
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (in[pos + i] & 0xff);
        pos += 8;
        return v;
    }

    /** LONG1/LONG4: little-endian two's complement. */
    private Object longN(long n) {
        if (n >= 1 && n <= 8 && n <= in.length - pos) {
            int len = (int) n;
            long v = in[pos + len - 1]; // the sign byte, sign-extended
            for (int i = len - 2; i >= 0; i--) v = (v << 8) | (in[pos + i] & 0xff);
            pos += len;
            return v;
        }
        byte[] b = take(n);
        if (b.length == 0) return 0L;
        byte[] be = new byte[b.length];
        for (int i = 0; i < b.length; i++) be[i] = b[b.length - 1 - i];
        java.math.BigInteger v = new java.math.BigInteger(be);
        return v.bitLength() < 64 ? (Object) v.longValue() : v;
    }

    /**
     * A short string: from the cache when the same bytes were read before (a dump repeats its keys and values in
     * every entry), else decoded and cached.
     */
    private String text(long n) {
        if (n < 0 || n > in.length - pos) throw new Stop("a length of " + n + " runs past the end of the pickle");
        int len = (int) n;
        if (len > 48) {
            String s = new String(in, pos, len, StandardCharsets.UTF_8);
            pos += len;
            return s;
        }
        int h = len;
        for (int i = pos; i < pos + len; i++) h = 31 * h + in[i];
        int slot = (h ^ (h >>> 16)) & (strings.length - 1);
        // Two places per hash, so that two strings of one slot do not evict each other all along a dump.
        for (int probe = 0; probe < 2; probe++) {
            int at = (slot + probe) & (strings.length - 1);
            byte[] cached = stringBytes[at];
            if (cached == null) {
                slot = at;
                break;
            }
            if (Arrays.equals(cached, 0, cached.length, in, pos, pos + len)) {
                pos += len;
                return strings[at];
            }
        }
        String s = new String(in, pos, len, StandardCharsets.UTF_8);
        stringBytes[slot] = Arrays.copyOfRange(in, pos, pos + len);
        strings[slot] = s;
        pos += len;
        return s;
    }

    private String line() {
        int end = pos;
        while (end < in.length && in[end] != '\n') end++;
        if (end >= in.length) throw new Stop("a text operand has no end of line");
        String s = new String(in, pos, end - pos, StandardCharsets.UTF_8);
        pos = end + 1;
        return s;
    }

    private static String stripL(String s) {
        return s.endsWith("L") ? s.substring(0, s.length() - 1) : s;
    }

    private static Object intLine(String s) {
        String t = s.trim();
        if (t.equals("00")) return Boolean.FALSE;
        if (t.equals("01")) return Boolean.TRUE;
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new Stop("not an integer: " + cut(t));
        }
    }

    private static long longLine(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw new Stop("not a memo index: " + cut(s));
        }
    }

    private static Object floatLine(String s) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            throw new Stop("not a float: " + cut(s));
        }
    }

    private static String unquote(String s) {
        String t = s.trim();
        if (t.length() >= 2 && (t.charAt(0) == '\'' || t.charAt(0) == '"') && t.charAt(t.length() - 1) == t.charAt(0)) {
            return t.substring(1, t.length() - 1);
        }
        throw new Stop("STRING operand is not quoted");
    }
}
