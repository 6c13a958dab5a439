package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.NcclTransport;
import java.util.ArrayList;
import java.util.List;

/** What one host's connection lines ("Channel ... via ...") say, for the checks that read them. */
final class HostConnections {
    /** No connection line. */
    static final HostConnections NONE = new HostConnections().freeze();

    /** Network connections over Socket, over another network. */
    boolean socketNet;
    boolean otherNet;
    /** The first connection over Socket, of any type. */
    LogFact<NcclTransport> firstSocket;
    /** Network connections over Socket: the first of each device index. */
    List<LogFact<NcclTransport>> socketDevs = new ArrayList<>();
    /** Receive connections over an RDMA network, all and those without GDRDMA (a line counts its connections). */
    long recvCount;
    long withoutCount;
    /** The paths of receive connections without GDRDMA, in order. */
    List<String> withoutVias = new ArrayList<>();
    /** The first receive connections without GDRDMA. */
    List<LogFact<NcclTransport>> without = new ArrayList<>();
    /** The first receive connection with GDRDMA. */
    LogFact<NcclTransport> withGdr;
    /**
     * Connections that may join two GPUs of this host, in line order: SHM lines and network lines between ranks
     * the log puts on this host (the first {@value LogSummary#LINES} of each pair and path), and network lines
     * between ranks the log does not place, or places apart (the first of each rank pair), which the job's other
     * logs may put here.
     */
    List<LogFact<NcclTransport>> intra = new ArrayList<>();

    /** Adds what another log says about the host's connections after what is here. */
    void merge(HostConnections o) {
        socketNet |= o.socketNet;
        otherNet |= o.otherNet;
        if (firstSocket == null) firstSocket = o.firstSocket;
        socketDevs.addAll(o.socketDevs);
        recvCount += o.recvCount;
        withoutCount += o.withoutCount;
        for (String v : o.withoutVias) if (!withoutVias.contains(v)) withoutVias.add(v);
        without.addAll(o.without);
        if (withGdr == null) withGdr = o.withGdr;
        intra.addAll(o.intra);
    }

    /** {@return whether the host receives over an RDMA network: a line with GDRDMA or one without} */
    boolean receives() {
        return withGdr != null || !without.isEmpty();
    }

    HostConnections freeze() {
        socketDevs = List.copyOf(socketDevs);
        withoutVias = List.copyOf(withoutVias);
        without = List.copyOf(without);
        intra = List.copyOf(intra);
        return this;
    }
}
