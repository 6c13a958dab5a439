package io.ncclscope.parsers.nccl;

/** A launcher or framework error report being read and counted; becomes a {@link LauncherError}. */
final class LauncherErrorEntry {
    final LauncherErrorKind kind;
    final int line;
    Integer rank;
    String exception;
    String source;
    String reason;
    NcclResult error;
    String version;
    String versionPrinted;
    String lastError;
    Integer lastErrorLine;
    EventKind lastErrorKind;
    String pg;
    Long seq;
    String op;
    Long numelIn;
    Long numelOut;
    Long timeout;
    Long ranFor;
    Long lastEnqueued;
    Long lastCompleted;
    Integer exitCode;
    Long pid;
    String host;
    String text;
    long count = 1;
    int after; // where the header's reading stopped (for the header cache)

    LauncherErrorEntry(LauncherErrorKind kind, int line) {
        this.kind = kind;
        this.line = line;
    }

    LauncherError toRecord() {
        return new LauncherError(line, kind, rank, exception, source, reason, error, version, versionPrinted, lastError,
                lastErrorLine, lastErrorKind, pg, seq, op, numelIn, numelOut, timeout, ranFor, lastEnqueued, lastCompleted,
                exitCode, pid, host, text, count);
    }

    /** A copy of a parsed NCCL error header at another line (the block's later lines are not copied). */
    LauncherErrorEntry copy(int atLine) {
        LauncherErrorEntry c = new LauncherErrorEntry(kind, atLine);
        c.rank = rank;
        c.exception = exception;
        c.source = source;
        c.reason = reason;
        c.error = error;
        c.version = version;
        c.versionPrinted = versionPrinted;
        c.text = text;
        c.after = after;
        return c;
    }
}
