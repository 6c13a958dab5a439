package io.ncclscope.parsers.perftest;

/**
 * One row of a bandwidth table ({@code #bytes #iterations BW peak[..] BW average[..] MsgRate[Mpps]}, plus the
 * optional {@code BW min}, {@code #sl}, per-port and {@code CPU_Util} columns). perftest prints BW in
 * {@code MB/sec} (later labelled {@code MiB/sec}; both 2^20 bytes per second, {@code format_factor 0x100000} in
 * {@code perftest_parameters.c}) or, with {@code --report_gbits}, in {@code Gb/sec} (10^9 bits per second,
 * {@code format_factor 125000000}). The {@code *Gbps} components are in Gb/s (10^9 bits/s) whatever was printed:
 * MB/sec times 8 * 2^20 / 10^9. Components the row did not hold are null.
 *
 * @param bytes            message size ({@code #bytes})
 * @param iterations       iterations ({@code #iterations}); in duration mode ({@code -D}) the count completed
 * @param bwPeak           {@code BW peak} as printed, in {@link PerftestData#bwUnit()}; 0.00 when the run did not
 *                         measure the peak (duration mode)
 * @param bwAverage        {@code BW average} as printed
 * @param bwPeakGbps       {@code BW peak} in Gb/s
 * @param bwAverageGbps    {@code BW average} in Gb/s
 * @param msgRateMpps      {@code MsgRate}, millions of messages per second
 * @param bwMinGbps        {@code BW min} in Gb/s (newer builds)
 * @param sl               service level ({@code #sl}, QoS runs)
 * @param port1Gbps        {@code BW Port1} in Gb/s (dual-port runs)
 * @param port1MsgRateMpps {@code MsgRate Port1}
 * @param port2Gbps        {@code BW Port2} in Gb/s
 * @param port2MsgRateMpps {@code MsgRate Port2}
 * @param cpuUtilPct       {@code CPU_Util[%]} ({@code --cpu_util})
 * @param line             1-based source line
 */
public record PerftestBwRow(long bytes, Long iterations, Double bwPeak, Double bwAverage, Double bwPeakGbps,
                            Double bwAverageGbps, Double msgRateMpps, Double bwMinGbps, Integer sl, Double port1Gbps,
                            Double port1MsgRateMpps, Double port2Gbps, Double port2MsgRateMpps, Double cpuUtilPct,
                            int line) {
}
