package io.ncclscope.sdk.diagnose.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The names of network interfaces that are software devices, never a cable to another node: container bridges, veth
 * pairs, tunnels, overlays. One list for every analyzer that tells them apart: the link checks (a down or odd-MTU
 * virtual device is no broken link) and the transport checks (NCCL on a virtual device is not on the fabric).
 */
public final class VirtualInterfaces {

    /**
     * How virtual interfaces' names begin, each a regular expression matched at the start of the lower-cased name,
     * grouped by why they are virtual. Corpus nccl-logs/oneflow-3586-1.txt (veth), nccl-529-1.txt (ip6tnl0).
     */
    private static final List<String> PREFIXES = List.of(
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

    private static final Pattern VIRTUAL = Pattern.compile("^(" + String.join("|", PREFIXES) + ")");

    private VirtualInterfaces() {
    }

    /**
     * {@return true when an interface's name says it is a software device}
     *
     * @param name the interface name; null for none
     */
    public static boolean virtualName(String name) {
        return name != null && VIRTUAL.matcher(name.toLowerCase(Locale.ROOT)).find();
    }
}
