package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.StepId;
import java.util.List;
import java.util.Objects;

/**
 * One of the five steps, judged against the evidence seen so far.
 *
 * @param id       which step
 * @param status   where it stands
 * @param checks   its checklist, required items first
 * @param blockers finding codes that make the step fail ({@link StepStatus#BLOCKED}); empty otherwise
 * @param commands commands that produce the missing items (or, when blocked, prove the fix); empty when satisfied
 *                 or not needed
 */
public record Step(StepId id, StepStatus status, List<Check> checks, List<String> blockers, List<NextCommand> commands) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param id       which step
     * @param status   where it stands
     * @param checks   its checklist, required items first
     * @param blockers finding codes that make the step fail ({@link StepStatus#BLOCKED}); empty otherwise
     * @param commands commands that produce the missing items (or, when blocked, prove the fix); empty when satisfied
     *         or not needed
     * @throws NullPointerException when a required component is null
     */
    public Step {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        checks = List.copyOf(checks);
        blockers = List.copyOf(blockers);
        commands = List.copyOf(commands);
    }

    /** {@return the required items not yet backed by evidence} */
    public List<Need> missing() {
        List<Need> out = List.of(); // a loop: every report asks it of every step
        for (Check c : checks) {
            if (!c.required() || c.satisfied()) continue;
            if (out.isEmpty()) out = new java.util.ArrayList<>();
            out.add(c.need());
        }
        return List.copyOf(out);
    }

    /** {@return the items backed by evidence, required or not} */
    public List<Check> satisfiedBy() {
        return checks.stream().filter(Check::satisfied).toList();
    }

    /** {@return true when nothing more is asked of this step: satisfied or not needed} */
    public boolean done() {
        return status == StepStatus.SATISFIED || status == StepStatus.NOT_NEEDED;
    }
}
