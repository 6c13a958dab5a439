package io.ncclscope.parsers.nccl;

/**
 * One rank of one communicator, from {@code comm 0x... rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x...
 * - Init START|COMPLETE} and its older forms ({@code cudaDev 0 busId 1b000 - Init COMPLETE}, 2.2/2.3
 * {@code comm 0x... rank 0 nranks 2} and {@code rank 0 nranks 8}). START, COMPLETE, Destroy and the
 * {@code nRanks 1 nNodes 1 localRanks 1 localRank 0} line of the same communicator and rank merge into one entry.
 * Nullable components were not printed.
 *
 * @param host         host of the line prefix; nullable
 * @param pid          process id of the line prefix; nullable
 * @param rank         rank in the communicator
 * @param nranks       communicator size; nullable
 * @param cudaDev      CUDA device index; nullable
 * @param nvmlDev      NVML device index (2.19+); nullable
 * @param busId        canonical PCI address {@code 0000:1b:00.0}; nullable
 * @param busIdRaw     the bus id as NCCL printed it ({@code 1b000}); nullable
 * @param comm         the communicator pointer ({@code 0x55cc8aa86c70}); nullable
 * @param commId       the communicator id hash ({@code 0x65e0bd6ee7449db4}, 2.18+); nullable
 * @param nNodes       nodes in the communicator ({@code nNodes}, 2.19+); nullable
 * @param localRank    rank within the node; nullable
 * @param localRanks   ranks on the node; nullable
 * @param initComplete true once {@code Init COMPLETE} was seen, false when only {@code Init START}; null when neither was printed
 * @param destroyed    true when {@code Destroy COMPLETE} was seen
 * @param line         1-based line of the first line about this rank
 */
public record NcclRank(String host, Long pid, int rank, Integer nranks, Integer cudaDev, Integer nvmlDev, String busId,
                       String busIdRaw, String comm, String commId, Integer nNodes, Integer localRank, Integer localRanks,
                       Boolean initComplete, boolean destroyed, int line) implements NcclLineFact {

    /**
     * {@inheritDoc} The init line's fields: {@code host:pid NCCL INFO comm 0x... rank 0 nranks 16 cudaDev 0 busId 1b000
     * commId 0x...}, each one printed.
     */
    @Override
    public String asPrinted() {
        StringBuilder sb = new StringBuilder();
        if (host != null) sb.append(host).append(':').append(pid).append(' ');
        sb.append("NCCL INFO comm ").append(comm == null ? "?" : comm).append(" rank ").append(rank);
        if (nranks != null) sb.append(" nranks ").append(nranks);
        if (cudaDev != null) sb.append(" cudaDev ").append(cudaDev);
        if (busIdRaw != null) sb.append(" busId ").append(busIdRaw);
        if (commId != null) sb.append(" commId ").append(commId);
        return sb.toString();
    }
}
