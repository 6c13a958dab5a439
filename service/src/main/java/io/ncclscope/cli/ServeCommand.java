package io.ncclscope.cli;

import io.ncclscope.service.ServeApplication;
import io.quarkus.runtime.Quarkus;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ncclscope serve}: the REST service (the SDK over HTTP, for chat-ops bots, dashboards and CI). */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Run the REST service: the same analysis over HTTP, for chat bots, dashboards and CI.",
            "POST a pasted log, named artifacts (JSON) or files and bundle archives (multipart) to /v1/analyze "
                    + "and get the verdict as JSON, Markdown (Accept: text/markdown), or a Slack or Feishu/Lark "
                    + "message (?render=slack|feishu). Also /v1/parse, /v1/compare, /v1/plan/pairs, /v1/localize, "
                    + "/v1/rules. The contract is /q/openapi; health /q/health, Prometheus metrics /q/metrics.",
            "Any Quarkus setting can be given as -Dname=value before the command (for example "
                    + "-Dncclscope.service.max-concurrent-analyses=8) or as an environment variable "
                    + "(NCCLSCOPE_SERVICE_MAX_BODY_SIZE=16M). Stop with Ctrl-C or SIGTERM.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope serve                               on 127.0.0.1:8080",
            "  ncclscope serve --host 0.0.0.0 --port 9000    reachable from other hosts",
            "  curl -s --data-binary @job.log -H 'Content-Type: text/plain' \\",
            "      -H 'Accept: text/markdown' localhost:8080/v1/analyze",
            "  curl -s -F file=@bundle.tar.gz localhost:8080/v1/analyze",
            "",
            "Exit codes:",
            "  0  stopped on request",
            "  2  usage error",
            "  3  the server could not start (port in use...)"
        })
@SuppressForbidden("Quarkus hands the server's exit code back to call(); the process ends with it")
public final class ServeCommand implements Callable<Integer> {

    @Option(names = {"-p", "--port"}, paramLabel = "N",
            description = "TCP port to listen on (default 8080, or -Dquarkus.http.port; 0 picks a free one).")
    Integer port;

    @Option(names = "--host", paramLabel = "H",
            description = "Address to bind (default 127.0.0.1, this machine only; 0.0.0.0 for every interface).")
    String host;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (port != null && (port < 0 || port > 65535)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be 0..65535; got " + port);
        }
        if (host != null && host.isBlank()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--host must not be empty");
        }
        // Quarkus reads system properties first; the options, when given, are what they mean.
        if (port != null) System.setProperty("quarkus.http.port", Integer.toString(port));
        if (host != null) System.setProperty("quarkus.http.host", host);
        // The service checks request URIs itself and answers a bad one with a problem, not Quarkus's bare 400.
        System.setProperty(io.ncclscope.service.api.BodyLimit.VERTX_URI_VALIDATION, "true");
        // The start's first runs of OpenAPI's and Micrometer's code, and the validated classes' annotations read, on
        // another core (ServeWarmup); the validator itself is built on a thread of its own (BackgroundValidatorFactory).
        ServeWarmup.start();
        Quarkus.run(ServeApplication.class, (code, failure) -> {
            if (failure != null) {
                spec.commandLine().getErr().println("ncclscope: the server could not start: " + causes(failure));
                spec.commandLine().getErr().flush();
                System.exit(Main.INTERNAL);
            }
            System.exit(code);
        });
        return Main.OK;
    }

    /**
     * What made the start fail, for an operator: Quarkus wraps the cause (a port in use, a misspelled
     * {@code ncclscope.service.*} setting) in "Failed to start quarkus", so each distinct message of the cause chain is
     * named, outermost first, joined by "; caused by: ".
     */
    static String causes(Throwable failure) {
        StringBuilder text = new StringBuilder();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        String last = null;
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().strip();
            // new X(cause) takes cause.toString() for its message: the cause says it itself, without its class name.
            if (t.getCause() != null && message.equals(t.getCause().toString())) continue;
            if (message.equals(last) || (last != null && last.contains(message))) continue;
            if (text.length() > 0) text.append("; caused by: ");
            text.append(message);
            last = message;
        }
        return text.toString();
    }
}
