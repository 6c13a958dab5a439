package io.ncclscope.parsers.json;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A small JSON writer and reader with no dependencies, so that {@code ncclscope-parsers} stays
 * JDK-only. The writer turns records (component order), maps, collections, arrays, enums (their
 * {@code toString()}), strings, numbers, booleans and {@link Optional}s into JSON; {@code null}
 * record components, empty optionals and components marked {@link NotWritten} are left out. A component named with a trailing underscore
 * (a Java keyword such as {@code interface_}) is written without it. The reader turns JSON text into
 * {@code Map<String,Object>} (insertion-ordered), {@code List<Object>}, {@code String}, {@code Long},
 * {@code Double}, {@code Boolean} and {@code null}. Thread-safe (stateless).
 */
public final class Json {

    /** Deepest nesting the reader accepts. */
    public static final int MAX_DEPTH = 256;

    /**
     * Marks a record component the writer leaves out: facts the record carries for the code that reads it, derived
     * from the same input as its other components, that its JSON form does not show.
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    public @interface NotWritten {
    }

    /** A record component the writer writes: its key and its accessor. */
    private record Component(String key, Method accessor) {
    }

    /** Each record type's written components, in order, looked up once per type. */
    private static final ClassValue<List<Component>> COMPONENTS = new ClassValue<>() {
        @Override
        protected List<Component> computeValue(Class<?> type) {
            List<Component> out = new ArrayList<>();
            for (RecordComponent c : type.getRecordComponents()) {
                if (c.isAnnotationPresent(NotWritten.class)) continue;
                Method acc = c.getAccessor();
                try {
                    acc.setAccessible(true);
                } catch (RuntimeException e) {
                    throw new IllegalStateException("cannot read " + type.getSimpleName() + "." + c.getName(), e);
                }
                String key = c.getName();
                if (key.length() > 1 && key.endsWith("_")) key = key.substring(0, key.length() - 1);
                out.add(new Component(key, acc));
            }
            return List.copyOf(out);
        }
    };

    private Json() {
    }

    /**
     * {@return compact JSON for {@code value}}
     *
     * @param value a record, map, collection, array, enum, string, number, boolean, optional or null
     */
    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, -1, 0);
        return sb.toString();
    }

    /**
     * {@return indented JSON (two spaces) for {@code value}}
     *
     * @param value as for {@link #write(Object)}
     */
    public static String pretty(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 2, 0);
        return sb.toString();
    }

    private static void newline(StringBuilder sb, int indent, int depth) {
        if (indent < 0) return;
        sb.append('\n');
        for (int i = 0; i < indent * depth; i++) sb.append(' ');
    }

    private static void write(StringBuilder sb, Object v, int indent, int depth) {
        if (depth > MAX_DEPTH) throw new IllegalArgumentException("value nests deeper than " + MAX_DEPTH);
        if (v instanceof Optional<?> o) {
            v = o.orElse(null);
        }
        if (v == null) {
            sb.append("null");
        } else if (v instanceof CharSequence || v instanceof Character) {
            string(sb, v.toString());
        } else if (v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                sb.append("null");
            } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                sb.append((long) d).append(".0");
            } else {
                sb.append(d);
            }
        } else if (v instanceof Number) {
            sb.append(v);
        } else if (v instanceof Enum<?>) {
            string(sb, v.toString());
        } else if (v instanceof Record r) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Component c : COMPONENTS.get(r.getClass())) {
                Object cv;
                try {
                    cv = c.accessor().invoke(r);
                } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
                    throw new IllegalStateException("cannot read " + r.getClass().getSimpleName() + "." + c.key(), e);
                }
                if (cv instanceof Optional<?> o) cv = o.orElse(null);
                if (cv != null) m.put(c.key(), cv);
            }
            object(sb, m, indent, depth);
        } else if (v instanceof Map<?, ?> m) {
            object(sb, m, indent, depth);
        } else if (v instanceof Collection<?> c) {
            array(sb, c, indent, depth);
        } else if (v.getClass().isArray()) {
            int n = Array.getLength(v);
            List<Object> l = new ArrayList<>(n);
            for (int i = 0; i < n; i++) l.add(Array.get(v, i));
            array(sb, l, indent, depth);
        } else {
            string(sb, v.toString());
        }
    }

    private static void object(StringBuilder sb, Map<?, ?> m, int indent, int depth) {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!first) sb.append(',');
            first = false;
            newline(sb, indent, depth + 1);
            string(sb, String.valueOf(e.getKey()));
            sb.append(indent < 0 ? ":" : ": ");
            write(sb, e.getValue(), indent, depth + 1);
        }
        if (!first) newline(sb, indent, depth);
        sb.append('}');
    }

    private static void array(StringBuilder sb, Collection<?> c, int indent, int depth) {
        sb.append('[');
        boolean first = true;
        boolean scalars = c.stream().allMatch(x -> x == null || x instanceof Number || x instanceof Boolean);
        for (Object x : c) {
            if (!first) sb.append(scalars && indent >= 0 ? ", " : ",");
            first = false;
            if (!scalars) newline(sb, indent, depth + 1);
            write(sb, x, indent, depth + 1);
        }
        if (!first && !scalars) newline(sb, indent, depth);
        sb.append(']');
    }

    /**
     * Appends {@code s} as a JSON string literal.
     *
     * @param sb where to append
     * @param s  the string
     */
    public static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /**
     * Reads one JSON value from {@code text}.
     *
     * @param text JSON text
     * @return a {@code Map}, {@code List}, {@code String}, {@code Long}, {@code Double}, {@code Boolean} or null
     * @throws JsonException with the 1-based line and column when the text is not JSON
     */
    public static Object parse(CharSequence text) {
        Reader r = new Reader(text);
        r.ws();
        Object v = r.value(0);
        r.ws();
        if (r.i < text.length()) throw r.err("unexpected text after the JSON value");
        return v;
    }

    /** Thrown by {@link #parse(CharSequence)} for text that is not JSON. */
    public static final class JsonException extends RuntimeException {
        /** 1-based line of the error. */
        private final int line;
        /** 1-based column of the error. */
        private final int column;

        JsonException(String message, int line, int column) {
            super(message + " at line " + line + ", column " + column);
            this.line = line;
            this.column = column;
        }

        /** {@return 1-based line of the problem} */
        public int line() {
            return line;
        }

        /** {@return 1-based column of the problem} */
        public int column() {
            return column;
        }
    }

    private static final class Reader {
        final CharSequence s;
        int i;

        Reader(CharSequence s) {
            this.s = s;
        }

        JsonException err(String msg) {
            int line = 1, col = 1;
            for (int k = 0; k < Math.min(i, s.length()); k++) {
                if (s.charAt(k) == '\n') {
                    line++;
                    col = 1;
                } else {
                    col++;
                }
            }
            return new JsonException(msg, line, col);
        }

        void ws() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++;
                else break;
            }
        }

        Object value(int depth) {
            if (depth > MAX_DEPTH) throw err("JSON nests deeper than " + MAX_DEPTH);
            if (i >= s.length()) throw err("unexpected end of JSON");
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (peek() == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        ws();
                        if (peek() != '"') throw err("expected a string key");
                        String k = str();
                        ws();
                        if (peek() != ':') throw err("expected ':'");
                        i++;
                        ws();
                        m.put(k, value(depth + 1));
                        ws();
                        char d = peek();
                        i++;
                        if (d == '}') return m;
                        if (d != ',') throw err("expected ',' or '}'");
                    }
                }
                case '[': {
                    i++;
                    List<Object> l = new ArrayList<>();
                    ws();
                    if (peek() == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        ws();
                        l.add(value(depth + 1));
                        ws();
                        char d = peek();
                        i++;
                        if (d == ']') return l;
                        if (d != ',') throw err("expected ',' or ']'");
                    }
                }
                case '"':
                    return str();
                case 't':
                    return lit("true", Boolean.TRUE);
                case 'f':
                    return lit("false", Boolean.FALSE);
                case 'n':
                    return lit("null", null);
                default:
                    return num();
            }
        }

        char peek() {
            if (i >= s.length()) throw err("unexpected end of JSON");
            return s.charAt(i);
        }

        Object lit(String word, Object v) {
            for (int k = 0; k < word.length(); k++) {
                if (i + k >= s.length() || s.charAt(i + k) != word.charAt(k)) throw err("unexpected token");
            }
            i += word.length();
            return v;
        }

        Object num() {
            int start = i;
            boolean frac = false;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c >= '0' && c <= '9' || c == '-' || c == '+') {
                    i++;
                } else if (c == '.' || c == 'e' || c == 'E') {
                    frac = true;
                    i++;
                } else {
                    break;
                }
            }
            String t = s.subSequence(start, i).toString();
            if (t.isEmpty()) throw err("unexpected character '" + s.charAt(i) + "'");
            try {
                // A whole number that fits a long stays exact (nanosecond stamps have 19 digits); a larger one is
                // read as a double, as JSON readers commonly do.
                Long whole = frac || t.length() > 20 ? null : wholeNumber(t);
                if (whole != null) return whole; // not a ?: with the double, which would widen the long
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                i = start;
                throw err("bad number '" + t + "'");
            }
        }

        /** The number as a long, or null when it does not fit one (or is no whole number). */
        static Long wholeNumber(String digits) {
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException e) {
                return null;
            }
        }

        String str() {
            i++; // opening quote
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (i >= s.length()) throw err("unterminated string");
                char c = s.charAt(i++);
                if (c == '"') return sb.toString();
                if (c == '\\') {
                    if (i >= s.length()) throw err("unterminated string");
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'u' -> {
                            if (i + 4 > s.length()) throw err("bad \\u escape");
                            int cp = 0;
                            for (int k = 0; k < 4; k++) {
                                int d = Character.digit(s.charAt(i + k), 16);
                                if (d < 0) throw err("bad \\u escape");
                                cp = cp * 16 + d;
                            }
                            i += 4;
                            sb.append((char) cp);
                        }
                        default -> sb.append(e);
                    }
                } else {
                    sb.append(c);
                }
            }
        }
    }
}
