package io.ncclscope.parsers.net;

import java.util.List;

/**
 * One network interface from {@code ip link}, {@code ip -d link}, {@code ip addr}, {@code ip -br} or {@code ifconfig}.
 * Nullable components are null when the tool did not print them.
 *
 * @param name      interface name without its {@code @parent} suffix
 * @param index     ifindex (nullable: ifconfig and {@code ip -br} print none)
 * @param parent    the part after {@code @} ({@code eth0} for {@code eth0.100@eth0}, {@code if12} for a veth; nullable)
 * @param mtu       MTU in bytes (nullable)
 * @param state     operational state (nullable)
 * @param flags     interface flags such as {@code NO-CARRIER}, {@code UP}, {@code LOWER_UP}, {@code SLAVE}, {@code MASTER}
 * @param linkType  {@code ether}, {@code infiniband}, {@code loopback}, {@code none} (nullable)
 * @param mac       hardware address as printed (nullable)
 * @param addresses configured addresses
 * @param kind      device kind from {@code ip -d}: {@code bond}, {@code vlan}, {@code bridge}, {@code vrf}, {@code ipoib}... (nullable)
 * @param slaveKind the kind of the master this device is enslaved to, from {@code ip -d} ({@code bond} for {@code bond_slave}; nullable)
 * @param master    the master device ({@code master bond1}, also a VRF such as {@code mgmt}; nullable)
 * @param qdisc     queueing discipline (nullable)
 * @param qlen      transmit queue length (nullable)
 * @param minMtu    {@code ip -d} minmtu (nullable)
 * @param maxMtu    {@code ip -d} maxmtu (nullable)
 * @param altNames  {@code altname} entries
 * @param source    the tool: {@code "ip"}, {@code "ip -br"} or {@code "ifconfig"}
 * @param line      1-based line of the interface header
 */
public record NetInterface(String name, Integer index, String parent, Integer mtu, LinkState state, List<String> flags,
                           String linkType, String mac, List<NetAddress> addresses, String kind, String slaveKind,
                           String master, String qdisc, Integer qlen, Integer minMtu, Integer maxMtu,
                           List<String> altNames, String source, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param name      interface name without its {@code @parent} suffix
     * @param index     ifindex (nullable: ifconfig and {@code ip -br} print none)
     * @param parent    the part after {@code @} ({@code eth0} for {@code eth0.100@eth0}, {@code if12} for a veth; nullable)
     * @param mtu       MTU in bytes (nullable)
     * @param state     operational state (nullable)
     * @param flags     interface flags such as {@code NO-CARRIER}, {@code UP}, {@code LOWER_UP}, {@code SLAVE}, {@code MASTER}
     * @param linkType  {@code ether}, {@code infiniband}, {@code loopback}, {@code none} (nullable)
     * @param mac       hardware address as printed (nullable)
     * @param addresses configured addresses
     * @param kind      device kind from {@code ip -d}: {@code bond}, {@code vlan}, {@code bridge}, {@code vrf}, {@code ipoib}... (nullable)
     * @param slaveKind the kind of the master this device is enslaved to, from {@code ip -d} ({@code bond} for {@code bond_slave}; nullable)
     * @param master    the master device ({@code master bond1}, also a VRF such as {@code mgmt}; nullable)
     * @param qdisc     queueing discipline (nullable)
     * @param qlen      transmit queue length (nullable)
     * @param minMtu    {@code ip -d} minmtu (nullable)
     * @param maxMtu    {@code ip -d} maxmtu (nullable)
     * @param altNames  {@code altname} entries
     * @param source    the tool: {@code "ip"}, {@code "ip -br"} or {@code "ifconfig"}
     * @param line      1-based line of the interface header
     */
    public NetInterface {
        flags = List.copyOf(flags);
        addresses = List.copyOf(addresses);
        altNames = List.copyOf(altNames);
    }

    /** {@return true when the interface is administratively up (ip's flag {@code UP}), carrier or not} */
    public boolean adminUp() {
        return flags.contains("UP");
    }

    /**
     * {@return true when the interface has no carrier (no cable, no light, or the peer port down): ip's flag
     * {@code NO-CARRIER}, or the state {@code DOWN} or {@code LOWERLAYERDOWN}}
     */
    public boolean noCarrier() {
        return flags.contains("NO-CARRIER") || state == LinkState.DOWN || state == LinkState.LOWER_LAYER_DOWN;
    }

    /**
     * {@return true for an IPoIB interface ({@code link/infiniband}, kind {@code ipoib}, or the kernel's {@code ib}
     * name), whose netdev state says nothing about the InfiniBand port under it}
     */
    public boolean ipoib() {
        return "infiniband".equals(linkType) || "ipoib".equals(kind) || name.startsWith("ib");
    }
}
