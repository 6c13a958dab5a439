package io.ncclscope.parsers.net;

import io.ncclscope.parsers.internal.Digits;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an interface's name or an address says about it, as {@code ip}, {@code ifconfig} and NCCL print them
 * ({@code eth0}, {@code 10.0.0.1}, NCCL's {@code veth25f2e72:fe80::1%veth25f2e72}): a loopback, container, tunnel,
 * management or bonded device; a loopback, link-local, Docker-bridge or routable address; an IPv4 address's subnet.
 * One vocabulary for every reader of interfaces: a name or an address is classed here the same way whichever tool
 * printed it.
 *
 * <p>Addresses are taken as printed: an IPv6 address may carry its zone ({@code fe80::1%ib0}) or brackets
 * ({@code [fe80::1]}); {@link #bareAddress} takes both off, and every test here reads the bare address. A null
 * name or address is of no class.
 */
public final class NetInterfaces {

    /**
     * How virtual interfaces' names begin, each a regular expression matched at the start of the lower-cased name,
     * grouped by why they are virtual. Corpus nccl-logs/oneflow-3586-1.txt (veth), nccl-529-1.txt (ip6tnl0).
     */
    private static final List<String> VIRTUAL_PREFIXES = List.of(
            // containers' bridges and veth pairs: Docker (docker0, br-1a2b3c), Podman, nerdctl, LXC (lxcbr0), LXD
            "docker", "br-", "veth", "podman", "nerdctl", "lxc", "lxdbr",
            // virtual machines' NAT bridge and taps: libvirt (virbr0, vnet0)
            "virbr", "vnet\\d",
            // Kubernetes networking: the CNI bridge, Flannel, Calico (cali*, tunl0), Weave, Cilium, kube-router and
            // kube-proxy (kube-ipvs0), NodeLocal DNSCache's dummy device
            "cni", "flannel", "cali", "tunl", "weave", "cilium", "kube-", "nodelocaldns",
            // overlays and software switches: VXLAN, Geneve (genev_sys_6081), Open vSwitch (ovs-system)
            "vxlan", "genev", "ovs-",
            // tunnels: IPv6 in IPv6, GRE over IPv6 and IPv4 (gre0, gretap0), IPsec VTI, IPv6 in IPv4 (sit0), WireGuard
            // (wg0), VPNs' and guests' TUN and TAP devices (tun0, tap0)
            "ip6tnl", "ip6gre", "gre", "ip_vti", "sit\\d", "wg", "tun", "tap",
            // traffic shaping's intermediate functional blocks (ifb0) and dummy devices
            "ifb\\d", "dummy");

    private static final Pattern VIRTUAL = Pattern.compile("^(" + String.join("|", VIRTUAL_PREFIXES) + ")");

    /** Words of management and BMC ports' names ({@code mgmt0}, {@code eno1-ipmi}, {@code idrac}). */
    private static final Pattern MANAGEMENT = Pattern.compile("mgmt|mgnt|manage|ipmi|bmc|idrac");

    private NetInterfaces() {
    }

    /**
     * {@return whether {@code name} is the loopback device: the kernel's {@code lo}, or one of its address labels
     * ({@code lo:1})}
     *
     * @param name an interface name; null for none
     */
    public static boolean isLoopbackName(String name) {
        return name != null && (name.equals("lo") || name.startsWith("lo:"));
    }

    /**
     * {@return whether {@code name} is a software device, never a cable to another node: a container bridge or veth
     * pair, a VM bridge or tap, a Kubernetes CNI device, an overlay, a tunnel, a dummy device}
     *
     * @param name an interface name; null for none
     */
    public static boolean isVirtualName(String name) {
        return name != null && VIRTUAL.matcher(name.toLowerCase(Locale.ROOT)).find();
    }

    /**
     * {@return whether {@code name} is one end of a virtual Ethernet pair ({@code veth...}): on the host, a container's
     * link; inside a pod, the pod's own interface, which may carry a routable address}
     *
     * @param name an interface name; null for none
     */
    public static boolean isVethName(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).startsWith("veth");
    }

    /**
     * {@return whether {@code name} says it is a management or BMC port ({@code mgmt}, {@code ipmi}, {@code bmc},
     * {@code idrac} anywhere in it), or a management VRF such as {@code mgmt}}
     *
     * @param name an interface or master name; null for none
     */
    public static boolean isManagementName(String name) {
        return name != null && MANAGEMENT.matcher(name.toLowerCase(Locale.ROOT)).find();
    }

    /**
     * {@return whether {@code name} is a bonding device by the kernel's naming ({@code bond0})}
     *
     * @param name an interface name; null for none
     */
    public static boolean isBondName(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).startsWith("bond");
    }

    /**
     * {@return whether an interface cannot carry traffic to another node: a loopback device or address, a link-local or
     * Docker-bridge address, or a software device ({@link #isVirtualName}), but for a container's own veth end that
     * holds a routable address (corpus nccl-logs/nccl-529-1.txt: veth0 with 2a02:...); corpus nccl-logs/oneflow-3586-1.txt
     * (veth), nccl-529-1.txt (ip6tnl0), nccl-975-1.txt (fe80::)}
     *
     * @param name    an interface name; null for none
     * @param address its address as printed; null for none
     */
    public static boolean reachesNoOtherNode(String name, String address) {
        if (isLoopbackName(name) || isLoopbackAddress(address) || isLinkLocal(address) || isDockerDefaultBridge(address)) {
            return true;
        }
        return isVirtualName(name) && !(name.startsWith("veth") && isRoutable(address));
    }

    /**
     * {@return {@code address} without brackets or an IPv6 zone ({@code fe80::1} of {@code [fe80::1%ib0]}), stripped
     * of surrounding space; null for null}
     *
     * @param address an address as printed; null for none
     */
    public static String bareAddress(String address) {
        if (address == null) return null;
        String a = address.strip();
        if (a.startsWith("[") && a.endsWith("]")) a = a.substring(1, a.length() - 1);
        int p = a.indexOf('%');
        return p >= 0 ? a.substring(0, p) : a;
    }

    /**
     * {@return the zone of an IPv6 address, the interface it was seen through ({@code ib1} of {@code fe80::1%ib1});
     * empty when it has none}
     *
     * @param address an address as printed; null for none
     */
    public static Optional<String> zone(String address) {
        int p = address == null ? -1 : address.indexOf('%');
        return p >= 0 && p + 1 < address.length() ? Optional.of(address.substring(p + 1)) : Optional.empty();
    }

    /**
     * {@return whether {@code address} is a loopback address: 127.0.0.0/8 (RFC 1122 3.2.1.3) or ::1 (RFC 4291
     * 2.5.3)}
     *
     * @param address an address as printed; null for none
     */
    public static boolean isLoopbackAddress(String address) {
        int[] v = ipv4(address);
        return v != null ? v[0] == 127 : "::1".equals(bareAddress(address));
    }

    /**
     * {@return whether {@code address} is link-local, usable on one link only and never routed: 169.254.0.0/16 (RFC
     * 3927) or fe80::/10 (RFC 4291 2.5.6, its first 10 bits 1111111010: {@code fe80} to {@code febf})}
     *
     * @param address an address as printed; null for none
     */
    public static boolean isLinkLocal(String address) {
        int[] v = ipv4(address);
        if (v != null) return v[0] == 169 && v[1] == 254;
        String a = bareAddress(address);
        if (a == null || a.length() < 5 || a.charAt(4) != ':') return false;
        String first = a.substring(0, 4).toLowerCase(Locale.ROOT);
        return first.startsWith("fe") && "89ab".indexOf(first.charAt(2)) >= 0 && isHexDigit(first.charAt(3));
    }

    /**
     * {@return whether {@code address} may reach another node: an address that is neither loopback nor link-local nor
     * unspecified ({@code 0.0.0.0}, {@code ::}); private ranges count, since a cluster's own network uses them}
     *
     * @param address an address as printed; null for none
     */
    public static boolean isRoutable(String address) {
        String a = bareAddress(address);
        return a != null && !a.isEmpty() && !isLoopbackAddress(a) && !isLinkLocal(a) && !a.equals("0.0.0.0") && !a.equals("::");
    }

    /**
     * {@return whether {@code address} is in Docker's default bridge network, 172.17.0.0/16: a container-private NAT
     * address that no other host can reach (Docker's {@code bip} default; corpus nccl-929-1.txt)}
     *
     * @param address an address as printed; null for none
     */
    public static boolean isDockerDefaultBridge(String address) {
        int[] v = ipv4(address);
        return v != null && v[0] == 172 && v[1] == 17;
    }

    /**
     * {@return whether {@code address} is an IPv4 address in dotted-quad form}
     *
     * @param address an address as printed; null for none
     */
    public static boolean isIpv4(String address) {
        return ipv4(address) != null;
    }

    /**
     * {@return the IPv4 network of an address and prefix length, {@code 10.0.1.0/24} of {@code 10.0.1.7} and 24; empty
     * when the address is no IPv4 address or the prefix is out of 0 to 32}
     *
     * @param address      an address as printed; null for none
     * @param prefixLength the prefix length, as {@code /24} or a netmask gives it
     */
    public static Optional<String> subnet(String address, int prefixLength) {
        int[] v = ipv4(address);
        if (v == null || prefixLength < 0 || prefixLength > 32) return Optional.empty();
        long ip = ((long) v[0] << 24) | (v[1] << 16) | (v[2] << 8) | v[3];
        long mask = prefixLength == 0 ? 0 : (0xFFFFFFFFL << (32 - prefixLength)) & 0xFFFFFFFFL;
        long n = ip & mask;
        return Optional.of(((n >> 24) & 255) + "." + ((n >> 16) & 255) + "." + ((n >> 8) & 255) + "." + (n & 255) + "/" + prefixLength);
    }

    /** {@return the four octets of a dotted-quad IPv4 address (one to three digits each, at most 255); null otherwise} */
    private static int[] ipv4(String address) {
        String a = bareAddress(address);
        if (a == null) return null;
        int[] out = new int[4];
        int from = 0;
        for (int i = 0; i < 4; i++) {
            int to = i < 3 ? a.indexOf('.', from) : a.length();
            if (to < 0 || to - from > 3) return null;
            long octet = Digits.value(a, from, to);
            if (octet == Digits.NO_NUMBER || octet > 255) return null;
            out[i] = (int) octet;
            from = to + 1;
        }
        return out;
    }

    private static boolean isHexDigit(char c) {
        return Digits.isDigit(c) || (c >= 'a' && c <= 'f');
    }

    /** The name of a card's function: a stem, {@code f} and the function, then a port ({@code np1}) or nothing. */
    private static final Pattern CARD_FUNCTION = Pattern.compile("^([a-zA-Z]+[^\\s]*?\\d)f\\d+(?:np\\d+|d\\d+)?$");

    /**
     * {@return the name every function of one PCI card shares, by the kernel's predictable interface names:
     * {@code enp27s0} for {@code enp27s0f1np1}, {@code ens5} for {@code ens5f0}, {@code rocep1s0} for {@code rocep1s0f0};
     * null when the name carries no function number}
     *
     * @param name an interface name; nullable
     */
    public static String cardStem(String name) {
        if (name == null) return null;
        Matcher m = CARD_FUNCTION.matcher(name);
        return m.matches() ? m.group(1) : null;
    }
}
