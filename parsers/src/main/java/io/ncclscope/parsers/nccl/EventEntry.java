package io.ncclscope.parsers.nccl;

/** A distinct event being counted; becomes an {@link NcclEvent}. */
final class EventEntry {
    int line;
    String host;
    Long pid;
    Long tid;
    Integer cudaDev;
    NcclLevel level;
    String source;
    String function;
    String message;
    EventKind kind;
    Integer code;
    NcclResult result;
    String peer;
    long count;
}
