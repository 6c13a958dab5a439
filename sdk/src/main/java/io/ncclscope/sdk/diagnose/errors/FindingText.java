package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.internal.Names;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** How the errors findings write lists of ranks and labels in their messages, fill their parameters and cut their lists. */
final class FindingText {

    private FindingText() {
    }

    /** {@return the items joined with commas} */
    static String join(Collection<?> items) {
        return items.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /** At most three items, then {@code (+N)}. */
    static String list(Collection<?> items) {
        return Names.upTo(items.stream().map(String::valueOf).toList(), 3);
    }

    /** {@return a GPU as NCCL printed its bus id and as normalised: {@code 0000:1b:00.0 (1b:00.0)}; {@code ?} with neither} */
    static String gpu(String busIdRaw, String busId) {
        if (busIdRaw != null && busId != null) return busIdRaw + " (" + busId + ")";
        return busIdRaw != null ? busIdRaw : busId != null ? busId : "?";
    }

    /** {@return the first {@code n} of {@code items}, unmodifiable} */
    static <T> List<T> first(List<T> items, int n) {
        return List.copyOf(items.subList(0, Math.min(n, items.size())));
    }

    /** {@return the one distinct name among {@code names}; null with none or several} */
    static String onlyOne(Stream<String> names) {
        List<String> distinct = names.distinct().limit(2).toList();
        return distinct.size() == 1 ? distinct.get(0) : null;
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
