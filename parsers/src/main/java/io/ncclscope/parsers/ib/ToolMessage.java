package io.ncclscope.parsers.ib;

/**
 * An error or warning line the tool itself printed among its output, for example
 * {@code ibpanic: ... stat of IB device 'mlx5_8' failed} (corpus ibstat/gpud-ibstat-39-a100-ibpanic-1.txt).
 *
 * @param line 1-based source line
 * @param text the line, trimmed
 */
public record ToolMessage(int line, String text) {
}
