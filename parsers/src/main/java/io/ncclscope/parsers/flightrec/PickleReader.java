package io.ncclscope.parsers.flightrec;

import io.ncclscope.parsers.internal.Warnings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    private final List<Object> stack = new ArrayList<>();
    private final List<Integer> marks = new ArrayList<>();
    private final Map<Long, Object> memo = new HashMap<>();
    private long values;
    /** Short strings read, by a hash of their bytes. */
    private final String[] strings = new String[1024];
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
                    if (stack.isEmpty()) throw new Stop("STOP with nothing on the stack");
                    return stack.get(stack.size() - 1);
                }
                step(op);
            }
        } catch (Stop e) {
            warnings.error(0, "pickle byte " + pos + ": " + e.getMessage() + "; what was read before is kept", "");
            for (int i = stack.size() - 1; i >= 0; i--) {
                if (stack.get(i) instanceof Map<?, ?>) return stack.get(i);
            }
            return null;
        }
    }

    private void step(int op) {
        switch (op) {
            case 0x80 -> take(1); // PROTO
            case 0x95 -> take(8); // FRAME
            case '(' -> marks.add(stack.size());
            case '}' -> push(new LinkedHashMap<>());
            case ']' -> push(new ArrayList<>());
            case ')' -> push(new ArrayList<>());
            case 0x8f -> push(new ArrayList<>()); // EMPTY_SET
            case 'N' -> push(null);
            case 0x88 -> push(Boolean.TRUE);
            case 0x89 -> push(Boolean.FALSE);
            case 'J' -> push((long) le(4, true));
            case 'K' -> push((long) le(1, false));
            case 'M' -> push((long) le(2, false));
            case 0x8a -> push(longN(take(1)[0] & 0xff));
            case 0x8b -> push(longN(length(4)));
            case 'G' -> push(Double.longBitsToDouble(be8()));
            case 'X' -> push(text(length(4)));
            case 0x8c -> push(text(take(1)[0] & 0xff));
            case 0x8d -> push(text(length(8)));
            case 'C' -> push(take(take(1)[0] & 0xff));
            case 'B' -> push(take(length(4)));
            case 0x8e -> push(take(length(8)));
            case 0x96 -> push(take(length(8))); // BYTEARRAY8
            case 'U' -> push(new String(take(take(1)[0] & 0xff), StandardCharsets.ISO_8859_1));
            case 'T' -> push(new String(take(length(4)), StandardCharsets.ISO_8859_1));
            case 'I' -> push(intLine(line()));
            case 'L' -> push(intLine(stripL(line())));
            case 'F' -> push(floatLine(line()));
            case 'V' -> push(line());
            case 'S' -> push(unquote(line()));
            case 't' -> push(new ArrayList<>(popMark()));
            case 0x85 -> push(tuple(1));
            case 0x86 -> push(tuple(2));
            case 0x87 -> push(tuple(3));
            case 'l' -> push(new ArrayList<>(popMark()));
            case 'd' -> push(dict(popMark()));
            case 0x91 -> push(new ArrayList<>(popMark())); // FROZENSET
            case 'a' -> append(pop());
            case 'e', 0x90 -> popMark().forEach(this::append); // APPENDS, ADDITEMS
            case 's' -> {
                Object v = pop();
                Object k = pop();
                put(k, v);
            }
            case 'u' -> {
                List<Object> kv = popMark();
                for (int i = 0; i + 1 < kv.size(); i += 2) put(kv.get(i), kv.get(i + 1));
            }
            case 'p' -> memo(longLine(line()));
            case 'q' -> memo(take(1)[0] & 0xff);
            case 'r' -> memo(length(4));
            case 0x94 -> memo(memo.size()); // MEMOIZE
            case 'g' -> push(recall(longLine(line())));
            case 'h' -> push(recall(take(1)[0] & 0xff));
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
                List<Object> args = popMark();
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
        return o instanceof Opaque op ? op.what() : o == null ? "None" : o.getClass().getSimpleName();
    }

    private static String cut(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }

    private void push(Object o) {
        if (++values > MAX_VALUES) throw new Stop("more than " + MAX_VALUES + " values");
        stack.add(o);
    }

    private Object pop() {
        int floor = marks.isEmpty() ? 0 : marks.get(marks.size() - 1);
        if (stack.size() <= floor) throw new Stop("pop from an empty stack");
        return stack.remove(stack.size() - 1);
    }

    private Object top() {
        if (stack.isEmpty()) throw new Stop("no value on the stack");
        return stack.get(stack.size() - 1);
    }

    private List<Object> popMark() {
        if (marks.isEmpty()) throw new Stop("no MARK on the stack");
        int at = marks.remove(marks.size() - 1);
        List<Object> sub = stack.subList(at, stack.size());
        List<Object> out = new ArrayList<>(sub);
        sub.clear();
        return out;
    }

    private List<Object> tuple(int n) {
        Object[] items = new Object[n];
        for (int i = n - 1; i >= 0; i--) items[i] = pop();
        return new ArrayList<>(java.util.Arrays.asList(items));
    }

    private Map<Object, Object> dict(List<Object> kv) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.size(); i += 2) putInto(m, kv.get(i), kv.get(i + 1));
        return m;
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
        if (memo.size() >= MAX_VALUES) throw new Stop("memo too large");
        memo.put(index, top());
    }

    private Object recall(long index) {
        if (!memo.containsKey(index)) throw new Stop("memo " + index + " was never stored");
        return memo.get(index);
    }

    private byte[] take(long n) {
        if (n < 0 || n > in.length - pos) throw new Stop("a length of " + n + " runs past the end of the pickle");
        byte[] out = java.util.Arrays.copyOfRange(in, pos, pos + (int) n);
        pos += (int) n;
        return out;
    }

    private long le(int n, boolean signed) {
        byte[] b = take(n);
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = (v << 8) | (b[i] & 0xff);
        if (signed && n == 4) v = (int) v;
        return v;
    }

    private long length(int n) {
        long v = le(n, false);
        if (n == 8 && v < 0) throw new Stop("negative length");
        return v;
    }

    private long be8() {
        byte[] b = take(8);
        long v = 0;
        for (byte x : b) v = (v << 8) | (x & 0xff);
        return v;
    }

    /** LONG1/LONG4: little-endian two's complement. */
    private Object longN(long n) {
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
        String cached = strings[slot];
        if (cached != null && sameAscii(cached, pos, len)) {
            pos += len;
            return cached;
        }
        String s = new String(in, pos, len, StandardCharsets.UTF_8);
        pos += len;
        strings[slot] = s;
        return s;
    }

    private boolean sameAscii(String s, int at, int len) {
        if (s.length() != len) return false;
        for (int i = 0; i < len; i++) {
            if (s.charAt(i) != in[at + i]) return false;
        }
        return true;
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
