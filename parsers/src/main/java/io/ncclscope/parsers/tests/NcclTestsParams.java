package io.ncclscope.parsers.tests;

/**
 * The run parameters nccl-tests prints on its {@code # nThread ...} line (or in the JSON {@code config}),
 * plus the option notes printed under it. Every component is null when the tool did not print it (older
 * versions print no {@code agg iters}, {@code graph} or {@code unalign}).
 *
 * @param nThread       threads per process ({@code -t})
 * @param nGpus         GPUs per thread ({@code -g})
 * @param minBytes      smallest size ({@code -b})
 * @param maxBytes      largest size ({@code -e})
 * @param stepFactor    size multiplier ({@code -f}) when the step is printed as {@code N(factor)}
 * @param stepBytes     size increment ({@code -i}) when the step is printed as {@code N(bytes)}
 * @param warmupIters   warm-up iterations ({@code -w})
 * @param iters         timed iterations ({@code -n})
 * @param aggIters      aggregated iterations ({@code -m})
 * @param validation    check iterations ({@code -c}); 0 means results were not checked
 * @param graph         CUDA graph launches ({@code -G}); 0 means off
 * @param unalign       buffer misalignment in elements ({@code -u})
 * @param blockingMode  {@code -z} mode from the {@code # Blocking Enabled: ...} line (1, 2 or 3); for JSON the
 *                      {@code -z} argument, or 0 when {@code blocking_collectives} is false; null when not shown
 * @param perIterTiming true when the {@code # Per-Iteration Report} line ({@code -I 1}) was printed
 * @param perIterSkip   iterations left out of the per-iteration summary ({@code -K})
 * @param parallelInit  true when {@code # Parallel Init Enabled} was printed
 * @param line          1-based line of the {@code nThread} line (JSON: line of {@code "config"})
 */
public record NcclTestsParams(Integer nThread, Integer nGpus, Long minBytes, Long maxBytes, Long stepFactor,
                              Long stepBytes, Integer warmupIters, Integer iters, Integer aggIters, Integer validation,
                              Integer graph, Integer unalign, Integer blockingMode, Boolean perIterTiming,
                              Integer perIterSkip, Boolean parallelInit, int line) {
}
