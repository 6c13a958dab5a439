package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;

/**
 * A {@link Finding} in the reader's language: the JSON shape of DESIGN.md,
 * {@code {code, severity, title, subject, detail, evidence[], causes[], actions[]}}.
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
public record LocalizedFinding(String code, FindingSeverity severity, String title, Subject subject, String detail,
                               List<EvidenceLine> evidence, List<String> causes, List<Action> actions) {

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
     */
    public LocalizedFinding {
        evidence = List.copyOf(evidence);
        causes = List.copyOf(causes);
        actions = List.copyOf(actions);
    }
}
