package io.ncclscope.parsers.pci;

/**
 * The {@code LnkCap:} line of {@code lspci -vvv}: what the link can do (not {@code LnkCap2:}).
 *
 * @param port     the port number ({@code Port #0}); null when not printed
 * @param speedGTs maximum speed in GT/s ({@code Speed 16GT/s}); null when printed as unknown or absent
 * @param width    maximum lane count ({@code Width x16}); null when absent
 * @param line     1-based source line
 */
public record LinkCap(Integer port, Double speedGTs, Integer width, int line) {
}
