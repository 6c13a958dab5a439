/**
 * nccl-tests {@code *_perf} tables, text (old and new layouts) and {@code -J} JSON: rows, devices, average bus
 * bandwidth (kind {@code nccl-tests}).
 */
package io.ncclscope.parsers.tests;
