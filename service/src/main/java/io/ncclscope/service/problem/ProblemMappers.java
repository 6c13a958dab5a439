package io.ncclscope.service.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.quarkus.logging.Log;
import io.vertx.core.http.HttpServerRequest;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every failure into one RFC 9457 problem: validation (400), bad JSON (400), unknown path or rule (404),
 * wrong media type (415), unacceptable Accept (406), unrecognised input (422), busy or too slow (503), and
 * anything unexpected (500, logged, with no internals in the body).
 */
public final class ProblemMappers {

    /** A problem response. */
    public static Response response(int status, String type, String detail, String instance,
                                    List<io.ncclscope.service.dto.WarningDto> warnings,
                                    List<Problem.Violation> violations) {
        Response.Status.Family f = Response.Status.Family.familyOf(status);
        Response.StatusType st = Response.Status.fromStatusCode(status);
        String title = st != null ? st.getReasonPhrase() : f.name();
        if (status == 422) title = "Unprocessable Content";
        if (status == 413) title = "Content Too Large";
        Problem p = new Problem(type, title, status, detail, instance, warnings, violations);
        Response.ResponseBuilder b = Response.status(status).type(Problem.MEDIA_TYPE).entity(p);
        if (status == 503) b.header("Retry-After", "1");
        return b.build();
    }

    @ServerExceptionMapper
    public Response problem(ProblemException e, HttpServerRequest req) {
        return response(e.status(), e.type(), e.getMessage(), req.path(), e.warnings(), e.violations());
    }

    @ServerExceptionMapper
    public Response validation(ConstraintViolationException e, HttpServerRequest req) {
        return problem(ProblemException.invalid(e.getConstraintViolations().stream()
                .map(v -> new Problem.Violation(field(v), v.getMessage())).toList()), req);
    }

    /** Whether {@code e} is the multipart parser's refusal of a body (a client's error, not ours). */
    private static boolean fromMultipartParser(Throwable e) {
        for (StackTraceElement f : e.getStackTrace()) {
            if (f.getClassName().startsWith("org.jboss.resteasy.reactive.server.core.multipart.")) return true;
        }
        return false;
    }

    /** {@code toDto.arg0.artifacts[0].name} to {@code artifacts[0].name}: the method and parameter are noise to a caller. */
    private static String field(ConstraintViolation<?> v) {
        String p = v.getPropertyPath().toString();
        String[] parts = p.split("\\.", 3);
        if (parts.length == 3) return parts[2];
        if (parts.length == 2) return parts[1];
        return p;
    }

    /**
     * A body that is JSON but not the JSON expected: a wrong type, an unknown field, an array for an object. The
     * detail names the field and what it should be, in the words of the contract, not of the Java types.
     */
    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER - 100)
    public Response mismatch(MismatchedInputException e, HttpServerRequest req) {
        return response(400, ProblemException.TYPE_BASE + "malformed-json", JsonMismatch.detail(e), req.path(), null, null);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, HttpServerRequest req) {
        if (e instanceof MismatchedInputException m) return mismatch(m, req);
        // Jackson names Java types between backticks (`io.ncclscope...Request`): internals a client has no use for.
        String msg = e.getOriginalMessage() == null ? "unreadable" : e.getOriginalMessage().replaceAll("`[^`]*`", "a value");
        return response(400, ProblemException.TYPE_BASE + "malformed-json", "the body is not the JSON expected: " + msg,
                req.path(), null, null);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, HttpServerRequest req) {
        int status = e.getResponse().getStatus();
        if (status >= 500) Log.error("request failed", e);
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof JsonProcessingException j) return json(j, req);
        }
        String detail = switch (status) {
            case 404 -> "no such resource: " + req.method() + " " + req.path() + " (the contract is GET /q/openapi)";
            case 405 -> "method " + req.method() + " is not allowed on " + req.path();
            case 406 -> "cannot produce what Accept asks for (" + req.getHeader("Accept")
                    + "); see the operation's media types in /q/openapi";
            case 415 -> "content type " + req.getHeader("Content-Type") + " is not accepted here; see /q/openapi";
            default -> e.getMessage();
        };
        return response(status, "about:blank", detail, req.path(), null, null);
    }

    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER + 1000)
    public Response unexpected(Throwable e, HttpServerRequest req) {
        if (e instanceof java.io.IOException && fromMultipartParser(e)) {
            return response(400, ProblemException.TYPE_BASE + "bad-request", "the multipart body could not be read: "
                    + "the boundary in Content-Type must match the body's, and every part must end", req.path(), null, null);
        }
        Log.errorf(e, "internal error on %s %s", req.method(), req.path());
        return response(500, "about:blank", "internal error; the server log has the details. Please report it with "
                + "the input that caused it.", req.path(), null, null);
    }
}
