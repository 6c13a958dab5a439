package io.ncclscope.service;

import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * The entry point of the packaged binary ({@code quarkus-run.jar}). It hands every command to the picocli
 * CLI ({@link io.ncclscope.cli.Main}); only {@code ncclscope serve} boots Quarkus and the HTTP server
 * ({@link io.ncclscope.cli.ServeCommand}), so {@code analyze}, {@code parse} and the rest start as fast as a
 * plain Java program and print no banner.
 */
@QuarkusMain
public final class NcclScopeMain {

    private NcclScopeMain() {
    }

    /**
     * With no arguments and {@code -D}{@value #SERVE_PROPERTY}{@code =true}, serves: that is how
     * {@code @QuarkusIntegrationTest} (which passes JVM flags, not arguments) and a container entry point start it.
     */
    public static final String SERVE_PROPERTY = "ncclscope.serve";

    /** Runs the CLI with {@code args}; exits with its exit code (serve: when the server stops). */
    public static void main(String... args) {
        String[] a = args.length == 0 && Boolean.getBoolean(SERVE_PROPERTY) ? new String[] {"serve"} : args;
        io.ncclscope.cli.Main.main(a);
    }
}
