package io.ncclscope.parsers.tests;

/**
 * A line worth keeping that is not a measurement: an option note ({@code # Blocking Enabled ...},
 * {@code # Reducing maxBytes ...}, {@code Option -G ... Ignoring}), an NCCL WARN line printed between rows.
 *
 * @param line 1-based source line
 * @param text the line, trimmed and without its launcher prefix
 */
public record Note(int line, String text) {
}
