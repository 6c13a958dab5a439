/**
 * perftest results ({@code ib_write_bw}, {@code ib_read_bw}, {@code ib_send_bw}, {@code *_lat}): segment 2
 * evidence (kind {@code perftest}).
 */
package io.ncclscope.parsers.perftest;
