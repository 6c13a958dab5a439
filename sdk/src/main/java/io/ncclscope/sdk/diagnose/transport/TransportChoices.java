package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.Direction;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.nccl.TransportType;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What NCCL chose on each host of the evidence's logs: {@link TransportAnalyzer#choices}. */
final class TransportChoices {

    private TransportChoices() {
    }

    /** What one host's logs say so far: the first value of each choice, the lists joined. */
    private static final class HostChoice {
        final String host;
        String network;
        String bootIface;
        String bootAddress;
        final List<String> socket = new ArrayList<>();
        final List<String> hcas = new ArrayList<>();
        final Set<String> layers = new LinkedHashSet<>();
        Boolean gdr;
        boolean gdrOn;
        boolean gdrOff;
        Boolean p2p;
        boolean ibOff;
        final List<EvidenceLine> lines = new ArrayList<>();

        HostChoice(String host) {
            this.host = host;
        }

        TransportChoice choice() {
            Boolean g = gdr != null ? gdr : gdrOn ? Boolean.TRUE : gdrOff ? Boolean.FALSE : null;
            return new TransportChoice(host, network, bootIface, bootAddress, socket, hcas,
                    layers.isEmpty() ? null : String.join("+", layers), g, p2p, ibOff, lines);
        }
    }

    static List<TransportChoice> of(Evidence evidence) {
        Map<String, HostChoice> byHost = new LinkedHashMap<>();
        for (JobLogFacts job : JobLogFacts.of(evidence)) {
            boolean ibOff = job.envOn("NCCL_IB_DISABLE") || "socket".equalsIgnoreCase(NcclTerms.strip(job.env("NCCL_NET")));
            for (JobLogFacts.Host h : job.hosts.values()) {
                HostChoice a = byHost.computeIfAbsent(h.name, HostChoice::new);
                a.ibOff |= ibOff;
                read(job, h, a);
            }
        }
        List<HostChoice> all = new ArrayList<>(byHost.values());
        all.sort(Comparator.comparing((HostChoice a) -> a.host == null ? "" : a.host, Evidence::compareNodes));
        List<TransportChoice> out = new ArrayList<>(all.size());
        for (HostChoice a : all) out.add(a.choice());
        return out;
    }

    private static void read(JobLogFacts job, JobLogFacts.Host h, HostChoice a) {
        for (JobLogFacts.LogFact<NetworkChoice> n : h.networks) {
            if (a.network == null) {
                a.network = n.value().name();
                a.lines.add(n.quote(n.value().line()));
            }
        }
        for (JobLogFacts.LogFact<NcclInterface> i : h.interfaces) {
            NcclInterface v = i.value();
            if (v.kind() == InterfaceKind.BOOTSTRAP && a.bootIface == null && (v.index() == null || v.index() == 0)) {
                a.bootIface = v.name();
                a.bootAddress = v.address();
                a.lines.add(i.quote(v.line()));
            } else if (v.kind() == InterfaceKind.SOCKET && !a.socket.contains(v.name())) {
                a.socket.add(v.name());
            }
        }
        for (JobLogFacts.LogFact<IbDevice> dv : h.ibDevices) {
            if (!a.hcas.contains(dv.value().device())) {
                a.hcas.add(dv.value().device());
                a.layers.add(dv.value().linkLayer().toString());
                if (a.hcas.size() == 1) a.lines.add(dv.quote(dv.value().line()));
            }
        }
        for (JobLogFacts.LogFact<NcclTransport> t : h.transports) {
            NcclTransport v = t.value();
            if (v.type() == TransportType.NET && NcclTerms.rdmaNet(v.net()) && v.direction() != Direction.SEND) {
                a.gdr = or(a.gdr, Boolean.TRUE.equals(v.gdrdma()));
            } else if (v.type() == TransportType.P2P) {
                a.p2p = Boolean.TRUE;
            } else if (v.type() == TransportType.SHM) {
                a.p2p = or(a.p2p, false);
            } else if (v.type() == TransportType.NET) {
                String x = job.rankHost.get(v.fromRank());
                if (x != null && x.equals(job.rankHost.get(v.toRank()))) a.p2p = or(a.p2p, false);
            }
        }
        for (JobLogFacts.LogFact<NcclEvent> e : h.events) {
            if (e.value().kind() == EventKind.GDR_DISABLED && a.gdr == null) a.gdrOff = true;
            if (e.value().kind() == EventKind.GDR_ENABLED) a.gdrOn = true;
        }
    }

    private static Boolean or(Boolean acc, boolean v) {
        return acc == null ? v : acc || v;
    }
}
