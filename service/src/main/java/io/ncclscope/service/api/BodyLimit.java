package io.ncclscope.service.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ncclscope.service.config.ServiceConfig;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import io.quarkus.logging.Log;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.HttpException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Locale;

/**
 * The edge of the service, before any resource: what a client may send and how slowly. Each refusal is a problem
 * (RFC 9457), never a bare status:
 * <ul>
 *   <li>a body larger than {@code ncclscope.service.max-body-size}: 413, from its {@code Content-Length} before it
 *       is read, or, for a chunked body with no length ({@code kubectl logs | curl --data-binary @-}), when the
 *       buffered body passes the size;</li>
 *   <li>a request line longer than {@link #MAX_URI_CHARS}: 414 (Vert.x itself refuses lines past
 *       {@code quarkus.http.limits.max-initial-line-length}, set well above, with a bare 414);</li>
 *   <li>a body not fully received within {@code ncclscope.service.body-read-timeout}: 408 and the connection
 *       closed (a client sending a byte every few seconds);</li>
 *   <li>a path or query that is no valid URI (a bad %-encoding, a space): 400 with the reason;</li>
 *   <li>what the framework refuses before a resource runs (a multipart body that does not parse): 400 with the
 *       reason, and nothing in the log.</li>
 * </ul>
 */
@ApplicationScoped
public class BodyLimit {

    /**
     * The system property that turns off Quarkus's own check of the request URI, which answers a URI that does not
     * parse (a bad %-encoding) with a bare 400 before any route: {@link #install} makes the same check first and
     * answers a problem. Set to {@code true} before Quarkus starts ({@code ServeCommand}; the build's test JVMs).
     */
    public static final String VERTX_URI_VALIDATION = "vertx.disableURIValidation";

    /** Longest path and query answered; a longer one gets a 414 problem. */
    static final int MAX_URI_CHARS = 8192;

    void install(@Observes Router router, ServiceConfig config, ObjectMapper json) {
        long max = config.maxBodySize().asLongValue();
        long bodyTimeout = config.bodyReadTimeout().toMillis();
        BodyHandler chunked = BodyHandler.create(false).setBodyLimit(max);
        router.route().order(-1000).handler(ctx -> {
            HttpServerRequest req = ctx.request();
            if (req.uri().length() > MAX_URI_CHARS) {
                send(ctx, json, 414, "uri-too-long", "the path and query have " + req.uri().length()
                        + " characters; this service takes at most " + MAX_URI_CHARS + ". Send long values in the body");
                return;
            }
            try {
                // Quarkus's own check of the same (a bare 400) is off: see ServeCommand and VERTX_URI_VALIDATION.
                if (!plainUri(req.uri())) new java.net.URI(req.uri());
                ctx.queryParams();
            } catch (java.net.URISyntaxException | HttpException | IllegalArgumentException e) {
                send(ctx, json, 400, "bad-request", "the path or query is not a valid URI: a bad %-encoding (a % must "
                        + "be followed by two hex digits; send a literal % as %25) or a character that must be %-encoded "
                        + "(a space, \", <, >, {, }, |, \\, ^ or `)");
                return;
            }
            long length = contentLength(req);
            if (length > max) {
                send(ctx, json, 413, "too-large", tooLarge("the body has " + length + " bytes", max));
                return;
            }
            if (!req.isEnded()) {
                long timer = ctx.vertx().setTimer(bodyTimeout, id -> {
                    if (received(ctx, length) || ctx.response().headWritten()) return;
                    // A slow client is not waited for: the connection goes once the answer is written.
                    send(ctx, json, 408, "body-timeout", "the body was not received within " + bodyTimeout / 1000.0
                            + " s (ncclscope.service.body-read-timeout); send it at once")
                            .onComplete(done -> req.connection().close());
                });
                ctx.addEndHandler(v -> ctx.vertx().cancelTimer(timer));
            }
            String type = req.getHeader("Content-Type");
            boolean multipart = type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
            if (length < 0 && !req.isEnded() && !multipart) {
                // No length: buffer it here, within the limit, so that passing it is our problem, not a bare 413.
                chunked.handle(ctx);
                return;
            }
            ctx.next();
        });
        router.route().order(-1000).failureHandler(ctx -> failed(ctx, json, max));
    }

    /**
     * Whether {@code uri} is a path and query that {@link java.net.URI} reads without fail, so that parsing it may be
     * skipped (most requests): it starts with one {@code /}, and holds only characters legal in both a path and a query
     * (letters, digits, {@code -._~!$&'()*+,;=:@/?}) and {@code %} escapes of two hex digits. Anything else is parsed.
     */
    static boolean plainUri(String uri) {
        int n = uri.length();
        if (n == 0 || uri.charAt(0) != '/' || (n > 1 && uri.charAt(1) == '/')) return false;
        for (int i = 1; i < n; i++) {
            char c = uri.charAt(i);
            if (c == '%') {
                if (i + 2 >= n || !hex(uri.charAt(i + 1)) || !hex(uri.charAt(i + 2))) return false;
                i += 2;
            } else if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || PLAIN.indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean hex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** The characters besides ASCII letters and digits that {@link #plainUri} takes. */
    private static final String PLAIN = "-._~!$&'()*+,;=:@/?";

    /** The framework's own refusals, answered as problems. */
    private static void failed(RoutingContext ctx, ObjectMapper json, long max) {
        if (ctx.response().headWritten()) {
            ctx.next();
            return;
        }
        Throwable failure = ctx.failure();
        int status = failure instanceof HttpException h ? h.getStatusCode() : ctx.statusCode();
        if (status == 413) {
            send(ctx, json, 413, "too-large", tooLarge("the body is larger than that", max));
        } else if (status == 400 || isDecoding(failure)) {
            send(ctx, json, 400, "bad-request", "the request could not be read: a bad %-encoding in the path or "
                    + "query, a malformed header, or a multipart body that does not match the boundary in Content-Type");
        } else if (status >= 400 && status < 500) {
            send(ctx, json, status, "bad-request", "the request was refused before it reached the service");
        } else {
            Log.errorf(failure, "internal error on %s %s", ctx.request().method(), ctx.request().path());
            send(ctx, json, 500, "internal", "internal error; the server log has the details. Please report it with "
                    + "the input that caused it.");
        }
    }

    /**
     * Whether the whole body has arrived: a reader may pause the request with its last bytes buffered (then Vert.x's
     * {@code isEnded()} stays false), so the bytes read are counted against the length given, and a chunked body is
     * whole once buffered here.
     */
    private static boolean received(RoutingContext ctx, long length) {
        HttpServerRequest req = ctx.request();
        return req.isEnded() || (length >= 0 && req.bytesRead() >= length) || ctx.body().available();
    }

    /** Whether {@code failure} is a body or query that does not decode (Netty's and the JDK's words for it). */
    private static boolean isDecoding(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof IllegalArgumentException || t.getClass().getName().startsWith("io.netty.handler.codec")) return true;
        }
        return false;
    }

    private static String tooLarge(String what, long max) {
        return what + "; this service takes at most " + max + " bytes (ncclscope.service.max-body-size). Send the "
                + "relevant part, or run 'ncclscope analyze' locally";
    }

    private static long contentLength(HttpServerRequest req) {
        String len = req.getHeader("Content-Length");
        if (len == null) return -1;
        try {
            return Long.parseLong(len.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Ends the exchange with a problem and {@code Connection: close} (Vert.x closes it once the client has sent what
     * it was sending, so a client still writing its body reads the answer instead of a reset).
     */
    private static io.vertx.core.Future<Void> send(RoutingContext ctx, ObjectMapper json, int status, String type, String detail) {
        Problem p = Problem.of(status, ProblemException.TYPE_BASE + type, detail, ctx.request().path());
        String body;
        try {
            body = json.writeValueAsString(p);
        } catch (Exception e) {
            body = "{\"status\":" + status + "}";
        }
        return ctx.response().setStatusCode(status).putHeader("Content-Type", Problem.MEDIA_TYPE)
                .putHeader("Connection", "close").end(body);
    }
}
