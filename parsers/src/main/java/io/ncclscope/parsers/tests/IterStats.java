package io.ncclscope.parsers.tests;

import java.util.List;

/**
 * Per-iteration timing ({@code -I 1}): the text table prints {@code i_min i_max i_p99 i_cv%}; the JSON
 * adds average, median, p95, deviation, the skipped count and every sample. Times in microseconds;
 * components the source did not hold are null.
 *
 * @param minUs             fastest iteration
 * @param maxUs             slowest iteration
 * @param p99Us             99th percentile (nearest rank)
 * @param cvPct             coefficient of variation, percent
 * @param avgUs             mean (JSON only)
 * @param p50Us             median (JSON only)
 * @param p95Us             95th percentile (JSON only)
 * @param stdevUs           standard deviation (JSON only)
 * @param skippedIterations leading samples left out of the summary (JSON only)
 * @param timesUs           every sample (JSON only; empty otherwise)
 */
public record IterStats(Double minUs, Double maxUs, Double p99Us, Double cvPct, Double avgUs, Double p50Us,
                        Double p95Us, Double stdevUs, Integer skippedIterations, List<Double> timesUs) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param minUs             fastest iteration
     * @param maxUs             slowest iteration
     * @param p99Us             99th percentile (nearest rank)
     * @param cvPct             coefficient of variation, percent
     * @param avgUs             mean (JSON only)
     * @param p50Us             median (JSON only)
     * @param p95Us             95th percentile (JSON only)
     * @param stdevUs           standard deviation (JSON only)
     * @param skippedIterations leading samples left out of the summary (JSON only)
     * @param timesUs           every sample (JSON only; empty otherwise)
     */
    public IterStats {
        timesUs = timesUs == null ? List.of() : List.copyOf(timesUs);
    }
}
