package io.ncclscope.parsers.nccl;

/** A distinct WARN line being counted (or, past the cap, its text-less shadow), with what it was counted as. */
final class WarningEntry {
    int line;
    String text;
    String host;
    String source;
    long count;
    EventKind kind;
    EventEntry event;
    IbCompletionEntry ib;
    DuplicateGpuEntry dup;
}
