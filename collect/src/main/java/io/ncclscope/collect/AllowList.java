package io.ncclscope.collect;

import io.ncclscope.parsers.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The fixed list of commands {@code ncclscope collect} (and the service's node snapshot) may run: the minimal
 * facts of the troubleshooting method's step 1 (seed 000_01cf103c809e0dbb § 步骤 1), each as an argv with no shell.
 * Nothing outside this list is ever run; interface names only fill the {@code ethtool} argv, and only names the
 * kernel lists under {@code /sys/class/net} that pass {@link #validInterface(String)}.
 */
public final class AllowList {

    /** Kernel log lines worth keeping: NVIDIA Xid/NVRM/NVLink, mlx5 and InfiniBand port events, PCIe AER. */
    public static final Pattern DMESG_KEEP = Pattern.compile(
            "NVRM|Xid|nvidia|NVLink|nvlink|mlx5|mlx4|infiniband|\\bib_|\\bibp\\d|AER:|PCIe Bus Error|PCIe bandwidth"
                    + "|fallen off the bus|Link is (Up|Down)|[Ll]ink (is )?(up|down)|efa", Pattern.CASE_INSENSITIVE);

    /** Linux interface names: at most 15 characters, no path separators, never an option. */
    private static final Pattern IFACE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.:@-]{0,14}");

    /** Interface name prefixes skipped: per-container veth ends, which a Kubernetes node has by the hundred. */
    static final List<String> SKIPPED_IFACES = List.of("veth", "cali", "lxc", "tap", "cilium_", "flannel", "cni", "kube-");

    /** The version command of each tool (its first lines become the manifest's {@code toolVersion}). */
    static final Map<String, List<String>> VERSION_ARGS = Map.of(
            "nvidia-smi", List.of("--version"),
            "lspci", List.of("--version"),
            "ethtool", List.of("--version"),
            "ip", List.of("-V"),
            "ibstat", List.of("-V"),
            "ibv_devinfo", List.of("--version"),
            "numactl", List.of("--version"),
            "dmesg", List.of("--version"));

    private AllowList() {
    }

    /** The node-wide commands, in the order they are listed in the manifest. */
    public static List<Probe> node() {
        return List.of(
                new Probe("sys/topo-m.txt", Kind.TOPO, "nvidia-smi", "topo", "-m"),
                new Probe("sys/nvsmi-q.txt", Kind.NVIDIA_SMI_Q, "nvidia-smi", "-q"),
                new Probe("sys/nvlink-s.txt", Kind.NVIDIA_SMI_Q, "nvidia-smi", "nvlink", "-s"),
                new Probe("sys/nvsmi-L.txt", Kind.NVIDIA_SMI_Q, "nvidia-smi", "-L"),
                new Probe("sys/lspci-tv.txt", Kind.LSPCI_TREE, "lspci", "-tv"),
                // Every function, not only GPUs and NICs: a downgraded link often sits on the switch port above them.
                new Probe("sys/lspci-vvv.txt", Kind.LSPCI_VERBOSE, "lspci", "-vvv"),
                new Probe("sys/numactl-H.txt", Kind.NUMACTL, "numactl", "-H"),
                new Probe("ib/ibstat.txt", Kind.IBSTAT, "ibstat"),
                new Probe("ib/ibv_devinfo.txt", Kind.IBSTAT, "ibv_devinfo"),
                new Probe("ib/ibdev2netdev.txt", Kind.IPLINK, "ibdev2netdev"),
                new Probe("ib/show_gids.txt", Kind.GIDS, "show_gids"),
                new Probe("net/ip-d-link.txt", Kind.IPLINK, "ip", "-d", "link"),
                new Probe("net/ip-addr.txt", Kind.IPLINK, "ip", "addr"),
                new Probe("sys/dmesg.txt", List.of("dmesg", "-T"), Kind.DMESG, DMESG_KEEP));
    }

    /** The per-interface commands for one interface (already checked with {@link #validInterface}). */
    public static List<Probe> perInterface(String iface) {
        if (!validInterface(iface)) throw new IllegalArgumentException("not an interface name: " + iface);
        return List.of(
                new Probe("net/ethtool-" + iface + ".txt", Kind.ETHTOOL, "ethtool", iface),
                new Probe("net/ethtool-i-" + iface + ".txt", Kind.ETHTOOL, "ethtool", "-i", iface),
                new Probe("net/ethtool-S-" + iface + ".txt", Kind.ETHTOOL, "ethtool", "-S", iface));
    }

    /** Whether {@code name} can be passed to {@code ethtool}: a Linux interface name that cannot read as an option. */
    public static boolean validInterface(String name) {
        return name != null && IFACE.matcher(name).matches();
    }

    /** Whether an interface is left out (loopback, container veth ends). */
    static boolean skipped(String iface) {
        if (iface.equals("lo")) return true;
        for (String p : SKIPPED_IFACES) if (iface.startsWith(p)) return true;
        return false;
    }

    /** Every probe for these interfaces: the node-wide ones, then three per interface. */
    public static List<Probe> all(List<String> interfaces) {
        List<Probe> out = new ArrayList<>(node());
        for (String i : interfaces) out.addAll(perInterface(i));
        return out;
    }
}
