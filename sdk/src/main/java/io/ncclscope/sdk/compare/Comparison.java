package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The A/B switch method (seed step 3, 开关法): two sets of nccl-tests results that differ in one NCCL switch,
 * matched by collective and size, each side's plateau busbw and jitter, the switch that differs, and the seed's
 * reading of the outcome.
 *
 * <p>Reading rules for {@code NCCL_IB_DISABLE=1} (the "off" side against the default side):
 * faster (by {@value #FASTER}x or more) and not less steady, or as fast and clearly steadier:
 * {@code AB_RDMA_SUSPECT} (RDMA stack or RoCE lossless setup at fault); slower but clearly steadier:
 * {@code AB_CONGESTION_SUSPECT} (RDMA works, congestion or loss causes the jitter); slower and not steadier:
 * RDMA works. {@code NCCL_P2P_DISABLE=1} as fast or faster: {@code P2P_NOT_USED} (the default run's intra-node
 * traffic did not use P2P); slower: P2P carries it. SHM, NVLS, algorithm, HCA subset and GDR level are read
 * without findings. Within ±10 % and no steadiness change: the switch is not the problem. A side with one rank
 * (measuring nothing) or no matching rows is never judged.
 *
 * @param a        side A
 * @param b        side B
 * @param switches switches set differently, the A/B ones first
 * @param rows     the matched rows, by size
 * @param ratio    plateau busbw of B / A; null when not judged
 * @param reading  the kind of outcome
 * @param summary  the outcome in a sentence
 * @param findings findings (suspects) for the report
 */
public record Comparison(Side a, Side b, List<SwitchDiff> switches, List<RowPair> rows, Double ratio, Reading reading,
                         Message summary, List<Finding> findings) {

    /** Faster when the off side's plateau is at least this many times the default's. */
    public static final double FASTER = 1.10;
    /** Slower below this ratio. */
    public static final double SLOWER = 0.90;
    /** Steadier: the jitter falls by at least this much (absolute) and to at most {@link #STEADIER_FRACTION} of the other. */
    public static final double STEADIER_ABS = 0.05;
    /** See {@link #STEADIER_ABS}. */
    public static final double STEADIER_FRACTION = 0.6;

    /** The kinds of outcome. */
    public enum Reading {
        /** IB off faster (and not less steady), or as fast and steadier. */
        RDMA_SUSPECT,
        /** IB off slower but steadier. */
        CONGESTION_SUSPECT,
        /** IB off slower, not steadier: RDMA does its job. */
        RDMA_WORKS,
        /** P2P off slower: the P2P path (NVLink or PCIe P2P) carries intra-node traffic. */
        P2P_WORKS,
        /** P2P off as fast or faster: the default run did not get anything from P2P. */
        P2P_NOT_USED,
        /** SHM off slower: the SHM path carries intra-node traffic. */
        SHM_WORKS,
        /** SHM off changes nothing. */
        SHM_NOT_USED,
        /** NVLS off slower: NVLS works. */
        NVLS_WORKS,
        /** NVLS off faster: NVLS hurts here. */
        NVLS_HURTS,
        /** Another switch or none: one side is faster. */
        DIFFERENT,
        /** Within the noise: the switch is not the problem. */
        NO_DIFFERENCE,
        /** Nothing to judge: one rank, or no matching rows. */
        NOT_JUDGED
    }

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param a        side A
     * @param b        side B
     * @param switches switches set differently, the A/B ones first
     * @param rows     the matched rows, by size
     * @param ratio    plateau busbw of B / A; null when not judged
     * @param reading  the kind of outcome
     * @param summary  the outcome in a sentence
     * @param findings findings (suspects) for the report
     */
    public Comparison {
        switches = List.copyOf(switches);
        rows = List.copyOf(rows);
        findings = List.copyOf(findings);
    }

    /**
     * Compares two evidence sets (each one side); labels name the sides (paths).
     *
     * @param labelA name of side A (a path)
     * @param a      side A
     * @param labelB name of side B
     * @param b      side B
     * @return the comparison
     */
    public static Comparison of(String labelA, Evidence a, String labelB, Evidence b) {
        return compare(side(labelA, a, runs(a)), side(labelB, b, runs(b)), a, b);
    }

    /**
     * Compares parsed tables; labels (paths, or names such as {@code ib-disable}) may carry switches.
     *
     * @param labelA name of side A
     * @param a      side A's tables
     * @param labelB name of side B
     * @param b      side B's tables
     * @return the comparison
     */
    public static Comparison of(String labelA, List<NcclTestsData> a, String labelB, List<NcclTestsData> b) {
        List<Run> ra = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) ra.add(new Run(labelA + (a.size() > 1 ? "#" + (i + 1) : ""), null, a.get(i)));
        List<Run> rb = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) rb.add(new Run(labelB + (b.size() > 1 ? "#" + (i + 1) : ""), null, b.get(i)));
        return compare(side(labelA, null, ra), side(labelB, null, rb), null, null);
    }

    /** Compares runs already grouped (one evidence set holding both sides); switches come from each run alone. */
    static Comparison ofRuns(String labelA, List<Run> a, String labelB, List<Run> b) {
        return compare(side(labelA, null, a), side(labelB, null, b), null, null);
    }

    /** The nccl-tests runs of an evidence set, in artifact order. */
    static List<Run> runs(Evidence e) {
        List<Run> out = new ArrayList<>();
        for (Evidence.Item<NcclTestsData> it : e.all(NcclTestsData.class)) {
            if (!it.data().rows().isEmpty()) out.add(new Run(it.artifact().name(), it.artifact(), it.data()));
        }
        return out;
    }

    private static Side side(String label, Evidence e, List<Run> runs) {
        Map<String, Setting> settings = Switches.read(label, e, runs);
        Integer ranks = null;
        Integer nodes = null;
        for (Run r : runs) {
            if (r.ranks() != null && (ranks == null || r.ranks() > ranks)) ranks = r.ranks();
            if (r.nodes() != null && (nodes == null || r.nodes() > nodes)) nodes = r.nodes();
        }
        return new Side(label, runs, settings, null, ranks, nodes, null, null, false);
    }

    private static Comparison compare(Side a0, Side b0, Evidence ea, Evidence eb) {
        List<SwitchDiff> diffs = diffs(a0, b0);
        List<Run> ja = judged(a0.runs());
        List<Run> jb = judged(b0.runs());
        Collective coll = common(ja, jb);
        boolean unknownA = false;
        boolean unknownB = false;
        if (coll == null) {
            // A table printed without its binary's name (collective unknown) matches the other side's one collective.
            Set<Collective> ca = collectives(ja);
            Set<Collective> cb = collectives(jb);
            if (ca.equals(Set.of(Collective.UNKNOWN)) && cb.size() == 1) {
                coll = cb.iterator().next();
                unknownA = true;
            } else if (cb.equals(Set.of(Collective.UNKNOWN)) && ca.size() == 1) {
                coll = ca.iterator().next();
                unknownB = true;
            }
        }
        Map<Long, List<Double>> va = coll == null ? Map.of() : readings(ja, unknownA ? Collective.UNKNOWN : coll);
        Map<Long, List<Double>> vb = coll == null ? Map.of() : readings(jb, unknownB ? Collective.UNKNOWN : coll);
        List<Long> sizes = new ArrayList<>();
        for (Long s : va.keySet()) if (vb.containsKey(s)) sizes.add(s);
        Collections.sort(sizes);
        List<RowPair> pairs = new ArrayList<>();
        for (long s : sizes) {
            pairs.add(new RowPair(coll.toString(), s, median(va.get(s)), median(vb.get(s)), spread(va.get(s)),
                    spread(vb.get(s))));
        }
        String label = coll == null ? null : coll.toString();
        boolean judged = !pairs.isEmpty() && !ja.isEmpty() && !jb.isEmpty();
        Side a = measured(a0, label, pairs, true, judged);
        Side b = measured(b0, label, pairs, false, judged);
        if (!judged || a.plateau() == null || b.plateau() == null || a.plateau() <= 0) {
            String why = (!a0.runs().isEmpty() && ja.isEmpty()) || (!b0.runs().isEmpty() && jb.isEmpty())
                    ? "single-rank" : "no-match";
            Message m = Message.of(Comparison.class, "summary.notJudged." + why, "a", a.label(), "b", b.label());
            return new Comparison(a, b, diffs, pairs, null, Reading.NOT_JUDGED, m, List.of());
        }
        double ratio = b.plateau() / a.plateau();
        return read(a, b, diffs, pairs, ratio);
    }

    private static List<Run> judged(List<Run> runs) {
        List<Run> out = new ArrayList<>();
        for (Run r : runs) if (r.judgeable()) out.add(r);
        return out;
    }

    private static Set<Collective> collectives(List<Run> runs) {
        Set<Collective> out = new LinkedHashSet<>();
        for (Run r : runs) out.add(r.data().collective());
        return out;
    }

    private static Collective common(List<Run> a, List<Run> b) {
        Set<Collective> ca = new LinkedHashSet<>();
        for (Run r : a) ca.add(r.data().collective());
        Set<Collective> both = new LinkedHashSet<>();
        for (Run r : b) if (ca.contains(r.data().collective())) both.add(r.data().collective());
        if (both.isEmpty()) return null;
        return both.contains(Collective.ALL_REDUCE) ? Collective.ALL_REDUCE : both.iterator().next();
    }

    private static Map<Long, List<Double>> readings(List<Run> runs, Collective c) {
        Map<Long, List<Double>> m = new TreeMap<>();
        for (Run r : runs) {
            if (r.data().collective() != c) continue;
            for (NcclTestsRow row : r.data().rows()) {
                List<Double> v = Run.busbw(row);
                if (!v.isEmpty()) m.computeIfAbsent(row.size(), k -> new ArrayList<>()).addAll(v);
            }
        }
        return m;
    }

    /** Plateau and jitter of one side over the matched sizes. */
    private static Side measured(Side s, String coll, List<RowPair> pairs, boolean isA, boolean judged) {
        if (pairs.isEmpty()) return new Side(s.label(), s.runs(), s.settings(), coll, s.ranks(), s.nodes(), null, null, false);
        int n = pairs.size();
        List<Double> top = new ArrayList<>();
        for (int i = Math.max(0, n - 3); i < n; i++) top.add(isA ? pairs.get(i).busbwA() : pairs.get(i).busbwB());
        double plateau = median(top);
        // Jitter over the large sizes (at least 1 MiB where there are such): spread per size, and dips.
        List<RowPair> large = new ArrayList<>();
        for (int i = Math.max(0, n - 6); i < n; i++) if (pairs.get(i).size() >= (1L << 20)) large.add(pairs.get(i));
        if (large.isEmpty()) large = pairs.subList(Math.max(0, n - 3), n);
        // One transient outlier (a single dip or spike) is not jitter: take the second worst size where there
        // are four sizes or more.
        List<Double> per = new ArrayList<>();
        double best = 0;
        for (RowPair p : large) {
            double v = isA ? p.busbwA() : p.busbwB();
            double j = isA ? p.spreadA() : p.spreadB();
            if (best > 0 && v < best) j = Math.max(j, (best - v) / best);
            per.add(j);
            best = Math.max(best, v);
        }
        per.sort(Collections.reverseOrder());
        double jitter = per.isEmpty() ? 0 : per.size() >= 4 ? per.get(1) : per.get(0);
        return new Side(s.label(), s.runs(), s.settings(), coll, s.ranks(), s.nodes(), plateau, jitter, judged);
    }

    private static List<SwitchDiff> diffs(Side a, Side b) {
        Set<String> names = new LinkedHashSet<>(Switches.DEFAULTS.keySet());
        names.addAll(a.settings().keySet());
        names.addAll(b.settings().keySet());
        List<SwitchDiff> out = new ArrayList<>();
        for (String name : names) {
            if (name.equals("NCCL_DEBUG") || name.equals("NCCL_DEBUG_SUBSYS") || name.equals("NCCL_DEBUG_FILE")) continue;
            String va = Switches.effective(a.settings(), name);
            String vb = Switches.effective(b.settings(), name);
            if (!va.equals(vb)) {
                Setting s = b.settings().containsKey(name) ? b.settings().get(name) : a.settings().get(name);
                out.add(new SwitchDiff(name, va, vb, s == null ? "default" : s.origin()));
            }
        }
        return out;
    }

    private static final List<String> AB_ORDER = List.of("NCCL_IB_DISABLE", "NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE",
            "NCCL_NVLS_ENABLE", "NCCL_ALGO", "NCCL_IB_HCA", "NCCL_NET_GDR_LEVEL");

    private static Comparison read(Side a, Side b, List<SwitchDiff> diffs, List<RowPair> pairs, double ratio) {
        SwitchDiff key = null;
        for (String name : AB_ORDER) {
            for (SwitchDiff d : diffs) if (key == null && d.name().equals(name)) key = d;
        }
        List<SwitchDiff> ordered = new ArrayList<>();
        if (key != null) ordered.add(key);
        for (SwitchDiff d : diffs) if (d != key) ordered.add(d);
        // Orient: "off" is the side with the switch away from the default.
        boolean bIsOff = key == null || !key.valueB().equals(Switches.effective(Map.of(), key.name()));
        Side base = bIsOff ? a : b;
        Side off = bIsOff ? b : a;
        double r = off.plateau() / base.plateau();
        boolean faster = r >= FASTER;
        boolean slower = r <= SLOWER;
        boolean steadier = off.jitter() + STEADIER_ABS <= base.jitter() && off.jitter() <= STEADIER_FRACTION * base.jitter();
        boolean lessSteady = base.jitter() + STEADIER_ABS <= off.jitter() && base.jitter() <= STEADIER_FRACTION * off.jitter();
        String name = key == null ? null : key.name();
        String setting = key == null ? "" : key.name() + "=" + (bIsOff ? key.valueB() : key.valueA());
        // The run's own name follows the setting unless it only repeats it ("NCCL_IB_DISABLE=1 (NCCL_IB_DISABLE=1)").
        boolean offRepeats = off.label().strip().equalsIgnoreCase(setting);
        boolean baseRepeats = base.label().strip().equalsIgnoreCase("default");
        String offLabel = offRepeats ? "" : " (" + off.label() + ")";
        String baseLabel = baseRepeats ? "" : " (" + base.label() + ")";
        Object[] args = {"switch", setting, "off", off.label(), "offLabel", offLabel,
            "base", base.label(), "baseLabel", baseLabel, "offBw", gb(off.plateau()),
            "baseBw", gb(base.plateau()), "ratio", String.format(Locale.ROOT, "%.2f", r), "offJitter", pct(off.jitter()),
            "baseJitter", pct(base.jitter()), "collective", a.collective(), "size", size(pairs.get(pairs.size() - 1).size())};
        Reading reading;
        String code = null;
        if ("NCCL_IB_DISABLE".equals(name) && "1".equals(bIsOff ? key.valueB() : key.valueA())) {
            if ((faster && !lessSteady) || (!slower && steadier)) {
                reading = Reading.RDMA_SUSPECT;
                code = "AB_RDMA_SUSPECT";
            } else if (slower && steadier) {
                reading = Reading.CONGESTION_SUSPECT;
                code = "AB_CONGESTION_SUSPECT";
            } else if (slower) {
                reading = Reading.RDMA_WORKS;
            } else {
                reading = faster || lessSteady ? Reading.DIFFERENT : Reading.NO_DIFFERENCE;
            }
        } else if ("NCCL_P2P_DISABLE".equals(name) && isOn(bIsOff ? key.valueB() : key.valueA())) {
            if (slower) {
                reading = Reading.P2P_WORKS;
            } else {
                reading = Reading.P2P_NOT_USED;
                code = "P2P_NOT_USED";
            }
        } else if ("NCCL_SHM_DISABLE".equals(name) && isOn(bIsOff ? key.valueB() : key.valueA())) {
            reading = slower ? Reading.SHM_WORKS : Reading.SHM_NOT_USED;
        } else if ("NCCL_NVLS_ENABLE".equals(name) && "0".equals(bIsOff ? key.valueB() : key.valueA())) {
            reading = slower ? Reading.NVLS_WORKS : faster ? Reading.NVLS_HURTS : Reading.NO_DIFFERENCE;
        } else {
            reading = faster || slower || steadier || lessSteady ? Reading.DIFFERENT : Reading.NO_DIFFERENCE;
        }
        String mkey = "summary." + reading.name().toLowerCase(Locale.ROOT) + (key == null ? ".noSwitch" : "");
        Message summary = Message.of(Comparison.class, mkey, args);
        List<Finding> findings = new ArrayList<>();
        if (code != null) {
            List<EvidenceLine> ev = new ArrayList<>();
            Setting s = off.settings().get(name);
            if (s != null && s.where() != null) ev.addAll(named(List.of(s.where()), off));
            ev.addAll(named(plateauLines(off, pairs), off));
            ev.addAll(named(plateauLines(base, pairs), base));
            Map<String, String> params = new LinkedHashMap<>();
            params.put("env", setting);
            Subject subject = Subject.JOB;
            List<String> hosts = hosts(base);
            if (hosts.size() == 2) {
                subject = Subject.node(hosts.get(0)).withPeer(hosts.get(1));
                params.put("node", hosts.get(0));
                params.put("peer", hosts.get(1));
            }
            findings.add(new Finding(code, FindingSeverity.WARNING, subject, summary, dedupe(ev), params));
        }
        double ratioBA = b.plateau() / a.plateau();
        return new Comparison(a, b, ordered, pairs, ratioBA, reading, summary, findings);
    }

    private static boolean isOn(String v) {
        return !v.equals("0") && !v.equalsIgnoreCase("auto");
    }

    private static List<String> hosts(Side s) {
        for (Run r : s.runs()) if (r.data().hosts().size() > 1) return r.data().hosts();
        return List.of();
    }

    /** The rows of the largest matched sizes of the first judged run of a side. */
    private static List<EvidenceLine> plateauLines(Side s, List<RowPair> pairs) {
        List<EvidenceLine> out = new ArrayList<>();
        long last = pairs.get(pairs.size() - 1).size();
        for (Run r : s.runs()) {
            Collective c = r.data().collective();
            if (!r.judgeable() || !(c.toString().equals(s.collective()) || c == Collective.UNKNOWN)) continue;
            for (NcclTestsRow row : r.data().rows()) if (row.size() == last) out.add(r.quote(row));
            if (out.size() >= 2) break;
        }
        return out;
    }

    /** Evidence lines of one side, named after the side's path when the artifact name alone is ambiguous (two folders). */
    private static List<EvidenceLine> named(List<EvidenceLine> in, Side s) {
        List<EvidenceLine> out = new ArrayList<>();
        for (EvidenceLine l : in) {
            String name = l.artifact();
            String label = s.label() == null ? null : s.label().replaceAll("[/\\\\]+$", "");
            if (label != null && !label.isEmpty() && !label.equals(name) && !label.endsWith("/" + name)
                    && !name.startsWith(label)) {
                name = label + "/" + name;
            }
            out.add(new EvidenceLine(name, l.line(), l.text()));
        }
        return out;
    }

    private static List<EvidenceLine> dedupe(List<EvidenceLine> in) {
        return new ArrayList<>(new LinkedHashSet<>(in));
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        Collections.sort(s);
        int n = s.size();
        if (n == 0) return 0;
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    static double spread(List<Double> v) {
        if (v.size() < 2) return 0;
        double med = median(v);
        if (med <= 0) return 0;
        return (Collections.max(v) - Collections.min(v)) / med;
    }

    static String gb(Double v) {
        return v == null ? "?" : String.format(Locale.ROOT, "%.1f", v);
    }

    static String pct(Double v) {
        return v == null ? "?" : String.format(Locale.ROOT, "%.0f%%", v * 100);
    }

    static String size(long bytes) {
        String[] u = {"B", "KiB", "MiB", "GiB", "TiB"};
        int i = 0;
        double v = bytes;
        while (v >= 1024 && i < u.length - 1 && v % 1024 == 0) {
            v /= 1024;
            i++;
        }
        return String.format(Locale.ROOT, "%.0f %s", v, u[i]);
    }
}
