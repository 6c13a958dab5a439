package io.ncclscope.sdk.diagnose;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
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

    /**
     * {@return the map of alternating names and values, as a {@code LinkedHashMap} filled in order would hold them: a
     * name given twice keeps its first place and its last value; a null value reads {@code ?}}
     */
    static Map<String, String> ofPairs(Object[] nameValues) {
        if (nameValues.length == 0) return EMPTY;
        String[] k = new String[nameValues.length / 2];
        String[] v = new String[k.length];
        int n = 0;
        for (int i = 0; i < nameValues.length; i += 2) {
            String name = String.valueOf(nameValues[i]);
            String value = nameValues[i + 1] == null ? "?" : String.valueOf(nameValues[i + 1]);
            int at = 0;
            while (at < n && !k[at].equals(name)) at++;
            k[at] = name;
            v[at] = value;
            if (at == n) n++;
        }
        return n == k.length ? new SmallMap(k, v) : new SmallMap(Arrays.copyOf(k, n), Arrays.copyOf(v, n));
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
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    public Map.Entry<String, String> next() {
                        if (next >= keys.length) throw new NoSuchElementException();
                        Map.Entry<String, String> e = new SimpleImmutableEntry<>(keys[next], values[next]);
                        next++;
                        return e;
                    }
                };
            }
        };
    }
}
