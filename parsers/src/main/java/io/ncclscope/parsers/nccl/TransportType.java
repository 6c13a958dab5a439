package io.ncclscope.parsers.nccl;

/** The transport of a channel connection, from the first word after {@code via}. */
public enum TransportType {
    /** {@code via P2P/IPC}, {@code P2P/CUMEM}, {@code P2P/direct pointer}: GPU peer-to-peer (NVLink or PCIe). */
    P2P,
    /** {@code via SHM/direct/direct}, {@code via direct shared memory}: staged through host memory. */
    SHM,
    /** {@code via NET/IB/0/GDRDMA}, {@code NET/Socket/1}: the network. */
    NET,
    /** {@code via COLLNET/...}: in-network reduction (SHARP). */
    COLLNET,
    /** Anything else. */
    UNKNOWN
}
