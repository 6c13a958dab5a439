package io.ncclscope.parsers.topoxml;

/**
 * A {@code <net name="mlx5_0" dev="0" speed="200000" port="1" latency="0" guid="0x..." maxconn="131072" gdr="1"/>}
 * element inside a {@code <nic>}.
 *
 * @param name      device name ({@code mlx5_0}, {@code eth0}); nullable
 * @param dev       NCCL net device index; nullable
 * @param speedMbps port speed in Mb/s ({@code speed}); nullable
 * @param port      port number; nullable
 * @param guid      GUID as printed ({@code 0x0} for sockets); nullable
 * @param gdr       GPUDirect RDMA support; nullable
 * @param latency   latency as printed, in microseconds; nullable
 * @param maxConn   {@code maxconn}; nullable
 * @param coll      {@code coll="1"}: a collective (SHARP) network; nullable
 * @param busId     bus id of the enclosing {@code pci}, null for a NIC placed directly under a CPU (sockets)
 * @param numaId    {@code numaid} of the enclosing {@code cpu}; nullable
 * @param line      1-based source line
 */
public record TopoNet(String name, Integer dev, Long speedMbps, Integer port, String guid, Boolean gdr, Double latency,
                      Integer maxConn, Boolean coll, String busId, Integer numaId, int line) {
}
