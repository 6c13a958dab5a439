package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ByteRuns;
import io.ncclscope.parsers.internal.LineMapper;

/**
 * What the chunk threads of a big file learn of each line for {@link NcclLogScanner}, so that its one thread does
 * not, in four facts per line:
 * <ul>
 * <li>a line that starts with the {@code ... NCCL INFO } prefix of the line before it (most lines of a log): fact 0 is
 * 0, fact 1 the length of that prefix, the characters the two lines have in common from their start, and fact 2 the
 * {@link LineRegions#messageHash} of the rest of the line (0 when it holds a {@code ?}, which may stand for a character
 * beyond Latin-1, or when fact 3 is not 0 and the line is no {@link InfoFolds#KEYED} one). The scanner then knows the
 * line repeats the INFO prefix it last recognised ({@link RecentInfoPrefixes#matchFront}) without comparing them again,
 * and keys the message's facts by its hash without reading it ({@link HostsAndProcesses#lineKey}); and fact 3, when
 * the message is one that {@link InfoFolds} finds the scanner only counts, or counts once it keeps the message's fact
 * ({@link #KEY_BITS}), tells of the run of such lines from this one on (its length in {@link #RUN_LENGTH},
 * {@link #RUN_RINGS}, {@link #RUN_CHANNELS}, {@link #RUN_KEYED}), which the scanner may then count at once
 * ({@link NcclLogScanner#fold}), else 0;</li>
 * <li>another line: its {@link LineBigrams} pairs (fact 0: {@link LineBigrams#low()}, fact 1: {@link LineBigrams#high()}),
 * which the scanner needs for every line without a recent INFO prefix (a new prefix, a launcher's or framework's
 * line) and takes with {@link LineBigrams#set}; and fact 2, the words of {@link NcclLogScanner#SOUGHT} that the line
 * holds ({@link LineBigrams#held()}), so that the scanner searches it only for those: the line is {@link #inert}
 * when it holds none of the words that {@link NcclLogScanner#onOther} looks for ({@link NcclLogScanner#OTHER_WORDS}),
 * and the scanner skips those handlers; and fact 3, when it is inert and holds no level marker either,
 * {@link #RUN_INERT} with the length of the run of such lines from it on;</li>
 * <li>none (all 0) for a line whose pairs all hash above 63 (its fact 0 would be 0), and for one that starts with
 * the chunk's last INFO prefix after a line that did not (a traceback between INFO lines): the scanner recognises
 * most of those by their prefix, and reads the pairs of the others itself.</li>
 * </ul>
 * Either way the scanner gets what it would get from the line in one stream. A character beyond Latin-1 reaches
 * {@link #map} as {@code ?}, so a prefix holding a {@code ?} is not remembered: two lines equal in their bytes are then
 * equal in their characters; and no word looked for holds a {@code ?}, so a word is found in the bytes exactly when it
 * is in the characters. One instance per chunk.
 */
final class ChunkLineFacts implements LineMapper {

    /** The facts per line. */
    static final int WIDTH = 4;

    /** Fact 3's bits that hold the run's length (lines). */
    static final long RUN_LENGTH = 0xffffffL;
    /** Fact 3's bit set when the run holds a ring listing ({@link InfoFolds#RING}). */
    static final long RUN_RINGS = 1L << 24;
    /** Fact 3's bit set when a ring listing of the run has a channel count, the largest in bits 32 to 63. */
    static final long RUN_CHANNELS = 1L << 25;
    /**
     * Fact 3's bit set for a run of lines with pairs that are {@link #inert} and hold no level marker either
     * ({@link NcclLinePrefix#MARKER_WORDS}): tracebacks and launcher chatter, which the scanner only counts while no
     * WARN, PyTorch error block or torchrun table is open.
     */
    static final long RUN_INERT = 1L << 26;
    /**
     * Fact 3's bits of a line's own {@link InfoFolds#KEYED} kind ({@link InfoFolds#key()}; 0 for a line of another kind),
     * kept per line when runs are joined; its fact 2 then holds its message's {@link LineRegions#messageHash}.
     */
    static final long KEY_BITS = 0xfL << 27;
    /** Where {@link #KEY_BITS} start. */
    static final int KEY_SHIFT = 27;
    /** Fact 3's bit set when the run holds a {@link InfoFolds#KEYED} line: the scanner looks each up before it counts it. */
    static final long RUN_KEYED = 1L << 31;

    /** {@link NcclLogScanner#SOUGHT}'s bits of the level markers ({@link NcclLinePrefix#MARKER_WORDS}). */
    private static final long MARKER_BITS = NcclLogScanner.SOUGHT.bits(NcclLinePrefix.MARKER_WORDS);

    /**
     * {@return true when fact 2 of a line with pairs says it holds none of {@link NcclLogScanner#OTHER_WORDS}}
     *
     * @param fact2 the line's fact 2 ({@link LineBigrams#held()}), or 0 when not known
     */
    static boolean inert(long fact2) {
        return fact2 != 0 && (fact2 & NcclLogScanner.OTHER_BITS) == 0;
    }

    private static final LineBigrams.Word INFO_MARKER = new LineBigrams.Word("NCCL INFO ");
    private static final byte[] INFO_BYTES = {'N', 'C', 'C', 'L', ' ', 'I', 'N', 'F', 'O', ' '};

    private final LineBigrams bigrams = new LineBigrams();
    private final InfoFolds folds = new InfoFolds();
    /** The last INFO prefix of the chunk, up to and with {@code NCCL INFO }: its first {@link #prefixLength} bytes. */
    private byte[] prefix = new byte[128];
    private int prefixLength;
    /** The line before started with {@link #prefix}. */
    private boolean previousHasPrefix;
    /**
     * What kind of line the line before is: 1 when the scanner may count it among INFO lines without reading it
     * ({@link #fold}), {@link #RUN_INERT} {@code | 1} when among inert lines, 0 when neither.
     */
    private long previousFold;
    /** The line last mapped is in a run of such lines, not its first: the scanner reads it only if it reads the run. */
    private boolean textMayWait;

    /**
     * {@inheritDoc}
     *
     * <p>True for a line inside a run of lines the scanner may count without reading ({@link NcclLogScanner#fold}),
     * not its first: the scanner counts the run at its first line, or reads each line when it cannot.
     */
    @Override
    public boolean textMayWait() {
        return textMayWait;
    }

    @Override
    public boolean map(byte[] latin1, int from, int to, long[] out, int at) {
        long afterFold = previousFold;
        textMayWait = false;
        previousFold = 0;
        if (prefixLength > 0 && to - from >= prefixLength && repeatsPrefix(latin1, from)) {
            if (previousHasPrefix) {
                out[at] = 0;
                out[at + 1] = prefixLength;
                long run = fold(latin1, from + prefixLength, to);
                // a line the scanner counts without reading needs no hash, but one it looks up does (as one it reads)
                long hash = run == 0 || (run & RUN_KEYED) != 0 ? messageHash(latin1, from + prefixLength, to) : 0;
                if (hash == 0 && (run & RUN_KEYED) != 0) run = 0; // a message beyond Latin-1 is not looked up: read
                out[at + 2] = hash;
                out[at + 3] = run;
                previousFold = out[at + 3] == 0 ? 0 : 1;
                textMayWait = previousFold != 0 && afterFold == 1;
                return true;
            }
            previousHasPrefix = true;
            return false;
        }
        previousHasPrefix = false;
        NcclLogScanner.SOUGHT.read(bigrams, latin1, from, to);
        if (bigrams.mayHold(INFO_MARKER)) {
            int k = indexOfMarker(latin1, from, to);
            if (k >= 0) remember(latin1, from, k + INFO_BYTES.length);
        }
        out[at] = bigrams.low();
        if (out[at] == 0) return false; // the scanner reads the pairs of such a line itself
        out[at + 1] = bigrams.high();
        long held = bigrams.held();
        out[at + 2] = held;
        out[at + 3] = (held & (NcclLogScanner.OTHER_BITS | MARKER_BITS)) == 0 ? RUN_INERT | 1 : 0;
        textMayWait = out[at + 3] != 0 && afterFold == out[at + 3];
        previousFold = out[at + 3];
        return true;
    }

    /** Fact 3 of one repeated-prefix line, a run of one: what {@link InfoFolds} makes of its message {@code [m, to)}. */
    private long fold(byte[] latin1, int m, int to) {
        int kind = folds.classify(latin1, m, to);
        if (kind == InfoFolds.NONE) return 0;
        if (kind == InfoFolds.IGNORED) return 1;
        if (kind == InfoFolds.KEYED) return 1 | RUN_KEYED | (long) folds.key() << KEY_SHIFT;
        int channels = folds.channels();
        return channels < 0 ? 1 | RUN_RINGS : 1 | RUN_RINGS | RUN_CHANNELS | (long) channels << 32;
    }

    /**
     * Makes fact 3 of each line that {@link #fold} found foldable tell of the run of such lines from it to the last
     * one in a row: their count, whether any is a ring listing or a {@link InfoFolds#KEYED} line, and the largest
     * channel count among them; the line's own {@link #KEY_BITS} stay.
     */
    @Override
    public void finish(long[] facts, int count) {
        long next = 0;
        for (int i = count - 1; i >= 0; i--) {
            int at = i * WIDTH + 3;
            long own = facts[at];
            if (own == 0) {
                next = 0;
                continue;
            }
            long run = own;
            if (next != 0 && (next & RUN_INERT) == (own & RUN_INERT)) {
                long length = Math.min(RUN_LENGTH, (next & RUN_LENGTH) + 1);
                long flags = (own | next) & (RUN_RINGS | RUN_INERT | RUN_KEYED) | own & KEY_BITS;
                long channels = 0;
                if (((own | next) & RUN_CHANNELS) != 0) {
                    int c = (own & RUN_CHANNELS) == 0 ? (int) (next >>> 32)
                            : (next & RUN_CHANNELS) == 0 ? (int) (own >>> 32) : Math.max((int) (own >>> 32), (int) (next >>> 32));
                    channels = RUN_CHANNELS | (long) c << 32;
                }
                run = length | flags | channels;
            }
            facts[at] = run;
            next = run;
        }
    }

    /**
     * {@link LineRegions#messageHash} of the Latin-1 bytes {@code [from, to)}, as {@link LineRegions#mix} reads the same
     * characters; 0 when they hold a {@code ?} (a character beyond Latin-1 may have become one).
     */
    static long messageHash(byte[] latin1, int from, int to) {
        long h = LineRegions.SEED;
        int i = from;
        for (; i + 3 < to; i += 4) {
            int four = ByteRuns.int4(latin1, i);
            int marks = four ^ 0x3f3f3f3f; // a '?' is a zero byte here
            if (((marks - 0x01010101) & ~marks & 0x80808080) != 0) return 0;
            // the four bytes, first lowest, spread to 16 bits each as mix reads four characters
            long w = four & 0xffffffffL;
            w = (w | w << 16) & 0x0000ffff0000ffffL;
            w = (w | w << 8) & 0x00ff00ff00ff00ffL;
            h = LineRegions.step4(h, w);
        }
        for (; i < to; i++) {
            int c = latin1[i] & 0xff;
            if (c == '?') return 0;
            h = LineRegions.step1(h, c);
        }
        return h;
    }

    /** The first {@code word} in {@code [from, to)}, or -1. */
    private static int indexOf(byte[] latin1, int from, int to, byte[] word) {
        int last = to - word.length;
        byte first = word[0];
        for (int i = from; i <= last; i++) {
            if (latin1[i] != first) continue;
            int j = 1;
            while (j < word.length && latin1[i + j] == word[j]) j++;
            if (j == word.length) return i;
        }
        return -1;
    }

    /** True when the line at {@code from} starts with {@link #prefix}. */
    private boolean repeatsPrefix(byte[] latin1, int from) {
        return ByteRuns.equal(latin1, from, prefix, 0, prefixLength);
    }

    /** The first {@code NCCL INFO } in {@code [from, to)}, or -1. */
    private static int indexOfMarker(byte[] latin1, int from, int to) {
        return indexOf(latin1, from, to, INFO_BYTES);
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
