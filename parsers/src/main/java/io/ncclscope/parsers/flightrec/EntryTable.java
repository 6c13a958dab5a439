package io.ncclscope.parsers.flightrec;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A dump's entries held column by column: numbers in primitive arrays, names, shapes and data types shared between the
 * entries that repeat them (a dump repeats a handful of them in thousands of entries). An entry costs about 130 bytes
 * here, against about 550 as records of boxed numbers and lists; {@link #get(int)} builds the record when asked.
 * Immutable once built.
 */
final class EntryTable extends AbstractList<FlightRecorderEntry> implements RandomAccess {

    /** The nullable numbers of an entry, in this order. */
    static final int PG_ID = 0;
    static final int SEQ = 1;
    static final int P2P_SEQ = 2;
    static final int OP_ID = 3;
    static final int CREATED = 4;
    static final int STARTED = 5;
    static final int COMPLETED = 6;
    static final int TIMEOUT = 7;
    private static final int NUMBERS = 8;
    /** The shared values of an entry, in this order. */
    static final int GROUP = 0;
    static final int GROUP_DESC = 1;
    static final int NAME = 2;
    static final int STATE = 3;
    static final int IN_SIZES = 4;
    static final int OUT_SIZES = 5;
    static final int IN_TYPES = 6;
    static final int OUT_TYPES = 7;
    static final int FRAMES = 8;
    private static final int SHARED = 9;
    /** Flag bits past the numbers' present bits: duration present, then p2p and retired as two bits each. */
    private static final int DURATION_BIT = 1 << NUMBERS;
    private static final int P2P_SHIFT = NUMBERS + 1;
    private static final int RETIRED_SHIFT = NUMBERS + 3;

    private final int size;
    private final int[] index;
    private final long[] recordId;
    private final long[] numbers;
    private final int[] flags;
    private final double[] duration;
    private final Object[] shared;

    private EntryTable(Builder b) {
        size = b.count;
        index = Arrays.copyOf(b.index, size);
        recordId = Arrays.copyOf(b.recordId, size);
        numbers = Arrays.copyOf(b.numbers, size * NUMBERS);
        flags = Arrays.copyOf(b.flags, size);
        duration = b.anyDuration ? Arrays.copyOf(b.duration, size) : null;
        shared = Arrays.copyOf(b.shared, size * SHARED);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    @SuppressWarnings("unchecked")
    public FlightRecorderEntry get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        int f = flags[i];
        int s = i * SHARED;
        return new FlightRecorderEntry(index[i], recordId[i], number(i, PG_ID), (String) shared[s + GROUP],
                (String) shared[s + GROUP_DESC], number(i, SEQ), number(i, P2P_SEQ), number(i, OP_ID),
                (String) shared[s + NAME], (List<List<Long>>) shared[s + IN_SIZES], (List<List<Long>>) shared[s + OUT_SIZES],
                (List<String>) shared[s + IN_TYPES], (List<String>) shared[s + OUT_TYPES], (String) shared[s + STATE],
                number(i, CREATED), number(i, STARTED), number(i, COMPLETED),
                (f & DURATION_BIT) != 0 ? duration[i] : null, number(i, TIMEOUT), bool(f >>> P2P_SHIFT),
                bool(f >>> RETIRED_SHIFT), (List<String>) shared[s + FRAMES]);
    }

    private Long number(int i, int column) {
        return (flags[i] & (1 << column)) != 0 ? numbers[i * NUMBERS + column] : null;
    }

    private static Boolean bool(int bits) {
        return switch (bits & 3) {
            case 1 -> Boolean.FALSE;
            case 2 -> Boolean.TRUE;
            default -> null;
        };
    }

    /** Fills a table one entry at a time: {@link #start}, the setters, then {@link #build()}. */
    static final class Builder {
        /** Most distinct values shared; past it, new values are kept unshared. */
        private static final int MAX_SHARED = 65_536;

        private int count;
        private int cur = -1;
        private int[] index = new int[16];
        private long[] recordId = new long[16];
        private long[] numbers = new long[16 * NUMBERS];
        private int[] flags = new int[16];
        private double[] duration = new double[16];
        private boolean anyDuration;
        private Object[] shared = new Object[16 * SHARED];
        private final Map<Object, Object> canonical = new HashMap<>();

        /** Starts the next entry: {@code entryIndex} is its 1-based place in the dump. */
        void start(int entryIndex, long record) {
            if (count == index.length) {
                int n = count * 2;
                index = Arrays.copyOf(index, n);
                recordId = Arrays.copyOf(recordId, n);
                numbers = Arrays.copyOf(numbers, n * NUMBERS);
                flags = Arrays.copyOf(flags, n);
                duration = Arrays.copyOf(duration, n);
                shared = Arrays.copyOf(shared, n * SHARED);
            }
            cur = count++;
            index[cur] = entryIndex;
            recordId[cur] = record;
            for (int c = IN_SIZES; c <= FRAMES; c++) shared[cur * SHARED + c] = List.of();
        }

        void recordId(long record) {
            recordId[cur] = record;
        }

        void number(int column, Long value) {
            if (value == null) {
                flags[cur] &= ~(1 << column);
            } else {
                flags[cur] |= 1 << column;
                numbers[cur * NUMBERS + column] = value;
            }
        }

        void duration(Double value) {
            if (value == null) {
                flags[cur] &= ~DURATION_BIT;
            } else {
                flags[cur] |= DURATION_BIT;
                duration[cur] = value;
                anyDuration = true;
            }
        }

        void p2p(Boolean value) {
            flags[cur] = flags[cur] & ~(3 << P2P_SHIFT) | bits(value) << P2P_SHIFT;
        }

        void retired(Boolean value) {
            flags[cur] = flags[cur] & ~(3 << RETIRED_SHIFT) | bits(value) << RETIRED_SHIFT;
        }

        private static int bits(Boolean value) {
            return value == null ? 0 : value ? 2 : 1;
        }

        /** Sets a shared value: a string, or an immutable list, the same instance as any equal one before. */
        void shared(int column, Object value) {
            Object v = value;
            if (v != null) {
                Object had = canonical.get(v);
                if (had != null) v = had;
                else if (canonical.size() < MAX_SHARED) canonical.put(v, v);
            }
            shared[cur * SHARED + column] = v;
        }

        /** {@return the entries so far, as an immutable list} */
        EntryTable build() {
            return new EntryTable(this);
        }
    }
}
