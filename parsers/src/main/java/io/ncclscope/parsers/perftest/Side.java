package io.ncclscope.parsers.perftest;

/** Which end of a perftest pair printed the output. */
public enum Side {
    /** The passive side, started first without a peer address (it prints {@code Waiting for client to connect}). */
    SERVER,
    /** The active side, started with the server's address. */
    CLIENT
}
