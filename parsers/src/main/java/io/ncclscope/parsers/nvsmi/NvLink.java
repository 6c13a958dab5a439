package io.ncclscope.parsers.nvsmi;

/**
 * One NVLink of a GPU from {@code nvidia-smi nvlink -s}: {@code Link 3: 26.562 GB/s} or {@code Link 3: <inactive>}.
 *
 * @param link     the link number
 * @param speedGBs the printed speed in GB/s, null when the link is inactive or no number was printed
 * @param active   true when a speed above 0 was printed
 * @param state    the printed value as is ({@code 26.562 GB/s}, {@code <inactive>})
 * @param line     1-based source line
 */
public record NvLink(int link, Double speedGBs, boolean active, String state, int line) {
}
