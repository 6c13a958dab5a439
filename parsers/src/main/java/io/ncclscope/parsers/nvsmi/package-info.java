/**
 * {@code nvidia-smi -q}, {@code nvidia-smi nvlink -s}, {@code --query-gpu ... --format=csv}, {@code -L} and the
 * default table: GPUs, PCIe generation and width current vs max, NVLinks (kind {@code nvidia-smi-q}).
 */
package io.ncclscope.parsers.nvsmi;
