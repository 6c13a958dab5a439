package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.LineRegions.mixNullable;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_LAUNCHER_ERRORS;

import io.ncclscope.parsers.internal.LauncherPrefix;
import io.ncclscope.parsers.nccl.LimitNotices.CappedList;
import java.util.ArrayList;
import java.util.List;

/**
 * The errors launchers and frameworks print around NCCL's lines (PyTorch NCCL errors and watchdog timeouts, torchrun's
 * failure table, CUDA and runtime errors), one per distinct report and counted.
 */
final class LauncherErrors {

    private final LauncherPrefix launcherPrefix;
    private final LimitNotices limits;
    private final List<LauncherErrorEntry> launches = new ArrayList<>();
    private final LongIntMap launchIndex = new LongIntMap(16);
    /** Report index by the hash of the line it was read from, to count a repeated line without reading it again. */
    private final LongIntMap launchLineIndex = new LongIntMap(16);
    private long launchesDropped;

    LauncherErrors(LauncherPrefix launcherPrefix, LimitNotices limits) {
        this.launcherPrefix = launcherPrefix;
        this.limits = limits;
    }

    void finishLaunch(LauncherErrorEntry e) {
        long key = mix(SEED, e.kind.ordinal());
        key = mix(key, e.rank == null ? -1 : e.rank);
        key = mix(key, e.error == null ? -1 : e.error.ordinal());
        key = mixNullable(key, e.source);
        key = mixNullable(key, e.reason);
        key = mixNullable(key, e.versionPrinted);
        key = mixNullable(key, e.lastError);
        key = mix(key, e.seq == null ? -1 : e.seq);
        key = mixNullable(key, e.op);
        key = mixNullable(key, e.pg);
        if (e.kind != LauncherErrorKind.NCCL_ERROR) key = mixNullable(key, e.text);
        int idx = launchIndex.get(key);
        if (idx >= 0) {
            launches.get(idx).count++;
            return;
        }
        if (launches.size() >= MAX_LAUNCHER_ERRORS) {
            launchesDropped++;
            limits.reached(CappedList.LAUNCHER, e.line, "more than " + MAX_LAUNCHER_ERRORS + " launcher error reports: the rest are counted");
            return;
        }
        launchIndex.put(key, launches.size());
        launches.add(e);
    }

    void textError(LauncherErrorKind kind, String line, int no, int s) {
        long lineHash = mix(mix(mix(SEED, line, s, line.length()), launcherPrefix.rank), kind.ordinal());
        int seen = launchLineIndex.get(lineHash);
        if (seen >= 0) {
            launches.get(seen).count++;
            return;
        }
        int before = launches.size();
        textError0(kind, line, no, s);
        if (launches.size() > before && launchLineIndex.size() < MAX_LAUNCHER_ERRORS * 4) launchLineIndex.put(lineHash, before);
    }

    private void textError0(LauncherErrorKind kind, String line, int no, int s) {
        LauncherErrorEntry e = new LauncherErrorEntry(kind, no);
        e.rank = launcherPrefix.rank >= 0 ? launcherPrefix.rank : null;
        String t = line.substring(s).trim();
        int colon = t.indexOf(": ");
        if (colon > 0) {
            String ex = t.substring(0, colon);
            if (ex.indexOf(' ') < 0 && (ex.endsWith("Error") || ex.endsWith("Exception"))) e.exception = ex;
        }
        e.text = cut(t);
        if (kind == LauncherErrorKind.NCCL_ERROR) ncclFailure(e, t);
        if (kind == LauncherErrorKind.STORE_LOST) storeLost(e, line, s);
        finishLaunch(e);
    }

    /**
     * PyTorch's c10d store losing its server: the phrase that says so as the reason, the store's host from {@code
     * remote=[host]:port} where the line prints it.
     */
    private static void storeLost(LauncherErrorEntry e, String line, int s) {
        e.reason = NcclLogSignatures.storeLost(line, s);
        int r = line.indexOf("remote=[", s);
        int re = r < 0 ? -1 : line.indexOf(']', r + 8);
        if (re > r + 8) e.host = cut(line.substring(r + 8, re));
    }

    /**
     * The call site and result of an application's {@code NCCLCHECK} report, {@code NCCL failure prog.cu:110 'unhandled
     * system error'} (corpus-more nccl-111-1): the quoted text is {@code ncclGetErrorString} of the result.
     */
    private static void ncclFailure(LauncherErrorEntry e, String t) {
        int k = t.indexOf("NCCL failure ");
        int q = k < 0 ? -1 : t.indexOf('\'', k);
        int qe = q < 0 ? -1 : t.indexOf('\'', q + 1);
        if (qe < 0) return;
        String site = t.substring(k + 13, q).trim();
        if (!site.isEmpty()) e.source = cut(site);
        e.reason = cut(t.substring(q + 1, qe));
        e.error = NcclResult.fromReason(e.reason);
    }

    /** Counts one more occurrence of the report at {@code index}. */
    void countAgain(int index) {
        launches.get(index).count++;
    }

    /** The report index a line with {@code lineHash} gave, or {@link LongIntMap#ABSENT}. */
    int indexOfLine(long lineHash) {
        return launchLineIndex.get(lineHash);
    }

    /** Remembers that the line with {@code lineHash} gave the report at {@code index}, while there is room. */
    void rememberLine(long lineHash, int index) {
        if (launchLineIndex.size() < MAX_LAUNCHER_ERRORS * 4) launchLineIndex.put(lineHash, index);
    }

    /** The report index under {@code key}, or {@link LongIntMap#ABSENT}. */
    int indexOf(long key) {
        return launchIndex.get(key);
    }

    void index(long key, int index) {
        launchIndex.put(key, index);
    }

    int size() {
        return launches.size();
    }

    boolean isEmpty() {
        return launches.isEmpty();
    }

    /** The reports in line order. */
    List<LauncherError> errors() {
        List<LauncherError> ls = new ArrayList<>(launches.size());
        for (LauncherErrorEntry e : launches) ls.add(e.toRecord());
        // Not Comparator.comparingInt: the JDK's lambda there is serializable, spun at its first call in every run.
        ls.sort((a, b) -> Integer.compare(a.line(), b.line()));
        return ls;
    }

    long dropped() {
        return launchesDropped;
    }
}
