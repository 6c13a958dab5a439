package io.ncclscope.parsers.nvsmi;

/**
 * Frame-buffer memory in MiB ({@code -q} "FB Memory Usage", {@code memory.*} CSV columns or the
 * summary table's {@code 0MiB / 143771MiB}). Each value is null when not printed.
 *
 * @param totalMib    total
 * @param reservedMib reserved by the driver
 * @param usedMib     used
 * @param freeMib     free
 * @param line        1-based line of the first value printed
 */
public record GpuMemory(Long totalMib, Long reservedMib, Long usedMib, Long freeMib, int line) {
}
