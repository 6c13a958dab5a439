package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.parsers.ethtool.EthtoolCounters.Direction.RECEIVED;
import static io.ncclscope.parsers.ethtool.EthtoolCounters.Direction.SENT;
import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;

import io.ncclscope.parsers.ethtool.EthtoolCounters;
import io.ncclscope.parsers.ethtool.EthtoolCounters.Direction;
import io.ncclscope.parsers.ethtool.EthtoolCounters.ErrorFamily;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * NIC_ERROR_COUNTERS, PFC_PAUSE_STORM and ROCE_TRAFFIC_NOT_LOSSLESS from {@code ethtool -S}. One bundle holds
 * one reading, so the counters are cumulative since the driver loaded: thresholds are relative to the packets
 * counted beside them, and the findings say to read again under load (growth is what matters).
 */
final class CounterCheck {

    private static final long PHY_MIN = 10;
    private static final long DROP_MIN = 1_000;
    private static final long PAUSE_MIN = 1_000;

    /** Checks the counters of every interface of the node that {@code ethtool -S} shows. */
    static void run(NodePorts ports, MergedFindings sink) {
        for (Evidence.Item<EthtoolInterface> p : ports.ethtoolPorts) {
            Map<String, Long> c = p.data().counters();
            if (c.isEmpty()) continue;
            InterfaceCounters ic = new InterfaceCounters(p.artifact(), p.data(), c, EthtoolCounters.packets(c, RECEIVED),
                    EthtoolCounters.packets(c, SENT));
            ic.errorCounters(sink);
            ic.notLossless(ic.pauseStorm(sink), sink);
        }
    }

    /**
     * One interface's counters as the checks read them, and the checks.
     *
     * @param c    its counters
     * @param rxPk packets received ({@link EthtoolCounters#packets})
     * @param txPk packets sent
     */
    private record InterfaceCounters(Artifact a, EthtoolInterface i, Map<String, Long> c, long rxPk, long txPk) {

        /** {@return the packets counted in direction {@code d}} */
        private long packets(Direction d) {
            return d == RECEIVED ? rxPk : txPk;
        }

        /** Files a finding about this interface. */
        private void add(MergedFindings sink, String code, FindingSeverity severity, Message detail, List<EvidenceLine> ev) {
            String iface = i.name();
            sink.addLines(LinkText.key(a, iface, i.line()), code, severity, LinkText.subject(a).withIface(iface), detail, ev,
                    "iface", iface, "node", LinkText.node(a));
        }

        /** How a detail names the interface: a grep-filtered paste may name none, and the artifact names it then. */
        private String shown() {
            return i.name() != null ? i.name() : a.name();
        }

        /** NIC_ERROR_COUNTERS. */
        private void errorCounters(MergedFindings sink) {
            List<String> bad = new ArrayList<>();
            List<EvidenceLine> ev = new ArrayList<>();
            boolean phyBad = false;
            boolean severe = false;
            for (var e : c.entrySet()) {
                long v = e.getValue() == null ? 0 : e.getValue();
                ErrorFamily family = EthtoolCounters.errorFamily(e.getKey()).orElse(null);
                if (v <= 0 || family == null) continue;
                long pk = EthtoolCounters.direction(e.getKey()).map(this::packets).orElse(rxPk + txPk);
                double ratio = pk > 0 ? (double) v / pk : -1;
                boolean significant = switch (family) {
                    case LINK_DOWN -> v >= 5;
                    case PHYSICAL -> v >= PHY_MIN;
                    case DROP -> v >= DROP_MIN && (ratio < 0 || ratio >= 1e-5);
                };
                if (!significant) continue;
                phyBad |= family != ErrorFamily.DROP;
                severe |= family == ErrorFamily.PHYSICAL && ratio >= 1e-4;
                bad.add(e.getKey() + "=" + v + (ratio >= 0 ? " (" + perMillion(ratio) + "/M)" : ""));
                Integer ln = i.counterLines().get(e.getKey());
                if (ln != null) ev.add(a.quote(ln));
            }
            if (!bad.isEmpty()) {
                if (ev.isEmpty()) ev.add(a.quote(i.line()));
                add(sink, "NIC_ERROR_COUNTERS", severe ? ERROR : WARNING, LinkHealthAnalyzer.message(phyBad ? "counters.phy" : "counters.drops",
                        "iface", shown(), "list", String.join(", ", bad.subList(0, Math.min(6, bad.size())))), ev);
            }
        }

        /** PFC_PAUSE_STORM; {@return the pause frames received and sent} */
        private long pauseStorm(MergedFindings sink) {
            long storm = 0;
            for (String n : EthtoolCounters.PAUSE_STORM_EVENTS) storm += c.getOrDefault(n, 0L);
            Map<Direction, Long> pause = new EnumMap<>(Direction.class);
            List<EvidenceLine> pev = new ArrayList<>();
            for (var e : c.entrySet()) {
                Optional<Direction> d = EthtoolCounters.pauseFrames(e.getKey());
                if (d.isEmpty() || e.getValue() == null || e.getValue() <= 0) continue;
                pause.merge(d.get(), e.getValue(), Long::sum);
                Integer ln = i.counterLines().get(e.getKey());
                if (ln != null && pev.size() < 8) pev.add(a.quote(ln));
            }
            long total = pause.values().stream().mapToLong(Long::longValue).sum();
            if (storm > 0) {
                for (String n : EthtoolCounters.PAUSE_STORM_EVENTS) {
                    Integer ln = i.counterLines().get(n);
                    if (ln != null && c.getOrDefault(n, 0L) > 0) pev.add(0, a.quote(ln));
                }
                add(sink, "PFC_PAUSE_STORM", ERROR, LinkHealthAnalyzer.message("pfc.storm", "iface", shown(), "events", storm), pev);
                return total;
            }
            Direction dir = null;
            long frames = 0;
            for (Direction d : Direction.values()) {
                long f = pause.getOrDefault(d, 0L);
                long p = packets(d);
                boolean heavy = f >= PAUSE_MIN && (p > 0 ? (double) f / p >= 0.01 : f >= 1_000_000);
                if (heavy && f > frames) {
                    dir = d;
                    frames = f;
                }
            }
            if (dir != null) {
                long pk = packets(dir);
                add(sink, "PFC_PAUSE_STORM", WARNING, LinkHealthAnalyzer.message(dir == RECEIVED ? "pfc.rx" : "pfc.tx", "iface", shown(),
                        "frames", frames, "packets", pk > 0 ? Long.toString(pk) : "?",
                        "pct", pk > 0 ? String.format(Locale.ROOT, "%.1f", 100.0 * frames / pk) : "?"), pev);
            }
            return total;
        }

        /** ROCE_TRAFFIC_NOT_LOSSLESS: everything in priority 0 while per-priority counters exist, no pause frame counted. */
        private void notLossless(long pauseFrames, MergedFindings sink) {
            long[] prio = new long[8];
            int prios = 0;
            Map<Integer, Integer> prioLine = new HashMap<>();
            for (var e : c.entrySet()) {
                OptionalInt priority = EthtoolCounters.priorityBytes(e.getKey());
                if (priority.isEmpty()) continue;
                int p = priority.getAsInt();
                prio[p] += e.getValue() == null ? 0 : e.getValue();
                prios |= 1 << p;
                Integer ln = i.counterLines().get(e.getKey());
                if (ln != null) prioLine.putIfAbsent(p, ln);
            }
            long total = 0;
            for (long v : prio) total += v;
            OptionalLong rdma = EthtoolCounters.rdmaPackets(c, RECEIVED);
            boolean noRdma = rdma.isPresent() && rdma.getAsLong() == 0 && EthtoolCounters.rdmaPackets(c, SENT).orElse(0) == 0;
            if (Integer.bitCount(prios) >= 4 && total >= (1L << 30) && prio[0] >= 0.99 * total && pauseFrames == 0 && !noRdma) {
                List<EvidenceLine> rev = new ArrayList<>();
                for (int p = 0; p < 8; p++) {
                    Integer ln = prioLine.get(p);
                    if (ln != null && (p == 0 || p == 3)) rev.add(a.quote(ln));
                }
                add(sink, "ROCE_TRAFFIC_NOT_LOSSLESS", WARNING, LinkHealthAnalyzer.message("roce.prio0", "iface", shown(),
                        "bytes", human(prio[0]), "pct", String.format(Locale.ROOT, "%.1f", 100.0 * prio[0] / total)), rev);
            }
        }
    }

    private static String perMillion(double ratio) {
        double v = ratio * 1e6;
        return v >= 100 ? Long.toString(Math.round(v)) : String.format(Locale.ROOT, "%.2g", v);
    }

    private static String human(long bytes) {
        String[] u = {"B", "KB", "MB", "GB", "TB", "PB"};
        double v = bytes;
        int k = 0;
        while (v >= 1000 && k < u.length - 1) {
            v /= 1000;
            k++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, u[k]);
    }
}
