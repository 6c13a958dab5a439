package io.ncclscope.sdk.workflow;

import io.ncclscope.parsers.env.EnvData;
import io.ncclscope.parsers.env.EnvVariable;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PhysicalState;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.sysfs.SysfsData;
import io.ncclscope.parsers.sysfs.SysfsValue;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value a command gives {@code NCCL_IB_HCA}, taken from the node's own evidence (issue 19: a value in a command
 * comes from the evidence or is an unmistakable placeholder, never an example such as {@code mlx5_0,mlx5_1} that reads
 * as this node's). A node's healthy HCAs are the RDMA devices with a port that is Active and LinkUp, at the fastest rate
 * among its active ports ({@code ibstat}; a slower port is a degraded link or a front-end NIC, not a training rail), or
 * Active and LinkUp in {@code /sys/class/infiniband} ({@code ib/sysfs.txt} of {@code collect}); where neither was read,
 * the {@code NCCL_IB_HCA} the job set ({@code env.txt}), unless it only excludes devices ({@code ^mlx5_8}). Where
 * nothing says, the command keeps {@link #PLACEHOLDER}.
 *
 * <p>Fed slice by slice ({@link #add}); {@link #fill} puts a finding's node's value into its {@code ${hcas}}
 * placeholder.
 */
public final class ActiveHcas {

    /** The placeholder a command shows where the evidence names no healthy HCA. */
    public static final String PLACEHOLDER = Action.unfilled("hcas");

    /** The name of the action placeholder this value fills: {@code ${hcas}}. */
    public static final String PARAM = "hcas";

    private static final Pattern SYSFS_PORT = Pattern.compile("^/sys/class/infiniband/([^/]+)/ports/(\\d+)/(state|phys_state)$");
    private static final int MAX_NODES = 4_096;

    /** Healthy HCAs read from port states, by node ({@code ""} for no node). */
    private final Map<String, List<String>> fromPorts = new TreeMap<>();
    /** The NCCL_IB_HCA set in the job's environment, by node. */
    private final Map<String, String> fromEnv = new TreeMap<>();

    /**
     * Reads one slice's {@code ibstat}, {@code /sys/class/infiniband} and environment listings.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     */
    public void add(Evidence slice) {
        Objects.requireNonNull(slice, "slice");
        for (Artifact a : slice.artifacts()) {
            String node = a.node().orElse("");
            if (fromPorts.size() >= MAX_NODES && !fromPorts.containsKey(node)) continue;
            Object d = a.result().data();
            List<String> healthy = healthy(d);
            if (!healthy.isEmpty()) fromPorts.merge(node, sorted(healthy), (x, y) -> sorted(concat(x, y)));
            if (d instanceof EnvData env) {
                env.variable("NCCL_IB_HCA").map(EnvVariable::value).map(String::strip)
                        .filter(v -> !v.isEmpty() && !v.startsWith("^") && !v.startsWith("<"))
                        .ifPresent(v -> fromEnv.putIfAbsent(node, v));
            }
        }
    }

    /**
     * {@return the healthy HCAs of one parsed output, in its order; empty when it is no {@code ibstat} or sysfs
     * listing or names no healthy port}
     *
     * @param data the parsed data of an artifact
     */
    public static List<String> healthy(Object data) {
        if (data instanceof IbstatData ib) return fromIbstat(ib);
        if (data instanceof SysfsData s) return fromSysfs(s);
        return List.of();
    }

    private static List<String> fromIbstat(IbstatData ib) {
        double top = 0;
        for (IbDevice dev : ib.devices()) {
            for (IbPort p : dev.ports()) if (up(p) && p.rateGbps() != null) top = Math.max(top, p.rateGbps());
        }
        List<String> out = new ArrayList<>();
        for (IbDevice dev : ib.devices()) {
            for (IbPort p : dev.ports()) {
                boolean fastest = p.rateGbps() == null || p.rateGbps() >= top;
                if (up(p) && fastest && dev.name() != null && !out.contains(dev.name())) out.add(dev.name());
            }
        }
        return out;
    }

    private static boolean up(IbPort p) {
        return p.state() == PortState.ACTIVE && (p.physicalState() == null || p.physicalState() == PhysicalState.LINK_UP);
    }

    /** {@code /sys/class/infiniband/mlx5_0/ports/1/state 4: ACTIVE} and {@code .../phys_state 5: LinkUp}. */
    private static List<String> fromSysfs(SysfsData s) {
        Map<String, Boolean> active = new LinkedHashMap<>();
        Map<String, Boolean> linkUp = new HashMap<>();
        for (SysfsValue v : s.values()) {
            Matcher m = SYSFS_PORT.matcher(v.path());
            if (!m.matches()) continue;
            String port = m.group(1) + "/" + m.group(2);
            String value = v.value().toUpperCase(Locale.ROOT);
            if ("state".equals(m.group(3))) active.put(port, value.endsWith("ACTIVE"));
            else linkUp.put(port, value.endsWith("LINKUP"));
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Boolean> e : active.entrySet()) {
            String dev = e.getKey().substring(0, e.getKey().indexOf('/'));
            if (e.getValue() && linkUp.getOrDefault(e.getKey(), true) && !out.contains(dev)) out.add(dev);
        }
        return out;
    }

    /** Natural order (mlx5_2 before mlx5_10), without repeats: the same ports in any order of artifacts read alike. */
    private static List<String> sorted(List<String> names) {
        java.util.TreeSet<String> s = new java.util.TreeSet<>(FactsFold::compareNames);
        s.addAll(names);
        return List.copyOf(s);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /**
     * {@return the value for {@code NCCL_IB_HCA} on {@code node}: its healthy HCAs joined by commas, else the value its
     * job set; for no node (a job-wide command), the healthy HCAs of every node together (NCCL leaves out a listed
     * device a node lacks or has down), else the one value the jobs set; empty when unknown}
     *
     * @param node a host name, or null for the whole job
     */
    public Optional<String> value(String node) {
        if (node != null) {
            List<String> own = fromPorts.get(node);
            if (own != null) return Optional.of(String.join(",", own));
            return Optional.ofNullable(fromEnv.get(node));
        }
        if (!fromPorts.isEmpty()) {
            List<String> all = new ArrayList<>();
            fromPorts.values().forEach(all::addAll);
            return Optional.of(String.join(",", sorted(all)));
        }
        Set<String> values = new LinkedHashSet<>(fromEnv.values());
        return values.size() == 1 ? Optional.of(values.iterator().next()) : Optional.empty();
    }

    /**
     * {@return {@code f} with its {@code ${hcas}} placeholder's value added, where a command of its code has one, it
     * holds none yet and the evidence names the value for its node; else {@code f} itself}
     *
     * @param f a finding
     */
    public Finding fill(Finding f) {
        if (f.params().containsKey(PARAM) || !usesHcas(f.code())) return f;
        Optional<String> v = value(f.subject().node());
        if (v.isEmpty()) return f;
        Map<String, String> params = new LinkedHashMap<>(f.params());
        params.put(PARAM, v.get());
        return new Finding(f.code(), f.severity(), f.subject(), f.detail(), f.evidence(), params);
    }

    private static final Map<String, Boolean> USES = new java.util.concurrent.ConcurrentHashMap<>();

    private static boolean usesHcas(String code) {
        return USES.computeIfAbsent(code, c -> RuleCatalog.find(c).isPresent()
                && RuleCatalog.text(c, Locale.ENGLISH).actions().stream().anyMatch(a -> a.placeholders().contains(PARAM)));
    }
}
