package io.ncclscope.sdk.localize;

import io.ncclscope.sdk.diagnose.Message;
import java.util.Locale;

/**
 * What a pair plan costs at most, known before anyone runs it: its rounds, its wall time when every test runs to the
 * time limit it is given, and the GPU-hours. Two GPU-hour figures: the tests' own (each test holds {@code 2 x G} GPUs
 * for at most its limit) and the allocation's (a Slurm job holds every node of the plan for the whole job, idle ones
 * included; a Kubernetes or mpirun plan holds only the tested pairs, so its allocation is the tests' figure).
 *
 * @param rounds         rounds of the plan
 * @param tests          two-node tests of the plan
 * @param nodes          nodes of the plan
 * @param gpusPerNode    GPUs each node gives a test
 * @param minutesPerTest the time limit of one test (the scripts enforce it), in minutes
 */
public record PlanBudget(int rounds, int tests, int nodes, int gpusPerNode, int minutesPerTest) {

    /** The default time limit of one test: all_reduce_perf from 8 B to 8 GiB between two nodes of 8 GPUs. */
    public static final int DEFAULT_MINUTES_PER_TEST = 10;

    /**
     * Creates the record, checking the values.
     *
     * @param rounds         rounds of the plan
     * @param tests          two-node tests of the plan
     * @param nodes          nodes of the plan
     * @param gpusPerNode    GPUs each node gives a test
     * @param minutesPerTest the time limit of one test, in minutes
     * @throws IllegalArgumentException when a count is negative or a limit below 1
     */
    public PlanBudget {
        if (rounds < 0 || tests < 0 || nodes < 0) throw new IllegalArgumentException("counts must be >= 0");
        if (gpusPerNode < 1) throw new IllegalArgumentException("gpus per node must be at least 1: " + gpusPerNode);
        if (minutesPerTest < 1) throw new IllegalArgumentException("minutes per test must be at least 1: " + minutesPerTest);
    }

    /**
     * {@return the budget of {@code plan} with {@code gpusPerNode} GPUs a node and {@code minutesPerTest} a test}
     *
     * @param plan           the plan
     * @param gpusPerNode    GPUs each node gives a test
     * @param minutesPerTest the time limit of one test, in minutes
     */
    public static PlanBudget of(PairPlan plan, int gpusPerNode, int minutesPerTest) {
        return new PlanBudget(plan.rounds().size(), plan.tests().size(), plan.nodes().size(), gpusPerNode, minutesPerTest);
    }

    /** {@return the most wall time the plan takes: each round waits for its slowest test, at most the limit} */
    public int wallMinutes() {
        return rounds * minutesPerTest;
    }

    /** {@return the most GPU-hours the tests themselves hold: each holds 2 nodes x G GPUs for at most the limit} */
    public double testGpuHours() {
        return tests * 2.0 * gpusPerNode * minutesPerTest / 60.0;
    }

    /** {@return the most GPU-hours one Slurm job of the plan holds: every node's G GPUs for the whole wall time} */
    public double allocationGpuHours() {
        return nodes * (double) gpusPerNode * wallMinutes() / 60.0;
    }

    /**
     * {@return the budget in one line: {@code at most 7 rounds, 70 min wall, 74.7 GPU-hours of tests (74.7 held by one
     * Slurm job of all 8 nodes)}} English: it goes into the scripts' comments and the plan's summary.
     *
     * @param slurm whether the plan runs as one Slurm job (which holds idle nodes too)
     */
    public String line(boolean slurm) {
        StringBuilder s = new StringBuilder();
        s.append("at most ").append(rounds).append(rounds == 1 ? " round, " : " rounds, ").append(wallMinutes())
                .append(" min wall, ").append(hours(testGpuHours())).append(" GPU-hours of tests");
        if (slurm) {
            s.append(" (").append(hours(allocationGpuHours())).append(" held by one Slurm job of all ").append(nodes)
                    .append(" nodes)");
        }
        s.append(" at ").append(minutesPerTest).append(" min a test, ").append(gpusPerNode).append(" GPUs a node");
        return s.toString();
    }

    /**
     * {@return the budget for a person in {@code locale}: {@link #line(boolean)}'s figures in its words}
     *
     * @param slurm  whether the plan runs as one Slurm job (which holds idle nodes too)
     * @param locale the language ({@code en} or {@code zh-CN})
     */
    public String text(boolean slurm, Locale locale) {
        return Message.of(PlanBudget.class, slurm ? "budget.slurm" : "budget", "rounds", rounds,
                "roundUnit", "zh".equals(locale.getLanguage()) ? "轮" : rounds == 1 ? "round" : "rounds", "wall", wallMinutes(),
                "gpuHours", hours(testGpuHours()), "held", hours(allocationGpuHours()), "nodes", nodes, "minutes", minutesPerTest,
                "gpus", gpusPerNode).render(locale);
    }

    /** GPU-hours with one decimal, the way every budget line writes them. */
    static String hours(double h) {
        return String.format(Locale.ROOT, "%.1f", h);
    }
}
