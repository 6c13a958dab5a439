package io.ncclscope.sdk.delta;

import io.ncclscope.parsers.ethtool.EthtoolCounters;
import io.ncclscope.parsers.ethtool.EthtoolData;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counter deltas between two {@code ncclscope collect} bundles of one node, taken before and after a job: the
 * {@code ethtool -S} counters of each interface and the InfiniBand port counters of {@code ib/sysfs.txt}. A single
 * reading is cumulative since the driver loaded, so it cannot say whether errors happen now; the growth between two
 * readings can. Findings: {@code NIC_ERROR_COUNTERS} and {@code PFC_PAUSE_STORM} for what grew, quoting the line of
 * each bundle, and one {@code COUNTERS_COMPARED} (INFO) per node saying what was compared over which interval.
 *
 * <p>For each node with two or more bundles that carry a manifest time, the earliest is compared with the latest.
 * A counter that went down (driver reload, counters cleared) is left out and counted. Stateless, thread-safe
 * (each {@link #pass()} is not).
 */
public final class CounterDeltaAnalyzer implements Analyzer.Streamed {

    /** InfiniBand port counters that only count errors (sysfs {@code counters/} and mlx5 {@code hw_counters/}). */
    static final Set<String> IB_ERRORS = Set.of("symbol_error", "link_error_recovery", "link_downed", "port_rcv_errors",
            "port_rcv_remote_physical_errors", "port_rcv_switch_relay_errors", "port_xmit_discards",
            "port_xmit_constraint_errors", "port_rcv_constraint_errors", "local_link_integrity_errors",
            "excessive_buffer_overrun_errors", "VL15_dropped", "out_of_sequence", "packet_seq_err", "local_ack_timeout_err",
            "rnr_nak_retry_err", "implied_nak_seq_err", "req_cqe_error", "resp_cqe_error", "req_remote_access_errors",
            "req_remote_invalid_request", "resp_local_length_error", "rx_icrc_encapsulated", "roce_slow_restart");
    /** Of those, the ones that mean the link itself (cable, optic, port) rather than congestion or the peer. */
    static final Set<String> IB_PHY = Set.of("symbol_error", "link_error_recovery", "link_downed",
            "port_rcv_remote_physical_errors", "local_link_integrity_errors", "port_rcv_errors");

    private static final Pattern SYSFS_IB = Pattern.compile(
            "/sys/class/infiniband/([^/\\s]+)/ports/(\\d+)/(?:counters|hw_counters)/(\\S+) (-?\\d{1,19})\\s*");
    private static final Pattern ETHTOOL_S_FILE = Pattern.compile("(?:.*/)?ethtool-S-([^/]+)\\.txt");
    private static final Pattern PACKETS = Pattern.compile("^(rx|tx)_(packets_phy|packets|vport_unicast_packets)$");

    @Override
    public String name() {
        return "counter-deltas";
    }

    /**
     * {@return a pass that compares each slice's bundles as the slice comes and keeps only the findings} Every bundle
     * of one node comes in that node's slice, so nothing waits for another slice.
     */
    @Override
    public Pass pass() {
        return new Pass() {
            private final List<Finding> out = new ArrayList<>();

            @Override
            public void add(Evidence slice) {
                compareBundles(slice, out);
            }

            @Override
            public List<Finding> finish() {
                return List.copyOf(out);
            }
        };
    }

    /** Compares, for each node of {@code evidence}, its earliest and latest timed bundles. */
    private void compareBundles(Evidence evidence, List<Finding> out) {
        Map<String, List<Evidence.Bundle>> byNode = new TreeMap<>(Evidence::compareNodes);
        for (Evidence.Bundle b : evidence.bundles()) {
            if (b.time() != null) byNode.computeIfAbsent(b.node(), k -> new ArrayList<>()).add(b);
        }
        byNode.forEach((node, bundles) -> {
            if (bundles.size() < 2) return;
            bundles.sort(Comparator.comparing(Evidence.Bundle::time));
            compare(node, bundles.get(0), bundles.get(bundles.size() - 1), out);
        });
    }

    /** One counter read in both bundles. */
    record Delta(String name, long before, long after, EvidenceLine beforeLine, EvidenceLine afterLine) {
        long grew() {
            return after - before;
        }
    }

    /** The counters of one interface or port. */
    record Group(String label, Subject subject, String iface, Map<String, Delta> deltas) {
    }

    private void compare(String node, Evidence.Bundle a, Evidence.Bundle b, List<Finding> out) {
        long secs = Math.max(0, Duration.between(a.time(), b.time()).toSeconds());
        List<Group> groups = new ArrayList<>();
        int went = 0;
        for (var e : b.files().entrySet()) {
            Artifact after = e.getValue();
            Artifact before = a.files().get(e.getKey());
            if (before == null) continue;
            Optional<EthtoolData> ea = before.data(EthtoolData.class);
            Optional<EthtoolData> eb = after.data(EthtoolData.class);
            if (ea.isPresent() && eb.isPresent()) {
                went += ethtool(node, e.getKey(), before, ea.get(), after, eb.get(), groups);
            } else if (e.getKey().endsWith("sysfs.txt")) {
                went += sysfs(node, before, after, groups);
            }
        }
        if (groups.isEmpty()) return;

        int counters = 0;
        int grew = 0;
        List<EvidenceLine> top = new ArrayList<>();
        List<Delta> all = new ArrayList<>();
        for (Group g : groups) {
            counters += g.deltas().size();
            for (Delta d : g.deltas().values()) {
                if (d.grew() > 0) {
                    grew++;
                    all.add(d);
                }
            }
            errors(node, g, a, b, secs, out);
            pause(node, g, secs, out);
        }
        all.sort(Comparator.comparingLong(Delta::grew).reversed());
        for (Delta d : all.subList(0, Math.min(2, all.size()))) {
            top.add(d.beforeLine());
            top.add(d.afterLine());
        }
        out.add(new Finding("COUNTERS_COMPARED", FindingSeverity.INFO, Subject.node(node),
                Message.of(CounterDeltaAnalyzer.class, "compared", "node", node, "groups", groups.size(),
                        "counters", counters, "grew", grew, "from", a.time(), "to", b.time(), "secs", secs,
                        "down", went, "before", a.folder(), "after", b.folder()),
                top, Map.of("node", node)));
    }

    /** Pairs the interfaces of two ethtool readings; returns how many counters went down. */
    private int ethtool(String node, String rel, Artifact ba, EthtoolData a, Artifact bb, EthtoolData b, List<Group> groups) {
        int went = 0;
        for (int i = 0; i < b.interfaces().size(); i++) {
            EthtoolInterface ib = b.interfaces().get(i);
            if (ib.counters().isEmpty()) continue;
            EthtoolInterface ia = null;
            for (EthtoolInterface x : a.interfaces()) {
                if (ib.name() != null ? ib.name().equals(x.name()) : x.name() == null) {
                    ia = x;
                    break;
                }
            }
            if (ia == null && a.interfaces().size() == b.interfaces().size()) ia = a.interfaces().get(i);
            if (ia == null || ia.counters().isEmpty()) continue;
            Map<String, Delta> d = new LinkedHashMap<>();
            for (var c : ib.counters().entrySet()) {
                Long before = ia.counters().get(c.getKey());
                if (before == null || c.getValue() == null) continue;
                if (c.getValue() < before) {
                    went++;
                    continue;
                }
                d.put(c.getKey(), new Delta(c.getKey(), before, c.getValue(), quote(ba, ia.counterLines().get(c.getKey())),
                        quote(bb, ib.counterLines().get(c.getKey()))));
            }
            // ethtool -S prints no interface name; collect puts it in the file name (net/ethtool-S-IF.txt).
            Matcher fm = ETHTOOL_S_FILE.matcher(rel);
            String iface = ib.name() != null ? ib.name() : fm.matches() ? fm.group(1) : null;
            String label = iface != null ? iface : bb.name();
            groups.add(new Group(label, Subject.node(node).withIface(iface), iface, d));
        }
        return went;
    }

    /** Pairs the InfiniBand port counters of two {@code ib/sysfs.txt} files; returns how many went down. */
    private int sysfs(String node, Artifact ba, Artifact bb, List<Group> groups) {
        Map<String, long[]> before = ibCounters(ba);
        Map<String, long[]> after = ibCounters(bb);
        Map<String, Map<String, Delta>> ports = new TreeMap<>();
        int went = 0;
        for (var e : after.entrySet()) {
            long[] x = before.get(e.getKey());
            if (x == null) continue;
            long[] y = e.getValue();
            if (y[0] < x[0]) {
                went++;
                continue;
            }
            int slash = e.getKey().lastIndexOf(' ');
            String port = e.getKey().substring(0, slash);
            String name = e.getKey().substring(slash + 1);
            ports.computeIfAbsent(port, k -> new LinkedHashMap<>())
                    .put(name, new Delta(name, x[0], y[0], ba.quote((int) x[1]), bb.quote((int) y[1])));
        }
        ports.forEach((port, d) -> {
            String[] dp = port.split(":");
            groups.add(new Group(dp[0] + " port " + dp[1], Subject.node(node).withDevice(dp[0]).withPort(Integer.parseInt(dp[1])),
                    null, d));
        });
        return went;
    }

    /** {@code DEV:PORT NAME} to {value, line} from {@code /sys/class/infiniband/...} lines. */
    static Map<String, long[]> ibCounters(Artifact a) {
        Map<String, long[]> m = new LinkedHashMap<>();
        List<String> lines = a.text();
        for (int i = 0; i < lines.size(); i++) {
            Matcher mm = SYSFS_IB.matcher(lines.get(i));
            if (!mm.matches()) continue;
            try {
                m.put(mm.group(1) + ":" + mm.group(2) + " " + mm.group(3), new long[] {Long.parseLong(mm.group(4)), i + 1});
            } catch (NumberFormatException e) {
                // a counter past 2^63 is not a reading we can compare
            }
        }
        return m;
    }

    private static EvidenceLine quote(Artifact a, Integer line) {
        return line == null ? new EvidenceLine(a.name(), 1, "") : a.quote(line);
    }

    private static void errors(String node, Group g, Evidence.Bundle a, Evidence.Bundle b, long secs, List<Finding> out) {
        List<String> list = new ArrayList<>();
        List<EvidenceLine> ev = new ArrayList<>();
        boolean phy = false;
        boolean severe = false;
        for (Delta d : g.deltas().values()) {
            long grew = d.grew();
            if (grew <= 0) continue;
            String n = d.name().toLowerCase(Locale.ROOT);
            boolean isPhy;
            boolean flap;
            if (IB_ERRORS.contains(d.name())) {
                isPhy = IB_PHY.contains(d.name());
                flap = d.name().equals("link_downed");
            } else {
                if (EthtoolCounters.countsNoError(n)) continue;
                flap = EthtoolCounters.linkDown(n);
                isPhy = EthtoolCounters.physicalError(n);
                if (!isPhy && !flap && !EthtoolCounters.drop(n)) continue;
                // Drops grow a little on any busy host; a hundred in one job is worth a look.
                if (!isPhy && !flap && grew < 100) continue;
            }
            phy |= isPhy || flap;
            severe |= flap || (isPhy && grew >= 100);
            list.add(d.name() + " +" + grew + " (" + d.before() + " → " + d.after() + ")");
            if (ev.size() < 12) {
                ev.add(d.beforeLine());
                ev.add(d.afterLine());
            }
        }
        if (list.isEmpty()) return;
        out.add(new Finding("NIC_ERROR_COUNTERS", severe ? FindingSeverity.ERROR : FindingSeverity.WARNING, g.subject(),
                Message.of(CounterDeltaAnalyzer.class, phy ? "grew.phy" : "grew.drops", "what", g.label(), "node", node,
                        "secs", secs, "from", a.time(), "to", b.time(),
                        "list", String.join(", ", list.subList(0, Math.min(6, list.size())))),
                ev, params("iface", g.iface(), "node", node)));
    }

    private static void pause(String node, Group g, long secs, List<Finding> out) {
        long pause = 0;
        long packets = 0;
        List<EvidenceLine> ev = new ArrayList<>();
        for (Delta d : g.deltas().values()) {
            if (EthtoolCounters.pauseFrames(d.name()).isPresent() && d.grew() > 0) {
                pause += d.grew();
                if (ev.size() < 8) {
                    ev.add(d.beforeLine());
                    ev.add(d.afterLine());
                }
            } else if (PACKETS.matcher(d.name()).matches()) {
                packets = Math.max(packets, d.grew());
            }
        }
        Delta storm = g.deltas().get("tx_pause_storm_error_events");
        boolean stormGrew = storm != null && storm.grew() > 0;
        if (stormGrew) {
            ev.add(0, storm.afterLine());
            ev.add(0, storm.beforeLine());
        }
        boolean heavy = pause >= 1_000 && (packets > 0 ? (double) pause / packets >= 0.01 : pause >= 1_000_000);
        if (!stormGrew && !heavy) return;
        out.add(new Finding("PFC_PAUSE_STORM", stormGrew ? FindingSeverity.ERROR : FindingSeverity.WARNING, g.subject(),
                Message.of(CounterDeltaAnalyzer.class, "pause.grew", "what", g.label(), "node", node, "secs", secs,
                        "frames", pause, "packets", packets > 0 ? Long.toString(packets) : "?"),
                ev, params("iface", g.iface(), "node", node)));
    }

    private static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) if (kv[i + 1] != null) m.put(kv[i], kv[i + 1]);
        return m;
    }

    /** The interval between two manifest times, for messages. */
    static long seconds(Instant a, Instant b) {
        return Math.max(0, Duration.between(a, b).toSeconds());
    }
}
