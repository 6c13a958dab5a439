package io.ncclscope.sdk.diagnose.errors;

import java.util.Map;
import java.util.Set;

/** How the errors findings write lists of ranks and labels in their messages, and fill their parameters. */
final class FindingText {

    private FindingText() {
    }

    /** {@return the items joined with commas} */
    static String join(Iterable<?> items) {
        StringBuilder sb = new StringBuilder();
        for (Object o : items) sb.append(sb.length() > 0 ? ", " : "").append(o);
        return sb.toString();
    }

    /** At most three labels, then {@code (+N)}. */
    static String list(Set<String> items) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (String s : items) {
            if (n == 3) {
                sb.append(" (+").append(items.size() - 3).append(')');
                break;
            }
            sb.append(n > 0 ? ", " : "").append(s);
            n++;
        }
        return sb.toString();
    }

    /** Puts {@code v} under {@code k} unless it is null or blank. */
    static void putIf(Map<String, String> m, String k, String v) {
        if (v != null && !v.isBlank()) m.put(k, v);
    }
}
