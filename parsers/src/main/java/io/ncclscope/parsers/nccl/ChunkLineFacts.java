package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.LineMapper;

/**
 * What the chunk threads of a big file learn of each line for {@link NcclLogScanner}, so that its one thread does
 * not: the line's {@link LineBigrams} pairs (fact 0: {@link LineBigrams#low()}, fact 1: {@link LineBigrams#high()}),
 * which the scanner needs for every line without a recent INFO prefix (a new prefix, a launcher's or framework's line)
 * and takes with {@link LineBigrams#set}.
 *
 * <p>Most lines of a log repeat the {@code host:pid:tid [dev] NCCL INFO } prefix of a line just before, and the scanner
 * recognises them by that prefix alone ({@link RecentInfoPrefixes}), without the pairs. So a line that starts with the
 * INFO prefix of the last INFO line of its chunk is left out, as is one without a pair; for a line left out
 * (whether the scanner knows its prefix or not: it may come first in a chunk, or its prefix hold a time of day) the
 * scanner reads the pairs itself. Either way it gets the pairs of the line, as in one stream. One instance per chunk.
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

    @Override
    public boolean map(byte[] latin1, int from, int to, long[] out, int at) {
        if (prefixLength > 0 && to - from >= prefixLength && repeatsPrefix(latin1, from)) return false;
        bigrams.read(latin1, from, to);
        out[at] = bigrams.low();
        out[at + 1] = bigrams.high();
        if (bigrams.mayHold(INFO_MARKER)) {
            int k = indexOfMarker(latin1, from, to);
            if (k >= 0) remember(latin1, from, k + INFO_BYTES.length);
        }
        return (out[at] | out[at + 1]) != 0;
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

    private void remember(byte[] latin1, int from, int to) {
        int n = to - from;
        if (n > prefix.length) prefix = new byte[Math.max(n, prefix.length * 2)];
        System.arraycopy(latin1, from, prefix, 0, n);
        prefixLength = n;
    }
}
