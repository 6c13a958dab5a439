package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.rules.Need;
import java.util.List;
import java.util.Objects;

/**
 * One checklist item of a step, judged.
 *
 * @param need      the item
 * @param required  true when the situation needs it for the step to be satisfied; false for a useful extra
 * @param satisfied true when evidence backs it
 * @param node      the node it must come from (the suspect of step 4); null when any node or the job will do
 * @param links     the lines that satisfy it (empty when not satisfied)
 */
public record Check(Need need, boolean required, boolean satisfied, String node, List<Link> links) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param need      the item
     * @param required  true when the situation needs it for the step to be satisfied; false for a useful extra
     * @param satisfied true when evidence backs it
     * @param node      the node it must come from (the suspect of step 4); null when any node or the job will do
     * @param links     the lines that satisfy it (empty when not satisfied)
     * @throws NullPointerException when a required component is null
     */
    public Check {
        Objects.requireNonNull(need, "need");
        links = List.copyOf(links);
    }
}
