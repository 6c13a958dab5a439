package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One diagnosis, independent of language: a catalogue code, how bad it is, what it is about, the
 * specific statement, the lines that prove it, and the values that fill the catalogue's action commands.
 * {@link Diagnosis#localize} turns it into the reader's language with the catalogue's title, causes and actions.
 *
 * @param code     a {@link RuleCatalog} code
 * @param severity how bad, for this occurrence
 * @param subject  what it is about
 * @param detail   the specific statement ("GPU3 reaches its nearest NIC mlx5_2 only through SYS")
 * @param evidence the lines that prove it, most telling first
 * @param params   values for the {@code ${name}} placeholders of the code's action commands ({@code iface}, {@code peer}...)
 */
public record Finding(String code, FindingSeverity severity, Subject subject, Message detail,
                      List<EvidenceLine> evidence, Map<String, String> params) {

    /** Most evidence lines kept per finding. */
    public static final int MAX_EVIDENCE = 12;

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required, checks the values.
     *
     * @param code     a {@link RuleCatalog} code
     * @param severity how bad, for this occurrence
     * @param subject  what it is about
     * @param detail   the specific statement ("GPU3 reaches its nearest NIC mlx5_2 only through SYS")
     * @param evidence the lines that prove it, most telling first
     * @param params   values for the {@code ${name}} placeholders of the code's action commands ({@code iface}, {@code peer}...)
     * @throws NullPointerException when a required component is null
     * @throws IllegalArgumentException when a value is out of range
     */
    public Finding {
        Objects.requireNonNull(code, "code");
        if (RuleCatalog.find(code).isEmpty()) throw new IllegalArgumentException("not a catalogue code: " + code);
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(detail, "detail");
        evidence = List.copyOf(evidence.size() > MAX_EVIDENCE ? evidence.subList(0, MAX_EVIDENCE) : evidence);
        params = Message.orderedCopy(params);
    }

    // equals and hashCode by hand, as the record's own would be: the generated ones are bootstrapped through
    // invokedynamic (java.lang.runtime.ObjectMethods) at their first call, which the AOT cache cannot keep, and
    // that first call was the largest single cost of a short command in the node bundle. RecordEqualityTest holds
    // them to the record contract.
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Finding o && Objects.equals(code, o.code)
                && Objects.equals(severity, o.severity) && Objects.equals(subject, o.subject) && Objects.equals(detail, o.detail)
                && Objects.equals(evidence, o.evidence) && Objects.equals(params, o.params);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, severity, subject, detail, evidence, params);
    }
}
