package io.ncclscope.service.problem;

import io.ncclscope.service.dto.WarningDto;
import java.util.Comparator;
import java.util.List;

/** A request that ends in a problem response of a given status; resources throw it, {@link ProblemMappers} answers it. */
public final class ProblemException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Type URIs of the problems this service defines. */
    public static final String TYPE_BASE = "https://ncclscope.io/problems/";

    private final int status;
    private final String type;
    private final transient List<WarningDto> warnings;
    private final transient List<Problem.Violation> violations;

    /** A problem with {@code status}, a type suffix ({@code unrecognized-input}) and a detail for a person. */
    public ProblemException(int status, String type, String detail) {
        this(status, type, detail, null);
    }

    /** As above, with the parser's warnings (422). */
    public ProblemException(int status, String type, String detail, List<WarningDto> warnings) {
        this(status, type, detail, warnings, null);
    }

    private ProblemException(int status, String type, String detail, List<WarningDto> warnings,
                             List<Problem.Violation> violations) {
        super(detail);
        this.status = status;
        this.type = type;
        this.warnings = warnings == null ? null : List.copyOf(warnings);
        this.violations = violations;
    }

    /** The HTTP status. */
    public int status() {
        return status;
    }

    /** The full type URI. */
    public String type() {
        return TYPE_BASE + type;
    }

    /** Warnings to attach; null when none. */
    public List<WarningDto> warnings() {
        return warnings;
    }

    /** Violations to attach (400 {@code invalid-request}); null when none. */
    public List<Problem.Violation> violations() {
        return violations;
    }

    /**
     * 400 {@code invalid-request}: the answer to failed constraints, whether Bean Validation found them or a resource
     * checked them by hand. The violations are sorted by field, then message; the detail names the one violation, or
     * counts them.
     *
     * @param violations at least one
     * @return the problem to throw
     */
    public static ProblemException invalid(List<Problem.Violation> violations) {
        List<Problem.Violation> vs = violations.stream()
                .sorted(Comparator.comparing(Problem.Violation::field).thenComparing(Problem.Violation::message))
                .toList();
        String detail = vs.size() == 1 ? vs.get(0).field() + ": " + vs.get(0).message() : vs.size() + " fields are invalid";
        return new ProblemException(400, "invalid-request", detail, null, vs);
    }

    /** 400: the request is wrong in a way validation annotations cannot say. */
    public static ProblemException badRequest(String detail) {
        return new ProblemException(400, "bad-request", detail);
    }

    /** 422: the text is no known tool output, or lacks what the operation needs. */
    public static ProblemException unprocessable(String detail, List<WarningDto> warnings) {
        return new ProblemException(422, "unrecognized-input", detail, warnings);
    }
}
