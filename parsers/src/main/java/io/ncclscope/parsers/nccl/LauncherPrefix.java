package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.allDigits;
import static io.ncclscope.parsers.nccl.LineRegions.digits;
import static io.ncclscope.parsers.nccl.LineRegions.isDigit;

/**
 * The prefixes launchers put in front of a process's output: mpirun {@code [1,0]<stdout>:}, torchrun {@code [rank3]:}
 * and {@code [default0]:}, srun {@code 52: }, Ray {@code (RayWorker pid=123) }, a {@code [80746] } counter,
 * timestamps and a CloudWatch row's time cell; and the global rank the last one read names.
 */
final class LauncherPrefix {

    /** {@link #rank} when the prefix names no global rank. */
    static final int NO_RANK = -1;

    /** The global rank the prefix last read by {@link #end} names, or {@link #NO_RANK}. */
    int rank = NO_RANK;

    /**
     * Skips launcher prefixes at the start of a line: mpirun {@code [1,0]<stdout>:}, torchrun {@code [rank3]:} and
     * {@code [default0]:}, srun {@code 52: }, Ray {@code (RayWorker pid=123) }, a {@code [80746] } counter and
     * timestamps. Sets {@link #rank} ({@link #NO_RANK} when none) and returns where the message starts.
     */
    int end(String s) {
        int n = s.length();
        int i = 0;
        rank = NO_RANK;
        // A CloudWatch console row: "  | 2025-05-16T16:39:51.208-07:00 | message" (corpus-more aws-ofi-nccl-889-1).
        int bar = 0;
        while (bar < n && s.charAt(bar) == ' ') bar++;
        if (bar + 2 < n && s.charAt(bar) == '|' && s.charAt(bar + 1) == ' ' && isDigit(s.charAt(bar + 2))) i = bar + 2;
        for (int guard = 0; guard < 6 && i < n; guard++) {
            char c = s.charAt(i);
            if (c == '[') {
                int e = s.indexOf(']', i);
                if (e < 0 || e - i > 40) break;
                int j = e + 1;
                if (s.startsWith("rank", i + 1) && e > i + 5 && allDigits(s, i + 5, e)) {
                    rank = (int) digits(s, i + 5, e);
                } else if (s.startsWith("default", i + 1) && e > i + 8 && allDigits(s, i + 8, e)) {
                    // torchrun --tee local rank: no global rank
                } else if (allDigits(s, i + 1, e) && e > i + 1) {
                    // a line counter such as "[80746] "
                } else {
                    int comma = s.indexOf(',', i);
                    if (comma > i + 1 && comma < e && allDigits(s, i + 1, comma) && allDigits(s, comma + 1, e) && e > comma + 1) {
                        rank = (int) digits(s, comma + 1, e);
                        if (s.startsWith("<stdout>", j) || s.startsWith("<stderr>", j)) j += 8;
                    } else if (e > i + 5 && isDigit(s.charAt(i + 1)) && s.charAt(i + 5) == '-') {
                        // "[2026-12-02 09:02:20] "
                    } else {
                        break;
                    }
                }
                if (j < n && s.charAt(j) == ':') j++;
                while (j < n && s.charAt(j) == ' ') j++;
                i = j;
            } else if (c == '(') {
                int e = s.indexOf(") ", i);
                int p = s.indexOf("pid=", i);
                if (e < 0 || p < 0 || p > e || e - i > 120) break;
                i = e + 2;
            } else if (isDigit(c)) {
                int j = i;
                while (j < n && isDigit(s.charAt(j))) j++;
                if (j - i <= 6 && j + 1 < n && s.charAt(j) == ':' && s.charAt(j + 1) == ' ') {
                    rank = (int) digits(s, i, j);
                    i = j + 2;
                } else if (j - i == 4 && j < n && s.charAt(j) == '-') {
                    // "2024-05-11 14:10:52.224 " or "2024-12-04T05:27:45.082Z"
                    int e = s.indexOf(' ', j);
                    if (e < 0) return n;
                    if (e + 3 < n && isDigit(s.charAt(e + 1)) && isDigit(s.charAt(e + 2)) && s.charAt(e + 3) == ':') {
                        int e2 = s.indexOf(' ', e + 1);
                        e = e2 < 0 ? n : e2;
                    }
                    i = Math.min(n, e + 1);
                    // the time cell of a CloudWatch row ends in " | "
                    if (s.startsWith("| ", i)) i += 2;
                } else {
                    break;
                }
            } else {
                break;
            }
        }
        return i;
    }
}
