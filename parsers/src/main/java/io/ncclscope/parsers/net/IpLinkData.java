package io.ncclscope.parsers.net;

import java.util.List;

/**
 * Network interfaces (MTU, state, addresses, bond/VRF membership) and the RDMA-to-netdev map.
 *
 * @param interfaces interfaces in input order; an interface listed twice (ip link, then ip addr) is merged
 * @param rdmaMap    {@code ibdev2netdev} lines in input order
 */
public record IpLinkData(List<NetInterface> interfaces, List<RdmaLink> rdmaMap) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param interfaces interfaces in input order; an interface listed twice (ip link, then ip addr) is merged
     * @param rdmaMap    {@code ibdev2netdev} lines in input order
     */
    public IpLinkData {
        interfaces = List.copyOf(interfaces);
        rdmaMap = List.copyOf(rdmaMap);
    }
}
