/**
 * The XML NCCL writes with {@code NCCL_TOPO_DUMP_FILE}: the CPU/PCI tree, GPUs, NICs and NVLinks
 * (kind {@code nccl-topo-xml}).
 */
package io.ncclscope.parsers.topoxml;
