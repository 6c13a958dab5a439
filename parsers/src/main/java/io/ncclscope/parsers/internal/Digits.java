package io.ncclscope.parsers.internal;

/**
 * Runs of ASCII digits in a line, read without allocating: the hot-path form of {@link ToolValues#longValue} for the
 * readers that walk every line by hand (the NCCL log scanner's section readers, {@link LauncherPrefix}). A run is
 * already delimited by its reader; only {@code '0'} to {@code '9'} are digits (no sign, no other script's digits).
 */
public final class Digits {

    /** What {@link #value} answers when the region holds no number it can read. */
    public static final long NO_NUMBER = -1;

    /** Most digits {@link #value} reads: 18 always fit a {@code long}. */
    private static final int MAX_DIGITS = 18;

    private Digits() {
    }

    /** {@return whether {@code c} is an ASCII digit} */
    public static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** {@return whether {@code s[from, to)} is one or more ASCII digits} */
    public static boolean allDigits(String s, int from, int to) {
        if (from >= to) return false;
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) return false;
        }
        return true;
    }

    /**
     * {@return the value of {@code s[from, to)}, or {@link #NO_NUMBER} when it is empty, holds a character that is no
     * digit, or is longer than 18 digits}
     */
    public static long value(String s, int from, int to) {
        if (from >= to || to - from > MAX_DIGITS) return NO_NUMBER;
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!isDigit(c)) return NO_NUMBER;
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
