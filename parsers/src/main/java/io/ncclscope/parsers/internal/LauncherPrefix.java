package io.ncclscope.parsers.internal;

import static io.ncclscope.parsers.internal.Digits.allDigits;
import static io.ncclscope.parsers.internal.Digits.isDigit;

/**
 * The prefixes launchers and log stores put in front of a process's output, read by one walk over the line's first
 * characters (no regular expression: the NCCL log scanner asks it of most lines), and the global rank the last one
 * names. Each family is read in the shape its own source or documentation prints:
 *
 * <ul>
 *   <li>Open MPI {@code --tag-output}: {@code [1,0]<stdout>:} (orte/mca/iof/base {@code "[%s,%s]<%s>:"}), and the form
 *       that names the rank and host, {@code [1,mpirank:0,algo-1]<stdout>:} (SageMaker's mpirun);</li>
 *   <li>Slurm {@code srun --label}: {@code "%*d: "}, the task id right-justified to the width of the largest
 *       ({@code _build_label}), so {@code " 3: "} and {@code "12: "} in one job;</li>
 *   <li>torchrun {@code --tee}: {@code [default0]:} (the default {@code log_line_prefix_template},
 *       {@code [${role_name}${local_rank}]:}, any role name), {@code [3]:} (the documented {@code [${rank}]:}), and
 *       PyTorch's own {@code [rank3]:};</li>
 *   <li>Ray's worker prefix {@code (RayTrainWorker pid=123, ip=10.0.0.1) } and {@code (pid=123) };</li>
 *   <li>pdsh's {@code host: } (a host name with a digit in it: {@code RuntimeError: } is no host);</li>
 *   <li>timestamps: {@code kubectl logs --timestamps}' {@code 2024-05-01T10:00:00.123456789Z }, {@code 2024-05-11
 *       14:10:52.224 }, {@code [2026-12-02 09:02:20] }, a tab after them as well as a space;</li>
 *   <li>{@code docker compose logs}: the service name padded to the longest, then {@code "| "}: {@code worker-1  | };</li>
 *   <li>systemd-journald's short format and syslog: {@code Dec 04 12:00:00 node1 python[1234]: };</li>
 *   <li>a CloudWatch console row {@code   | 2025-05-16T16:39:51.208-07:00 | } (corpus-more aws-ofi-nccl-889-1);</li>
 *   <li>line counters: {@code [80746] } and {@code cat -n}'s {@code "%6d\t"};</li>
 *   <li>ANSI colour codes around any of them.</li>
 * </ul>
 *
 * <p>It never reads into what NCCL or a tool prints itself: NCCL's {@code host:pid:tid [dev]} header has no space
 * after its first colon, and a table row's leading number is followed by spaces, not by {@code ": "} or one tab
 * after exactly six columns. Not thread-safe: one per reader.
 */
public final class LauncherPrefix {

    /** {@link #rank} when the prefix names no global rank. */
    public static final int NO_RANK = -1;

    /** Most prefixes read in front of one line (a timestamp, then a launcher's tag, then a rank label...). */
    private static final int MAX_PREFIXES = 6;

    /** The global rank the prefix last read by {@link #end} names, or {@link #NO_RANK}. */
    public int rank = NO_RANK;

    /**
     * Which process the prefix last read by {@link #end} names: a hash of the prefixes that name one (a rank label, an
     * mpirun tag, a host, Ray's worker, a journal's host and process), not of those that change from line to line
     * (timestamps, line counters). 0 when none names a process. Lines of one process's output have one value.
     */
    public long process;

    /**
     * The line {@link #end} read last (the same object, not an equal text), and where its prefixes end: the NCCL log
     * scanner asks twice of a line whose {@code NCCL version} is no marker (the marker's check, then the line's
     * handlers), and {@link #rank} and {@link #process} still hold what that read set.
     */
    private String lastLine;
    private int lastEnd;

    /**
     * Skips the launcher prefixes at the start of {@code s}. Sets {@link #rank} ({@link #NO_RANK} when none names one)
     * and returns where the message starts (0 when there is no prefix).
     *
     * @param s the line
     * @return the index of the first character after the prefixes
     */
    public int end(String s) {
        if (s == lastLine) return lastEnd;
        int n = s.length();
        int i = 0;
        rank = NO_RANK;
        process = 0;
        for (int guard = 0; guard < MAX_PREFIXES && i < n; guard++) {
            int next = next(s, i, n);
            if (next <= i) break;
            i = next;
        }
        lastLine = s;
        lastEnd = i;
        return i;
    }

    /**
     * Reads the first prefix at the start of {@code s} only, as {@link #end} reads each of them: a paste's margin is one
     * prefix ({@code node1: } of pdsh), and what follows it may read as another ({@code 2: eth0:} of {@code ip link}).
     *
     * @param s the line
     * @return the index of the first character after the first prefix, 0 when there is none
     */
    public int firstEnd(String s) {
        rank = NO_RANK;
        process = 0;
        return s.isEmpty() ? 0 : next(s, 0, s.length());
    }

    /** Adds {@code s[from, to)}, a prefix that names the process, to {@link #process}; returns {@code end}. */
    private int identify(String s, int from, int to, int end) {
        long h = process * 0x100000001B3L + 1;
        for (int k = from; k < to; k++) h = (h ^ s.charAt(k)) * 0x100000001B3L;
        process = h;
        return end;
    }

    /** Where the one prefix starting at {@code i} ends (its trailing blanks skipped), or {@code i} when none does. */
    private int next(String s, int i, int n) {
        char c = s.charAt(i);
        if (c == '\u001b') return colour(s, i, n);
        if (c == ' ') return padded(s, i, n);
        if (c == '|') return s.startsWith("| ", i) && i + 2 < n && isDigit(s.charAt(i + 2)) ? i + 2 : i;
        if (c == '[') return bracket(s, i, n);
        if (c == '(') return rayWorker(s, i, n);
        if (isDigit(c)) return number(s, i, i, n);
        if (isLetter(c)) return named(s, i, n);
        return i;
    }

    /**
     * An ANSI colour code around a prefix, {@code ESC[36m(pid=123)ESC[0m } (Ray, docker compose, in a terminal): its
     * blanks after it too. Readers that take lines through {@link LineSource} never see one; a detection head does.
     */
    private static int colour(String s, int i, int n) {
        if (i + 2 >= n || s.charAt(i + 1) != '[') return i;
        int j = i + 2;
        while (j < n && (isDigit(s.charAt(j)) || s.charAt(j) == ';')) j++;
        if (j >= n || s.charAt(j) != 'm') return i;
        return j + 1 < n && s.charAt(j + 1) == '\u001b' ? j + 1 : blanks(s, j + 1, n);
    }

    /**
     * Blanks before a prefix: a CloudWatch row's {@code   | }, srun's right-justified {@code " 3: "}, {@code cat -n}'s
     * {@code "     3\t"}; any other indentation is the message's own.
     */
    private int padded(String s, int i, int n) {
        int j = i;
        while (j < n && s.charAt(j) == ' ') j++;
        if (j + 2 < n && s.charAt(j) == '|' && s.charAt(j + 1) == ' ' && isDigit(s.charAt(j + 2))) return j + 2;
        if (j < n && isDigit(s.charAt(j))) return number(s, i, j, n);
        return i;
    }

    /** {@code [rank3]:}, {@code [default0]:}, {@code [3]:}, {@code [80746] }, {@code [1,0]<stdout>:}, {@code [2026-12-02 09:02:20] }. */
    private int bracket(String s, int i, int n) {
        int e = s.indexOf(']', i);
        if (e < 0 || e - i > 80) return i;
        int j = e + 1;
        int digitsFrom = i + 1;
        while (digitsFrom < e && isRoleChar(s.charAt(digitsFrom))) digitsFrom++;
        if (digitsFrom < e && allDigits(s, digitsFrom, e)) {
            boolean colon = j < n && s.charAt(j) == ':';
            if (digitsFrom == i + 1) {
                // "[3]:" names the global rank (torchrun's [${rank}]:); "[80746] " is a line counter
                if (colon) {
                    rank = rank(s, digitsFrom, e);
                    identify(s, i, e, e);
                }
            } else if (s.startsWith("rank", i + 1) && digitsFrom == i + 5) {
                rank = rank(s, digitsFrom, e);
                identify(s, i, e, e);
            } else if (colon || s.startsWith("default", i + 1)) {
                identify(s, i, e, e);
            } else {
                return i; // "[GPU0]" and the like: torchrun writes its role and local rank with a colon
            }
        } else if (!mpiTag(s, i, e)) {
            if (!(e > i + 5 && isDigit(s.charAt(i + 1)) && s.charAt(i + 5) == '-')) return i; // not "[2026-12-02 ...] "
        } else {
            identify(s, i, e, e);
            if (s.startsWith("<stdout>", j) || s.startsWith("<stderr>", j)) j += 8;
        }
        if (j < n && s.charAt(j) == ':') j++;
        return blanks(s, j, n);
    }

    /** Open MPI's {@code [1,0]} or {@code [1,mpirank:0,algo-1]}, between {@code i} and {@code e}: sets {@link #rank}. */
    private boolean mpiTag(String s, int i, int e) {
        int comma = s.indexOf(',', i);
        if (comma <= i + 1 || comma >= e || !allDigits(s, i + 1, comma)) return false;
        int from = comma + 1;
        if (s.startsWith("mpirank:", from)) {
            from += 8;
            int to = from;
            while (to < e && isDigit(s.charAt(to))) to++;
            if (to == from || to < e && s.charAt(to) != ',') return false;
            rank = rank(s, from, to);
            return true;
        }
        if (!allDigits(s, from, e)) return false;
        rank = rank(s, from, e);
        return true;
    }

    /** Ray's {@code (RayTrainWorker pid=123, ip=10.0.0.1) } or {@code (pid=123) }. */
    private int rayWorker(String s, int i, int n) {
        int e = s.indexOf(')', i);
        int p = s.indexOf("pid=", i);
        if (e < 0 || e + 1 >= n || p < 0 || p > e || e - i > 120) return i;
        char after = s.charAt(e + 1);
        if (after != ' ' && after != '\u001b') return i;
        return identify(s, i, e, after == ' ' ? e + 2 : e + 1);
    }

    /**
     * A prefix starting with a number at {@code d} (blanks from {@code i}): srun's {@code 52: } (right-justified),
     * {@code cat -n}'s six columns and a tab, or a timestamp ({@code 2024-05-11 14:10:52.224 },
     * {@code 2024-12-04T05:27:45.082Z}, the time cell of a CloudWatch row that ends in {@code " | "}).
     */
    private int number(String s, int i, int d, int n) {
        int j = d;
        while (j < n && isDigit(s.charAt(j))) j++;
        if (j - d <= 6 && j + 1 < n && s.charAt(j) == ':' && s.charAt(j + 1) == ' ') {
            rank = rank(s, d, j);
            return identify(s, d, j, j + 2);
        }
        if (j < n && s.charAt(j) == '\t' && (j - i == 6 || j - i > 6 && d == i)) return j + 1;
        if (d != i || j - d != 4 || j >= n || s.charAt(j) != '-') return i;
        int e = blank(s, j, n);
        if (e < 0) return n;
        // "2024-05-11 14:10:52.224": the time is a second token
        if (s.charAt(e) == ' ' && e + 3 < n && isDigit(s.charAt(e + 1)) && isDigit(s.charAt(e + 2)) && s.charAt(e + 3) == ':') {
            int e2 = blank(s, e + 1, n);
            e = e2 < 0 ? n : e2;
        }
        int k = Math.min(n, e + 1);
        if (s.startsWith("| ", k)) k += 2;
        return k;
    }

    /**
     * A prefix starting with a letter: journald's {@code Dec 04 12:00:00 node1 python[1234]: }, docker compose's
     * {@code worker-1  | }, pdsh's {@code node12: }.
     */
    private int named(String s, int i, int n) {
        int j = i;
        boolean digit = false;
        for (char c; j < n && isHostChar(c = s.charAt(j)); j++) digit |= isDigit(c);
        if (j >= n) return i;
        if (s.charAt(j) == ' ') {
            if (j - i == 3) {
                int journal = journald(s, i, n);
                if (journal > i) return identify(s, i + 16, journal, journal);
            }
            int k = j;
            while (k < n && s.charAt(k) == ' ') k++;
            if (k < n && s.charAt(k) == '|' && (k + 1 == n || s.charAt(k + 1) == ' ' || s.charAt(k + 1) == '\u001b')) {
                return identify(s, i, j, blanks(s, k + 1, n));
            }
            return i;
        }
        // pdsh's "node12: ": a host has a digit, or is the host of the NCCL header after it ("vm: vm:947:947 [0]",
        // "vm: [2025-06-20 02:14:03] vm:947:947 [0]"); nccl-tests names the host of its own failures so ("node12: Test
        // NCCL failure common.cu:777 ..."), which is the tool's line, not a prefix
        if (s.charAt(j) == ':' && j + 1 < n && s.charAt(j + 1) == ' ' && !s.startsWith("Test ", j + 2)
                && (digit || namedAgain(s, i, j))) {
            return identify(s, i, j, j + 2);
        }
        return i;
    }

    /**
     * Whether the word {@code s[i, j)} starts a {@code word:} field again, at {@code j + 2} or after a space, within 48
     * characters after {@code j + 2}. Only the colons there are tried, last first (most lines that reach here are an
     * exception's {@code Name: message}, with few colons or none): the search back stops at the word's own, {@code j}.
     */
    private static boolean namedAgain(String s, int i, int j) {
        int length = j - i;
        int first = j + 2;
        int last = Math.min(s.length() - 1, first + 48 + length);
        for (int c = s.lastIndexOf(':', last); c >= first + length; c = s.lastIndexOf(':', c - 1)) {
            int k = c - length;
            if ((k == first || s.charAt(k - 1) == ' ') && s.regionMatches(k, s, i, length)) return true;
        }
        return false;
    }

    /** journald's short format, {@code Mmm dd hh:mm:ss host ident[pid]: } (syslog writes the day {@code " 4"}). */
    private static int journald(String s, int i, int n) {
        if (i + 16 > n || !isUpper(s.charAt(i)) || !isLower(s.charAt(i + 1)) || !isLower(s.charAt(i + 2))
                || s.charAt(i + 3) != ' ' || !(s.charAt(i + 4) == ' ' || isDigit(s.charAt(i + 4))) || !isDigit(s.charAt(i + 5))
                || s.charAt(i + 6) != ' ' || s.charAt(i + 9) != ':' || s.charAt(i + 12) != ':' || s.charAt(i + 15) != ' '
                || !allDigits(s, i + 7, i + 9) || !allDigits(s, i + 10, i + 12) || !allDigits(s, i + 13, i + 15)) {
            return i;
        }
        int host = i + 16;
        int hostEnd = host;
        while (hostEnd < n && isHostChar(s.charAt(hostEnd))) hostEnd++;
        if (hostEnd == host || hostEnd >= n || s.charAt(hostEnd) != ' ') return i;
        int colon = s.indexOf(": ", hostEnd + 1);
        if (colon < 0 || colon - hostEnd > 64 || s.lastIndexOf(' ', colon - 1) != hostEnd) return i;
        return colon + 2;
    }

    private static int blanks(String s, int j, int n) {
        while (j < n && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) j++;
        return j;
    }

    /** The first space or tab at or after {@code j}, or -1. */
    private static int blank(String s, int j, int n) {
        for (int k = j; k < n; k++) {
            char c = s.charAt(k);
            if (c == ' ' || c == '\t') return k;
        }
        return -1;
    }

    private static boolean isRoleChar(char c) {
        return isLetter(c) || c == '_' || c == '-';
    }

    private static boolean isHostChar(char c) {
        return isLetter(c) || isDigit(c) || c == '-' || c == '.' || c == '_';
    }

    private static boolean isLetter(char c) {
        return isUpper(c) || isLower(c);
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }

    /**
     * The rank a label's digits {@code s[from, to)} name: {@link #NO_RANK} when the number does not fit an {@code int}
     * (no launcher numbers ranks so; the label is still the launcher's prefix, but its number is not read as a rank,
     * cut or wrapped).
     */
    private static int rank(String s, int from, int to) {
        long v = Digits.value(s, from, to);
        return v >= 0 && v <= Integer.MAX_VALUE ? (int) v : NO_RANK;
    }
}
