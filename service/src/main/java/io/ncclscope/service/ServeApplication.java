package io.ncclscope.service;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;

/** The REST service as a Quarkus application: it serves until the process is asked to stop (SIGTERM, Ctrl-C). */
public final class ServeApplication implements QuarkusApplication {

    @Override
    public int run(String... args) {
        Quarkus.waitForExit();
        return 0;
    }
}
