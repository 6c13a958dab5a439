package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.numberAt;

import io.ncclscope.parsers.internal.ToolValues;

/**
 * torchrun's {@code ChildFailedError} and the failure table after it: {@code Root Cause (first observed failure):} then
 * {@code host :}, {@code rank :}, {@code exitcode :} and a signal's {@code traceback : Signal 9 (SIGKILL) received by PID
 * N}, read for up to {@value #CHILD_LINES} lines.
 */
final class TorchrunFailureLines {

    /** How many lines after {@code ChildFailedError} torchrun's failure table is read. */
    private static final int CHILD_LINES = 60;

    private final LauncherErrors errors;
    /** The failure whose table is being read; null when none. */
    private LauncherErrorEntry child;
    private int childDeadline;
    private boolean childRootSeen;

    TorchrunFailureLines(LauncherErrors errors) {
        this.errors = errors;
    }

    boolean readingTable() {
        return child != null;
    }

    void onChildFailed(String line, int no, int s, int k) {
        if (child != null) errors.finishLaunch(child);
        LauncherErrorEntry e = new LauncherErrorEntry(LauncherErrorKind.CHILD_FAILED, no);
        int b = k;
        while (b > s && (Character.isLetterOrDigit(line.charAt(b - 1)) || line.charAt(b - 1) == '.' || line.charAt(b - 1) == '_')) b--;
        e.exception = line.substring(b, k + 16);
        e.text = cut(line.substring(s).trim());
        child = e;
        childDeadline = no + CHILD_LINES;
        childRootSeen = false;
    }

    /** torchrun's failure table: {@code Root Cause (first observed failure):} then {@code host :}, {@code rank :}, {@code exitcode :}, {@code traceback :}. */
    void onChildTable(String line, int no, int s) {
        LauncherErrorEntry e = child;
        if (no > childDeadline) {
            child = null;
            errors.finishLaunch(e);
            return;
        }
        String t = line.substring(s).trim();
        if (t.startsWith("Root Cause")) {
            childRootSeen = true;
            return;
        }
        if (!childRootSeen) return;
        int colon = t.indexOf(':');
        if (colon < 0) {
            if (t.startsWith("=====") && (e.exitCode != null || e.rank != null)) {
                child = null;
                errors.finishLaunch(e);
            }
            return;
        }
        String k = t.substring(0, colon).trim();
        String v = t.substring(colon + 1).trim();
        switch (k) {
            case "host" -> {
                if (e.host == null) e.host = cut(v);
            }
            case "rank" -> {
                if (e.rank == null) e.rank = ToolValues.integer(numberAt(v, 0));
            }
            case "exitcode" -> {
                if (e.exitCode == null) {
                    e.exitCode = ToolValues.integer(v.startsWith("-") ? "-" + numberAt(v, 1) : numberAt(v, 0));
                    int p = v.indexOf("pid: ");
                    if (p >= 0) e.pid = ToolValues.longValue(numberAt(v, p + 5));
                }
            }
            case "traceback" -> {
                // A worker that ended on a signal: 'Signal 9 (SIGKILL) received by PID 4711'
                // (torch/distributed/elastic/multiprocessing/errors/__init__.py); otherwise a hint, not kept.
                if (e.reason == null && v.startsWith("Signal ")) e.reason = cut(v);
            }
            default -> {
            }
        }
    }

    /** Reports the failure whose table was still being read (the log ended). */
    void finish() {
        if (child != null) {
            errors.finishLaunch(child);
            child = null;
        }
    }
}
