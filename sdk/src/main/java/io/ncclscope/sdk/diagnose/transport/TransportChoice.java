package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.List;

/**
 * What NCCL chose on one host, as its debug log says: the network between nodes, the bootstrap and socket
 * interfaces, the HCAs, and whether GPUDirect RDMA and GPU peer-to-peer are in use. Read with
 * {@link TransportAnalyzer#choices(io.ncclscope.sdk.evidence.Evidence)}. Nullable components were not shown by the log.
 *
 * @param host             the host; null for a log whose lines name no host and whose artifact has no node
 * @param network          {@code Using network X}: {@code IB}, {@code Socket}, {@code IBext_v8}, {@code AWS Libfabric}...; nullable
 * @param bootstrapIface   the bootstrap interface ({@code eth0}); nullable
 * @param bootstrapAddress its address as printed ({@code 10.0.0.1}); nullable
 * @param socketIfaces     the {@code NET/Socket} interfaces, in NCCL's device order
 * @param hcas             the RDMA devices of the {@code NET/IB : Using} list ({@code mlx5_0}), in NCCL's device order
 * @param linkLayer        {@code IB}, {@code RoCE} or {@code IB+RoCE} for those HCAs; nullable
 * @param gdr              true when receive connections over an RDMA network show {@code /GDRDMA}, false when they do
 *                         not or NCCL reported GPU Direct RDMA disabled for the HCAs; null when the log shows neither
 * @param p2p              true when some GPU pair of the host uses P2P, false when intra-node connections exist and
 *                         none uses P2P (SHM or NET instead); null when the log shows no intra-node connection
 * @param ibDisabledByEnv  true when {@code NCCL_IB_DISABLE=1} or {@code NCCL_NET=Socket} was set for the job
 * @param lines            the log lines these facts come from (network, bootstrap, IB device list)
 */
public record TransportChoice(String host, String network, String bootstrapIface, String bootstrapAddress,
                              List<String> socketIfaces, List<String> hcas, String linkLayer, Boolean gdr, Boolean p2p,
                              boolean ibDisabledByEnv, List<EvidenceLine> lines) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param host             the host; null for a log whose lines name no host and whose artifact has no node
     * @param network          {@code Using network X}: {@code IB}, {@code Socket}, {@code IBext_v8}, {@code AWS Libfabric}...; nullable
     * @param bootstrapIface   the bootstrap interface ({@code eth0}); nullable
     * @param bootstrapAddress its address as printed ({@code 10.0.0.1}); nullable
     * @param socketIfaces     the {@code NET/Socket} interfaces, in NCCL's device order
     * @param hcas             the RDMA devices of the {@code NET/IB : Using} list ({@code mlx5_0}), in NCCL's device order
     * @param linkLayer        {@code IB}, {@code RoCE} or {@code IB+RoCE} for those HCAs; nullable
     * @param gdr              true when receive connections over an RDMA network show {@code /GDRDMA}, false when they do
     *         not or NCCL reported GPU Direct RDMA disabled for the HCAs; null when the log shows neither
     * @param p2p              true when some GPU pair of the host uses P2P, false when intra-node connections exist and
     *         none uses P2P (SHM or NET instead); null when the log shows no intra-node connection
     * @param ibDisabledByEnv  true when {@code NCCL_IB_DISABLE=1} or {@code NCCL_NET=Socket} was set for the job
     * @param lines            the log lines these facts come from (network, bootstrap, IB device list)
     */
    public TransportChoice {
        socketIfaces = List.copyOf(socketIfaces);
        hcas = List.copyOf(hcas);
        lines = List.copyOf(lines);
    }

    /** {@return true when NCCL carries inter-node traffic over TCP ({@code Using network Socket})} */
    public boolean socket() {
        return network != null && network.equalsIgnoreCase("Socket");
    }
}
