package io.ncclscope.parsers.perftest;

/** What a perftest run measures: bandwidth ({@code ib_*_bw}) or latency ({@code ib_*_lat}). */
public enum Measure {
    /** A {@code ... BW Test}: bandwidth and message rate. */
    BW,
    /** A {@code ... Latency Test}: per-message latency. */
    LAT,
    /** Not shown. */
    UNKNOWN
}
