package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import java.util.List;
import java.util.Objects;

/**
 * Step 5: what to hand over, language-independent. {@link WorkflowView} renders it with the catalogue's texts.
 *
 * @param situation  the situation the evidence points to
 * @param primary    the finding that explains the symptom; null when nothing wrong was found
 * @param supporting further findings of warning severity or worse that bear on it, worst first
 * @param chain      the evidence chain, in the method's order: the symptom's lines, then each satisfied step's lines
 * @param suspects   nodes named as the cause (step 4), in natural order
 * @param unproven   what remains unproven: required items still missing, and the rerun that proves the fix
 * @param complete   true when every step the situation needs is satisfied (or blocked with its cause named)
 */
public record Conclusion(Situation situation, Finding primary, List<Finding> supporting, List<Link> chain,
                         List<String> suspects, List<Need> unproven, boolean complete) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param situation  the situation the evidence points to
     * @param primary    the finding that explains the symptom; null when nothing wrong was found
     * @param supporting further findings of warning severity or worse that bear on it, worst first
     * @param chain      the evidence chain, in the method's order: the symptom's lines, then each satisfied step's lines
     * @param suspects   nodes named as the cause (step 4), in natural order
     * @param unproven   what remains unproven: required items still missing, and the rerun that proves the fix
     * @param complete   true when every step the situation needs is satisfied (or blocked with its cause named)
     * @throws NullPointerException when a required component is null
     */
    public Conclusion {
        Objects.requireNonNull(situation, "situation");
        supporting = List.copyOf(supporting);
        chain = List.copyOf(chain);
        suspects = List.copyOf(suspects);
        unproven = List.copyOf(unproven);
    }
}
