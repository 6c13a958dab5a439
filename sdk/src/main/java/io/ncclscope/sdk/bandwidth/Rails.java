package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The rail ports of the hosts a multi-node run crosses: how many per node, the rate the rails share, and the slowest
 * rail, with the perftest pair that measures it.
 *
 * @param firstNode   the first host that shows its rails
 * @param first       its rails (quoted as the table's hardware)
 * @param perNode     rails per node: the fewest of any host that shows its ports
 * @param siblingGbps the rate most rails run at (ties: the faster)
 * @param slowNode    the host of the slowest rail ("" for none)
 * @param slowest     the slowest rail of every host, the first of them in host order
 * @param peerNode    another host of the run that shows its rails; null when there is none
 */
record Rails(String firstNode, List<NodeHardware.ActivePort> first, int perNode, double siblingGbps, String slowNode, NodeHardware.ActivePort slowest,
             String peerNode) {

    /** perftest bandwidth options: 1 MiB messages for 10 s on 4 queue pairs, figures in Gb/s. */
    static final String PERFTEST = "--report_gbits -s 1048576 -D 10 -q 4 -F";

    /** {@return the rails of the hosts; null when none of them shows an active port} */
    static Rails of(List<String> hosts, HardwareSummaries hw) {
        List<NodeHardware.ActivePort> first = null;
        String firstNode = null;
        List<NodeHardware.ActivePort> all = new ArrayList<>();
        Map<NodeHardware.ActivePort, String> hostOf = new LinkedHashMap<>();
        int perNode = Integer.MAX_VALUE;
        for (String h : hosts) {
            List<NodeHardware.ActivePort> r = of(hw.of(h).ports());
            if (r.isEmpty()) continue;
            if (first == null) {
                first = r;
                firstNode = h;
            }
            perNode = Math.min(perNode, r.size());
            for (NodeHardware.ActivePort p : r) {
                all.add(p);
                hostOf.put(p, h);
            }
        }
        if (first == null) return null;
        double sibling = modeRate(all);
        NodeHardware.ActivePort slowest = all.get(0);
        for (NodeHardware.ActivePort p : all) if (p.rateGbps() < slowest.rateGbps()) slowest = p;
        String slowNode = hostOf.get(slowest);
        String peer = null;
        for (String h : hosts) {
            if (!h.equals(slowNode) && !of(hw.of(h).ports()).isEmpty()) {
                peer = h;
                break;
            }
        }
        return new Rails(firstNode, first, perNode, sibling, slowNode, slowest, peer);
    }

    /**
     * {@return a node's rail ports} Ports of one HCA model and link layer are the rails (the group with the most
     * ports, ties: the faster), whatever their rate, so that a rail that came up at half speed is still counted and
     * a frontend NIC of another model is not; when the evidence does not name every port's model, the ports of the
     * most common rate (ties: the faster).
     */
    static List<NodeHardware.ActivePort> of(List<NodeHardware.ActivePort> ports) {
        boolean named = !ports.isEmpty() && ports.stream().allMatch(p -> p.model() != null && !p.model().isBlank());
        Map<String, List<NodeHardware.ActivePort>> groups = new LinkedHashMap<>();
        for (NodeHardware.ActivePort p : ports) {
            String key = named ? p.model() + "/" + p.linkLayer() : Double.toString(p.rateGbps());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        List<NodeHardware.ActivePort> best = List.of();
        double bestRate = 0;
        for (List<NodeHardware.ActivePort> g : groups.values()) {
            double rate = g.stream().mapToDouble(NodeHardware.ActivePort::rateGbps).max().orElse(0);
            if (g.size() > best.size() || g.size() == best.size() && rate > bestRate) {
                best = g;
                bestRate = rate;
            }
        }
        return best;
    }

    /** {@return the rate most ports run at (ties: the faster)} */
    private static double modeRate(List<NodeHardware.ActivePort> ports) {
        Map<Double, Integer> count = new LinkedHashMap<>();
        for (NodeHardware.ActivePort p : ports) count.merge(p.rateGbps(), 1, Integer::sum);
        double best = 0;
        int n = 0;
        for (Map.Entry<Double, Integer> e : count.entrySet()) {
            if (e.getValue() > n || e.getValue() == n && e.getKey() > best) {
                best = e.getKey();
                n = e.getValue();
            }
        }
        return best;
    }

    /** {@return true when a rail runs below the rate its siblings share} */
    boolean degraded() {
        return slowest.rateGbps() < siblingGbps;
    }

    /**
     * {@return the degraded rail, with the expectation it leaves ({@code capped}) and the perftest pairs that prove
     * it: the slow rail against the peer's rail of the same name, then a sibling rail of the slow node the same way}
     */
    Degraded degradedPart(HardwareSummaries hw, int rails, double capped) {
        List<String> cmds = new ArrayList<>();
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(slowest.quote().on(slowNode));
        List<NodeHardware.ActivePort> own = of(hw.of(slowNode).ports());
        NodeHardware.ActivePort sibling = null;
        for (NodeHardware.ActivePort p : own) {
            if (p.rateGbps() >= siblingGbps && (sibling == null || Objects.equals(p.numa(), slowest.numa()) && !Objects.equals(sibling.numa(), slowest.numa()))) sibling = p;
        }
        if (sibling != null) ev.add(sibling.quote().on(slowNode));
        if (peerNode != null) {
            List<NodeHardware.ActivePort> peerRails = of(hw.of(peerNode).ports());
            pair(cmds, slowest, own.indexOf(slowest), peerRails);
            if (sibling != null) pair(cmds, sibling, own.indexOf(sibling), peerRails);
        }
        return new Degraded(slowNode, slowest.device(), slowest.port(), slowest.rateGbps(), siblingGbps, rails, capped, cmds, ev);
    }

    /** Adds the server (on the peer) and client (on the port's node) of one perftest pair over {@code p}. */
    private void pair(List<String> cmds, NodeHardware.ActivePort p, int index, List<NodeHardware.ActivePort> peerRails) {
        NodeHardware.ActivePort q = null;
        for (NodeHardware.ActivePort r : peerRails) if (r.device().equals(p.device())) q = r;
        if (q == null && index >= 0 && index < peerRails.size()) q = peerRails.get(index);
        if (q == null) return;
        cmds.add(on(peerNode, perftest(q)) + " &");
        cmds.add(on(slowNode, perftest(p) + " " + peerNode));
    }

    /** {@return {@code ib_write_bw} on port {@code p}, pinned to its NIC's NUMA node (read from sysfs when not in the evidence)} */
    static String perftest(NodeHardware.ActivePort p) {
        String numa = p.numa() != null ? p.numa().toString() : "$(cat /sys/class/infiniband/" + p.device() + "/device/numa_node)";
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "numactl --cpunodebind=%s --membind=%s ib_write_bw -d %s",
                numa, numa, p.device()));
        if (p.port() != null) sb.append(" -i ").append(p.port());
        if (p.roce() && p.gidIndex() != null) sb.append(" -x ").append(p.gidIndex());
        return sb.append(' ').append(PERFTEST).toString();
    }

    private static String on(String host, String cmd) {
        return host.isEmpty() ? cmd : "ssh " + host + " '" + cmd + "'";
    }
}
