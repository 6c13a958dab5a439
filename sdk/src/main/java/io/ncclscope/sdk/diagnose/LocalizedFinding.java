package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;

/**
 * A {@link Finding} in the reader's language: the JSON shape of DESIGN.md,
 * {@code {code, severity, title, subject, detail, evidence[], causes[], actions[]}}, plus {@code nodes[]} when the
 * same finding was made on several nodes and the report shows it once.
 *
 * @param code     catalogue code
 * @param severity how bad
 * @param title    the catalogue title
 * @param subject  what it is about (for a finding of several nodes: on the first of {@code nodes})
 * @param detail   the specific statement (for a finding of several nodes: the first node's)
 * @param evidence the lines that prove it (for a finding of several nodes: those of the first few nodes)
 * @param causes   likely causes, most likely first
 * @param actions  what to do, cheapest first, commands filled with this finding's values
 * @param nodes    every node the same finding was made on, in natural order, the subject's node first; null when
 *                 the finding is about one node or none (the JSON then has no {@code nodes})
 */
public record LocalizedFinding(String code, FindingSeverity severity, String title, Subject subject, String detail,
                               List<EvidenceLine> evidence, List<String> causes, List<Action> actions,
                               List<String> nodes) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param code     catalogue code
     * @param severity how bad
     * @param title    the catalogue title
     * @param subject  what it is about
     * @param detail   the specific statement
     * @param evidence the lines that prove it
     * @param causes   likely causes, most likely first
     * @param actions  what to do, cheapest first, commands filled with this finding's values
     * @param nodes    every node the same finding was made on, the subject's node first; null for one node or none
     */
    public LocalizedFinding {
        evidence = List.copyOf(evidence);
        causes = List.copyOf(causes);
        actions = List.copyOf(actions);
        nodes = nodes == null ? null : List.copyOf(nodes);
    }

    /**
     * A finding of one node or none ({@link #nodes()} null).
     *
     * @param code     catalogue code
     * @param severity how bad
     * @param title    the catalogue title
     * @param subject  what it is about
     * @param detail   the specific statement
     * @param evidence the lines that prove it
     * @param causes   likely causes, most likely first
     * @param actions  what to do, cheapest first, commands filled with this finding's values
     */
    public LocalizedFinding(String code, FindingSeverity severity, String title, Subject subject, String detail,
                            List<EvidenceLine> evidence, List<String> causes, List<Action> actions) {
        this(code, severity, title, subject, detail, evidence, causes, actions, null);
    }

    /** {@return how many nodes this finding was made on: the size of {@link #nodes()}, else 1 when the subject names a node, else 0} */
    public int nodeCount() {
        return nodes != null ? nodes.size() : subject.node() != null ? 1 : 0;
    }
}
