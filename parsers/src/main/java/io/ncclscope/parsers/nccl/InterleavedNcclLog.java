package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.internal.Warnings;
import java.util.Objects;

/**
 * The NCCL log inside another tool's output that interleaves NCCL's debug lines with its own (an nccl-tests binary run
 * with {@code NCCL_DEBUG=INFO}), read one line at a time by that tool's parser while it reads the lines itself: the
 * facts {@link NcclLogParser} finds in the whole output, line numbers the output's, without a second read of it.
 * Give it every line of the output, in order, the tool's own lines too (they are the log's other lines). Not
 * thread-safe; {@link #finish()} once.
 */
public final class InterleavedNcclLog {

    private final NcclLogScanner scanner;

    /**
     * A log read under {@code limits} (its warning cap: the lines themselves come cut to the limits already).
     *
     * @param limits the limits of the parse that reads the output
     */
    public InterleavedNcclLog(ParseLimits limits) {
        this.scanner = new NcclLogScanner(new Warnings(Objects.requireNonNull(limits, "limits").maxWarnings()));
    }

    /**
     * Reads the next line of the output.
     *
     * @param line the line, cleaned as the output's parser reads it (no terminator)
     * @param no   its 1-based number in the output
     */
    public void accept(String line, int no) {
        scanner.accept(line, no);
    }

    /** {@return the log read from the lines given} */
    public NcclLog finish() {
        return scanner.finish();
    }
}
