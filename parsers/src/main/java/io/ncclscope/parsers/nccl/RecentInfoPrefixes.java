package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.internal.Digits.isDigit;

/**
 * The last few {@code host:pid:tid [dev] NCCL INFO } prefixes, most recent first, with their parsed fields: most INFO
 * lines repeat the prefix of a recent line, and are then recognised with one {@code startsWith} instead of a scan; or,
 * when a chunk thread has seen that the line starts as the line before it ({@link #matchFront}), without one.
 */
final class RecentInfoPrefixes {

    private static final int PREFIXES = 8;

    private final NcclLinePrefix prefix;
    private final String[] prefixText = new String[PREFIXES];
    private final int[] prefixProbe = new int[PREFIXES];
    /** The prefix's characters at its probe and just before it, as {@link #probeChars} packs them. */
    private final int[] prefixProbeChars = new int[PREFIXES];
    private final int[][] prefixFields = new int[PREFIXES][];
    private final long[][] prefixIds = new long[PREFIXES][];
    private final ProcessEntry[] prefixProc = new ProcessEntry[PREFIXES];
    /** The number of the last line found to start with the first prefix (matched or remembered); 0 when none. */
    private int frontLine;

    RecentInfoPrefixes(NcclLinePrefix prefix) {
        this.prefix = prefix;
    }

    /**
     * True (and the header fields set) when line {@code no} starts with a remembered INFO prefix.
     *
     * @param line the line
     * @param no   its number
     */
    boolean match(String line, int no) {
        int n = line.length();
        for (int i = 0; i < PREFIXES; i++) {
            String p = prefixText[i];
            if (p == null) return false;
            // Probe the two characters before " [dev]" (the end of the tid) first: prefixes of one host differ there.
            int probe = prefixProbe[i];
            if (n >= p.length() && probeChars(line, probe) == prefixProbeChars[i] && line.startsWith(p)) {
                use(i);
                if (i > 0) promote(i);
                frontLine = no;
                return true;
            }
        }
        return false;
    }

    /**
     * {@link #match}'s answer for line {@code no}, known to start with the same {@code samePrefix} characters as the line
     * before it: true, with the first prefix's fields set, when the line before started with the first prefix and that
     * prefix is no longer (then the line starts with it, and {@link #match} would have found it first); false when that
     * is not known, and {@link #match} decides.
     *
     * @param no         the line's number
     * @param samePrefix how many characters the line has in common with the line before from its start
     */
    boolean matchFront(int no, int samePrefix) {
        if (frontLine != no - 1 || frontLine == 0 || prefixText[0].length() > samePrefix) return false;
        use(0);
        frontLine = no;
        return true;
    }

    /**
     * {@link #matchFront} for a run of {@code count} lines from line {@code no} on, each known to start with the same
     * {@code samePrefix} characters as the line before it: true, with the first prefix's fields set as the run's last
     * line leaves them, when that prefix is exactly those characters (then every line of the run matches it, and its
     * message starts where the chunk thread read it).
     *
     * @param no         the number of the run's first line
     * @param samePrefix how many characters each line has in common with the line before from its start
     * @param count      the lines in the run
     */
    boolean matchFrontRun(int no, int samePrefix, int count) {
        if (frontLine != no - 1 || frontLine == 0 || prefixText[0].length() != samePrefix) return false;
        use(0);
        frontLine = no + count - 1;
        return true;
    }

    /**
     * {@return the process of the first prefix when {@link #matchFrontRun} would answer true for a run from line
     * {@code no} on (it changes nothing), else null}
     *
     * @param no         the number of the run's first line
     * @param samePrefix how many characters each line has in common with the line before from its start
     */
    ProcessEntry frontRunProcess(int no, int samePrefix) {
        if (frontLine != no - 1 || frontLine == 0 || prefixText[0].length() != samePrefix) return null;
        return prefixProc[0];
    }

    /** Sets the header fields of the current line to those of prefix {@code i}. */
    private void use(int i) {
        int[] f = prefixFields[i];
        prefix.hostStart = f[0];
        prefix.hostEnd = f[1];
        prefix.cudaDev = f[2];
        prefix.msgStart = f[3];
        prefix.srcStart = prefix.srcEnd = prefix.funcStart = prefix.funcEnd = NcclLinePrefix.NONE;
        prefix.pid = prefixIds[i][0];
        prefix.tid = prefixIds[i][1];
        prefix.level = NcclLinePrefix.INFO;
        prefix.process = prefixProc[i];
        prefix.lastProcess = prefix.process;
    }

    /**
     * Remembers the prefix of the current INFO line, unless it cannot repeat (no process, a time of day in it).
     *
     * @param line the line
     * @param no   its number
     */
    void rememberIfRepeatable(String line, int no) {
        if (prefix.level == NcclLinePrefix.INFO && prefix.process != null && prefix.msgStart >= 10
                && line.startsWith("NCCL INFO ", prefix.msgStart - 10) && !timestamped(line, prefix.hostStart)) {
            rememberPrefix(line);
            frontLine = no;
        }
    }

    /** True when {@code line} before {@code end} holds a time of day ({@code 14:10:52}): such prefixes never repeat. */
    private static boolean timestamped(String line, int end) {
        for (int i = 1; i + 1 < end; i++) {
            if (line.charAt(i) == ':' && isDigit(line.charAt(i - 1)) && isDigit(line.charAt(i + 1))) return true;
        }
        return false;
    }

    private void rememberPrefix(String line) {
        int last = PREFIXES - 1;
        prefixText[last] = line.substring(0, prefix.msgStart);
        prefixProbe[last] = Math.max(1, line.lastIndexOf(" [", prefix.msgStart) - 1);
        prefixProbeChars[last] = probeChars(line, prefixProbe[last]);
        prefixFields[last] = new int[] {prefix.hostStart, prefix.hostEnd, prefix.cudaDev, prefix.msgStart};
        prefixIds[last] = new long[] {prefix.pid, prefix.tid};
        prefixProc[last] = prefix.process;
        promote(last);
    }

    /**
     * The characters of {@code line} at {@code probe} and just before it, in one int: a line is compared with each
     * remembered prefix there with one {@code charAt} pair, the prefix's own pair read once when it was remembered.
     */
    private static int probeChars(String line, int probe) {
        return line.charAt(probe) << 16 | line.charAt(probe - 1);
    }

    /** Moves entry {@code i} to the front. */
    private void promote(int i) {
        String t = prefixText[i];
        int probe = prefixProbe[i];
        int probeChars = prefixProbeChars[i];
        int[] f = prefixFields[i];
        long[] d = prefixIds[i];
        ProcessEntry p = prefixProc[i];
        System.arraycopy(prefixText, 0, prefixText, 1, i);
        System.arraycopy(prefixProbe, 0, prefixProbe, 1, i);
        System.arraycopy(prefixProbeChars, 0, prefixProbeChars, 1, i);
        System.arraycopy(prefixFields, 0, prefixFields, 1, i);
        System.arraycopy(prefixIds, 0, prefixIds, 1, i);
        System.arraycopy(prefixProc, 0, prefixProc, 1, i);
        prefixText[0] = t;
        prefixProbe[0] = probe;
        prefixProbeChars[0] = probeChars;
        prefixFields[0] = f;
        prefixIds[0] = d;
        prefixProc[0] = p;
    }
}
