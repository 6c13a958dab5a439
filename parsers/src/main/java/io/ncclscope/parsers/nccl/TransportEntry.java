package io.ncclscope.parsers.nccl;

/** A distinct channel connection line being counted; becomes an {@link NcclTransport}. */
final class TransportEntry {
    int viaSlot;
    int channel;
    Integer conn;
    int from;
    int to;
    Integer fromDev;
    Integer toDev;
    String fromBus;
    String toBus;
    Direction dir;
    String via;
    TransportType type;
    String net;
    Boolean gdr;
    String host;
    int line;
    long count;
}
