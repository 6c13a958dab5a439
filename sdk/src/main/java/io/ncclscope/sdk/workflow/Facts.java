package io.ncclscope.sdk.workflow;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the evidence told about the job, used to fill commands in: names a person would otherwise type. Lists keep the
 * order of first appearance.
 *
 * @param nodes       hosts named by the evidence, natural order
 * @param gpusPerNode GPUs (ranks) per node of the largest run seen; null when unknown
 * @param gpuModels   GPU names ({@code NVIDIA H200})
 * @param interfaces  IP interfaces NCCL used (bootstrap, socket, OOB), as {@code name}
 * @param netdevs     network interfaces the nodes have ({@code ip addr}, {@code ethtool}), as {@code name}
 * @param hcas        RDMA devices ({@code mlx5_0}) from NCCL's {@code NET/IB : Using} lines, {@code ibstat}, the topology legend
 * @param network     the network NCCL chose between nodes ({@code IB}, {@code Socket}); null when not seen
 * @param launcher    the launcher seen on a command line ({@code torchrun}, {@code mpirun}, {@code srun}); null when not seen
 * @param env         NCCL variables seen, name to first value
 * @param ncclVersion the NCCL version printed; null when not seen
 * @param activeHcas  the healthy RDMA devices the nodes that list their ports have ({@link ActiveHcas}), natural
 *                    order, for {@code NCCL_IB_HCA}; empty when no port state was read
 */
public record Facts(List<String> nodes, Integer gpusPerNode, List<String> gpuModels, List<String> interfaces,
                    List<String> netdevs, List<String> hcas, String network, String launcher, Map<String, String> env,
                    String ncclVersion, List<String> activeHcas) {

    /** No facts. */
    public static final Facts NONE = new Facts(List.of(), null, List.of(), List.of(), List.of(), List.of(), null, null,
            Map.of(), null);

    /** Most entries kept per list. */
    public static final int MAX_ENTRIES = 256;

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param nodes       hosts named by the evidence, natural order
     * @param gpusPerNode GPUs (ranks) per node of the largest run seen; null when unknown
     * @param gpuModels   GPU names ({@code NVIDIA H200})
     * @param interfaces  IP interfaces NCCL used (bootstrap, socket, OOB), as {@code name}
     * @param netdevs     network interfaces the nodes have ({@code ip addr}, {@code ethtool}), as {@code name}
     * @param hcas        RDMA devices ({@code mlx5_0}) from NCCL's {@code NET/IB : Using} lines, {@code ibstat}, the topology legend
     * @param network     the network NCCL chose between nodes ({@code IB}, {@code Socket}); null when not seen
     * @param launcher    the launcher seen on a command line ({@code torchrun}, {@code mpirun}, {@code srun}); null when not seen
     * @param env         NCCL variables seen, name to first value
     * @param ncclVersion the NCCL version printed; null when not seen
     * @param activeHcas  the healthy RDMA devices the nodes that list their ports have; empty when none was read
     * @throws NullPointerException when a required component is null
     */
    public Facts {
        nodes = cap(nodes);
        activeHcas = cap(activeHcas);
        gpuModels = cap(gpuModels);
        interfaces = cap(interfaces);
        netdevs = cap(netdevs);
        hcas = cap(hcas);
        env = Objects.requireNonNull(env, "env").isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(env));
    }

    /**
     * Facts without port states: no healthy RDMA device known.
     *
     * @param nodes       hosts named by the evidence, natural order
     * @param gpusPerNode GPUs (ranks) per node of the largest run seen; null when unknown
     * @param gpuModels   GPU names ({@code NVIDIA H200})
     * @param interfaces  IP interfaces NCCL used (bootstrap, socket, OOB), as {@code name}
     * @param netdevs     network interfaces the nodes have ({@code ip addr}, {@code ethtool}), as {@code name}
     * @param hcas        RDMA devices ({@code mlx5_0}) from NCCL's {@code NET/IB : Using} lines, {@code ibstat}, the topology legend
     * @param network     the network NCCL chose between nodes ({@code IB}, {@code Socket}); null when not seen
     * @param launcher    the launcher seen on a command line ({@code torchrun}, {@code mpirun}, {@code srun}); null when not seen
     * @param env         NCCL variables seen, name to first value
     * @param ncclVersion the NCCL version printed; null when not seen
     */
    public Facts(List<String> nodes, Integer gpusPerNode, List<String> gpuModels, List<String> interfaces,
                 List<String> netdevs, List<String> hcas, String network, String launcher, Map<String, String> env,
                 String ncclVersion) {
        this(nodes, gpusPerNode, gpuModels, interfaces, netdevs, hcas, network, launcher, env, ncclVersion, List.of());
    }

    private static List<String> cap(List<String> l) {
        // Facts are made and merged for every artifact: an empty or one-entry list needs no set to drop repeats.
        if (l.size() <= 1) return List.copyOf(l);
        List<String> c = List.copyOf(new LinkedHashSet<>(l));
        return c.size() > MAX_ENTRIES ? c.subList(0, MAX_ENTRIES) : c;
    }

    /**
     * {@return these facts and {@code o}'s: lists united (these first), scalars kept where known, else taken from {@code o}}
     *
     * @param o other facts
     */
    public Facts merge(Facts o) {
        List<String> n = new java.util.ArrayList<>(nodes);
        n.addAll(o.nodes);
        n = new java.util.ArrayList<>(new LinkedHashSet<>(n));
        n.sort(io.ncclscope.sdk.evidence.Evidence::compareNodes);
        Map<String, String> e = new LinkedHashMap<>(env);
        o.env.forEach(e::putIfAbsent);
        Integer gpn = gpusPerNode;
        if (gpn == null || (o.gpusPerNode != null && o.gpusPerNode > gpn)) gpn = o.gpusPerNode;
        return new Facts(n, gpn, join(gpuModels, o.gpuModels), join(interfaces, o.interfaces), join(netdevs, o.netdevs),
                join(hcas, o.hcas), network != null ? network : o.network, launcher != null ? launcher : o.launcher, e,
                ncclVersion != null ? ncclVersion : o.ncclVersion, join(activeHcas, o.activeHcas));
    }

    /** The union, sorted in natural order: the same facts in another order give equal facts. */
    private static List<String> join(List<String> a, List<String> b) {
        java.util.TreeSet<String> s = new java.util.TreeSet<>(io.ncclscope.sdk.evidence.Evidence::compareNodes);
        s.addAll(a);
        s.addAll(b);
        return List.copyOf(s);
    }
}
