package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_LAUNCHER_ERRORS;

import io.ncclscope.parsers.internal.LauncherPrefix;
import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.List;

/**
 * PyTorch's NCCL error reports: the header line ({@code NCCL error in: ProcessGroupNCCL.cpp:1727, invalid usage ...,
 * NCCL version 2.19.3}) and the block after it, up to {@value #PENDING_LINES} lines with the same launcher prefix, that
 * names the error ({@code ncclInvalidUsage: ...}) and NCCL's {@code Last error:} text.
 */
final class PyTorchErrorLines {

    /** How many lines a PyTorch error block may span between its header and its {@code Last error} text. */
    private static final int PENDING_LINES = 12;
    /** Most error blocks waiting for their later lines at once (interleaved ranks). */
    private static final int MAX_OPEN_BLOCKS = 32;

    private final LauncherPrefix launcherPrefix;
    private final LauncherErrors errors;
    private final VersionLines versions;
    private final DuplicateGpuLines duplicates;
    private final IbCompletionLines ibErrors;
    /** Headers already read, by the hash of their line (another rank or run prints the same header). */
    private final List<LauncherErrorEntry> headerCache = new ArrayList<>();
    private final LongIntMap headerCacheIndex = new LongIntMap(16);
    private final List<OpenErrorBlock> pendings = new ArrayList<>();

    PyTorchErrorLines(LauncherPrefix launcherPrefix, LauncherErrors errors, VersionLines versions,
            DuplicateGpuLines duplicates, IbCompletionLines ibErrors) {
        this.launcherPrefix = launcherPrefix;
        this.errors = errors;
        this.versions = versions;
        this.duplicates = duplicates;
        this.ibErrors = ibErrors;
    }

    /**
     * PyTorch's {@code NCCL error in: /path/ProcessGroupNCCL.cpp:1727, invalid usage (run with NCCL_DEBUG=WARN for
     * details), NCCL version 2.19.3}, {@code NCCL error: remote process exited ..., NCCL version 2.14.3 ncclRemoteError:
     * ... Last error: ...} (one line), {@code NCCL Error 1: unhandled cuda error}.
     */
    void onNcclError(String line, int no, int s, int k) {
        int n = line.length();
        long hh = mix(mix(SEED ^ 0x51, line, s, n), launcherPrefix.rank);
        int ci = headerCacheIndex.get(hh);
        if (ci >= 0) {
            // The same header line again (another rank, another run): reuse what was read from it.
            LauncherErrorEntry proto = headerCache.get(ci);
            pendNcclError(proto.copy(no), line, no, s, proto.after);
            return;
        }
        LauncherErrorEntry e = new LauncherErrorEntry(LauncherErrorKind.NCCL_ERROR, no);
        e.rank = launcherPrefix.rank >= 0 ? launcherPrefix.rank : null;
        e.exception = exceptionBefore(line, s, k);
        int p;
        if (line.startsWith("NCCL error in: ", k)) {
            p = k + 15;
            int c = line.indexOf(", ", p);
            if (c < 0) c = n;
            String path = line.substring(p, c).trim();
            int slash = path.lastIndexOf('/');
            e.source = path.substring(slash + 1);
            p = Math.min(n, c + 2);
        } else if (line.startsWith("NCCL Error ", k)) {
            p = k + 11;
            int colon = line.indexOf(':', p);
            Integer code = colon > p ? ToolValues.integer(line.substring(p, colon)) : null;
            if (code != null) e.error = NcclResult.fromCode(code);
            p = colon > p ? colon + 1 : p;
        } else {
            p = k + 10;
            if (p < n && line.charAt(p) == ':') p++;
        }
        int vpos = line.indexOf("NCCL version ", p);
        int rEnd = vpos >= 0 ? vpos : n;
        int run = line.indexOf(" (run with", p);
        if (run >= 0 && run < rEnd) rEnd = run;
        int le = line.indexOf("Last error:", p);
        if (le >= 0 && le < rEnd) rEnd = le;
        String reason = line.substring(Math.min(p, rEnd), rEnd).trim();
        while (reason.endsWith(",")) reason = reason.substring(0, reason.length() - 1).trim();
        e.reason = reason.isEmpty() ? null : cut(reason);
        int after = p;
        if (vpos >= 0) {
            int vs = vpos + 13;
            int ve = vs;
            while (ve < n && line.charAt(ve) != ' ' && line.charAt(ve) != ',') ve++;
            e.versionPrinted = line.substring(vs, ve);
            versions.onVersion(line, no, vs, VersionSource.PYTORCH, null);
            int[] v = VersionLines.versionNumbers(e.versionPrinted);
            if (v != null) {
                v = VersionLines.decodedAsPyTorchPrintsIt(v);
                e.version = v[0] + "." + v[1] + "." + v[2];
            }
            after = ve;
        }
        NcclResult named = errorNameIn(line, after);
        if (named != null) e.error = named;
        if (e.error == null) e.error = NcclResult.fromReason(reason);
        e.text = cut(line.substring(s).trim());
        e.after = after;
        if (headerCache.size() < MAX_LAUNCHER_ERRORS) {
            headerCacheIndex.put(hh, headerCache.size());
            headerCache.add(e.copy(no));
        }
        pendNcclError(e, line, no, s, after);
    }

    /** Finishes a PyTorch error header: its {@code Last error} on the same line, or a pending block for the next lines. */
    private void pendNcclError(LauncherErrorEntry e, String line, int no, int s, int after) {
        int le = line.indexOf("Last error:", after);
        if (le >= 0) {
            String t = line.substring(le + 11).trim();
            if (!t.isEmpty()) {
                lastError(e, t, no);
                errors.finishLaunch(e);
                return;
            }
        }
        // Wait for the "ncclXxx: ..." and "Last error:" lines of this block: the same process's (its launcher prefix
        // names the same rank, host or worker; a timestamp or line counter that changes from line to line does not count).
        long key = launcherPrefix.process;
        for (int i = 0; i < pendings.size(); i++) {
            if (pendings.get(i).key == key) {
                errors.finishLaunch(pendings.remove(i).error);
                break;
            }
        }
        if (pendings.size() >= MAX_OPEN_BLOCKS) errors.finishLaunch(pendings.remove(0).error);
        OpenErrorBlock pd = new OpenErrorBlock();
        pd.key = key;
        pd.error = e;
        pd.deadline = no + PENDING_LINES;
        pd.wantText = le >= 0;
        pendings.add(pd);
    }

    /** The exception class printed before {@code NCCL error}: {@code torch.distributed.DistBackendError}, {@code RuntimeError}. */
    private static String exceptionBefore(String line, int s, int k) {
        int e = k;
        while (e > s && (line.charAt(e - 1) == ' ' || line.charAt(e - 1) == ':')) e--;
        int b = e;
        while (b > s) {
            char c = line.charAt(b - 1);
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_') b--;
            else break;
        }
        while (b < e && line.charAt(b) == '.') b++;
        if (b >= e) return null;
        String x = line.substring(b, e);
        return x.endsWith("Error") || x.endsWith("Exception") || x.endsWith("error") ? x : null;
    }

    /** A {@code ncclSystemError}-style name at or after {@code from}; null when none. */
    private static NcclResult errorNameIn(String line, int from) {
        int i = from;
        for (int guard = 0; guard < 8; guard++) {
            i = line.indexOf("nccl", i);
            if (i < 0) return null;
            int e = i + 4;
            while (e < line.length() && Character.isLetter(line.charAt(e))) e++;
            NcclResult r = NcclResult.fromName(line.substring(i, e));
            if (r != null && e < line.length() && line.charAt(e) == ':') return r;
            i = e;
        }
        return null;
    }

    boolean hasOpenBlocks() {
        return !pendings.isEmpty();
    }

    /** Continues a PyTorch error block: the error name line and the {@code Last error} text. True when consumed. */
    boolean onPending(String line, int no, int s) {
        for (int i = pendings.size() - 1; i >= 0; i--) {
            if (pendings.get(i).deadline < no) errors.finishLaunch(pendings.remove(i).error);
        }
        OpenErrorBlock p = null;
        for (OpenErrorBlock q : pendings) {
            if (q.key == launcherPrefix.process) {
                p = q;
                break;
            }
        }
        if (p == null) return false;
        if (p.wantText) {
            String t = line.substring(s).trim();
            if (t.isEmpty()) return true;
            lastError(p.error, t, no);
            pendings.remove(p);
            errors.finishLaunch(p.error);
            return true;
        }
        boolean used = false;
        if (line.startsWith("nccl", s)) {
            NcclResult r = errorNameIn(line, s);
            if (r != null) {
                p.error.error = r;
                used = true;
            }
        }
        int le = line.indexOf("Last error:", s);
        if (le >= 0) {
            String t = line.substring(le + 11).trim();
            if (t.isEmpty()) {
                p.wantText = true;
            } else {
                lastError(p.error, t, no);
                pendings.remove(p);
                errors.finishLaunch(p.error);
            }
            used = true;
        }
        return used;
    }

    private void lastError(LauncherErrorEntry e, String t, int no) {
        e.lastError = cut(t);
        e.lastErrorLine = no;
        e.lastErrorKind = MessageKinds.classify(t, 0);
        if (e.lastErrorKind == EventKind.DUPLICATE_GPU) {
            duplicates.duplicate(t, 0, null, no);
        } else if (e.lastErrorKind == EventKind.IB_COMPLETION_ERROR) {
            ibErrors.ibCompletion(t, null, null, null, no);
        }
    }

    /** Reports the blocks still waiting for their {@code Last error} (the log ended). */
    void finish() {
        for (OpenErrorBlock p : pendings) errors.finishLaunch(p.error);
        pendings.clear();
    }

    /** An error header whose later lines are still awaited. */
    private static final class OpenErrorBlock {
        /** The {@link LauncherPrefix#process} of the header line: the block's lines come from the same process. */
        long key;
        LauncherErrorEntry error;
        /** The last line number the block may reach. */
        int deadline;
        /** True after a {@code Last error:} with nothing after it: the next line is its text. */
        boolean wantText;
    }
}
