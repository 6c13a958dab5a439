package io.ncclscope.parsers.pci;

/**
 * One BAR of the Physical Resizable BAR capability of {@code lspci -vvv}
 * ({@code BAR 1: current size: 64GB, supported: ...}). A GPU's BAR1 size bounds what GPUDirect RDMA
 * can map.
 *
 * @param bar          BAR number
 * @param currentSize  the current size as printed, for example {@code "64GB"}
 * @param currentBytes the current size in bytes; null when unreadable
 * @param line         1-based source line
 */
public record ResizableBar(int bar, String currentSize, Long currentBytes, int line) {
}
