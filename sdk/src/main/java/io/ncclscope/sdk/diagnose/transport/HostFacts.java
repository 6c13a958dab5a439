package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NetworkChoice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one log says about one host, or (in a job) what all its logs say: the facts each check reads, cut to the ones
 * that can change a finding or show in one. Filled while its log is read ({@link LogSummary}), then frozen.
 */
final class HostFacts {
    final String name;
    /** The interfaces NCCL names ({@code Bootstrap : Using}...), each use, name and address once. */
    List<LogFact<NcclInterface>> interfaces = new ArrayList<>();
    /** The networks NCCL chose ({@code Using network IB}), each once. */
    List<LogFact<NetworkChoice>> networks = new ArrayList<>();
    /** The events the checks read, only those that can change or show in a finding. */
    List<LogFact<NcclEvent>> events = new ArrayList<>();
    /** The IB devices NCCL uses ({@code NET/IB : Using [0]mlx5_0:1/IB}), each device and port once. */
    List<LogFact<IbDevice>> ibDevices = new ArrayList<>();
    /** What the host's connection lines say; null when the log has none for it (most logs of a bundle). */
    private HostConnections connections;
    /** A rank line shows more than one local rank. */
    boolean severalLocal;
    /** Rank to GPU (NVML index, else CUDA device): the first line of each rank. */
    Map<Integer, Integer> gpus = new HashMap<>();

    HostFacts(String name) {
        this.name = name;
    }

    /** Adds what another log says about this host after what is here. */
    void merge(HostFacts o) {
        interfaces.addAll(o.interfaces);
        networks.addAll(o.networks);
        events.addAll(o.events);
        ibDevices.addAll(o.ibDevices);
        if (o.connections != null) connectionsToFill().merge(o.connections);
        severalLocal |= o.severalLocal;
        o.gpus.forEach(gpus::putIfAbsent);
    }

    /** Lets go of the room the lists grew into: a log's summary is kept until every slice has been read. */
    void freeze() {
        interfaces = List.copyOf(interfaces);
        networks = List.copyOf(networks);
        events = List.copyOf(events);
        ibDevices = List.copyOf(ibDevices);
        if (connections != null) connections.freeze();
        gpus = Map.copyOf(gpus);
    }

    /** {@return what the host's connection lines say (nothing when it has none)} */
    HostConnections connections() {
        return connections == null ? HostConnections.NONE : connections;
    }

    /** {@return the host's connections, to add to} */
    HostConnections connectionsToFill() {
        if (connections == null) connections = new HostConnections();
        return connections;
    }
}
