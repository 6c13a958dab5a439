package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.InterfaceList;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * {@code SOCKET_IFNAME_SUSPICIOUS} on one host: did NCCL pick a loopback, link-local, down, container, NAT,
 * management or bonded interface for its bootstrap or sockets, and did a connection fail to an address a peer should
 * not have advertised? One finding per interface or peer of each host. Nodes on different subnets:
 * {@link SubnetCheck}.
 */
final class SocketInterfaceCheck {

    static final String CODE = "SOCKET_IFNAME_SUSPICIOUS";

    private SocketInterfaceCheck() {
    }

    static void check(TransportJob job, ClusterHardware hw, MergedFindings out) {
        for (HostFacts h : job.hosts()) {
            Map<String, InterfaceUse> entries = InterfaceUse.of(h);
            List<LogFact<NcclEvent>> trouble = h.events.stream()
                    .filter(e -> e.value().kind() == EventKind.SOCKET_CONNECT_FAILED
                            || e.value().kind() == EventKind.SOCKET_CONNECT_RETRY)
                    .toList();
            List<Evidence.Item<NetInterface>> ifaces = hw.ifaces(h.name, job.alone());
            String better = better(entries, ifaces);
            Set<String> flagged = new HashSet<>();
            for (InterfaceUse e : entries.values()) {
                if (e.used && used(job, ifaces, h, e, trouble, better, out)) flagged.add(e.name);
            }
            peers(job, h, entries, trouble, flagged, better, out);
        }
    }

    /** Judges one interface NCCL uses on host {@code h}, whose {@code ip addr} shows {@code ifaces}; true when it made a finding. */
    private static boolean used(TransportJob job, List<Evidence.Item<NetInterface>> ifaces, HostFacts h, InterfaceUse e,
                                List<LogFact<NcclEvent>> trouble, String better, MergedFindings out) {
        String spec = job.env("NCCL_SOCKET_IFNAME");
        LogFact<EnvSetting> specAt = job.env.get("NCCL_SOCKET_IFNAME");
        TransportJob.Span span = job.span;
        String addr = e.address();
        Evidence.Item<NetInterface> named = ifaces.stream().filter(i -> i.data().name().equals(e.name)).findFirst()
                .orElse(null);
        NetInterface ip = named == null ? null : named.data();
        boolean multi = span == TransportJob.Span.MULTI_NODE;
        boolean loop = NetInterfaces.isLoopbackName(e.name) || NetInterfaces.isLoopbackAddress(addr);
        boolean ll = !e.addresses.isEmpty() && e.addresses.stream().allMatch(NetInterfaces::isLinkLocal);
        boolean routable = e.addresses.stream().anyMatch(NetInterfaces::isRoutable);
        boolean down = ip != null && ip.noCarrier();
        boolean virt = NetInterfaces.isVirtualName(e.name) && !(NetInterfaces.isVethName(e.name) && routable);
        // Docker's own bridge (docker0) is virtual, judged before.
        boolean nat = e.addresses.stream().anyMatch(NetInterfaces::isDockerDefaultBridge);
        boolean mgmt = NetInterfaces.isManagementName(e.name) || (ip != null && NetInterfaces.isManagementName(ip.master()));
        boolean bond = e.uses.contains(InterfaceKind.SOCKET) && (NetInterfaces.isBondName(e.name) || (ip != null && ip.bondDevice()));
        LogFact<NcclEvent> hit = failure(e, ll, trouble);
        String how = spec == null ? "auto" : InterfaceList.of(spec).exclude() ? "exclude" : "set";
        String scope = multi ? "multi" : span == TransportJob.Span.SINGLE_NODE ? "single" : "unknown";
        // The first of these the interface is: loopback and a down interface weigh by the job's span alone.
        Verdict v = loop ? new Verdict("ifname.lo." + how + "." + scope, bySpan(span))
                : ll ? Verdict.of("ifname.linklocal", hit != null, multi)
                : down ? new Verdict(multi ? "ifname.down.multi" : "ifname.down.local", bySpan(span))
                : virt ? Verdict.of("ifname.virtual", hit != null, multi)
                : nat && multi ? Verdict.of("ifname.nat", hit != null, true)
                : mgmt ? Verdict.of("ifname.mgmt", false, multi)
                : bond && multi ? new Verdict("ifname.bond", FindingSeverity.INFO) : null;
        if (v == null) return false;
        String shown = addr == null ? e.name : e.name + ":" + addr;
        String env = loop && spec != null ? "NCCL_SOCKET_IFNAME=" + spec : null;
        List<Object> args = new ArrayList<>(Arrays.asList("iface", shown, "uses", e.usesText()));
        if (env != null) Collections.addAll(args, "env", env);
        if (hit != null) Collections.addAll(args, "reason", hit.value().message());
        if (down) Collections.addAll(args, "state", ip.state() + (ip.flags().contains("NO-CARRIER") ? " NO-CARRIER" : ""));
        List<Quote> ev = new ArrayList<>(e.quotes());
        if (hit != null) ev.add(hit.toQuote());
        // The first socket connection through it (socketDevs: network connections over Socket, by device index).
        for (LogFact<NcclTransport> t : h.connections().socketDevs) {
            OptionalInt dev = TransportTerms.netDevice(t.value().via());
            if (dev.isPresent() && e.socketIndexes.contains(dev.getAsInt())) {
                ev.add(t.toQuote());
                break;
            }
        }
        if (specAt != null && (loop || spec != null)) ev.add(specAt.toQuote());
        if (ip != null && (down || mgmt || bond)) ev.add(Quote.of(named.artifact().quote(ip.line())));
        out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, v.severity(), Subject.JOB.withIface(e.name),
                TransportAnalyzer.detail(v.key(), args.toArray()), ev,
                "iface", better == null || better.equals(e.name) ? null : better, "env", env);
        return true;
    }

    /** The detail and severity of a suspicious interface or peer address. */
    private record Verdict(String key, FindingSeverity severity) {

        /** {@return an interface that costs the job when a connection through it failed (an error) or across nodes} */
        static Verdict of(String stem, boolean failed, boolean multi) {
            if (failed) return new Verdict(stem + ".failed", FindingSeverity.ERROR);
            return multi ? new Verdict(stem + ".multi", FindingSeverity.WARNING)
                    : new Verdict(stem + ".local", FindingSeverity.INFO);
        }
    }

    /** {@return an error across nodes, context on one node, a warning where the span is unknown} */
    private static FindingSeverity bySpan(TransportJob.Span span) {
        return span == TransportJob.Span.MULTI_NODE ? FindingSeverity.ERROR
                : span == TransportJob.Span.SINGLE_NODE ? FindingSeverity.INFO : FindingSeverity.WARNING;
    }

    /** {@return the first socket trouble of interface {@code e}: to no peer, to one through it, or link-local to link-local} */
    private static LogFact<NcclEvent> failure(InterfaceUse e, boolean linkLocal, List<LogFact<NcclEvent>> trouble) {
        for (LogFact<NcclEvent> t : trouble) {
            String peer = t.value().peer();
            if (peer == null || NetInterfaces.zone(peer).filter(e.name::equals).isPresent() || (linkLocal && NetInterfaces.isLinkLocal(peer))) {
                return t;
            }
        }
        return null;
    }

    /** The address a connection failed to: the peer rank advertised it (corpus nccl-929-1.txt, nccl-975-1.txt). */
    private static void peers(TransportJob job, HostFacts h, Map<String, InterfaceUse> entries, List<LogFact<NcclEvent>> trouble,
                              Set<String> flagged, String better, MergedFindings out) {
        Set<String> seenPeers = new HashSet<>();
        for (LogFact<NcclEvent> t : trouble) {
            String peer = t.value().peer();
            if (peer == null || t.value().kind() != EventKind.SOCKET_CONNECT_FAILED || !seenPeers.add(peer)) continue;
            String via = NetInterfaces.zone(peer).orElse(null);
            if (via != null && flagged.contains(via)) continue;
            Verdict v = NetInterfaces.isLinkLocal(peer)
                    ? new Verdict(via != null ? "ifname.peer.linklocal.via" : "ifname.peer.linklocal", FindingSeverity.ERROR)
                    : NetInterfaces.isDockerDefaultBridge(peer) && job.span != TransportJob.Span.SINGLE_NODE
                    ? new Verdict("ifname.peer.nat", bySpan(job.span))
                    : NetInterfaces.isLoopbackAddress(peer) && job.span == TransportJob.Span.MULTI_NODE
                    ? new Verdict("ifname.peer.lo", FindingSeverity.ERROR) : null;
            if (v == null) continue;
            String bare = NetInterfaces.bareAddress(peer);
            List<Object> args = new ArrayList<>(Arrays.asList("peer", bare, "reason", t.value().message()));
            if (via != null) Collections.addAll(args, "iface", via);
            List<Quote> ev = new ArrayList<>(List.of(t.toQuote()));
            for (InterfaceUse e : entries.values()) if (e.name.equals(via)) ev.addAll(e.quotes());
            out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, v.severity(), Subject.JOB.withPeer(bare).withIface(via),
                    TransportAnalyzer.detail(v.key(), args.toArray()), ev, "iface", better, "peer", bare);
        }
    }

    /**
     * A usable interface of the host: from {@code ip addr} an UP interface with a routable address that is no
     * loopback, container or management device (IPv4 first); else one NCCL itself listed. Null when none can be told.
     */
    private static String better(Map<String, InterfaceUse> entries, List<Evidence.Item<NetInterface>> ifaces) {
        String v6 = null;
        for (Evidence.Item<NetInterface> i : ifaces) {
            NetInterface n = i.data();
            if (!n.linkUp() || n.enslaved() || !candidate(n.name()) || NetInterfaces.isManagementName(n.master())) continue;
            for (NetAddress a : n.addresses()) {
                if (!NetInterfaces.isRoutable(a.address())) continue;
                if (NetInterfaces.isIpv4(a.address())) return n.name();
                if (v6 == null) v6 = n.name();
            }
        }
        if (v6 != null) return v6;
        for (InterfaceUse e : entries.values()) {
            boolean ok = candidate(e.name) && e.addresses.stream().anyMatch(NetInterfaces::isRoutable)
                    && e.addresses.stream().noneMatch(NetInterfaces::isDockerDefaultBridge);
            if (ok) return e.name;
        }
        return null;
    }

    /**
     * {@return whether an interface of this name may carry the node's traffic: no loopback, management or virtual
     * device but veth}
     */
    private static boolean candidate(String name) {
        return !NetInterfaces.isLoopbackName(name) && !NetInterfaces.isManagementName(name)
                && !(NetInterfaces.isVirtualName(name) && !NetInterfaces.isVethName(name));
    }
}
