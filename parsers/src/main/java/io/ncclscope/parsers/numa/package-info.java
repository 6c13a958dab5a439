/**
 * {@code numactl -H} and the NUMA lines of {@code lscpu}: nodes, their CPUs and memory, distances
 * (kind {@code numactl}).
 */
package io.ncclscope.parsers.numa;
