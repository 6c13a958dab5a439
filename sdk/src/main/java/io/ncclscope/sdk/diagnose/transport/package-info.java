/**
 * The transport NCCL chose (IB, RoCE, socket), GPUDirect RDMA, P2P and the interface choice.
 *
 * <p>The analyzer's shape, as in every analyzer package:
 * <ul>
 *   <li><b>Per node</b>: nothing is settled while slices come, since a job joins logs of many nodes. Each slice
 *       leaves a {@code NodeSummary}: a {@code LogSummary} per NCCL log (per host the interfaces, networks,
 *       events, IB devices and connection lines that can change a finding or show in one, each a {@code LogFact}
 *       with its artifact's stub; the NCCL variables; communicators and rank placement) and each {@code ibstat},
 *       {@code ip addr} and {@code nvidia-smi topo -m} artifact whole. The parsed log is let go; texts that repeat on
 *       every node (interface names, addresses, messages) are kept once, and a line's text is read again only when a
 *       finding quotes it.</li>
 *   <li><b>Across nodes, at finish</b>: logs sharing a communicator become one
 *       {@code TransportJob} (facts merged by host), judged against the hardware
 *       of each host ({@code ClusterHardware}) by one class per check:
 *       {@code IbDisabledByEnvCheck}, {@code SocketFallbackCheck}, {@code SocketInterfaceCheck}, {@code SubnetCheck},
 *       {@code GdrCheck}, {@code P2pCheck}.</li>
 *   <li><b>Findings</b> go to the shared collector, {@code MergedFindings}, which merges the same statement made on
 *       many hosts into one finding naming them in its {@code ${hosts}} (a {@code NodeListing}).</li>
 * </ul>
 * Unexported: the facade runs {@link io.ncclscope.sdk.diagnose.transport.TransportAnalyzer}.
 */
package io.ncclscope.sdk.diagnose.transport;
