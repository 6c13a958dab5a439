package io.ncclscope.sdk.diagnose;

import java.util.Objects;

/**
 * What a finding is about. Every component is nullable: a finding names what it knows.
 *
 * @param node   host name
 * @param rank   NCCL rank
 * @param gpu    GPU as the tools name it ({@code GPU3}, a CUDA device index, or a PCI address)
 * @param device NIC or HCA ({@code mlx5_0}), or another PCI device by address
 * @param port   HCA port number
 * @param iface  network interface ({@code eth0}, {@code ib0})
 * @param peer   the other end (host, address or rank) of a connection or link
 */
public record Subject(String node, Integer rank, String gpu, String device, Integer port, String iface, String peer) {

    /** A subject with nothing named (the job as a whole). */
    public static final Subject JOB = new Subject(null, null, null, null, null, null, null);

    /**
     * {@return a subject naming one node}
     *
     * @param node the node
     */
    public static Subject node(String node) {
        return new Subject(node, null, null, null, null, null, null);
    }

    /**
     * {@return a copy of this subject naming another node}
     * @param v the node; null for none
     */
    public Subject withNode(String v) {
        return new Subject(v, rank, gpu, device, port, iface, peer);
    }

    /**
     * {@return a copy of this subject naming another rank}
     * @param v the rank; null for none
     */
    public Subject withRank(Integer v) {
        return new Subject(node, v, gpu, device, port, iface, peer);
    }

    /**
     * {@return a copy of this subject naming another GPU}
     * @param v the GPU; null for none
     */
    public Subject withGpu(String v) {
        return new Subject(node, rank, v, device, port, iface, peer);
    }

    /**
     * {@return a copy of this subject naming another device}
     * @param v the device; null for none
     */
    public Subject withDevice(String v) {
        return new Subject(node, rank, gpu, v, port, iface, peer);
    }

    /**
     * {@return a copy of this subject naming another port}
     * @param v the port; null for none
     */
    public Subject withPort(Integer v) {
        return new Subject(node, rank, gpu, device, v, iface, peer);
    }

    /**
     * {@return a copy of this subject naming another network interface}
     * @param v the network interface; null for none
     */
    public Subject withIface(String v) {
        return new Subject(node, rank, gpu, device, port, v, peer);
    }

    /**
     * {@return a copy of this subject naming another peer}
     * @param v the peer; null for none
     */
    public Subject withPeer(String v) {
        return new Subject(node, rank, gpu, device, port, iface, v);
    }

    /** {@return a short label such as {@code node1 rank 3 GPU3 mlx5_0:1}, for reports; empty for {@link #JOB}} */
    public String label() {
        StringBuilder sb = new StringBuilder();
        if (node != null) sb.append(node);
        if (rank != null) sb.append(sb.length() > 0 ? " " : "").append("rank ").append(rank);
        if (gpu != null) sb.append(sb.length() > 0 ? " " : "").append(gpu);
        if (device != null) sb.append(sb.length() > 0 ? " " : "").append(device).append(port != null ? ":" + port : "");
        else if (port != null) sb.append(sb.length() > 0 ? " " : "").append("port ").append(port);
        if (iface != null) sb.append(sb.length() > 0 ? " " : "").append(iface);
        if (peer != null) sb.append(sb.length() > 0 ? " " : "").append("-> ").append(peer);
        return sb.toString();
    }

    // equals and hashCode by hand, for the AOT cache: see Finding. RecordEqualityTest holds them to the record contract.
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Subject o && Objects.equals(node, o.node)
                && Objects.equals(rank, o.rank) && Objects.equals(gpu, o.gpu) && Objects.equals(device, o.device)
                && Objects.equals(port, o.port) && Objects.equals(iface, o.iface) && Objects.equals(peer, o.peer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(node, rank, gpu, device, port, iface, peer);
    }
}
