package io.ncclscope.parsers.nccl;

/** A communicator rank being read; becomes an {@link NcclRank}. */
final class RankEntry {
    String host;
    Long pid;
    int rank;
    Integer nranks;
    Integer cudaDev;
    Integer nvmlDev;
    String busIdRaw;
    String comm;
    String commId;
    Integer nNodes;
    Integer localRank;
    Integer localRanks;
    Boolean initComplete;
    boolean destroyed;
    int line;
}
