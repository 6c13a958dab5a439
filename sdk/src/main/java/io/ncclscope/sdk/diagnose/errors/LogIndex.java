package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclProcess;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.sdk.evidence.Artifact;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What one NCCL log says about its processes, ranks and interfaces, indexed for the walk: pid to rank and GPU,
 * interfaces per host, the socket device the channels use. Built once per log; lookups are hash lookups.
 */
final class LogIndex {

    final Artifact artifact;
    /** The log's communicator entries (not the whole log: a pass lets the parsed log go). */
    final List<NcclRank> ranks;
    final Map<String, String> env;
    private final Map<String, Integer> rankOf = new HashMap<>();
    private final Map<String, NcclRank> rankRecordOf = new HashMap<>();
    private final Map<String, List<NcclInterface>> ifaces = new HashMap<>();
    private final Map<String, List<IbDevice>> hcas = new HashMap<>();
    private final Map<String, Integer> socketDevUsed = new HashMap<>();

    LogIndex(Artifact artifact, NcclLog log) {
        this.artifact = artifact;
        this.ranks = List.copyOf(log.ranks());
        this.env = log.environment();
        for (NcclProcess p : log.processes()) {
            if (p.rank() != null) rankOf.putIfAbsent(p.host() + "|" + p.pid(), p.rank());
        }
        for (NcclRank r : log.ranks()) {
            if (r.pid() == null) continue;
            String k = r.host() + "|" + r.pid();
            rankOf.putIfAbsent(k, r.rank());
            rankRecordOf.putIfAbsent(k, r);
        }
        for (NcclInterface i : log.interfaces()) {
            if (i.kind() != InterfaceKind.BOOTSTRAP && i.kind() != InterfaceKind.SOCKET) continue;
            ifaces.computeIfAbsent(hostKey(i.host()), k -> new ArrayList<>()).add(i);
        }
        for (IbDevice d : log.ibDevices()) hcas.computeIfAbsent(hostKey(d.host()), k -> new ArrayList<>()).add(d);
        for (NcclTransport t : log.transports()) {
            if (t.socketDevice() != null) socketDevUsed.putIfAbsent(hostKey(t.host()), t.socketDevice());
        }
    }

    private static String hostKey(String host) {
        return host == null ? "" : host;
    }

    /** {@return what the log shows of a host, else of its only host} */
    private static <T> T ofHost(Map<String, T> byHost, String host) {
        T v = byHost.get(hostKey(host));
        return v == null && byHost.size() == 1 ? byHost.values().iterator().next() : v;
    }

    /** The rank of a process, when an init line named it. */
    Integer rank(String host, Long pid) {
        return pid == null ? null : rankOf.get(host + "|" + pid);
    }

    /** The first communicator entry of a process. */
    NcclRank rankRecord(String host, Long pid) {
        return pid == null ? null : rankRecordOf.get(host + "|" + pid);
    }

    /** Bootstrap and socket interfaces of a host (of the whole log when the host is unknown), in order. */
    List<NcclInterface> interfaces(String host) {
        List<NcclInterface> l = ifaces.get(hostKey(host));
        if (l != null) return l;
        if (host == null && ifaces.size() == 1) return ifaces.values().iterator().next();
        return List.of();
    }

    /** The one HCA a host uses, when the log lists exactly one. */
    String singleHca(String host) {
        List<IbDevice> l = ofHost(hcas, host);
        return l == null ? null : FindingText.onlyOne(l.stream().map(IbDevice::device));
    }

    /** The socket interface the channels of a host go through ({@code via NET/Socket/1} is device 1). */
    NcclInterface socketDeviceUsed(String host) {
        Integer idx = ofHost(socketDevUsed, host);
        if (idx == null) return null;
        for (NcclInterface i : interfaces(host)) {
            if (i.kind() == InterfaceKind.SOCKET && i.index() != null && i.index().equals(idx)) return i;
        }
        return null;
    }

    /**
     * The host whose bootstrap or socket interface has this address, with the ranks this log places on it
     * ({@code node-2 (ranks 8-15)}); null when no interface of the log has it.
     */
    String hostOfAddress(String address) {
        if (address == null) return null;
        for (List<NcclInterface> list : ifaces.values()) {
            for (NcclInterface i : list) {
                if (!address.equals(i.address()) || i.host() == null) continue;
                Set<Integer> on = ranks.stream().filter(r -> i.host().equals(r.host())).map(NcclRank::rank)
                        .collect(Collectors.toCollection(TreeSet::new));
                return on.isEmpty() ? i.host() : i.host() + " (rank" + (on.size() > 1 ? "s " : " ") + FindingText.join(on) + ")";
            }
        }
        return null;
    }

    /** The bootstrap interface address of the host of a rank, when the log shows both; else null. */
    String bootstrapAddressOfRank(int rank) {
        for (NcclRank r : ranks) {
            if (r.rank() != rank || r.host() == null) continue;
            for (NcclInterface i : interfaces(r.host())) {
                if (i.kind() == InterfaceKind.BOOTSTRAP && i.address() != null) return i.address();
            }
        }
        return null;
    }
}
