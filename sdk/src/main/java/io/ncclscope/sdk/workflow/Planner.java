package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import io.ncclscope.sdk.rules.WorkflowRole;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Judges a workflow's state: the situation, each step's checklist and status, and the conclusion. Pure. */
final class Planner {

    private Planner() {
    }

    /** The catalogue's workflow role of a finding's code (the catalogue checked the code when the finding was made). */
    static WorkflowRole role(Finding f) {
        return RuleCatalog.entry(f.code()).workflow();
    }

    /**
     * The situation: the first one, in the seed's order of sections (a failing job before a slow one), that a finding's
     * workflow role decides ({@link WorkflowRole#decides}); a finding of warning severity or worse that decides none
     * (it stands below its situation's severity) still makes the job slow. Nothing read at all is {@code UNKNOWN}.
     */
    static Situation situation(List<Finding> findings, List<Observation> obs, Facts facts) {
        // Evidence read that answers no checklist item (an ethtool -i, one node's GIDs) still names something: looked at.
        if (findings.isEmpty() && obs.isEmpty() && facts.equals(Facts.NONE)) return Situation.UNKNOWN;
        boolean slow = slowRun(findings);
        for (Situation s : Situation.values()) {
            if (s == Situation.UNKNOWN || s == Situation.NO_PROBLEM_SEEN) continue;
            if (findings.stream().anyMatch(f -> role(f).situation() == s && role(f).decides(f.severity(), slow))) return s;
            if (s == Situation.SOCKET_FALLBACK && slow
                    && obs.stream().anyMatch(o -> o.need() == Need.NET_CHOICE && "Socket".equalsIgnoreCase(o.value()))) {
                return s;
            }
        }
        if (slow || findings.stream().anyMatch(f -> f.severity().atLeast(FindingSeverity.WARNING))) return Situation.SLOW;
        return Situation.NO_PROBLEM_SEEN;
    }

    /** Whether a measured shortfall stands among the findings: it makes a socket fallback beside it (even an INFO one) the cause. */
    private static boolean slowRun(List<Finding> findings) {
        return findings.stream().anyMatch(f -> role(f).slowRun() && f.severity().atLeast(FindingSeverity.WARNING));
    }

    /**
     * Where a finding stands when step 5 names the cause: its situation's own codes that decide it first ({@code group}
     * 0), by cause rank then code; then those of its codes below the severity that decides (group 1: the result NCCL
     * returned because of a cause named beside it is written at {@code ERROR} and decides nothing, so its cause is
     * named, never the result); for a socket fallback, the slow runs it explains after them (group 2).
     */
    private record CauseRank(int group, int cause, String code) implements Comparable<CauseRank> {
        /** Group, cause, code. One lambda of ours, not {@code Comparator} chains: see {@code Diagnosis.ORDER}. */
        private static final java.util.Comparator<CauseRank> ORDER = (a, b) -> {
            int c = Integer.compare(a.group(), b.group());
            if (c == 0) c = Integer.compare(a.cause(), b.cause());
            return c != 0 ? c : a.code().compareTo(b.code());
        };

        /** {@return the rank of {@code f} among the causes of {@code s}; null when it is none (always, for SLOW)} */
        static CauseRank of(Situation s, Finding f, boolean slow) {
            WorkflowRole r = role(f);
            if (s == Situation.SLOW) return null;
            if (r.situation() == s) return new CauseRank(r.decides(f.severity(), slow) ? 0 : 1, r.cause(), f.code());
            if (s == Situation.SOCKET_FALLBACK && r.slowRun()) return new CauseRank(2, 0, f.code());
            return null;
        }

        @Override
        public int compareTo(CauseRank o) {
            return ORDER.compare(this, o);
        }
    }

    private static final char R = 'R';
    private static final char O = 'o';

    /**
     * Which items each situation needs ('R') or lists as useful ('o'), in {@link Need} order: the seed's checklists of
     * each error section mapped onto the five steps. A step with no 'R' is not needed.
     */
    private static String table(Situation s, int nodes) {
        // NODE_LIST GPU NIC TOPO LAUNCH LOG | IFACES NET IFNAME MINIMAL | AB_DEF AB_OFF RDMA_DEV KERNEL
        // | PAIRS RATE CNT XID NUMA HANG_RANK HANG_STACKS | VERIFY
        String pairs = nodes > 2 || nodes == 0 ? "R" : "o";
        return switch (s) {
            case UNKNOWN, NO_PROBLEM_SEEN -> "RRRRRo" + "ooRR" + "RRoo" + pairs + "o-----" + "-";
            case RANK_MAPPING -> "RRooRR" + "oooR" + "----" + "-------" + "R";
            case CONNECT_FAILURE -> "RooooR" + "RRRR" + "----" + "-------" + "R";
            case RDMA_ERROR -> "RoRooR" + "oRoo" + "oRRR" + "oRRoo--" + "R";
            case OTHER_ERROR -> "RRoooR" + "----" + "----" + "-------" + "R";
            // A peer went away: every rank's log and the launcher's record name the rank that failed first, its host's
            // kernel log says whether it was killed; a minimal run tells a network that drops connections from a dead peer.
            case PEER_LOST -> "RoooRR" + "oooR" + "--oR" + "--oo-Ro" + "R";
            // A hang: every rank's traces and the launcher's settings (Flight Recorder), then step 4 names the rank the
            // others wait on and reads what its process does; the network steps only once a rank is stuck inside NCCL.
            case HANG -> "RoooRR" + "----" + "---o" + "--oo-RR" + "R";
            case SLOW_NODE -> "RRRRoo" + "oooR" + "oooo" + "RRRRR--" + "R";
            case SOCKET_FALLBACK -> "RRRooR" + "oRoR" + "ooRo" + "-------" + "R";
            case RDMA_PATH -> "RRRRoo" + "oRoR" + "RRoo" + "ooRoo--" + "R";
            case SLOW -> "RRRRoo" + "oRoR" + "RRoo" + pairs + "oooo--" + "R";
        };
    }

    /** The steps, in order. */
    static List<Step> steps(Situation s, Facts facts, List<Observation> obs, List<Finding> findings) {
        String t = table(s, facts.nodes().size());
        List<String> suspects = suspects(findings);
        Need[] needs = Need.values();
        // Pure functions of the findings and facts, the same for every item and command: read once.
        List<String> badIfaces = badIfaces(findings);
        String suggested = suggestedIface(findings);
        Map<StepId, List<Check>> checks = new EnumMap<>(StepId.class);
        for (StepId id : StepId.values()) checks.put(id, new ArrayList<>());
        for (int i = 0; i < needs.length; i++) {
            char mark = t.charAt(i);
            if (mark == '-') continue;
            Need n = needs[i];
            // One node's readings (an ethtool -S excerpt) do not name the bad node among others: where step 4 is
            // needed, no finding names a suspect and the evidence holds fewer than two nodes, the pairwise runs that
            // would name it are required.
            if (n == Need.PAIRWISE && mark == O && suspects.isEmpty() && facts.nodes().size() < 2 && namesNode(t, needs)) {
                mark = R;
            }
            List<Link> links = links(n, obs, findings, suspects, s, badIfaces);
            String node = n.perNode() && suspects.size() == 1 ? suspects.get(0) : null;
            checks.get(n.step()).add(new Check(n, mark == R, !links.isEmpty(), node, links));
        }
        // The interface the commands bind NCCL to: the one a finding suggests, else the first fit for training.
        String iface = suggested != null ? suggested : Commands.trainingIface(facts, badIfaces);
        List<Step> out = new ArrayList<>();
        for (StepId id : StepId.values()) {
            List<Check> cs = new ArrayList<>(checks.get(id));
            cs.sort((a, b) -> Boolean.compare(b.required(), a.required()));
            List<String> blockers = new ArrayList<>();
            if (id == StepId.CONNECTIVITY) {
                boolean ran = cs.stream().anyMatch(c -> c.need() == Need.MINIMAL_RUN && c.satisfied());
                if (!ran) {
                    for (Finding f : findings) {
                        if (role(f).blocksConnectivity() && f.severity().atLeast(FindingSeverity.WARNING)
                                && !blockers.contains(f.code())) blockers.add(f.code());
                    }
                }
            }
            StepStatus status = id == StepId.CONCLUDE ? conclusionStatus(s, out, cs) : status(cs, blockers);
            List<NextCommand> cmds = new ArrayList<>();
            if (status != StepStatus.SATISFIED && status != StepStatus.NOT_NEEDED) {
                String suspect = suspects.size() == 1 ? suspects.get(0) : null;
                String pid = suspect == null ? null : pid(findings, suspect);
                for (Check c : cs) {
                    if (c.required() && !c.satisfied()) {
                        for (NextCommand nc : Commands.of(c.need(), facts, s, c.need().perNode() ? suspect : null, badIfaces, iface, pid)) {
                            addNew(cmds, nc);
                        }
                    }
                }
                if (status == StepStatus.BLOCKED && cs.stream().noneMatch(c -> c.need() == Need.MINIMAL_RUN && c.required())) {
                    for (NextCommand nc : Commands.of(Need.MINIMAL_RUN, facts, s, null, badIfaces, iface, null)) {
                        addNew(cmds, nc);
                    }
                }
            }
            out.add(new Step(id, status, cs, blockers, cmds));
        }
        return out;
    }

    /** Adds {@code nc} unless a command with the same line is there (a loop: it runs for every command of a report). */
    private static void addNew(List<NextCommand> cmds, NextCommand nc) {
        for (NextCommand x : cmds) if (x.command().equals(nc.command())) return;
        cmds.add(nc);
    }

    /** Whether the table requires an item of step 4 (name the bad node). */
    private static boolean namesNode(String table, Need[] needs) {
        for (int i = 0; i < needs.length; i++) {
            if (needs[i].step() == StepId.NAME_NODE && table.charAt(i) == R) return true;
        }
        return false;
    }

    private static StepStatus status(List<Check> cs, List<String> blockers) {
        if (!blockers.isEmpty()) return StepStatus.BLOCKED;
        long required = cs.stream().filter(Check::required).count();
        if (required == 0) return StepStatus.NOT_NEEDED;
        long ok = cs.stream().filter(c -> c.required() && c.satisfied()).count();
        if (ok == required) return StepStatus.SATISFIED;
        return ok > 0 || cs.stream().anyMatch(Check::satisfied) ? StepStatus.PARTIAL : StepStatus.MISSING;
    }

    /**
     * Step 5 is satisfied only when the steps before it are done (or blocked, their cause named) and its own checklist
     * items (a rerun after the fix) are backed by evidence: never "satisfied" beside a missing item.
     */
    private static StepStatus conclusionStatus(Situation s, List<Step> before, List<Check> own) {
        if (s == Situation.UNKNOWN) return StepStatus.MISSING;
        boolean all = before.stream().allMatch(st -> st.done() || st.status() == StepStatus.BLOCKED);
        boolean ownDone = own.stream().allMatch(c -> !c.required() || c.satisfied());
        return all && ownDone ? StepStatus.SATISFIED : StepStatus.PARTIAL;
    }

    /**
     * The nodes named as the cause: those of findings whose role names a suspect first (slow nodes), else those of
     * findings whose role names one second (a scaling knee's added node, the reporting node of RDMA errors).
     */
    static List<String> suspects(List<Finding> findings) {
        Set<String> s = new TreeSet<>(io.ncclscope.sdk.evidence.Evidence::compareNodes);
        for (int rank = 1; rank <= 2 && s.isEmpty(); rank++) {
            for (Finding f : findings) {
                if (f.subject().node() != null && role(f).suspect() == rank) s.add(f.subject().node());
            }
        }
        return List.copyOf(s);
    }

    /** The process id a hang finding on {@code node} carries (its {@code pid} parameter); null when none does. */
    static String pid(List<Finding> findings, String node) {
        for (Finding f : findings) {
            if (role(f).situation() != Situation.HANG || !node.equals(f.subject().node())) continue;
            String pid = f.params().get("pid");
            if (pid != null && pid.chars().allMatch(Character::isDigit) && !pid.isEmpty()) return pid;
        }
        return null;
    }

    /** Interfaces a finding calls wrong: never suggested for NCCL_SOCKET_IFNAME. */
    static List<String> badIfaces(List<Finding> findings) {
        List<String> out = new ArrayList<>();
        for (Finding f : findings) {
            if (!role(f).blocksConnectivity()) continue;
            if (f.subject().iface() != null && !out.contains(f.subject().iface())) out.add(f.subject().iface());
        }
        return out;
    }

    /** The interface a finding suggests for NCCL_SOCKET_IFNAME (its {@code iface} parameter, when not the wrong one); null when none. */
    static String suggestedIface(List<Finding> findings) {
        List<String> bad = badIfaces(findings);
        for (Finding f : findings) {
            if (!role(f).blocksConnectivity()) continue;
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
        // Findings whose role proves the item (an NET/IB error line proves NCCL chose the IB network as well as an INFO
        // line would); on a per-node item, only those on a suspect node.
        addFindings(out, findings, need, need.perNode() ? suspects : List.of());
        if (need == Need.VERIFY_FIX && (s == Situation.RANK_MAPPING || s == Situation.CONNECT_FAILURE)) {
            // A multi-node run that completed proves the fix of a failure that stops the run at init.
            for (Observation o : obs) if (o.need() == Need.MINIMAL_RUN) out.addAll(o.links());
        }
        return out.size() > Observation.MAX_LINKS ? List.copyOf(out.subList(0, Observation.MAX_LINKS)) : out;
    }

    private static void addFindings(List<Link> out, List<Finding> findings, Need need, List<String> nodes) {
        for (Finding f : findings) {
            if (!role(f).proves().contains(need) || f.evidence().isEmpty()) continue;
            if (!nodes.isEmpty() && f.subject().node() != null && !nodes.contains(f.subject().node())) continue;
            Link l = Link.of(f.code(), f.evidence().get(0));
            if (!out.contains(l)) out.add(l);
        }
    }

    /** Step 5's conclusion. */
    static Conclusion conclusion(Situation s, List<Step> steps, List<Finding> findings) {
        Finding primary = null;
        CauseRank best = null;
        boolean slow = slowRun(findings);
        for (Finding f : findings) {
            // Findings are worst first: the first of the best-ranked code is its worst.
            CauseRank rank = CauseRank.of(s, f, slow);
            if (rank != null && (best == null || rank.compareTo(best) < 0)) {
                primary = f;
                best = rank;
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
