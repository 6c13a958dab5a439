package io.ncclscope.sdk.diagnose.transport;

import java.util.HashMap;
import java.util.Map;

/**
 * One instance of each equal value a pass keeps: the nodes of a bundle print the same interface names, addresses,
 * messages and settings, and their logs' summaries repeat the same facts (equal records, line numbers included),
 * so a thousand nodes keep one copy of each, not a thousand. Values must be immutable. Not shared between threads.
 */
final class Shared {

    private final Map<Object, Object> values = new HashMap<>();

    /** {@return the kept instance equal to {@code v} (null for null), keeping {@code v} when it is the first} */
    @SuppressWarnings("unchecked")
    <T> T of(T v) {
        if (v == null) return null;
        Object o = values.putIfAbsent(v, v);
        return o == null ? v : (T) o;
    }
}
