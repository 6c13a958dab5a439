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

    /** Runs the CLI with {@code args}; exits with its exit code (serve: when the server stops). */
    public static void main(String... args) {
        io.ncclscope.cli.Main.main(args);
    }
}
