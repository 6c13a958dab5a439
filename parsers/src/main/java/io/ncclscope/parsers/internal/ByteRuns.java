package io.ncclscope.parsers.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte scans of the chunk threads eight bytes at a time: under C1, which the one-shot CLI runs, a loop over single bytes
 * pays its checks per byte, and a read of eight through a {@link VarHandle} costs about as much as one (the search for a
 * line's end over a 268 MB log: 475 to about 300 ms).
 */
public final class ByteRuns {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long SPACES = 0x2020202020202020L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private ByteRuns() {
    }

    /**
     * {@return the first index in {@code [from, to)} of a byte that is not printable ASCII (below 0x20 or above 0x7f),
     * or {@code to}}
     *
     * @param bytes the bytes
     * @param from  the first index looked at
     * @param to    the end of the bytes looked at
     */
    public static int printableEnd(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(bytes, i);
            // A byte below 0x20 sets its high bit in w - 0x20..; a byte above 0x7f has it set already. A borrow only
            // reaches the bytes after the first such byte, which the lowest set bit comes before.
            long stops = ((w - SPACES) | w) & HIGH_BITS;
            if (stops != 0) return i + (Long.numberOfTrailingZeros(stops) >>> 3);
        }
        while (i < to && bytes[i] >= 0x20) i++;
        return i;
    }

    /**
     * {@return true when {@code a[aFrom, aFrom + length)} equals {@code b[bFrom, bFrom + length)}}
     *
     * @param a      one array
     * @param aFrom  where its bytes start
     * @param b      the other
     * @param bFrom  where its bytes start
     * @param length how many bytes to compare
     */
    public static boolean equal(byte[] a, int aFrom, byte[] b, int bFrom, int length) {
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            if ((long) LONGS.get(a, aFrom + i) != (long) LONGS.get(b, bFrom + i)) return false;
        }
        for (; i < length; i++) {
            if (a[aFrom + i] != b[bFrom + i]) return false;
        }
        return true;
    }

    /**
     * {@return the four bytes at {@code at}, the first lowest}
     *
     * @param bytes the bytes
     * @param at    the first of the four
     */
    public static int int4(byte[] bytes, int at) {
        return (int) INTS.get(bytes, at);
    }
}
