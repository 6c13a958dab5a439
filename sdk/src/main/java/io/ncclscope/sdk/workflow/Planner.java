package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Judges a workflow's state: the situation, each step's checklist and status, and the conclusion. Pure. */
final class Planner {

    // Codes that decide the situation, in the seed's order of sections (a failing job before a slow one).
    static final Set<String> RANK_MAPPING = Set.of("NCCL_DUPLICATE_GPU", "RANK_MAPPING_INCONSISTENT");
    static final Set<String> CONNECT = Set.of("NCCL_CONNECT_FAILED", "NCCL_NO_SOCKET_INTERFACE");
    static final Set<String> RDMA_ERROR = Set.of("NCCL_SYSTEM_ERROR", "IB_COMPLETION_ERROR", "IB_SETUP_FAILED",
            "NCCL_REMOTE_ERROR", "NCCL_NET_PLUGIN_MISSING");
    static final Set<String> OTHER_ERROR = Set.of("CUDA_ERROR", "NCCL_OUT_OF_MEMORY", "NCCL_INTERNAL_ERROR",
            "NCCL_INVALID_USAGE", "NCCL_WATCHDOG_TIMEOUT", "NCCL_VERSION_MISMATCH", "NCCL_SHM_FAILED",
            "NCCL_TOPO_FILE_INVALID", "NCCL_ENV_INVALID", "NCCL_TESTS_FAILED", "RESULTS_WRONG");
    static final Set<String> SLOW_NODE = Set.of("SLOW_NODE", "SLOW_PAIR", "SCALING_KNEE");
    static final Set<String> SOCKET = Set.of("NET_SOCKET_FALLBACK", "NET_IB_DISABLED_BY_ENV");
    static final Set<String> RDMA_PATH = Set.of("AB_RDMA_SUSPECT", "AB_CONGESTION_SUSPECT", "GDR_NOT_USED",
            "NIC_ERROR_COUNTERS", "PFC_PAUSE_STORM", "ROCE_TRAFFIC_NOT_LOSSLESS");
    static final Set<String> SLOW_SIGNS = Set.of("BUSBW_BELOW_EXPECTED", "BW_CURVE_ANOMALY");
    /** Findings that make step 2 fail until a multi-node run completes. */
    static final Set<String> STEP2_BLOCKERS = Set.of("NCCL_CONNECT_FAILED", "NCCL_NO_SOCKET_INTERFACE",
            "SOCKET_IFNAME_SUSPICIOUS", "NCCL_DUPLICATE_GPU", "RANK_MAPPING_INCONSISTENT", "MTU_MISMATCH");

    private Planner() {
    }

    /** The situation: the first group of codes, in the seed's order, with a finding of warning severity or worse. */
    static Situation situation(List<Finding> findings, List<Observation> obs) {
        if (findings.isEmpty() && obs.isEmpty()) return Situation.UNKNOWN;
        if (any(findings, RANK_MAPPING, FindingSeverity.WARNING)) return Situation.RANK_MAPPING;
        if (any(findings, CONNECT, FindingSeverity.WARNING)
                || any(findings, Set.of("SOCKET_IFNAME_SUSPICIOUS"), FindingSeverity.ERROR)) return Situation.CONNECT_FAILURE;
        if (any(findings, RDMA_ERROR, FindingSeverity.ERROR)) return Situation.RDMA_ERROR;
        if (any(findings, OTHER_ERROR, FindingSeverity.ERROR)) return Situation.OTHER_ERROR;
        if (any(findings, SLOW_NODE, FindingSeverity.WARNING)) return Situation.SLOW_NODE;
        boolean slow = any(findings, SLOW_SIGNS, FindingSeverity.WARNING);
        // A fallback to sockets is a cause when it is a warning (between nodes) or when a slow run sits beside it.
        if (any(findings, Set.of("NET_SOCKET_FALLBACK"), FindingSeverity.WARNING)
                || (slow && any(findings, SOCKET, FindingSeverity.INFO))
                || (slow && obs.stream().anyMatch(o -> o.need() == Need.NET_CHOICE && "Socket".equalsIgnoreCase(o.value())))) {
            return Situation.SOCKET_FALLBACK;
        }
        if (any(findings, RDMA_PATH, FindingSeverity.WARNING)) return Situation.RDMA_PATH;
        if (slow || findings.stream().anyMatch(f -> f.severity().atLeast(FindingSeverity.WARNING))) return Situation.SLOW;
        return Situation.NO_PROBLEM_SEEN;
    }

    static boolean any(List<Finding> findings, Set<String> codes, FindingSeverity min) {
        return findings.stream().anyMatch(f -> codes.contains(f.code()) && f.severity().atLeast(min));
    }

    /** Codes of the situation's own group, for the primary finding: the cause before the symptom. */
    static List<String> codesOf(Situation s) {
        return switch (s) {
            case RANK_MAPPING -> List.of("NCCL_DUPLICATE_GPU", "RANK_MAPPING_INCONSISTENT");
            case CONNECT_FAILURE -> List.of("NCCL_NO_SOCKET_INTERFACE", "NCCL_CONNECT_FAILED", "SOCKET_IFNAME_SUSPICIOUS");
            case RDMA_ERROR -> List.of("IB_SETUP_FAILED", "IB_COMPLETION_ERROR", "NCCL_SYSTEM_ERROR", "NCCL_NET_PLUGIN_MISSING",
                    "NCCL_REMOTE_ERROR");
            case OTHER_ERROR -> List.copyOf(new java.util.TreeSet<>(OTHER_ERROR));
            case SLOW_NODE -> List.of("SLOW_NODE", "SCALING_KNEE", "SLOW_PAIR");
            case SOCKET_FALLBACK -> List.of("NET_SOCKET_FALLBACK", "NET_IB_DISABLED_BY_ENV", "BUSBW_BELOW_EXPECTED", "BW_CURVE_ANOMALY");
            case RDMA_PATH -> List.of("AB_RDMA_SUSPECT", "AB_CONGESTION_SUSPECT", "PFC_PAUSE_STORM", "NIC_ERROR_COUNTERS",
                    "ROCE_TRAFFIC_NOT_LOSSLESS", "GDR_NOT_USED");
            default -> List.of();
        };
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> s = new LinkedHashSet<>(a);
        s.addAll(b);
        return s;
    }

    private static final char R = 'R';
    private static final char O = 'o';

    /**
     * Which items each situation needs ('R') or lists as useful ('o'), in {@link Need} order: the seed's checklists of
     * each error section mapped onto the five steps. A step with no 'R' is not needed.
     */
    private static String table(Situation s, int nodes) {
        // NODE_LIST GPU NIC TOPO LAUNCH LOG | IFACES NET IFNAME MINIMAL | AB_DEF AB_OFF RDMA_DEV KERNEL | PAIRS RATE CNT XID NUMA | VERIFY
        String pairs = nodes > 2 || nodes == 0 ? "R" : "o";
        return switch (s) {
            case UNKNOWN, NO_PROBLEM_SEEN -> "RRRRRo" + "ooRR" + "RRoo" + pairs + "o---" + "-";
            case RANK_MAPPING -> "RRooRR" + "oooR" + "----" + "-----" + "R";
            case CONNECT_FAILURE -> "RooooR" + "RRRR" + "----" + "-----" + "R";
            case RDMA_ERROR -> "RoRooR" + "oRoo" + "oRRR" + "oRRoo" + "R";
            case OTHER_ERROR -> "RRoooR" + "----" + "----" + "-----" + "R";
            case SLOW_NODE -> "RRRRoo" + "oooR" + "oooo" + "RRRRR" + "R";
            case SOCKET_FALLBACK -> "RRRooR" + "oRoR" + "ooRo" + "-----" + "R";
            case RDMA_PATH -> "RRRRoo" + "oRoR" + "RRoo" + "ooRoo" + "R";
            case SLOW -> "RRRRoo" + "oRoR" + "RRoo" + pairs + "oooo" + "R";
        };
    }

    /** The steps, in order. */
    static List<Step> steps(Situation s, Facts facts, List<Observation> obs, List<Finding> findings) {
        String t = table(s, facts.nodes().size());
        List<String> suspects = suspects(findings);
        Need[] needs = Need.values();
        Map<StepId, List<Check>> checks = new EnumMap<>(StepId.class);
        for (StepId id : StepId.values()) checks.put(id, new ArrayList<>());
        for (int i = 0; i < needs.length; i++) {
            char mark = t.charAt(i);
            if (mark == '-') continue;
            Need n = needs[i];
            List<Link> links = links(n, obs, findings, suspects, s, badIfaces(findings));
            String node = n.perNode() && suspects.size() == 1 ? suspects.get(0) : null;
            checks.get(n.step()).add(new Check(n, mark == R, !links.isEmpty(), node, links));
        }
        List<String> badIfaces = badIfaces(findings);
        String suggested = suggestedIface(findings);
        List<Step> out = new ArrayList<>();
        for (StepId id : StepId.values()) {
            List<Check> cs = new ArrayList<>(checks.get(id));
            cs.sort((a, b) -> Boolean.compare(b.required(), a.required()));
            List<String> blockers = new ArrayList<>();
            if (id == StepId.CONNECTIVITY) {
                boolean ran = cs.stream().anyMatch(c -> c.need() == Need.MINIMAL_RUN && c.satisfied());
                if (!ran) {
                    for (Finding f : findings) {
                        if (STEP2_BLOCKERS.contains(f.code()) && f.severity().atLeast(FindingSeverity.WARNING)
                                && !blockers.contains(f.code())) blockers.add(f.code());
                    }
                }
            }
            StepStatus status = id == StepId.CONCLUDE ? null : status(cs, blockers);
            if (id == StepId.CONCLUDE) status = conclusionStatus(s, out);
            List<NextCommand> cmds = new ArrayList<>();
            if (status != StepStatus.SATISFIED && status != StepStatus.NOT_NEEDED) {
                String suspect = suspects.size() == 1 ? suspects.get(0) : null;
                for (Check c : cs) {
                    if (c.required() && !c.satisfied()) {
                        for (NextCommand nc : Commands.of(c.need(), facts, s, c.need().perNode() ? suspect : null, badIfaces, suggested)) {
                            if (cmds.stream().noneMatch(x -> x.command().equals(nc.command()))) cmds.add(nc);
                        }
                    }
                }
                if (status == StepStatus.BLOCKED && cs.stream().noneMatch(c -> c.need() == Need.MINIMAL_RUN && c.required())) {
                    for (NextCommand nc : Commands.of(Need.MINIMAL_RUN, facts, s, null, badIfaces, suggested)) {
                        if (cmds.stream().noneMatch(x -> x.command().equals(nc.command()))) cmds.add(nc);
                    }
                }
            }
            out.add(new Step(id, status, cs, blockers, cmds));
        }
        return out;
    }

    private static StepStatus status(List<Check> cs, List<String> blockers) {
        if (!blockers.isEmpty()) return StepStatus.BLOCKED;
        long required = cs.stream().filter(Check::required).count();
        if (required == 0) return StepStatus.NOT_NEEDED;
        long ok = cs.stream().filter(c -> c.required() && c.satisfied()).count();
        if (ok == required) return StepStatus.SATISFIED;
        return ok > 0 || cs.stream().anyMatch(Check::satisfied) ? StepStatus.PARTIAL : StepStatus.MISSING;
    }

    private static StepStatus conclusionStatus(Situation s, List<Step> before) {
        if (s == Situation.UNKNOWN) return StepStatus.MISSING;
        boolean all = before.stream().allMatch(st -> st.done() || st.status() == StepStatus.BLOCKED);
        if (s == Situation.NO_PROBLEM_SEEN) return all ? StepStatus.SATISFIED : StepStatus.PARTIAL;
        return all ? StepStatus.SATISFIED : StepStatus.PARTIAL;
    }

    /** The nodes named as the cause: slow nodes, a scaling knee's added node, and the reporting node of RDMA errors. */
    static List<String> suspects(List<Finding> findings) {
        Set<String> s = new TreeSet<>(io.ncclscope.sdk.evidence.Evidence::compareNodes);
        for (Finding f : findings) {
            if (f.subject().node() == null) continue;
            if (f.code().equals("SLOW_NODE")) s.add(f.subject().node());
        }
        if (s.isEmpty()) {
            for (Finding f : findings) {
                if (f.subject().node() == null) continue;
                if (f.code().equals("SCALING_KNEE") || f.code().equals("IB_COMPLETION_ERROR")) s.add(f.subject().node());
            }
        }
        return List.copyOf(s);
    }

    /** Interfaces a finding calls wrong: never suggested for NCCL_SOCKET_IFNAME. */
    static List<String> badIfaces(List<Finding> findings) {
        List<String> out = new ArrayList<>();
        for (Finding f : findings) {
            if (!STEP2_BLOCKERS.contains(f.code())) continue;
            if (f.subject().iface() != null && !out.contains(f.subject().iface())) out.add(f.subject().iface());
        }
        return out;
    }

    /** The interface a finding suggests for NCCL_SOCKET_IFNAME (its {@code iface} parameter, when not the wrong one); null when none. */
    static String suggestedIface(List<Finding> findings) {
        List<String> bad = badIfaces(findings);
        for (Finding f : findings) {
            if (!STEP2_BLOCKERS.contains(f.code())) continue;
            String p = f.params().get("iface");
            if (p != null && !p.isBlank() && !bad.contains(p) && !p.startsWith("^") && !p.contains("<")) return p;
        }
        return null;
    }

    /** The links that satisfy {@code need}: observations of it (on the suspect node for per-node items), and findings that prove it. */
    private static List<Link> links(Need need, List<Observation> obs, List<Finding> findings, List<String> suspects,
                                    Situation s, List<String> badIfaces) {
        List<Link> out = new ArrayList<>();
        for (Observation o : obs) {
            if (o.need() != need) continue;
            // NCCL_SOCKET_IFNAME set to an interface a finding calls wrong is the problem, not the proof.
            if (need == Need.IFNAME_SET && o.value() != null && badIfaces.stream().anyMatch(b -> o.value().contains(b))) continue;
            if (need.perNode() && !suspects.isEmpty() && (o.node() == null || !suspects.contains(o.node()))) continue;
            // Step 3's "default" side of an error case is the failing log itself; of a slow case, a measured run.
            for (Link l : o.links()) if (!out.contains(l) && out.size() < Observation.MAX_LINKS) out.add(l);
        }
        switch (need) {
            case PAIRWISE -> addFindings(out, findings, SLOW_NODE);
            // An NET/IB error line proves NCCL chose the IB network as well as an INFO line would.
            case NET_CHOICE -> addFindings(out, findings, Set.of("IB_COMPLETION_ERROR", "IB_SETUP_FAILED"));
            case NODE_COUNTERS -> addFindings(out, findings, Set.of("NIC_ERROR_COUNTERS", "PFC_PAUSE_STORM"), suspects);
            case NODE_NIC_RATE -> addFindings(out, findings, Set.of("IB_RATE_DEGRADED", "ETH_SPEED_DEGRADED", "IB_PORT_NOT_ACTIVE", "ETH_LINK_DOWN"), suspects);
            case NODE_XID -> addFindings(out, findings, Set.of("GPU_XID"), suspects);
            case NODE_NUMA -> addFindings(out, findings, Set.of("NIC_CROSS_NUMA", "GPU_NIC_AFFINITY_POOR"), suspects);
            case AB_IB_DISABLED, AB_DEFAULT -> addFindings(out, findings, Set.of("AB_RDMA_SUSPECT", "AB_CONGESTION_SUSPECT"));
            case VERIFY_FIX -> {
                // A multi-node run that completed proves the fix of a failure that stops the run at init.
                if (s == Situation.RANK_MAPPING || s == Situation.CONNECT_FAILURE) {
                    for (Observation o : obs) if (o.need() == Need.MINIMAL_RUN) out.addAll(o.links());
                }
            }
            default -> {
            }
        }
        return out.size() > Observation.MAX_LINKS ? List.copyOf(out.subList(0, Observation.MAX_LINKS)) : out;
    }

    private static void addFindings(List<Link> out, List<Finding> findings, Set<String> codes) {
        addFindings(out, findings, codes, List.of());
    }

    private static void addFindings(List<Link> out, List<Finding> findings, Set<String> codes, List<String> nodes) {
        for (Finding f : findings) {
            if (!codes.contains(f.code()) || f.evidence().isEmpty()) continue;
            if (!nodes.isEmpty() && f.subject().node() != null && !nodes.contains(f.subject().node())) continue;
            Link l = Link.of(f.code(), f.evidence().get(0));
            if (!out.contains(l)) out.add(l);
        }
    }

    /** Step 5's conclusion. */
    static Conclusion conclusion(Situation s, List<Step> steps, List<Finding> findings) {
        Finding primary = null;
        for (String code : codesOf(s)) {
            for (Finding f : findings) {
                // Findings are worst first: the first of the code is its worst.
                if (primary == null && f.code().equals(code)) primary = f;
            }
        }
        if (primary == null && s != Situation.NO_PROBLEM_SEEN && s != Situation.UNKNOWN) {
            primary = findings.stream().filter(f -> f.severity().atLeast(FindingSeverity.WARNING)).findFirst().orElse(null);
        }
        List<Finding> supporting = new ArrayList<>();
        for (Finding f : findings) {
            if (f != primary && f.severity().atLeast(FindingSeverity.WARNING) && supporting.size() < 8) supporting.add(f);
        }
        supporting.sort((a, b) -> b.severity().compareTo(a.severity()));
        List<Link> chain = new ArrayList<>();
        if (primary != null) {
            for (EvidenceLine e : primary.evidence()) if (chain.size() < 3) chain.add(Link.of(primary.code(), e));
        }
        for (Step st : steps) {
            for (Check c : st.checks()) {
                if (!c.satisfied() || !c.required()) continue;
                Link l = c.links().get(0);
                // A link to a whole artifact with no line says little in a chain of quoted lines.
                if (l.line() == 0 && l.text().isBlank()) continue;
                if (!chain.contains(l)) chain.add(l);
            }
        }
        for (Finding f : supporting) {
            if (f.evidence().isEmpty()) continue;
            Link l = Link.of(f.code(), f.evidence().get(0));
            if (!chain.contains(l)) chain.add(l);
        }
        List<Need> unproven = new ArrayList<>();
        for (Step st : steps) {
            if (st.status() == StepStatus.BLOCKED) continue;
            for (Check c : st.checks()) if (c.required() && !c.satisfied()) unproven.add(c.need());
        }
        boolean complete = steps.stream().filter(st -> st.id() != StepId.CONCLUDE)
                .allMatch(st -> st.done() || st.status() == StepStatus.BLOCKED);
        return new Conclusion(s, primary, supporting, chain, suspects(findings), unproven, complete);
    }
}
