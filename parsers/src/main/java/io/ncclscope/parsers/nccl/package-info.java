/**
 * NCCL_DEBUG output (INFO, WARN, TRACE) from NCCL 2.2 to 2.28+, with the launcher's error lines around it:
 * versions, ranks, network, interfaces, transports, rings, errors and environment (kind {@code nccl-log}).
 */
package io.ncclscope.parsers.nccl;
