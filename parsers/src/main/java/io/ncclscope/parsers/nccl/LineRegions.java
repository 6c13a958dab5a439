package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.internal.Digits.isDigit;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TEXT;

/**
 * Reading regions of a log line without allocating: words at a position, and the 64-bit hashes by which the scanner
 * recognises a fact it already kept (digit runs: {@link io.ncclscope.parsers.internal.Digits}). Shared by every section
 * reader of {@link NcclLogScanner}.
 */
final class LineRegions {

    /** Start value of every region hash (FNV-1a's offset basis). */
    static final long SEED = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private LineRegions() {
    }

    static String numberAt(String s, int i) {
        int e = i;
        while (e < s.length() && e - i < 10 && isDigit(s.charAt(e))) e++;
        return s.substring(i, e);
    }

    static boolean word(String s, int at, String w) {
        int e = at + w.length();
        return s.startsWith(w, at) && (e == s.length() || s.charAt(e) == ' ');
    }

    /** {@code misc/socket.cc:484}: a path, a colon, digits. */
    static boolean isSourceToken(String s, int from, int to) {
        if (to - from < 3) return false;
        int d = to - 1;
        while (d > from && isDigit(s.charAt(d))) d--;
        return d < to - 1 && d > from && s.charAt(d) == ':';
    }

    static boolean has(String s, int from, String what) {
        return s.indexOf(what, from) >= 0;
    }

    static int tokenEnd(String m, int s) {
        int e = s;
        while (e < m.length() && m.charAt(e) != ' ') e++;
        return e;
    }

    /** Hashes {@code s[from, to)} into {@code h}, four characters at a time. */
    static long mix(long h, String s, int from, int to) {
        int i = from;
        for (; i + 3 < to; i += 4) {
            long w = s.charAt(i) | (long) s.charAt(i + 1) << 16 | (long) s.charAt(i + 2) << 32 | (long) s.charAt(i + 3) << 48;
            h = step4(h, w);
        }
        for (; i < to; i++) {
            h = step1(h, s.charAt(i));
        }
        return h;
    }

    /** {@link #mix}'s step for four characters packed 16 bits each, the first lowest. */
    static long step4(long h, long chars) {
        h = (h ^ chars) * PRIME;
        return h ^ (h >>> 31);
    }

    /** {@link #mix}'s step for one of the last characters. */
    static long step1(long h, int c) {
        return (h ^ c) * PRIME;
    }

    /**
     * The hash of a message, {@code line[from, to)}, by which the scanner keys what a process said
     * ({@link HostsAndProcesses#lineKey}) and a host's channel lines: a chunk thread may have computed it already
     * ({@link ChunkLineFacts#messageHash}).
     */
    static long messageHash(String line, int from, int to) {
        return mix(SEED, line, from, to);
    }

    static long mix(long h, long v) {
        h = (h ^ v) * PRIME;
        return h ^ (h >>> 29);
    }

    static long mixNullable(long h, String s) {
        return s == null ? mix(h, 0x9e37L) : mix(mix(h, s, 0, s.length()), s.length());
    }

    /** {@code s} cut to {@link NcclLogParser#MAX_TEXT} characters. */
    static String cut(String s) {
        return s == null || s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT);
    }

    /**
     * The end of a line's text without the repeated half of a CloudWatch console row: rows are {@code  | TIME | MESSAGE},
     * and where the time cell merged with the message, {@code  | TIMEMESSAGE | MESSAGE} (corpus-more
     * aws-ofi-nccl-889-1); the second copy is cut. {@code s.length()} for any other line.
     */
    static int withoutRepeatedCell(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && s.charAt(i) == ' ') i++;
        if (i >= n || s.charAt(i) != '|') return n;
        int bar = s.lastIndexOf(" | ");
        int len = n - (bar + 3);
        if (bar <= i || len <= 0 || bar - len <= i) return n;
        return s.regionMatches(bar - len, s, bar + 3, len) ? bar : n;
    }
}
