package io.ncclscope.sdk.rules;

import io.ncclscope.sdk.report.FinalReport.ObservationKind;
import io.ncclscope.sdk.report.FixArea;
import java.util.List;
import java.util.Objects;

/**
 * Everything ncclscope knows about one finding code, from its one catalogue entry: the rule (category, default
 * severity, bandwidth segment, sources), its role in the five-step workflow, the symptom the final report states for
 * it, where each of its actions lies, and the keys of its texts in the English and Simplified Chinese bundles.
 *
 * <p>Entries are read from {@value RuleCatalog#BUNDLE_BASE_NAME}{@code .properties}, where each code's block holds
 * the keys {@code CODE.category}, {@code .severity}, {@code .segment}, {@code .workflow} (see {@link WorkflowRole}),
 * {@code .symptom} (optional), {@code .source.N}, the texts, and {@code .action.N.area} beside each action. Look one
 * up with {@link RuleCatalog#code(String)}.
 *
 * @param rule        the code, category, default severity, segment and sources
 * @param workflow    what a finding means to the workflow
 * @param symptom     the symptom the final report states for a finding of this code; null when it states none
 * @param actionAreas where each action lies, in the order of the actions ({@code CODE.action.N.area})
 * @param textKeys    the keys of the code's texts in the English bundle, in file order ({@code CODE.title},
 *                    {@code CODE.meaning}, {@code CODE.cause.N}, {@code CODE.action.N}, {@code CODE.action.N.command},
 *                    and the sentences a finding states, {@code CODE.detail.NAME});
 *                    the Chinese bundle has the same keys
 */
public record FindingCode(Rule rule, WorkflowRole workflow, Symptom symptom, List<FixArea.Placement> actionAreas,
                          List<String> textKeys) {

    /**
     * A symptom the final report states from findings of a code: a located bandwidth loss (pairwise and scaling runs)
     * or jitter.
     *
     * @param kind {@link ObservationKind#BANDWIDTH} or {@link ObservationKind#JITTER}; failures are chosen by severity
     *             and category, never by code
     * @param from the least severity of a finding that is stated
     */
    public record Symptom(ObservationKind kind, FindingSeverity from) {

        /**
         * Checks the components.
         *
         * @param kind {@link ObservationKind#BANDWIDTH} or {@link ObservationKind#JITTER}
         * @param from the least severity of a finding that is stated
         * @throws NullPointerException     when a component is null
         * @throws IllegalArgumentException when the kind is {@link ObservationKind#FAILURE}
         */
        public Symptom {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(from, "from");
            if (kind == ObservationKind.FAILURE) throw new IllegalArgumentException("a failure is not chosen by code");
        }

        /**
         * {@return whether a finding of {@code severity} is stated as this symptom}
         *
         * @param severity the finding's severity
         */
        public boolean states(FindingSeverity severity) {
            return severity.atLeast(from);
        }
    }

    /**
     * Checks the components and copies the lists.
     *
     * @param rule        the code, category, default severity, segment and sources
     * @param workflow    what a finding means to the workflow
     * @param symptom     the symptom the final report states; null for none
     * @param actionAreas where each action lies, in the order of the actions
     * @param textKeys    the keys of the code's texts, in file order
     * @throws NullPointerException     when a component other than the symptom is null
     * @throws IllegalArgumentException when there is no action area or no text key
     */
    public FindingCode {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(workflow, "workflow");
        actionAreas = List.copyOf(actionAreas);
        textKeys = List.copyOf(textKeys);
        if (actionAreas.isEmpty() || textKeys.isEmpty()) {
            throw new IllegalArgumentException(rule.code() + " needs action areas and texts");
        }
    }

    /** {@return the finding code, e.g. {@code NCCL_CONNECT_FAILED}} */
    public String code() {
        return rule.code();
    }

    /**
     * {@return where action {@code index} (1-based, as in the texts) lies and whether it fixes or checks}
     *
     * @param index the 1-based action number
     * @throws IllegalArgumentException when the code has no such action
     */
    public FixArea.Placement actionArea(int index) {
        if (index < 1 || index > actionAreas.size()) {
            throw new IllegalArgumentException(code() + " has no action " + index);
        }
        return actionAreas.get(index - 1);
    }
}
