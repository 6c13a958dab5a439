package io.ncclscope.parsers.perftest;

/**
 * An error perftest (or the wrapper around it) printed, for example {@code Couldn't connect to 10.0.0.2:18515}
 * or {@code Failed to modify QP to RTS}. Two messages printed on one line without a newline (perftest before
 * PR #228) become two errors.
 *
 * @param line     1-based source line
 * @param side     the side it came from, when the output says so ({@code server error:} labels, server banner)
 * @param category what failed
 * @param text     the message
 */
public record PerftestError(int line, Side side, Category category, String text) {

    /** What failed, in the order perftest sets a test up. */
    public enum Category {
        /** The RDMA device could not be found or opened. */
        DEVICE,
        /** The out-of-band TCP connection (default port 18515) or the rdma_cm connection could not be made. */
        CONNECTION,
        /** The two sides could not exchange their addresses and keys over that connection. */
        DATA_EXCHANGE,
        /** A queue pair could not be created or moved to RTR/RTS (GID, route, MTU or rdma_cm problems). */
        QP_SETUP,
        /** Memory (host or GPU) could not be allocated or registered. */
        MEMORY,
        /** A work completion came back with an error status during the test. */
        COMPLETION,
        /** Anything else. */
        OTHER
    }
}
