package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;

/**
 * A pairwise test plan and the files that run it.
 *
 * @param summary  nodes, rounds and tests in a sentence
 * @param nodes    every node of the plan
 * @param rounds   the rounds, numbered from 1
 * @param tests    two-node tests in the plan
 * @param allPairs tests that all pairs one at a time would need
 * @param files    file path to content: the sbatch script, driver script and hostfiles, or manifests
 */
@RegisterForReflection
public record PlanPairsResponse(String summary, List<String> nodes, List<RoundDto> rounds, int tests, long allPairs,
                                Map<String, String> files) {

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
