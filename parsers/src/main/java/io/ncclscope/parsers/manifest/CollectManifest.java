package io.ncclscope.parsers.manifest;

import java.util.List;

/**
 * What one {@code ncclscope collect} did on one node.
 *
 * @param host     the node name the bundle is filed under; null when the manifest has none
 * @param time     when the collection started (ISO-8601); null when absent
 * @param root     whether it ran as root; null when absent
 * @param steps    every step, in manifest order
 * @param hostLine 1-based line of {@code host}; 0 when absent
 */
public record CollectManifest(String host, String time, Boolean root, List<CollectStep> steps, int hostLine) {

    /**
     * Copies the steps.
     *
     * @param host     the node name; nullable
     * @param time     when the collection started; nullable
     * @param root     whether it ran as root; nullable
     * @param steps    every step
     * @param hostLine 1-based line of host; 0 when absent
     */
    public CollectManifest {
        steps = List.copyOf(steps);
    }

    /**
     * {@return the steps that ended {@code outcome}, in manifest order}
     *
     * @param outcome an outcome
     */
    public List<CollectStep> steps(StepOutcome outcome) {
        return steps.stream().filter(s -> s.outcome() == outcome).toList();
    }
}
