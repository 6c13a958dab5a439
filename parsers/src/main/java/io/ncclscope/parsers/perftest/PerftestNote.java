package io.ncclscope.parsers.perftest;

/**
 * A line kept for context: a perftest WARNING (for example {@code WARNING: BW peak won't be measured in this run.}),
 * a libibverbs provider warning, a CUDA setup line, or a wrapper's INFO line.
 *
 * @param line 1-based source line
 * @param text the line, trimmed
 */
public record PerftestNote(int line, String text) {
}
