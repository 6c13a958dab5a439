package io.ncclscope.parsers.net;

import java.util.List;
import java.util.Locale;
import java.util.Set;

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

    /** The {@code ip -d link} kinds of software devices: no cable behind them. */
    private static final Set<String> SOFTWARE_KINDS = Set.of("bridge", "veth", "vxlan", "geneve", "tun", "tap", "dummy",
            "vrf", "macvlan", "ipvlan", "wireguard", "gre", "ipip", "sit", "openvswitch");

    /**
     * {@return true for a software device, never a cable: the loopback, a device of a software kind ({@code ip -d}'s
     * {@code bridge}, {@code veth}, {@code vxlan}...), a name of one ({@link NetInterfaces#isVirtualName}), or a VRF
     * device ({@code NOARP} and {@code MASTER})}
     */
    public boolean softwareDevice() {
        String n = name.toLowerCase(Locale.ROOT);
        String k = kind == null ? "" : kind.toLowerCase(Locale.ROOT);
        if ("loopback".equals(linkType) || n.equals("lo")) return true;
        if (SOFTWARE_KINDS.contains(k) || NetInterfaces.isVirtualName(n)) return true;
        return flags.contains("NOARP") && flags.contains("MASTER");
    }

    /**
     * {@return true for a bonding device: {@code ip -d}'s kind {@code bond}, or a bond's name
     * ({@link NetInterfaces#isBondName})}
     */
    public boolean bondDevice() {
        return "bond".equals(kind) || NetInterfaces.isBondName(name);
    }

    /**
     * {@return true when ip's flag {@code SLAVE} marks the interface a member of a bond (the kernel's
     * {@code IFF_SLAVE}): its master carries its traffic}
     */
    public boolean enslaved() {
        return flags.contains("SLAVE");
    }

    /** {@return the bond or team this interface is a member of ({@code master bond0}, a {@code bond_slave}); null when none} */
    public String bondMaster() {
        if (master == null) return null;
        return "bond".equals(slaveKind) || master.startsWith("bond") || master.startsWith("team") ? master : null;
    }

    /** {@return true when the interface carries a configured address: not a link-local one, not a host-scoped one} */
    public boolean hasConfiguredAddress() {
        for (NetAddress a : addresses) {
            if ("link".equals(a.scope()) || "host".equals(a.scope()) || NetInterfaces.isLinkLocal(a.address())) continue;
            return true;
        }
        return false;
    }

    /** {@return true when the interface is administratively up (ip's flag {@code UP}), carrier or not} */
    public boolean adminUp() {
        return flags.contains("UP");
    }

    /**
     * {@return true when the interface passes traffic: ip's state {@code UP}, or the flags {@code UP} and
     * {@code LOWER_UP} (administratively up, with a carrier) whatever the state, as for the IPoIB devices and tunnels
     * ip calls {@code UNKNOWN}; never with the flag {@code NO-CARRIER}}
     */
    public boolean linkUp() {
        boolean up = state == LinkState.UP || (flags.contains("UP") && flags.contains("LOWER_UP"));
        return up && !flags.contains("NO-CARRIER");
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
