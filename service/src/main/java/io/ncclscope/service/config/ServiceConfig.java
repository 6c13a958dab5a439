package io.ncclscope.service.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Settings of {@code ncclscope serve}, under {@code ncclscope.service.*} (system properties, environment
 * variables such as {@code NCCLSCOPE_SERVICE_MAX_BODY_SIZE}, or {@code application.properties}).
 */
@ConfigMapping(prefix = "ncclscope.service")
public interface ServiceConfig {

    /** Largest request body; a larger one gets a 413 problem. Default 8 MiB: a chat paste is a few KiB. */
    @WithDefault("8M")
    MemorySize maxBodySize();

    /** Analyses that run at once; default: the number of cores. More wait in the queue. */
    OptionalInt maxConcurrentAnalyses();

    /** Analyses that may wait for a free slot; when the queue is full a request gets a 503 problem. */
    @WithDefault("512")
    int queueSize();

    /** Longest a request may wait and run; past it the analysis is cancelled and the request gets a 503 problem. */
    @WithDefault("60s")
    Duration requestTimeout();

    /** Most files and folders (folders count) the archives of one request may unpack to; past it, a 413 problem. */
    @WithDefault("20000")
    int maxArchiveEntries();

    /** Most folders an archive entry may be nested in; deeper is a 400 problem. */
    @WithDefault("32")
    int maxArchiveDepth();

    /**
     * Longest a client may take to send its whole body, from the request line to the last byte; past it the request
     * gets a 408 problem and the connection is closed (a client that sends a byte every few seconds holds a
     * connection no longer than this). The idle timeout ({@code quarkus.http.idle-timeout}) still cuts a silent one.
     */
    @WithDefault("30s")
    Duration bodyReadTimeout();

    /** Most bytes all uploads of one request may unpack to (an archive bomb stops here with a 413 problem). */
    @WithDefault("512M")
    MemorySize maxUnpackedSize();

    /** The node-local snapshot endpoint. */
    Snapshot snapshot();

    /** {@code GET /v1/node/snapshot}: off unless enabled, and then guarded by a token. */
    interface Snapshot {

        /** Whether the endpoint answers at all (default false: 404). */
        @WithDefault("false")
        boolean enabled();

        /** The bearer token a caller must send; the endpoint refuses to run without one configured. */
        Optional<String> token();

        /** Longest one command of the allow-list may run. */
        @WithDefault("20s")
        Duration commandTimeout();
    }
}
