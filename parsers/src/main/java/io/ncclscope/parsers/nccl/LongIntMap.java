package io.ncclscope.parsers.nccl;

/**
 * An open-addressing map from 64-bit fact hashes to list indexes, so that a repeated log line is recognised without
 * allocating a key. Key 0 marks an empty slot (a hash of 0 is stored as 1: one more collision in 2^64). Grows by
 * doubling at half load; callers bound its size by their caps and start it small (a pasted log fills a few
 * dozen slots; the arrays were a paste's biggest parse allocation at 256 expected). Not thread-safe.
 */
final class LongIntMap {
    /** What {@link #get} answers for a key not in the map (values are list indexes, never negative). */
    static final int ABSENT = -1;

    private long[] keys;
    private int[] values;
    private int size;

    LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2) - 1) << 1;
        keys = new long[cap];
        values = new int[cap];
    }

    int size() {
        return size;
    }

    /** The value of {@code key}, or {@link #ABSENT}. */
    int get(long key) {
        int i = slot(stored(key));
        return keys[i] != 0 ? values[i] : ABSENT;
    }

    /**
     * {@return true when {@code key} is in the map} Unlike {@link #get}, it reads no value: in a map of many keys
     * (the seen lines, up to 64 Ki), each array read at a random slot is a likely cache miss, and the scanning thread
     * asks this of most lines of a big log (2026-12-05: {@code get} was 6 to 8 % of its samples).
     */
    boolean contains(long key) {
        return keys[slot(stored(key))] != 0;
    }

    void put(long key, int value) {
        long k = stored(key);
        if ((size + 1) * 2 > keys.length) grow();
        int i = slot(k);
        if (keys[i] == 0) {
            keys[i] = k;
            size++;
        }
        values[i] = value;
    }

    /** Key 0 marks an empty slot, so it is kept as 1. */
    private static long stored(long key) {
        return key == 0 ? 1 : key;
    }

    /** The slot holding {@code key} (a stored key), or the empty slot where it goes. */
    private int slot(long key) {
        long[] k = keys;
        int mask = k.length - 1;
        int i = spread(key) & mask;
        long x;
        while ((x = k[i]) != 0 && x != key) i = (i + 1) & mask;
        return i;
    }

    private void grow() {
        long[] k = keys;
        int[] v = values;
        keys = new long[k.length * 2];
        values = new int[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != 0) put(k[i], v[i]);
        }
    }

    private static int spread(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
