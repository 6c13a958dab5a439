package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.LineMapper;

/**
 * What the chunk threads of a big file learn of each line for {@link NcclLogScanner}, so that its one thread does
 * not, in two facts per line:
 * <ul>
 * <li>a line that starts with the {@code ... NCCL INFO } prefix of the line before it (most lines of a log): fact 0 is
 * 0 and fact 1 the length of that prefix, the characters the two lines have in common from their start. The scanner
 * then knows the line repeats the INFO prefix it last recognised ({@link RecentInfoPrefixes#matchFront}) without
 * comparing them again;</li>
 * <li>another line: its {@link LineBigrams} pairs (fact 0: {@link LineBigrams#low()}, fact 1: {@link LineBigrams#high()}),
 * which the scanner needs for every line without a recent INFO prefix (a new prefix, a launcher's or framework's
 * line) and takes with {@link LineBigrams#set};</li>
 * <li>none (both 0) for a line whose pairs all hash above 63 (its fact 0 would be 0), and for one that starts with
 * the chunk's last INFO prefix after a line that did not (a traceback between INFO lines): the scanner recognises
 * most of those by their prefix, and reads the pairs of the others itself.</li>
 * </ul>
 * Either way the scanner gets what it would get from the line in one stream. A character beyond Latin-1 reaches
 * {@link #map} as {@code ?}, so a prefix holding a {@code ?} is not remembered: two lines equal in their bytes are then
 * equal in their characters. One instance per chunk.
 */
final class ChunkLineFacts implements LineMapper {

    /** The facts per line. */
    static final int WIDTH = 2;

    private static final LineBigrams.Word INFO_MARKER = new LineBigrams.Word("NCCL INFO ");
    private static final byte[] INFO_BYTES = {'N', 'C', 'C', 'L', ' ', 'I', 'N', 'F', 'O', ' '};

    private final LineBigrams bigrams = new LineBigrams();
    /** The last INFO prefix of the chunk, up to and with {@code NCCL INFO }: its first {@link #prefixLength} bytes. */
    private byte[] prefix = new byte[128];
    private int prefixLength;
    /** The line before started with {@link #prefix}. */
    private boolean previousHasPrefix;

    @Override
    public boolean map(byte[] latin1, int from, int to, long[] out, int at) {
        if (prefixLength > 0 && to - from >= prefixLength && repeatsPrefix(latin1, from)) {
            if (previousHasPrefix) {
                out[at] = 0;
                out[at + 1] = prefixLength;
                return true;
            }
            previousHasPrefix = true;
            return false;
        }
        previousHasPrefix = false;
        bigrams.read(latin1, from, to);
        if (bigrams.mayHold(INFO_MARKER)) {
            int k = indexOfMarker(latin1, from, to);
            if (k >= 0) remember(latin1, from, k + INFO_BYTES.length);
        }
        out[at] = bigrams.low();
        out[at + 1] = bigrams.high();
        return out[at] != 0;
    }

    /** True when the line at {@code from} starts with {@link #prefix}; compared from its end, where prefixes differ. */
    private boolean repeatsPrefix(byte[] latin1, int from) {
        for (int i = prefixLength - 1; i >= 0; i--) {
            if (latin1[from + i] != prefix[i]) return false;
        }
        return true;
    }

    /** The first {@code NCCL INFO } in {@code [from, to)}, or -1. */
    private static int indexOfMarker(byte[] latin1, int from, int to) {
        int last = to - INFO_BYTES.length;
        for (int i = from; i <= last; i++) {
            if (latin1[i] != 'N') continue;
            int j = 1;
            while (j < INFO_BYTES.length && latin1[i + j] == INFO_BYTES[j]) j++;
            if (j == INFO_BYTES.length) return i;
        }
        return -1;
    }

    /** Remembers the prefix {@code [from, to)} of the current line, unless it holds a {@code ?}. */
    private void remember(byte[] latin1, int from, int to) {
        int n = to - from;
        for (int i = from; i < to; i++) {
            if (latin1[i] == '?') {
                prefixLength = 0;
                return;
            }
        }
        if (n > prefix.length) prefix = new byte[Math.max(n, prefix.length * 2)];
        System.arraycopy(latin1, from, prefix, 0, n);
        prefixLength = n;
        previousHasPrefix = true;
    }
}
