/**
 * {@code nvidia-smi topo -m} (and {@code -mp}, {@code -p2p}): GPUs, NICs, the connection matrix, CPU and NUMA
 * affinity (kind {@code topo}).
 */
package io.ncclscope.parsers.topo;
