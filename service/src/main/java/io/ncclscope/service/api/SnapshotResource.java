package io.ncclscope.service.api;

import io.ncclscope.collect.Collector;
import io.ncclscope.collect.Manifest;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.service.config.ServiceConfig;
import io.ncclscope.service.mapping.ParseMapper;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /v1/node/snapshot}: for an agent deployment, this node's facts, collected now and parsed. Off unless
 * {@code ncclscope.service.snapshot.enabled=true}; then a bearer token ({@code ncclscope.service.snapshot.token})
 * is required. It runs the {@code collect} module's fixed allow-list (no shell, nothing from the request reaches a
 * command line), each command with {@code snapshot.command-timeout}, one snapshot at a time.
 */
@Path("/v1/node/snapshot")
@Tag(name = "node")
@SecurityScheme(securitySchemeName = SnapshotResource.SECURITY_SCHEME, type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The token set as ncclscope.service.snapshot.token, sent as Authorization: Bearer TOKEN")
public class SnapshotResource {

    /** The name of the bearer-token security scheme in the contract. */
    static final String SECURITY_SCHEME = "snapshotToken";

    /**
     * One collected output, parsed.
     *
     * @param name     its path in the bundle
     * @param node     the node
     * @param kind     kind id
     * @param data     the typed facts
     * @param warnings odd lines
     */
    @RegisterForReflection
    public record SnapshotArtifact(String name, String node, String kind, Object data,
                                   List<io.ncclscope.service.dto.WarningDto> warnings) {
    }

    /**
     * The parsed bundle.
     *
     * @param manifest  what ran, with each command's outcome (the bundle's manifest.json)
     * @param artifacts every output, parsed
     */
    @RegisterForReflection
    public record Snapshot(@Schema(type = SchemaType.OBJECT) Object manifest, List<SnapshotArtifact> artifacts) {
    }

    private final ServiceConfig config;
    private final AnalysisPool pool;
    private final ParseMapper parses;
    private final Semaphore one = new Semaphore(1);

    SnapshotResource(ServiceConfig config, AnalysisPool pool, ParseMapper parses) {
        this.config = config;
        this.pool = pool;
        this.parses = parses;
    }

    @GET
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
    @Operation(operationId = "nodeSnapshot", summary = "Collect and parse this node's facts now (agent deployments; off by default)",
            description = "Runs the fixed allow-list of 'ncclscope collect' on the node the service runs on (nvidia-smi, "
                    + "lspci, ibstat, ethtool, ip, dmesg... with no shell and no argument from the request), each with a "
                    + "timeout, and returns the manifest and every output parsed. 404 unless enabled; 401 without the "
                    + "bearer token; 503 while another snapshot runs.")
    @APIResponse(responseCode = "200", description = "The parsed bundle",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Snapshot.class)))
    @APIResponse(responseCode = "401", description = "No or wrong bearer token",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "The endpoint is off",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @SecurityRequirement(name = SECURITY_SCHEME)
    public Snapshot snapshot(@Parameter(hidden = true) @HeaderParam("Authorization") String authorization) {
        ServiceConfig.Snapshot cfg = config.snapshot();
        if (!cfg.enabled()) {
            throw new ProblemException(404, "snapshot-off", "the node snapshot is off; start the service with "
                    + "-Dncclscope.service.snapshot.enabled=true and a token to use it");
        }
        String token = cfg.token().filter(t -> !t.isBlank()).orElseThrow(() -> new ProblemException(503, "snapshot-no-token",
                "the node snapshot is enabled but no token is configured (ncclscope.service.snapshot.token); it will not run unguarded"));
        String given = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                ? authorization.substring(7).trim() : "";
        if (!MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8))) {
            throw new ProblemException(401, "unauthorized", "send the snapshot token as 'Authorization: Bearer TOKEN'");
        }
        if (!one.tryAcquire()) throw new ProblemException(503, "busy", "a snapshot is already running; retry in a moment");
        try {
            return pool.run("snapshot", () -> {
                java.nio.file.Path dir = Files.createTempDirectory("ncclscope-snapshot-");
                try {
                    Collector c = Collector.builder().timeout(cfg.commandTimeout()).build();
                    Manifest m = c.collect(dir, line -> { });
                    Evidence e = NcclScope.evidence(dir);
                    List<SnapshotArtifact> arts = new ArrayList<>();
                    for (Artifact a : e.artifacts()) {
                        var p = parses.toDto(a.result());
                        arts.add(new SnapshotArtifact(a.name(), a.node().orElse(null), p.kind(), p.data(), p.warnings()));
                    }
                    return new Snapshot(Json.parse(Json.write(m)), arts);
                } finally {
                    AnalyzeResource.deleteTree(dir);
                }
            });
        } finally {
            one.release();
        }
    }
}
