package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code NET_SOCKET_FALLBACK}: does a host carry NCCL's traffic over TCP sockets although it has (or may have) RDMA,
 * without the environment asking for it ({@link IbDisabledByEnvCheck})? One finding per host.
 */
final class SocketFallbackCheck {

    static final String CODE = "NET_SOCKET_FALLBACK";

    private SocketFallbackCheck() {
    }

    static void check(TransportJob job, ClusterHardware hw, MergedFindings out) {
        if (IbDisabledByEnvCheck.disablingSetting(job) != null) return;
        for (HostFacts h : job.hosts()) {
            LogFact<NetworkChoice> net = null;
            boolean other = h.connections().otherNet;
            for (LogFact<NetworkChoice> n : h.networks) {
                if (!TransportTerms.isSocket(n.value().name())) other = true;
                else if (net == null) net = n;
            }
            boolean socket = net != null || h.connections().socketNet;
            LogFact<NcclEvent> reason = h.events.stream().filter(e -> e.value().kind() == EventKind.NET_IB_NO_DEVICE
                    || e.value().kind() == EventKind.IB_VERBS_MISSING).findFirst().orElse(null);
            // A log cut before "Using network" still says NCCL cannot use IB ("NET/IB : No device found").
            if (other || !(socket || (reason != null && h.ibDevices.isEmpty()))) continue;
            ClusterHardware.RdmaState r = hw.rdma(h.name, job.alone());
            String key = key(job.span, r.state());
            String why = reason != null ? reason.value().message() : net != null ? said(net.quote()) : "";
            LogFact<NcclInterface> sock = h.interfaces.stream().filter(i -> i.value().kind() == InterfaceKind.SOCKET)
                    .findFirst().orElse(null);
            Object[] args = r.state() == ClusterHardware.Rdma.ACTIVE
                    ? new Object[] {"reason", why, "hcas", String.join(", ", r.active())} : new Object[] {"reason", why};
            // Quoted only if the finding shows them: a fallback alike on every node of a big job shows a few nodes' lines.
            List<Quote> ev = new ArrayList<>();
            if (reason != null) ev.add(reason.toQuote());
            if (net != null) ev.add(net.toQuote());
            if (sock != null) ev.add(sock.toQuote());
            if (h.connections().firstSocket != null) ev.add(h.connections().firstSocket.toQuote());
            for (EvidenceLine l : r.lines()) ev.add(Quote.of(l));
            out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, severity(job.span, r.state()), Subject.JOB,
                    TransportAnalyzer.detail(key, args), ev,
                    "iface", sock == null ? null : sock.value().name(), "hca", String.join(",", r.active()));
        }
    }

    /** The message of a quoted NCCL line ({@code Using internal Network Socket}), without its prefix. */
    private static String said(EvidenceLine l) {
        String t = l.text();
        int i = t.indexOf("INFO ");
        return (i >= 0 ? t.substring(i + 5) : t).strip();
    }

    /** The detail of a fallback: what the job loses by it, by its span and the host's RDMA state. */
    private static String key(TransportJob.Span span, ClusterHardware.Rdma rdma) {
        if (span == TransportJob.Span.MULTI_NODE) {
            return switch (rdma) {
                case ACTIVE -> "fallback.multi.active";
                case PRESENT -> "fallback.multi.present";
                case INACTIVE -> "fallback.multi.inactive";
                case NONE -> "fallback.multi.none";
                default -> "fallback.multi.unknown";
            };
        }
        if (rdma == ClusterHardware.Rdma.ACTIVE) return "fallback.local.active";
        return span == TransportJob.Span.SINGLE_NODE ? "fallback.single" : "fallback.unknown";
    }

    /** How much the job loses: RDMA that works, across nodes, most; none where no node has RDMA or none is needed. */
    private static FindingSeverity severity(TransportJob.Span span, ClusterHardware.Rdma rdma) {
        if (span == TransportJob.Span.MULTI_NODE) {
            return rdma == ClusterHardware.Rdma.ACTIVE ? FindingSeverity.ERROR
                    : rdma == ClusterHardware.Rdma.NONE ? FindingSeverity.INFO : FindingSeverity.WARNING;
        }
        return rdma == ClusterHardware.Rdma.ACTIVE ? FindingSeverity.WARNING : FindingSeverity.INFO;
    }
}
