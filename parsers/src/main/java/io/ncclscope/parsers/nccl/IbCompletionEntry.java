package io.ncclscope.parsers.nccl;

/** A distinct IB completion error being counted; becomes an {@link IbCompletionError}. */
final class IbCompletionEntry {
    String host;
    Long pid;
    Integer dev;
    String peer;
    Integer port;
    Integer status;
    String statusText;
    Integer opcode;
    Long len;
    Integer vendor;
    String dir;
    String lgid;
    String rgid;
    String hca;
    int line;
    long count;
}
