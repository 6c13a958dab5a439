package io.ncclscope.parsers.nvsmi;

/**
 * Clocks in MHz ({@code -q} "Clocks" and "Max Clocks" sections, or {@code clocks.*} CSV columns).
 * Each value is null when not printed.
 *
 * @param graphicsMhz    current graphics clock
 * @param smMhz          current SM clock (low at idle is normal)
 * @param memoryMhz      current memory clock
 * @param videoMhz       current video clock
 * @param maxGraphicsMhz maximum graphics clock
 * @param maxSmMhz       maximum SM clock
 * @param maxMemoryMhz   maximum memory clock
 * @param maxVideoMhz    maximum video clock
 * @param line           1-based line of the first clock printed
 */
public record GpuClocks(Integer graphicsMhz, Integer smMhz, Integer memoryMhz, Integer videoMhz,
                        Integer maxGraphicsMhz, Integer maxSmMhz, Integer maxMemoryMhz, Integer maxVideoMhz, int line) {
}
