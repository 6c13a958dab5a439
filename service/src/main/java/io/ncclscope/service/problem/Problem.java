package io.ncclscope.service.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.ncclscope.service.dto.WarningDto;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The one error shape of the service: RFC 9457 problem details ({@code application/problem+json}).
 *
 * @param type       a URI naming the kind of problem ({@code about:blank} when the status says it all)
 * @param title      the status in words
 * @param status     the HTTP status
 * @param detail     what went wrong with this request, for a person
 * @param instance   the request path
 * @param warnings   for 422: the parser's warnings on the text that was not recognised; null otherwise
 * @param violations for 400 from validation: each field and what is wrong with it; null otherwise
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "Problem", description = "RFC 9457 problem details.")
public record Problem(
        @Schema(examples = "https://ncclscope.io/problems/unrecognized-input") String type,
        @Schema(examples = "Unprocessable Content") String title,
        @Schema(examples = "422") int status,
        @Schema(examples = "no known tool output in the input (GET /v1/rules lists what is read)") String detail,
        @Schema(examples = "/v1/analyze") String instance,
        @Schema(nullable = true) List<WarningDto> warnings,
        @Schema(nullable = true) List<Violation> violations) {

    /** The media type of a problem. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /**
     * One failed constraint.
     *
     * @param field   the field path ({@code artifacts[0].name}) or parameter
     * @param message what is wrong
     */
    @RegisterForReflection
    public record Violation(String field, String message) {
    }
}
