/**
 * NCCL_DEBUG output (INFO, WARN, TRACE) from NCCL 2.2 to 2.28+, with the launcher's error lines around it:
 * versions, ranks, network, interfaces, transports, rings, errors and environment (kind {@code nccl-log}).
 * {@link io.ncclscope.parsers.nccl.TransportTerms} and {@link io.ncclscope.parsers.nccl.InterfaceList} read the words
 * of NCCL's transport choice: path levels, switches, network names, a connection's net device, interface lists.
 */
package io.ncclscope.parsers.nccl;
