package io.ncclscope.parsers.gids;

/**
 * One GID table entry of an RDMA port.
 *
 * @param device      RDMA device such as {@code mlx5_0} or {@code mlx5_bond_0} (nullable: an {@code ibv_devinfo -v}
 *                    excerpt without its {@code hca_id} line names none)
 * @param port        port number (nullable, same reason)
 * @param index       GID index, the value for {@code NCCL_IB_GID_INDEX} and {@code ib_write_bw -x}
 * @param gid         the GID in full form, 8 groups of 4 lower-case hex digits, whichever notation was printed
 * @param ipv4        the IPv4 address of an IPv4-mapped GID ({@code ::ffff:a.b.c.d}) (nullable)
 * @param roceVersion {@code "v1"} or {@code "v2"} (nullable: InfiniBand ports print no type)
 * @param netdev      the network interface the GID belongs to, from show_gids (nullable)
 * @param line        1-based source line
 */
public record GidEntry(String device, Integer port, int index, String gid, String ipv4, String roceVersion,
                       String netdev, int line) {

    /** {@return true for a link-local GID ({@code fe80::/10}), which is not routed between subnets} */
    public boolean linkLocal() {
        return gid.startsWith("fe8") || gid.startsWith("fe9") || gid.startsWith("fea") || gid.startsWith("feb");
    }
}
