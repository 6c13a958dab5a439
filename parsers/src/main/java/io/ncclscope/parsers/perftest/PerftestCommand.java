package io.ncclscope.parsers.perftest;

/**
 * A perftest command line seen in the input (a shell prompt line or a wrapper's log line).
 *
 * @param line 1-based source line
 * @param tool the binary, for example {@code ib_write_bw}
 * @param side {@link Side#CLIENT} when the command names a server address, {@link Side#SERVER} when it names none
 *             (or the wrapper line says so)
 * @param text the command from the tool name on
 */
public record PerftestCommand(int line, String tool, Side side, String text) {
}
