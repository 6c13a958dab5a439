package io.ncclscope.parsers.ethtool;

/**
 * An error or warning line the tool itself printed among its output, for example
 * {@code Cannot get wake-on-lan settings: Operation not permitted} (corpus ethtool/open-nic-driver-29-1.txt).
 *
 * @param line 1-based source line
 * @param text the line, trimmed
 */
public record ToolMessage(int line, String text) {
}
