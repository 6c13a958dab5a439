package io.ncclscope.service.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ncclscope.service.config.ServiceConfig;
import io.ncclscope.service.problem.Problem;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Refuses a body larger than {@code ncclscope.service.max-body-size} before it is read, with a 413 problem. A chunked
 * body with no length is cut at the same size by Vert.x ({@code quarkus.http.limits.max-body-size}, set from the
 * same setting), which answers a bare 413.
 */
@ApplicationScoped
public class BodyLimit {

    void install(@Observes Router router, ServiceConfig config, ObjectMapper json) {
        long max = config.maxBodySize().asLongValue();
        router.route().order(-1000).handler(ctx -> {
            String len = ctx.request().getHeader("Content-Length");
            long n;
            try {
                n = len == null ? -1 : Long.parseLong(len.trim());
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n > max) {
                Problem p = new Problem(io.ncclscope.service.problem.ProblemException.TYPE_BASE + "too-large",
                        "Content Too Large", 413, "the body has " + n + " bytes; this service takes at most " + max
                        + " (ncclscope.service.max-body-size). Send the relevant part, or run 'ncclscope analyze' "
                        + "locally", ctx.request().path(), null, null);
                String body;
                try {
                    body = json.writeValueAsString(p);
                } catch (Exception e) {
                    body = "{\"status\":413}";
                }
                ctx.response().setStatusCode(413).putHeader("Content-Type", Problem.MEDIA_TYPE)
                        .putHeader("Connection", "close").end(body);
                return;
            }
            ctx.next();
        });
    }
}
