package io.ncclscope.sdk.diagnose.internal;

import java.util.Locale;

/**
 * The time NCCL writes before a WARN line in its default {@code NCCL_DEBUG_TIMESTAMP_FORMAT}, {@code [%F %T] }:
 * {@code [2026-12-02 09:03:10]}. Every node of a cluster warns at its own times, so the passes that keep one summary
 * for the nodes that say the same take it out as a node's own value: its fourteen digits as one number, written back
 * exactly. Other formats are not recognised and stay in the text.
 */
public final class WarnTime {

    /** Characters from the opening bracket to the closing one. */
    public static final int LENGTH = 21;

    private WarnTime() {
    }

    /**
     * {@return whether {@code s} holds {@code [dddd-dd-dd dd:dd:dd]} at {@code i}}
     *
     * @param s a text
     * @param i where its opening bracket would be
     */
    public static boolean at(String s, int i) {
        if (i < 0 || i + LENGTH > s.length() || s.charAt(i) != '[' || s.charAt(i + LENGTH - 1) != ']') return false;
        for (int k = 1; k < LENGTH - 1; k++) {
            char c = s.charAt(i + k);
            char want = k == 5 || k == 8 ? '-' : k == 11 ? ' ' : k == 14 || k == 17 ? ':' : '0';
            if (want == '0' ? c < '0' || c > '9' : c != want) return false;
        }
        return true;
    }

    /**
     * {@return the fourteen digits of the time at {@code i} as one number (YYYYMMDDhhmmss)}
     *
     * @param s a text with a time at {@code i} ({@link #at})
     * @param i where its opening bracket is
     */
    public static long digits(String s, int i) {
        long v = 0;
        for (int k = i + 1; k < i + LENGTH - 1; k++) {
            char c = s.charAt(k);
            if (c >= '0' && c <= '9') v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * Writes a time taken out with {@link #digits} back, without its brackets: {@code 2026-12-02 09:03:10}.
     *
     * @param b where to write
     * @param v the fourteen digits as one number
     */
    public static void write(StringBuilder b, long v) {
        String d = String.format(Locale.ROOT, "%014d", v);
        b.append(d, 0, 4).append('-').append(d, 4, 6).append('-').append(d, 6, 8).append(' ').append(d, 8, 10)
                .append(':').append(d, 10, 12).append(':').append(d, 12, 14);
    }
}
