package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What a finding is about; every field may be null.
 *
 * @param node   host name
 * @param rank   NCCL rank
 * @param gpu    GPU as the tools name it
 * @param device NIC or HCA, or another PCI device
 * @param port   HCA port
 * @param iface  network interface
 * @param peer   the other end of a connection or link
 */
@RegisterForReflection
public record SubjectDto(String node, Integer rank, String gpu, String device, Integer port, String iface, String peer) {
}
