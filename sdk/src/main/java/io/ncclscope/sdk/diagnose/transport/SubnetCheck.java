package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code SOCKET_IFNAME_SUSPICIOUS} across the hosts of a job: do the nodes of a multi-node job bootstrap from
 * interfaces on different subnets? A warning when {@code ip addr} gives the prefixes, a hint from /24 otherwise.
 */
final class SubnetCheck {

    private SubnetCheck() {
    }

    /**
     * One host's bootstrap interface: its name, address and first line, the {@code ip addr} lines of the address with
     * a prefix, and its subnet (null when {@code ip addr} does not tell).
     */
    private record Bootstrap(String host, String iface, String address, LogFact<NcclInterface> line,
                             List<Evidence.Item<NetAddress>> prefixed, String subnet) {
    }

    static void check(TransportJob job, ClusterHardware hw, MergedFindings out) {
        if (job.span != TransportJob.Span.MULTI_NODE) return;
        // Each host keeps where its lines are; they are read only when there is a finding, so a job of many hosts
        // does not hold every host's lines.
        List<Bootstrap> boots = new ArrayList<>();
        Map<String, String> oneOf = new HashMap<>();
        boolean allKnown = true;
        boolean socketTrouble = false;
        for (HostFacts h : job.hosts()) {
            for (LogFact<NcclEvent> event : h.events) {
                EventKind k = event.value().kind();
                socketTrouble |= k == EventKind.SOCKET_CONNECT_FAILED || k == EventKind.NO_SOCKET_INTERFACE;
            }
            InterfaceUse e = h.name == null ? null : InterfaceUse.bootstrap(h);
            if (e == null) continue;
            List<Evidence.Item<NetAddress>> prefixed = prefixed(hw, h.name, e);
            String net = null;
            for (Evidence.Item<NetAddress> a : prefixed) {
                net = NetInterfaces.subnet(a.data().address(), a.data().prefixLength()).orElse(null);
            }
            if (net == null) allKnown = false;
            boots.add(new Bootstrap(h.name, e.name, e.address(), e.firstLine(), prefixed,
                    net == null ? null : oneOf.computeIfAbsent(net, k -> k)));
        }
        if (boots.size() < 2) return;
        Map<String, List<String>> byNet = new TreeMap<>();
        List<String> hosts = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (Bootstrap b : boots) {
            // Without prefixes, a /24 of each address.
            String net = allKnown ? b.subnet() : NetInterfaces.subnet(b.address(), 24).orElse("?");
            byNet.computeIfAbsent(net, k -> new ArrayList<>()).add(b.host());
            hosts.add(b.host());
            names.add(b.iface());
        }
        if (byNet.size() < 2) return;
        // Without prefixes a /24 comparison is only a hint; clouds route /16 and wider VPCs (corpus
        // nccl-tests/eks-blueprints-eks-efa-1.txt: 10.11.13.x and 10.11.5.x, healthy). Say it only when the interface
        // names differ too or sockets failed.
        if (!allKnown && names.size() < 2 && !socketTrouble) return;
        String list = byNet.entrySet().stream().map(m -> m.getKey() + ": " + Names.upTo(m.getValue(), 4))
                .collect(Collectors.joining("; "));
        out.addListed(TransportAnalyzer.HOSTS, null, null, SocketInterfaceCheck.CODE,
                allKnown ? FindingSeverity.WARNING : FindingSeverity.INFO, Subject.JOB,
                TransportAnalyzer.detail(allKnown ? "ifname.subnet.prefix" : "ifname.subnet.guess",
                        "hosts", Names.upTo(hosts, TransportJob.HOSTS_SHOWN), "subnets", list),
                lines(boots), "iface", names.size() == 1 ? names.iterator().next() : null);
    }

    /**
     * Each host's bootstrap line, then the ip addr lines of its address, up to what a finding shows: a job may have
     * hundreds of hosts.
     */
    private static List<EvidenceLine> lines(List<Bootstrap> boots) {
        Set<EvidenceLine> lines = new LinkedHashSet<>();
        for (Bootstrap b : boots) {
            lines.add(b.line().quote());
            if (lines.size() == Finding.MAX_EVIDENCE) return List.copyOf(lines);
        }
        for (Bootstrap b : boots) {
            for (Evidence.Item<NetAddress> a : b.prefixed()) {
                lines.add(a.artifact().quote(a.data().line()));
                if (lines.size() == Finding.MAX_EVIDENCE) return List.copyOf(lines);
            }
        }
        return List.copyOf(lines);
    }

    /** {@return the addresses {@code ip addr} shows for host {@code host}'s bootstrap interface {@code e} with a prefix} */
    private static List<Evidence.Item<NetAddress>> prefixed(ClusterHardware hw, String host, InterfaceUse e) {
        List<Evidence.Item<NetAddress>> out = new ArrayList<>();
        for (Evidence.Item<NetInterface> ip : hw.ifaces(host, false)) {
            if (!ip.data().name().equals(e.name)) continue;
            for (NetAddress a : ip.data().addresses()) {
                boolean same = NetInterfaces.bareAddress(e.address()).equals(a.address());
                if (same && a.prefixLength() != null) out.add(new Evidence.Item<>(ip.artifact(), a));
            }
        }
        return out;
    }
}
