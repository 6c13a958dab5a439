package io.ncclscope.sdk.diagnose;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An unmodifiable map in insertion order, held as two arrays: the few named values of a {@link Message} or a
 * {@link Finding}'s parameters. A finding is made per node, and thousands of them wait in the analyzer passes until
 * the report is built: a map of four entries takes about a fifth of a {@code LinkedHashMap}'s heap. Equality, hash
 * code and text are those of any {@link Map}; lookups scan the keys (a handful). Immutable, thread-safe.
 */
final class SmallMap extends AbstractMap<String, String> {

    private static final SmallMap EMPTY = new SmallMap(new String[0], new String[0]);

    private final String[] keys;
    private final String[] values;

    private SmallMap(String[] keys, String[] values) {
        this.keys = keys;
        this.values = values;
    }

    /** {@return an unmodifiable copy of {@code m}, in its iteration order} */
    static Map<String, String> copyOf(Map<String, String> m) {
        if (m instanceof SmallMap s) return s;
        if (m.isEmpty()) return EMPTY;
        String[] k = new String[m.size()];
        String[] v = new String[m.size()];
        int i = 0;
        for (Map.Entry<String, String> e : m.entrySet()) {
            k[i] = e.getKey();
            v[i++] = e.getValue();
        }
        return new SmallMap(k, v);
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return index(key) >= 0;
    }

    @Override
    public String get(Object key) {
        int i = index(key);
        return i < 0 ? null : values[i];
    }

    private int index(Object key) {
        for (int i = 0; i < keys.length; i++) if (java.util.Objects.equals(keys[i], key)) return i;
        return -1;
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return keys.length;
            }

            @Override
            public Iterator<Map.Entry<String, String>> iterator() {
                List<Map.Entry<String, String>> entries = new ArrayList<>(keys.length);
                for (int i = 0; i < keys.length; i++) entries.add(new SimpleImmutableEntry<>(keys[i], values[i]));
                return Collections.unmodifiableList(entries).iterator();
            }
        };
    }
}
