package io.ncclscope.cli;

import io.ncclscope.parsers.json.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A readable, indented view of a parse result for people at a terminal: the same content as the
 * JSON, as {@code key: value} lines, with long lists cut after {@link #MAX_ITEMS} items.
 */
final class TextView {

    /** Items shown of one list before "... N more". */
    static final int MAX_ITEMS = 40;

    private TextView() {
    }

    static void print(PrintWriter out, Map<String, Object> result) {
        // Round-trip through JSON so records, enums and optionals look exactly as in --format json.
        Object tree = Json.parse(Json.write(result));
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) tree;
        Object source = m.get("source");
        Object node = m.get("node");
        out.println("== " + (source != null ? source + ": " : "") + (node != null ? "node " + node + ": " : "") + m.get("kind"));
        List<?> warnings = (List<?>) m.get("warnings");
        render(out, "data", m.get("data"), 0);
        if (warnings != null && !warnings.isEmpty()) {
            out.println("warnings:");
            for (Object o : warnings) {
                Map<?, ?> w = (Map<?, ?>) o;
                String ex = String.valueOf(w.get("excerpt"));
                out.printf(Locale.ROOT, "  line %s %s: %s%s%n", w.get("line"), w.get("severity"), w.get("message"),
                        ex.isEmpty() ? "" : "  [" + ex + "]");
            }
        }
        out.println();
    }

    private static void render(PrintWriter out, String key, Object v, int depth) {
        String pad = "  ".repeat(depth);
        if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                out.println(pad + key + ": {}");
                return;
            }
            out.println(pad + key + ":");
            for (Map.Entry<?, ?> e : m.entrySet()) {
                render(out, String.valueOf(e.getKey()), e.getValue(), depth + 1);
            }
        } else if (v instanceof List<?> l) {
            if (l.isEmpty()) {
                out.println(pad + key + ": []");
            } else if (l.stream().noneMatch(x -> x instanceof Map || x instanceof List)) {
                StringBuilder sb = new StringBuilder();
                int n = 0;
                for (Object x : l) {
                    if (n++ == MAX_ITEMS * 4) {
                        sb.append(", ... ").append(l.size() - MAX_ITEMS * 4).append(" more");
                        break;
                    }
                    if (sb.length() > 0) sb.append(", ");
                    sb.append(x);
                }
                out.println(pad + key + ": [" + sb + "]");
            } else {
                out.println(pad + key + ": (" + l.size() + ")");
                int n = 0;
                for (Object x : l) {
                    if (n++ == MAX_ITEMS) {
                        out.println(pad + "  ... " + (l.size() - MAX_ITEMS) + " more");
                        break;
                    }
                    render(out, "-", x, depth + 1);
                }
            }
        } else {
            out.println(pad + key + ": " + v);
        }
    }
}
