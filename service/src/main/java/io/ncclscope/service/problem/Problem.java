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
     * {@return a problem with the status's own title and no warnings or violations}
     *
     * @param status   the HTTP status
     * @param type     the type URI
     * @param detail   what went wrong, for a person
     * @param instance the request path
     */
    public static Problem of(int status, String type, String detail, String instance) {
        return new Problem(type, title(status), status, detail, instance, null, null);
    }

    /** {@return the title of {@code status}: its reason phrase as RFC 9110 words it} */
    public static String title(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 408 -> "Request Timeout";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 415 -> "Unsupported Media Type";
            case 422 -> "Unprocessable Content";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> status >= 500 ? "Server Error" : "Client Error";
        };
    }

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
