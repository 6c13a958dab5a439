/**
 * The health of PCIe, NVLink, InfiniBand and Ethernet links, MTUs, error counters and Xid events.
 *
 * <p>The analyzer's shape, as in every analyzer package: <b>per node</b>, in {@code add}, the node's ports are read
 * once into a {@code NodePorts} (ip, ethtool, ibstat and the netdev-to-RDMA map, each reading with its artifact), and
 * each check ({@code PcieCheck}, {@code NvlinkCheck}, {@code IbCheck}, {@code EthCheck}, {@code CounterCheck},
 * {@code XidCheck}) judges what one node shows alone (a narrow link, a port down, counters, Xids) and keeps a small record per link for
 * the comparisons ({@code ActivePort}, {@code InterfaceMtu}, {@code EthernetLink}, {@code GpuLinks}: values and an
 * artifact stub); <b>across nodes</b>, at finish, rates, speeds, MTUs and NVLink counts are compared on those records;
 * <b>findings</b> go to one {@code MergedFindings}, in whole-evidence order.
 * Unexported: the facade runs {@link io.ncclscope.sdk.diagnose.links.LinkHealthAnalyzer}.
 */
package io.ncclscope.sdk.diagnose.links;
