package io.ncclscope.parsers.flightrec;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A pickled dict as the restricted reader builds it: keys and values side by side in one array, in insertion order
 * (as {@link java.util.LinkedHashMap} keeps them: a key set again keeps its place), looked up by a scan while small
 * and through an index past {@link #INDEXED}. A dump's entries are dicts of about twenty keys, two thousand of them
 * per dump: this costs one array each where a linked hash map costs a node per key.
 */
final class PickleDict extends AbstractMap<Object, Object> {

    /** Past this many keys, lookups go through a hash index. */
    static final int INDEXED = 24;

    private static final Object[] NO_ITEMS = {};
    private static final int[] NO_HASHES = {};

    /** Allocated on the first put, at the size SETITEMS announces (an entry's twenty keys at once: no regrowth). */
    private Object[] items = NO_ITEMS;
    private int[] hashes = NO_HASHES;
    private int size;
    private HashMap<Object, Integer> index;

    /** The {@code i}-th key, in insertion order. */
    Object keyAt(int i) {
        return items[2 * i];
    }

    /** The {@code i}-th value, in insertion order. */
    Object valueAt(int i) {
        return items[2 * i + 1];
    }

    @Override
    public int size() {
        return size;
    }

    private int slot(Object key) {
        if (index != null) {
            Integer at = index.get(key);
            return at == null ? -1 : at;
        }
        int h = Objects.hashCode(key);
        for (int i = 0; i < size; i++) {
            if (hashes[i] != h) continue;
            Object k = items[2 * i];
            if (k == key || k != null && k.equals(key)) return i;
        }
        return -1;
    }

    @Override
    public Object get(Object key) {
        int at = slot(key);
        return at < 0 ? null : items[2 * at + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return slot(key) >= 0;
    }

    /** Makes room for {@code pairs} keys in all. */
    void ensure(int pairs) {
        if (pairs > hashes.length) {
            int n = hashes.length == 0 ? Math.max(pairs, 4) : Math.max(pairs, hashes.length * 2);
            hashes = Arrays.copyOf(hashes, n);
            items = Arrays.copyOf(items, 2 * n);
        }
    }

    @Override
    public Object put(Object key, Object value) {
        int at = slot(key);
        if (at >= 0) {
            Object had = items[2 * at + 1];
            items[2 * at + 1] = value;
            return had;
        }
        ensure(size + 1);
        hashes[size] = Objects.hashCode(key);
        items[2 * size] = key;
        items[2 * size + 1] = value;
        if (index != null) {
            index.put(key, size);
        } else if (size + 1 > INDEXED) {
            index = new HashMap<>();
            for (int i = 0; i <= size; i++) index.put(items[2 * i], i);
        }
        size++;
        return null;
    }

    @Override
    public Set<Map.Entry<Object, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<Object, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Map.Entry<Object, Object> next() {
                        if (next >= size) throw new NoSuchElementException();
                        int i = next++;
                        return new AbstractMap.SimpleImmutableEntry<>(items[2 * i], items[2 * i + 1]);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    /** Identity, as containers of a hostile pickle may hold themselves: never walked to hash or compare. */
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    @Override
    public String toString() {
        return "dict of " + size + " keys";
    }
}
