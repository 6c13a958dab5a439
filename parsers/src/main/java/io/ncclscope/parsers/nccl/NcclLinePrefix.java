package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.internal.Digits.allDigits;
import static io.ncclscope.parsers.internal.Digits.isDigit;
import static io.ncclscope.parsers.nccl.LineRegions.isSourceToken;
import static io.ncclscope.parsers.nccl.LineRegions.word;

import io.ncclscope.parsers.internal.Digits;
import io.ncclscope.parsers.internal.LauncherPrefix;

/**
 * The NCCL prefix of the line being read: its level marker ({@code NCCL INFO}, {@code NCCL WARN}...), where its message
 * starts, and the {@code host:pid:tid [dev]} (plus {@code file.cc:123 (func)} for WARN and TRACE) in front of the
 * marker. Positions are indexes into the current line; a field the line does not have holds {@link #NONE}. Set anew for
 * every NCCL line by {@link #findMarker} and {@link #readHeader}, or from {@link RecentInfoPrefixes}.
 */
final class NcclLinePrefix {

    /** The value of a position or number the current line does not have. */
    static final int NONE = -1;

    static final int INFO = 1;
    static final int WARN = 2;
    static final int TRACE = 3;
    /** An unprefixed {@code NCCL version} line. */
    static final int VERSION = 4;

    private final LauncherPrefix launcherPrefix;

    /** {@link #INFO}, {@link #WARN}, {@link #TRACE} or {@link #VERSION}. */
    int level;
    int msgStart;
    int hostStart;
    int hostEnd;
    long pid;
    long tid;
    int cudaDev;
    int srcStart;
    int srcEnd;
    int funcStart;
    int funcEnd;
    /**
     * Where the {@code libfabric:} header of the current line starts when its marker is libfabric's own ({@link
     * #libfabricMarker}); {@link #NONE} for every other line.
     */
    int libfabricAt = NONE;
    /** The process the current line comes from; null when the line names none or the process cap was reached. */
    ProcessEntry process;
    /** The process of the last line that named one (most lines come from the same process as the line before). */
    ProcessEntry lastProcess;

    NcclLinePrefix(LauncherPrefix launcherPrefix) {
        this.launcherPrefix = launcherPrefix;
    }

    private static final LineBigrams.Word NCCL_WORD = new LineBigrams.Word("NCCL ");
    private static final LineBigrams.Word FUNCTION_WORD = new LineBigrams.Word(": Function: ");
    private static final LineBigrams.Word OLD_INFO_WORD = new LineBigrams.Word("] INFO ");
    private static final LineBigrams.Word OLD_WARN_WORD = new LineBigrams.Word(" WARN ");
    private static final LineBigrams.Word LIBFABRIC_WORD = new LineBigrams.Word("libfabric:");
    /**
     * What {@link #findMarker} looks for: a line that can hold none of them has no marker (the chunk threads look for
     * them too: {@link ChunkLineFacts}).
     */
    static final LineBigrams.Word[] MARKER_WORDS = {NCCL_WORD, FUNCTION_WORD, OLD_INFO_WORD, OLD_WARN_WORD, LIBFABRIC_WORD};

    /**
     * {@return false when {@link #findMarker} would find no marker in the line {@code bigrams} read (it then sets no
     * field either); true when it may}
     */
    static boolean mayHoldMarker(LineBigrams bigrams) {
        for (LineBigrams.Word w : MARKER_WORDS) {
            if (bigrams.mayHold(w)) return true;
        }
        return false;
    }

    /**
     * Finds the level marker of an NCCL line: {@code NCCL INFO}, {@code NCCL WARN}, {@code NCCL TRACE}, {@code NCCL CALL},
     * an unprefixed {@code NCCL version}, or 2.2/2.3's {@code [0] INFO} / {@code file.cu:61 WARN} without the word NCCL.
     * Sets {@link #level} and {@link #msgStart}; returns the marker's index or {@link #NONE}. Each word is looked for
     * through {@code bigrams}, which has read the line.
     */
    int findMarker(String s, LineBigrams bigrams) {
        libfabricAt = NONE;
        int n = s.length();
        int from = 0;
        for (int guard = 0; guard < 6; guard++) {
            int k = bigrams.indexOf(s, NCCL_WORD, from);
            if (k < 0) break;
            int a = k + 5;
            if (a < n) {
                char c = s.charAt(a);
                if (c == 'I' && word(s, a, "INFO")) {
                    level = INFO;
                    msgStart = Math.min(n, a + 5);
                    return k;
                }
                if (c == 'W' && word(s, a, "WARN")) {
                    level = WARN;
                    msgStart = Math.min(n, a + 5);
                    return k;
                }
                if (c == 'T' && word(s, a, "TRACE")) {
                    level = TRACE;
                    msgStart = Math.min(n, a + 6);
                    return k;
                }
                if (c == 'C' && word(s, a, "CALL")) {
                    level = TRACE;
                    msgStart = Math.min(n, a + 5);
                    return k;
                }
                if (c == 'v' && s.startsWith("version ", a) && k == launcherPrefix.end(s)) {
                    level = VERSION;
                    msgStart = a + 8;
                    return k;
                }
            }
            from = a;
        }
        int k = bigrams.mayHold(FUNCTION_WORD) ? pluginMarker(s) : NONE;
        if (k >= 0) return k;
        k = bigrams.mayHold(LIBFABRIC_WORD) ? libfabricMarker(s) : NONE;
        if (k >= 0) return k;
        // NCCL 2.2 / 2.3: "host:pid:tid [0] INFO msg", "host:pid:tid [0] include/socket.h:360 WARN msg".
        k = bigrams.indexOf(s, OLD_INFO_WORD, 0);
        if (k > 0) {
            level = INFO;
            msgStart = k + 7;
            readHeader(s, k + 2);
            if (cudaDev >= 0 && pid >= 0) return k + 2;
        }
        k = bigrams.indexOf(s, OLD_WARN_WORD, 0);
        if (k > 0) {
            level = WARN;
            msgStart = k + 6;
            readHeader(s, k + 1);
            if (cudaDev >= 0 && pid >= 0 && srcStart >= 0) return k + 1;
            // The WARN of an old or hand-built NCCL with the host left out or mangled: "include/socket.h:344 WARN msg"
            // (corpus-more nccl-210-1), "*server name* [0] include/socket.h:185 WARN msg" (nccl-111-1).
            if (srcStart >= 0 && NcclLogSignatures.isSourceFileToken(s, srcStart, srcEnd)
                    && (cudaDev >= 0 || srcStart == launcherPrefix.end(s))) {
                return k + 1;
            }
            // The same right after a launcher's prefix that ends in no space: "[1,0]<stdout>:include/socket.h:344 WARN".
            int p = launcherPrefix.end(s);
            if (p > 0 && p < k && p != srcStart && NcclLogSignatures.isSourceFileToken(s, p, k)) {
                srcStart = p;
                srcEnd = k;
                return k + 1;
            }
        }
        return NONE;
    }

    /**
     * The NET plugin's own layout, {@code INFO: Function: ofi_init Line: 686: NET/OFI ...} and {@code WARN: Function: ...}
     * (aws-ofi-nccl before 1.7, corpus-more aws-ofi-nccl-22-1): sets {@link #level}, {@link #msgStart} (after
     * {@code Line: N: }) and the function; returns the marker's index or {@link #NONE}.
     */
    private int pluginMarker(String s) {
        // after a space, or right after a launcher's prefix ("     1\tINFO: Function: ...", cat -n)
        int k = s.indexOf(": Function: ");
        if (k < 4) return NONE;
        int start = k - 4;
        boolean warn = s.startsWith("WARN", start);
        if (!warn && !s.startsWith("INFO", start)) return NONE;
        if (start > 0 && s.charAt(start - 1) != ' ' && start != launcherPrefix.end(s)) return NONE;
        int line = s.indexOf(" Line: ", k + 12);
        if (line < 0) return NONE;
        int colon = s.indexOf(':', line + 7);
        if (colon < 0) return NONE;
        level = warn ? WARN : INFO;
        msgStart = Math.min(s.length(), colon + 2);
        return start;
    }

    /**
     * libfabric's own log line (FI_LOG_LEVEL), which the NET plugin's process writes into the same output:
     * {@code libfabric:PID:TIME:PREFIX:PROV:SUBSYS:FUNC():LINE<LEVEL> MSG} (libfabric src/log.c, ofi_log; releases
     * before the time field write {@code libfabric:PID:PROV:SUBSYS:FUNC():LINE<LEVEL> MSG}). Only {@code <warn>} lines
     * are a marker, read as a WARN: libfabric's info, trace and debug levels say what it does, not what failed. Sets
     * {@link #level}, {@link #msgStart}, {@link #libfabricAt} and the header's fields from the positions it checked (its
     * pid, its source {@code PROV:SUBSYS:FUNC():LINE} and function; libfabric names no host and no GPU), which
     * {@link #readHeader} keeps; returns the header's index or {@link #NONE}.
     */
    private int libfabricMarker(String s) {
        int k = s.indexOf("libfabric:");
        if (k < 0) return NONE;
        int lt = s.indexOf("<warn> ", k);
        int close = s.lastIndexOf("():", lt);
        if (lt < 0 || close < k || !allDigits(s, close + 3, lt) || lt == close + 3) return NONE;
        int pidEnd = s.indexOf(':', k + 10);
        if (pidEnd <= k + 10 || !allDigits(s, k + 10, pidEnd)) return NONE;
        int funcColon = s.lastIndexOf(':', close);
        int subsysColon = s.lastIndexOf(':', funcColon - 1);
        if (subsysColon <= pidEnd) return NONE;
        level = WARN;
        msgStart = lt + 7;
        libfabricAt = k;
        hostStart = hostEnd = NONE;
        tid = NONE;
        cudaDev = NONE;
        pid = Digits.value(s, k + 10, pidEnd);
        srcStart = s.lastIndexOf(':', subsysColon - 1) + 1;
        srcEnd = lt;
        funcStart = funcColon + 1;
        funcEnd = close;
        return k;
    }

    /**
     * Reads the NCCL prefix backwards from the level marker at {@code k}: {@code [ts] host:pid:tid [dev] } for INFO,
     * {@code host:pid:tid [dev] file.cc:123 (func) } for WARN, {@code host:pid:tid [dev] 12.345 func:123 } for TRACE.
     * Whatever precedes the host token (launcher prefixes, timestamps) is ignored. Fields that are not there stay {@link #NONE}.
     */
    void readHeader(String s, int k) {
        if (k == libfabricAt) return; // libfabricMarker read it
        hostStart = hostEnd = srcStart = srcEnd = funcStart = funcEnd = NONE;
        pid = tid = NONE;
        cudaDev = NONE;
        int j = k - 1;
        if (j < 0 || s.charAt(j) != ' ') return;
        j--;
        int beforeMarker = j;
        if (level == WARN || level == TRACE) {
            if (j >= 0 && s.charAt(j) == ')') {
                int o = s.lastIndexOf('(', j);
                if (o < 1 || s.charAt(o - 1) != ' ') return;
                funcStart = o + 1;
                funcEnd = j;
                j = o - 2;
            }
            int e = j + 1;
            while (j >= 0 && s.charAt(j) != ' ') j--;
            if (!isSourceToken(s, j + 1, e)) {
                readBracketedProcess(s, beforeMarker);
                return;
            }
            srcStart = j + 1;
            srcEnd = e;
            if (j < 0) return;
            j--;
            if (level == TRACE) { // the elapsed-time token
                while (j >= 0 && s.charAt(j) != ' ') j--;
                if (j < 0) return;
                j--;
            }
        }
        if (j < 1 || s.charAt(j) != ']') return;
        // Numbers are accumulated while scanning backwards: this runs for every NCCL line.
        int o = j - 1;
        long v = 0;
        long mult = 1;
        while (o >= 0 && o > j - 8) {
            char c = s.charAt(o);
            if (c < '0' || c > '9') break;
            v += (c - '0') * mult;
            mult *= 10;
            o--;
        }
        if (o < 0 || s.charAt(o) != '[' || o == j - 1) {
            readBracketedProcess(s, j);
            return;
        }
        cudaDev = (int) v;
        j = o - 1;
        if (j < 0 || s.charAt(j) != ' ') return;
        readHostPidTid(s, j - 1);
    }

    /**
     * A logger's own bracketed prefix, {@code [0604/1024][2025-02-16 22:31:34,422] [misc/socket.cc:586]
     * [s12gn3064:pid=3942408] NCCL WARN msg} (a patched NCCL's, corpus-more nccl-1618-1/-2): reads the host and pid of
     * {@code [host:pid=N]} ending at {@code j}, and the source of the {@code [file:line]} before it; false when the
     * bracket is not that shape. Tried only where NCCL's own prefix was not found, off the path of every NCCL line.
     */
    private boolean readBracketedProcess(String s, int j) {
        if (j < 1 || s.charAt(j) != ']') return false;
        int o = j - 1;
        while (o > 0 && isDigit(s.charAt(o))) o--;
        if (o == j - 1 || o < 6 || !s.startsWith(":pid=", o - 4)) return false;
        int end = o - 4;
        int open = s.lastIndexOf('[', end);
        int space = s.indexOf(' ', open);
        if (open < 0 || open + 1 >= end || space >= 0 && space < end) return false;
        hostStart = open + 1;
        hostEnd = end;
        pid = Digits.value(s, o + 1, j);
        int srcClose = open - 2;
        if (srcClose > 0 && s.charAt(open - 1) == ' ' && s.charAt(srcClose) == ']') {
            int srcOpen = s.lastIndexOf('[', srcClose);
            if (srcOpen >= 0 && isSourceToken(s, srcOpen + 1, srcClose)) {
                srcStart = srcOpen + 1;
                srcEnd = srcClose;
            }
        }
        return true;
    }

    /** Reads {@code host:pid:tid} (or {@code host:pid}) from the right, ending at {@code i}. */
    private void readHostPidTid(String s, int i) {
        long last = 0;
        long mult = 1;
        int nd = 0;
        while (i >= 0 && nd < 19) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') break;
            last += (c - '0') * mult;
            mult *= 10;
            nd++;
            i--;
        }
        if (nd == 0 || i < 1 || s.charAt(i) != ':') return;
        int c2 = i;
        i--;
        long mid = 0;
        mult = 1;
        int nd2 = 0;
        while (i >= 0 && nd2 < 19) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') break;
            mid += (c - '0') * mult;
            mult *= 10;
            nd2++;
            i--;
        }
        int hEnd;
        boolean spaced = false;
        boolean twoFields = false;
        if (nd2 > 0 && i >= 1 && s.charAt(i) == ':') {
            pid = mid;
            tid = last;
            hEnd = i;
            i--;
            // A host field with one stray space before its colon, "NAME :70918:70918 [0]" (corpus-more
            // nccl-tests-217-1, whose last line writes "NAME:70918"; nccl-914-1): only in the full host:pid:tid shape,
            // so that prose such as "Error : 12 [0]" names no host. Such a host is the word after the last colon:
            // nccl-914-1's first line is "1:host :22337:22453 [6]", its others "host:22337:22453 [6]".
            if (i >= 1 && s.charAt(i) == ' ' && isHostChar(s.charAt(i - 1))) {
                hEnd = i;
                i--;
                spaced = true;
            }
        } else {
            pid = last;
            hEnd = c2;
            i = c2 - 1;
            twoFields = true;
        }
        while (i >= 0) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '>' || c == ']' || c == ')' || (spaced && c == ':')) break;
            i--;
        }
        int st = i + 1;
        while (st < hEnd && s.charAt(st) == ':') st++;
        st = afterGluedTimestamp(s, st, hEnd);
        if (twoFields) hEnd = beforeGluedPid(s, st, hEnd);
        if (st < hEnd) {
            hostStart = st;
            hostEnd = hEnd;
        }
    }

    /**
     * Where the host ends of a {@code host:pid}-shaped field that is the last process's {@code host:pid:tid} with its
     * first colon lost, {@code host22337:22400} after {@code host:22337:22400} (a hand-redacted paste, corpus-more
     * nccl-914-1): then {@link #pid} and {@link #tid} are the process's, and the host is not another host. Else
     * {@code hEnd}. Only the two-field shape asks, which NCCL has not printed since 2.3.
     */
    private int beforeGluedPid(String s, int st, int hEnd) {
        ProcessEntry lp = lastProcess;
        if (lp == null || hEnd <= st || !isDigit(s.charAt(hEnd - 1))) return hEnd;
        String pidText = Long.toString(lp.pid);
        int hostLength = lp.host.length();
        if (hEnd - st != hostLength + pidText.length() || !s.startsWith(lp.host, st)
                || !s.startsWith(pidText, st + hostLength)) {
            return hEnd;
        }
        tid = pid;
        pid = lp.pid;
        return st + hostLength;
    }

    /** {@return whether {@code c} can end a host name: not a separator the host token is read up to} */
    private static boolean isHostChar(char c) {
        return c != ' ' && c != '\t' && c != ':' && c != '>' && c != ']' && c != ')';
    }

    /**
     * Where a host name starts that an ISO-8601 time is glued to ({@code 2025-05-16T16:39:51.208-07:00ip-10-36-29-253}:
     * a CloudWatch console copy whose time cell lost its separator, corpus-more aws-ofi-nccl-889-1); {@code st} when
     * the token does not start with such a time. A time is {@code YYYY-MM-DDThh:mm:ss}, optional fraction, optional
     * {@code Z} or {@code +hh:mm}.
     */
    static int afterGluedTimestamp(String s, int st, int end) {
        if (end - st < 20 || !isDigit(s.charAt(st)) || s.charAt(st + 4) != '-' || s.charAt(st + 7) != '-'
                || s.charAt(st + 10) != 'T' || s.charAt(st + 13) != ':' || s.charAt(st + 16) != ':'
                || !allDigits(s, st, st + 4) || !allDigits(s, st + 17, st + 19)) {
            return st;
        }
        int i = st + 19;
        if (i < end && s.charAt(i) == '.') {
            i++;
            while (i < end && isDigit(s.charAt(i))) i++;
        }
        if (i < end && s.charAt(i) == 'Z') {
            i++;
        } else if (i + 6 <= end && (s.charAt(i) == '+' || s.charAt(i) == '-') && s.charAt(i + 3) == ':'
                && allDigits(s, i + 1, i + 3) && allDigits(s, i + 4, i + 6)) {
            i += 6;
        }
        return i < end ? i : st;
    }
}
