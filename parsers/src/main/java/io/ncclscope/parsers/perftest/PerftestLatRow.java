package io.ncclscope.parsers.perftest;

/**
 * One row of a latency table ({@code #bytes #iterations t_min[usec] t_max[usec] t_typical[usec] t_avg[usec]
 * t_stdev[usec] 99% percentile[usec] 99.9% percentile[usec]}), or of the duration-mode table
 * ({@code #bytes #iterations t_avg[usec] tps average}). Times in microseconds; absent columns are null.
 *
 * @param bytes      message size
 * @param iterations iterations
 * @param tMin       fastest, usec
 * @param tMax       slowest, usec
 * @param tTypical   typical (median), usec
 * @param tAvg       average, usec
 * @param tStdev     standard deviation, usec
 * @param p99        99th percentile, usec
 * @param p999       99.9th percentile, usec
 * @param tpsAverage transactions per second (duration mode)
 * @param cpuUtilPct {@code CPU_Util[%]} when printed
 * @param line       1-based source line
 */
public record PerftestLatRow(long bytes, Long iterations, Double tMin, Double tMax, Double tTypical, Double tAvg,
                             Double tStdev, Double p99, Double p999, Double tpsAverage, Double cpuUtilPct, int line) {
}
