package io.ncclscope.service.problem;

import io.ncclscope.service.dto.WarningDto;
import java.util.List;

/** A request that ends in a problem response of a given status; resources throw it, {@link ProblemMappers} answers it. */
public final class ProblemException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Type URIs of the problems this service defines. */
    public static final String TYPE_BASE = "https://ncclscope.io/problems/";

    private final int status;
    private final String type;
    private final transient List<WarningDto> warnings;

    /** A problem with {@code status}, a type suffix ({@code unrecognized-input}) and a detail for a person. */
    public ProblemException(int status, String type, String detail) {
        this(status, type, detail, null);
    }

    /** As above, with the parser's warnings (422). */
    public ProblemException(int status, String type, String detail, List<WarningDto> warnings) {
        super(detail);
        this.status = status;
        this.type = type;
        this.warnings = warnings == null ? null : List.copyOf(warnings);
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

    /** 400: the request is wrong in a way validation annotations cannot say. */
    public static ProblemException badRequest(String detail) {
        return new ProblemException(400, "bad-request", detail);
    }

    /** 422: the text is no known tool output, or lacks what the operation needs. */
    public static ProblemException unprocessable(String detail, List<WarningDto> warnings) {
        return new ProblemException(422, "unrecognized-input", detail, warnings);
    }
}
