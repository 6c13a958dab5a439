package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.internal.Names;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

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

    /** At most three items, then {@code (+N)}. */
    static String list(Collection<?> items) {
        return Names.upTo(items.stream().map(String::valueOf).toList(), 3);
    }

    /** Puts {@code v} under {@code k} unless it is null or blank. */
    static void putIf(Map<String, String> m, String k, String v) {
        if (v != null && !v.isBlank()) m.put(k, v);
    }

    /** {@return a finding's parameters from names and values in turn, in that order; null or blank values left out} */
    static Map<String, String> params(String... namesAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) putIf(m, namesAndValues[i], namesAndValues[i + 1]);
        return m;
    }
}
