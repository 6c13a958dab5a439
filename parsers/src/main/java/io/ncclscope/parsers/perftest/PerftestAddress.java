package io.ncclscope.parsers.perftest;

/**
 * One {@code local address: LID 0000 QPN 0x0e2e PSN 0xf3aa42 RKey 0x186dc0 VAddr 0x007fad682b4000} line and the
 * {@code GID: 00:00:...:255:255:10:00:01:11} line under it. perftest prints the GID as 16 decimal bytes
 * ({@code %02d}); {@code gidHex} and {@code ipv4} restate it.
 *
 * @param remote   false for {@code local address}, true for {@code remote address}
 * @param lid      the LID (0 on RoCE)
 * @param qpn      queue pair number
 * @param psn      packet sequence number
 * @param rkey     remote key (RDMA tests); null when not printed
 * @param vaddr    buffer virtual address as printed (RDMA tests); null when not printed
 * @param outReads outstanding reads ({@code OUT}, read tests); null when not printed
 * @param srqn     SRQ number (XRC/DC); null when not printed
 * @param gid      the GID line's value as printed; null when no GID line followed (IB without GRH, rdma_cm)
 * @param gidHex   the GID as eight 4-digit hex groups, {@code 0000:0000:0000:0000:0000:ffff:0a00:010b}
 *                 (the form of {@code show_gids}); null when not readable
 * @param ipv4     the IPv4 address of an IPv4-mapped (RoCE v2) GID, {@code 10.0.1.11}; null otherwise
 * @param line     1-based line of the address line
 */
public record PerftestAddress(boolean remote, Integer lid, Long qpn, Long psn, Long rkey, String vaddr, Integer outReads,
                              Long srqn, String gid, String gidHex, String ipv4, int line) {
}
