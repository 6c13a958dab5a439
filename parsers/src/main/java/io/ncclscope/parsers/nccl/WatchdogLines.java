package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.LineRegions.numberAt;

import io.ncclscope.parsers.internal.LauncherPrefix;
import io.ncclscope.parsers.internal.ToolValues;
import java.util.HashMap;
import java.util.Map;

/**
 * PyTorch's watchdog lines: {@code Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, ...)} and the
 * {@code detected by watchdog at work: 7753, last enqueued NCCL work: ...} / {@code Timeout at NCCL work: ...} lines,
 * folded into the timeout of the same rank and sequence number.
 */
final class WatchdogLines {

    private final LauncherPrefix launcherPrefix;
    private final LauncherErrors errors;
    /** Timeouts by {@code rank|seq}, for the work lines that follow them. */
    private final Map<String, LauncherErrorEntry> watchdogBySeq = new HashMap<>();

    WatchdogLines(LauncherPrefix launcherPrefix, LauncherErrors errors) {
        this.launcherPrefix = launcherPrefix;
        this.errors = errors;
    }

    /**
     * {@code [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE,
     * NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.}
     */
    void onWatchdog(String line, int no, int s, int w) {
        long lineHash = mix(mix(SEED, line, s, line.length()), launcherPrefix.rank);
        int seen = errors.indexOfLine(lineHash);
        if (seen >= 0) {
            errors.countAgain(seen);
            return;
        }
        LauncherErrorEntry e = new LauncherErrorEntry(LauncherErrorKind.WATCHDOG_TIMEOUT, no);
        rankAndGroup(e, line, s, w);
        e.seq = ToolValues.longValue(valueAfter(line, "SeqNum=", w));
        e.op = valueAfter(line, "OpType=", w);
        e.numelIn = ToolValues.longValue(valueAfter(line, "NumelIn=", w));
        e.numelOut = ToolValues.longValue(valueAfter(line, "NumelOut=", w));
        e.timeout = ToolValues.longValue(valueAfter(line, "Timeout(ms)=", w));
        int r = line.indexOf("ran for ", w);
        if (r >= 0) e.ranFor = ToolValues.longValue(numberAt(line, r + 8));
        e.text = cut(line.substring(s).trim());
        long key = mix(mix(mix(mix(SEED ^ 0x77, e.rank == null ? -1 : e.rank), e.seq == null ? -1 : e.seq),
                e.pg == null ? 0 : e.pg.hashCode()), e.op == null ? 0 : e.op.hashCode());
        int old = errors.indexOf(key);
        if (old >= 0) {
            errors.countAgain(old);
            return;
        }
        int before = errors.size();
        errors.finishLaunch(e);
        if (errors.size() > before) {
            errors.index(key, before);
            errors.rememberLine(lineHash, before);
            if (e.rank != null && e.seq != null) watchdogBySeq.putIfAbsent(e.rank + "|" + e.seq, e);
        }
    }

    /**
     * {@code [PG 1 Rank 0] Exception (either an error or timeout) detected by watchdog at work: 7753, last enqueued NCCL
     * work: 7755, last completed NCCL work: 7752.} and {@code Timeout at NCCL work: 1580, last enqueued ...}.
     */
    void onWatchdogWork(String line, int no, int s, int k, int workAt) {
        LauncherErrorEntry e = new LauncherErrorEntry(LauncherErrorKind.WATCHDOG_EXCEPTION, no);
        rankAndGroup(e, line, s, k);
        Long work = ToolValues.longValue(numberAt(line, workAt));
        int q = line.indexOf("last enqueued NCCL work: ", k);
        Long enq = q >= 0 ? ToolValues.longValue(numberAt(line, q + 25)) : null;
        q = line.indexOf("last completed NCCL work: ", k);
        Long done = q >= 0 ? ToolValues.longValue(numberAt(line, q + 26)) : null;
        LauncherErrorEntry w = e.rank != null && work != null ? watchdogBySeq.get(e.rank + "|" + work) : null;
        if (w != null) {
            if (w.lastEnqueued == null) w.lastEnqueued = enq;
            if (w.lastCompleted == null) w.lastCompleted = done;
            if (w.pg == null) w.pg = e.pg;
            return;
        }
        e.seq = work;
        e.lastEnqueued = enq;
        e.lastCompleted = done;
        e.text = cut(line.substring(s).trim());
        errors.finishLaunch(e);
    }

    /**
     * {@code [Rank 4] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, ...}:
     * the watchdog takes the process down (ProcessGroupNCCL.cpp, PyTorch 1.10 on). Without the timeout or error line
     * before it (cut from a paste, corpus-more llamafactory-8261-1) it is the one report that the watchdog fired.
     */
    void onProcessDown(String line, int no, int s, int k) {
        LauncherErrorEntry e = new LauncherErrorEntry(LauncherErrorKind.WATCHDOG_EXCEPTION, no);
        rankAndGroup(e, line, s, k);
        e.text = cut(line.substring(s).trim());
        errors.finishLaunch(e);
    }

    /** {@code [Rank 5]}, {@code [PG 3 Rank 5]}, {@code [PG ID 0 PG GUID 0(default_pg) Rank 3]} before {@code at}. */
    private void rankAndGroup(LauncherErrorEntry e, String line, int s, int at) {
        int r = line.lastIndexOf("Rank ", at);
        if (r >= s) e.rank = ToolValues.integer(numberAt(line, r + 5));
        if (e.rank == null && launcherPrefix.rank >= 0) e.rank = launcherPrefix.rank;
        int g = line.lastIndexOf("[PG ", at);
        if (g >= s) {
            int end = line.indexOf(" Rank ", g);
            int rb = line.indexOf(']', g);
            if (end > g + 4 && (rb < 0 || end < rb)) {
                String pg = line.substring(g + 4, end).trim();
                e.pg = pg.isEmpty() ? null : pg;
            }
        }
    }

    /** The value after {@code key} up to {@code ,} or {@code )}. */
    private static String valueAfter(String line, String key, int from) {
        int i = line.indexOf(key, from);
        if (i < 0) return null;
        int s = i + key.length();
        int e = s;
        while (e < line.length() && line.charAt(e) != ',' && line.charAt(e) != ')' && line.charAt(e) != ' ') e++;
        return e > s ? line.substring(s, e) : null;
    }
}
