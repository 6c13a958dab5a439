package io.ncclscope.sdk.localize;

import io.ncclscope.sdk.diagnose.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The pass that follows a localization, planned from its results: each unresolved suspect (a slow node, or both ends of
 * a slow pair not yet separated) against known-good nodes, so that the next results say "this node" or "the path
 * between them". Comes with its budget and the exact command that writes its launcher files.
 *
 * @param plan     the retest plan
 * @param budget   what it costs at most
 * @param command  the command that writes its files ({@code ncclscope plan pairs --retest ...})
 * @param suspects the suspects it retests
 */
public record NextPass(PairPlan plan, PlanBudget budget, String command, List<String> suspects) {

    /** Pairs listed per round in the text and Markdown; the JSON and the files have them all. */
    static final int PAIRS_SHOWN = 8;
    /** Rounds listed in the text and Markdown. */
    static final int ROUNDS_SHOWN = 4;

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param plan     the retest plan
     * @param budget   what it costs at most
     * @param command  the command that writes its files
     * @param suspects the suspects it retests
     */
    public NextPass {
        suspects = List.copyOf(suspects);
    }

    /**
     * {@return the next pass after {@code l}; empty when it leaves no suspect, or no known-good node to retest against}
     *
     * @param l        the localization of the results read
     * @param results  the result files or folders as the user named them (they go into the command)
     * @param kind     the launcher the command asks for
     * @param o        the launch settings (GPUs, time limit, GPU request)
     * @param partners known-good partners per suspect
     */
    public static Optional<NextPass> of(Localization l, List<String> results, Launchers.Kind kind, Launchers.Options o,
                                        int partners) {
        if (l.suspects().isEmpty() || l.good().isEmpty()) return Optional.empty();
        PairPlan plan = PairPlan.retest(l, l.nodes(), partners);
        List<String> cmd = new ArrayList<>(List.of("ncclscope", "plan", "pairs"));
        for (String r : results) {
            cmd.add("--retest");
            cmd.add(Launchers.shellQuote(r));
        }
        if (partners != 2) cmd.add("--partners " + partners);
        if (kind != Launchers.Kind.slurm) cmd.add("--launcher " + kind);
        if (o.gpusPerNode() != 8) cmd.add("-g " + o.gpusPerNode());
        if (o.gpuRequest() != Launchers.GpuRequest.gpus) cmd.add("--gpu-request " + o.gpuRequest());
        if (o.minutesPerTest() != PlanBudget.DEFAULT_MINUTES_PER_TEST) cmd.add("--minutes-per-test " + o.minutesPerTest());
        cmd.add("--out plan-next");
        cmd.add(Launchers.shellQuote(String.join(",", l.nodes())));
        List<String> suspects = l.suspects().stream().filter(s -> !l.good().contains(s)).toList();
        return Optional.of(new NextPass(plan, Launchers.budget(plan, o), String.join(" ", cmd), suspects));
    }

    /**
     * {@return the pass for a person in {@code locale}: what it retests and what it costs, then its rounds (the first
     * {@value #ROUNDS_SHOWN}, {@value #PAIRS_SHOWN} pairs each), then the command that writes its files}
     *
     * @param locale en or zh-CN
     */
    public List<String> lines(Locale locale) {
        List<String> out = new ArrayList<>();
        out.add(Message.of(NextPass.class, "next.plan", "suspects", String.join(", ", suspects), "tests", plan.tests().size(),
                "rounds", plan.rounds().size(), "wall", budget.wallMinutes(), "gpuHours", PlanBudget.hours(budget.testGpuHours()),
                "minutes", budget.minutesPerTest(), "gpus", budget.gpusPerNode()).render(locale));
        for (PairPlan.Round r : plan.rounds()) {
            if (r.number() > ROUNDS_SHOWN) {
                out.add("  " + Message.of(NextPass.class, "next.moreRounds", "count", plan.rounds().size() - ROUNDS_SHOWN).render(locale));
                break;
            }
            List<String> pairs = r.pairs().stream().limit(PAIRS_SHOWN).map(p -> p.a() + "\u2194" + p.b()).toList();
            String more = r.pairs().size() > PAIRS_SHOWN ? " (+" + (r.pairs().size() - PAIRS_SHOWN) + ")" : "";
            out.add("  " + Message.of(NextPass.class, "next.round", "number", r.number(), "pairs", String.join(", ", pairs) + more)
                    .render(locale));
        }
        out.add(Message.of(NextPass.class, "next.write").render(locale));
        return out;
    }

    /** {@return the pass as a JSON object: suspects, rounds with their pairs, the budget and the command} */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("suspects", suspects);
        List<Map<String, Object>> rounds = new ArrayList<>();
        for (PairPlan.Round r : plan.rounds()) {
            Map<String, Object> round = new LinkedHashMap<>();
            round.put("number", r.number());
            round.put("pairs", r.pairs().stream().map(p -> List.of(p.a(), p.b())).toList());
            rounds.add(round);
        }
        m.put("rounds", rounds);
        m.put("tests", plan.tests().size());
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("rounds", budget.rounds());
        b.put("gpusPerNode", budget.gpusPerNode());
        b.put("minutesPerTest", budget.minutesPerTest());
        b.put("wallMinutes", budget.wallMinutes());
        b.put("testGpuHours", Math.round(budget.testGpuHours() * 10) / 10.0);
        m.put("budget", b);
        m.put("command", command);
        return m;
    }
}
