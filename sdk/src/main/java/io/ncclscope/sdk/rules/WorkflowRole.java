package io.ncclscope.sdk.rules;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What a finding of one code means to the five-step workflow: the situation it points to, the checklist items it
 * proves, the step it blocks, whether it names a suspect node, and the step whose evidence proves or clears it. The
 * workflow planner reads nothing else about a code; a code without a role is refused when the catalogue loads.
 *
 * <p>Written in the catalogue as one line of comma-separated clauses, for example
 * {@code NCCL_CONNECT_FAILED.workflow=situation CONNECT_FAILURE, from WARNING, cause 2, blocks CONNECTIVITY, checked
 * CONNECTIVITY}; {@link #parse} reads it and {@link #toString} writes it back.
 *
 * @param situation          the situation a finding of this code points to ({@code situation S}); {@link Situation#SLOW}
 *                           for a problem whose cause is not placed by the code alone (a degraded link, an Xid)
 * @param from               the least severity at which one finding decides the situation ({@code from SEVERITY}); null
 *                           when the code decides it only beside a slow run. A finding below it is still a problem:
 *                           at warning severity or worse it makes the situation at least {@link Situation#SLOW}
 * @param besideSlowRunFrom  the least severity at which a finding decides the situation when a finding of a
 *                           {@code slowRun} code of warning severity or worse stands beside it
 *                           ({@code beside slow run from SEVERITY}); null when a slow run changes nothing
 * @param cause              among the codes of its situation, the order in which a finding is named the cause in step 5
 *                           ({@code cause N}, 1 first; equal ranks by code); 0 for {@link Situation#SLOW}, which names
 *                           the worst finding instead
 * @param slowRun            whether the code is a measured shortfall ({@code slow run}): what a socket fallback beside it
 *                           explains, named after that fallback's own codes
 * @param proves             the checklist items a finding proves with its first evidence line ({@code proves NEED NEED});
 *                           on a per-node item, only a finding on a suspect node
 * @param blocksConnectivity whether a finding of warning severity or worse blocks step 2 until a multi-node run
 *                           completes ({@code blocks CONNECTIVITY}); its interface is never suggested for
 *                           {@code NCCL_SOCKET_IFNAME}
 * @param suspect            whether the finding's node is named a suspect ({@code suspect N}): 0 never, 1 always, 2 only
 *                           when no code of rank 1 names one
 * @param checkedAt          the step whose evidence proves or clears a suspicion of this code ({@code checked STEP})
 */
public record WorkflowRole(Situation situation, FindingSeverity from, FindingSeverity besideSlowRunFrom, int cause,
                           boolean slowRun, Set<Need> proves, boolean blocksConnectivity, int suspect,
                           StepId checkedAt) {

    /**
     * Checks the components and copies the set.
     *
     * @param situation          the situation a finding points to
     * @param from               the least severity at which one finding decides it; null for never alone
     * @param besideSlowRunFrom  the least severity at which a finding decides it beside a slow run; null for none
     * @param cause              the rank among the situation's codes; 0 for {@link Situation#SLOW}
     * @param slowRun            whether the code is a measured shortfall
     * @param proves             the checklist items a finding proves
     * @param blocksConnectivity whether a finding blocks step 2
     * @param suspect            0, 1 or 2: whether and when the finding's node is a suspect
     * @param checkedAt          the step that proves or clears a suspicion
     * @throws NullPointerException     when the situation, the set or the step is null
     * @throws IllegalArgumentException when the role cannot be acted on: a situation the planner cannot decide
     *                                  ({@link Situation#UNKNOWN}, {@link Situation#NO_PROBLEM_SEEN}), neither severity,
     *                                  a cause rank on {@link Situation#SLOW} or none elsewhere, or a suspect rank other
     *                                  than 0, 1 or 2
     */
    public WorkflowRole {
        Objects.requireNonNull(situation, "situation");
        Objects.requireNonNull(checkedAt, "checkedAt");
        proves = Set.copyOf(proves);
        if (situation == Situation.UNKNOWN || situation == Situation.NO_PROBLEM_SEEN) {
            throw new IllegalArgumentException("no finding can mean " + situation);
        }
        if (from == null && besideSlowRunFrom == null) {
            throw new IllegalArgumentException("a role needs 'from' or 'beside slow run from'");
        }
        if ((situation == Situation.SLOW) != (cause == 0) || cause < 0) {
            throw new IllegalArgumentException(situation == Situation.SLOW
                    ? "SLOW names the worst finding: no 'cause' rank" : situation + " needs a 'cause' rank of 1 or more");
        }
        if (suspect < 0 || suspect > 2) throw new IllegalArgumentException("suspect is 0, 1 or 2: " + suspect);
    }

    /** {@return whether {@code severity} reaches {@code min}; false when {@code min} is null (never)} */
    static boolean reaches(FindingSeverity severity, FindingSeverity min) {
        return min != null && severity.atLeast(min);
    }

    /**
     * {@return whether a finding of this code and {@code severity} decides its situation}
     *
     * @param severity      the finding's severity
     * @param besideSlowRun whether a slow run of warning severity or worse stands beside it
     */
    public boolean decides(FindingSeverity severity, boolean besideSlowRun) {
        return reaches(severity, from) || besideSlowRun && reaches(severity, besideSlowRunFrom);
    }

    /**
     * Reads a role from its catalogue line.
     *
     * @param line the clauses, e.g. {@code situation SLOW_NODE, from WARNING, cause 1, proves PAIRWISE, suspect 1,
     *             checked NAME_NODE}
     * @return the role
     * @throws IllegalArgumentException when a clause is unknown, repeated or malformed, or the role is incomplete
     */
    public static WorkflowRole parse(String line) {
        Situation situation = null;
        FindingSeverity from = null;
        FindingSeverity besideSlowRun = null;
        int cause = 0;
        int suspect = 0;
        boolean slowRun = false;
        boolean blocks = false;
        StepId checked = null;
        Set<Need> proves = EnumSet.noneOf(Need.class);
        Set<String> seen = new java.util.HashSet<>();
        for (String clause : line.split(",")) {
            String[] words = clause.strip().split(" ");
            String name = words[0];
            int argsFrom = 1;
            if (clause.strip().startsWith("beside slow run from")) {
                name = "beside slow run from";
                argsFrom = 4;
            } else if (clause.strip().equals("slow run")) {
                name = "slow run";
                argsFrom = 2;
            }
            if (!seen.add(name)) throw new IllegalArgumentException("repeated clause '" + name + "' in: " + line);
            int args = words.length - argsFrom;
            boolean flag = name.equals("slow run");
            if (flag ? args != 0 : name.equals("proves") ? args < 1 : args != 1) {
                throw new IllegalArgumentException("malformed clause '" + clause.strip() + "' in: " + line);
            }
            String arg = args > 0 ? words[argsFrom].toUpperCase(Locale.ROOT) : "";
            switch (name) {
                case "situation" -> situation = Situation.valueOf(arg);
                case "from" -> from = FindingSeverity.valueOf(arg);
                case "beside slow run from" -> besideSlowRun = FindingSeverity.valueOf(arg);
                case "cause" -> cause = Integer.parseInt(arg);
                case "slow run" -> slowRun = true;
                case "proves" -> {
                    for (int i = argsFrom; i < words.length; i++) proves.add(Need.valueOf(words[i]));
                }
                case "blocks" -> {
                    if (StepId.valueOf(arg) != StepId.CONNECTIVITY) {
                        throw new IllegalArgumentException("only CONNECTIVITY can be blocked, in: " + line);
                    }
                    blocks = true;
                }
                case "suspect" -> suspect = Integer.parseInt(arg);
                case "checked" -> checked = StepId.valueOf(arg);
                default -> throw new IllegalArgumentException("unknown clause '" + clause.strip() + "' in: " + line);
            }
        }
        if (situation == null || checked == null) {
            throw new IllegalArgumentException("a role needs 'situation' and 'checked': " + line);
        }
        return new WorkflowRole(situation, from, besideSlowRun, cause, slowRun, proves, blocks, suspect, checked);
    }
}
