package io.ncclscope.parsers.flightrec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes pickles of protocol 2 as torch's C++ pickler does for a Flight Recorder dump: dicts as EMPTY_DICT, MARK,
 * pairs, SETITEMS; lists as EMPTY_LIST, MARK, items, APPENDS; every string once, memoized with BINPUT and read again
 * with BINGET; integers as BININT or LONG1. Also writes raw opcodes, for hostile pickles.
 */
final class PickleWriter {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Map<String, Integer> memo = new HashMap<>();
    private final Deque<Character> open = new ArrayDeque<>();
    private final boolean memoize;

    PickleWriter(boolean memoize) {
        this.memoize = memoize;
        raw(0x80, 2);
    }

    PickleWriter raw(int... bytes) {
        for (int b : bytes) out.write(b);
        return this;
    }

    PickleWriter rawText(String s) {
        out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    PickleWriter dict() {
        raw('}', '(');
        open.push('u');
        return this;
    }

    PickleWriter list() {
        raw(']', '(');
        open.push('e');
        return this;
    }

    PickleWriter end() {
        raw(open.pop());
        return this;
    }

    PickleWriter str(String s) {
        Integer at = memoize ? memo.get(s) : null;
        if (at != null) {
            if (at < 256) raw('h', at);
            else raw('j').le(at, 4);
            return this;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        raw('X').le(b.length, 4);
        out.writeBytes(b);
        if (memoize) {
            int index = memo.size();
            memo.put(s, index);
            if (index < 256) raw('q', index);
            else raw('r').le(index, 4);
        }
        return this;
    }

    PickleWriter num(long v) {
        if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) return raw('J').le(v, 4);
        return raw(0x8a, 8).le(v, 8);
    }

    PickleWriter real(double v) {
        long bits = Double.doubleToLongBits(v);
        raw('G');
        for (int i = 7; i >= 0; i--) out.write((int) (bits >>> (8 * i)) & 0xff);
        return this;
    }

    PickleWriter bool(boolean v) {
        return raw(v ? 0x88 : 0x89);
    }

    PickleWriter none() {
        return raw('N');
    }

    /** A value of a JSON-like tree: map, list, string, number, boolean or null. */
    PickleWriter value(Object v) {
        if (v == null) return none();
        if (v instanceof String s) return str(s);
        if (v instanceof Boolean b) return bool(b);
        if (v instanceof Double d) return real(d);
        if (v instanceof Number n) return num(n.longValue());
        if (v instanceof Map<?, ?> m) {
            dict();
            m.forEach((k, x) -> value(k).value(x));
            return end();
        }
        if (v instanceof List<?> l) {
            list();
            l.forEach(this::value);
            return end();
        }
        throw new IllegalArgumentException("no pickle for " + v.getClass());
    }

    private PickleWriter le(long v, int n) {
        for (int i = 0; i < n; i++) out.write((int) (v >>> (8 * i)) & 0xff);
        return this;
    }

    byte[] bytes() {
        out.write('.');
        return out.toByteArray();
    }
}
