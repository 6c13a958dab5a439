package io.ncclscope.parsers.nccl;

/**
 * A {@code Using network IB} line (2.2/2.3: {@code Using internal Network IB}); each distinct name and host once.
 *
 * @param name the network as printed: {@code IB}, {@code Socket}, {@code IBext_v8}, {@code AWS Libfabric}...
 * @param host the host that printed it; null when the line has no prefix
 * @param line 1-based line of the first occurrence
 */
public record NetworkChoice(String name, String host, int line) implements NcclLineFact {

    /** {@return the line in NCCL 2.4+'s words, {@code NCCL INFO Using network Socket}} */
    @Override
    public String asPrinted() {
        return "NCCL INFO Using network " + name;
    }
}
