package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A pairwise test plan and the files that run it.
 *
 * @param summary  nodes, rounds and tests in a sentence
 * @param nodes    every node of the plan
 * @param rounds   the rounds, numbered from 1
 * @param tests    two-node tests in the plan
 * @param allPairs tests that all pairs one at a time would need
 * @param files    file path to content: the sbatch script, driver script and hostfiles, or manifests
 * @param budget   what the plan costs at most, known before it runs
 */
@RegisterForReflection
public record PlanPairsResponse(String summary, List<String> nodes, List<RoundDto> rounds, int tests, long allPairs,
                                Map<String, String> files, BudgetDto budget) {

    /**
     * The most a plan costs: rounds, wall time and GPU-hours, each test held to its time limit.
     *
     * @param rounds             rounds of the plan
     * @param gpusPerNode        GPUs each node gives a test
     * @param minutesPerTest     the time limit of one test, minutes
     * @param wallMinutes        the most wall time: rounds x the limit
     * @param testGpuHours       the most GPU-hours the tests hold: tests x 2 nodes x GPUs x the limit
     * @param allocationGpuHours the most GPU-hours one Slurm job of every node holds (idle nodes included); null for
     *                           mpirun and Kubernetes, which hold only the tested pairs
     * @param line               the budget in one line
     */
    @RegisterForReflection
    public record BudgetDto(int rounds, int gpusPerNode, int minutesPerTest, int wallMinutes, double testGpuHours,
                            @Schema(nullable = true) Double allocationGpuHours, String line) {
    }

    /**
     * One round: pairs that run at the same time.
     *
     * @param number from 1
     * @param pass   which pass of the plan
     * @param pairs  the pairs
     * @param idle   nodes that sit this round out
     */
    @RegisterForReflection
    public record RoundDto(int number, String pass, List<PairDto> pairs, List<String> idle) {
    }

    /**
     * Two nodes tested together.
     *
     * @param a one node
     * @param b the other
     */
    @RegisterForReflection
    public record PairDto(String a, String b) {
    }
}
