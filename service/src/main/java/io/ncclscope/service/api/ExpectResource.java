package io.ncclscope.service.api;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.bandwidth.Expectations;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.ExpectRequest;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import io.ncclscope.service.render.Format;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code POST /v1/expect}: the busbw each collective should reach on a node's hardware, as {@code ncclscope expect} prints it. */
@DecodedBody // its JSON body decoded by the one rule
@Path("/v1/expect")
@Tag(name = "expect")
public class ExpectResource {

    private final AnalysisPool pool;

    @Context
    HttpHeaders headers;

    ExpectResource(AnalysisPool pool) {
        this.pool = pool;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, Problem.MEDIA_TYPE})
    @Operation(operationId = "expect", summary = "Count the expected busbw of each collective from the hardware",
            description = "Give one node's outputs (artifacts) or a named system or spec (system), not both. Returns every "
                    + "collective's latency band and plateau for 1 node and for 'nodes' nodes, the degraded parts that lower "
                    + "them, the derivation of every figure and its sources. Accept: text/markdown for a chat, text/plain for the full text.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExpectRequest.class),
            examples = @ExampleObject(name = "named system", value = "{\"system\":\"h100-sxm-8x400g\",\"nodes\":4}")))
    @APIResponse(responseCode = "200", description = "The expectation, as 'ncclscope expect --format json' prints it",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT)))
    @APIResponse(responseCode = "400", description = "Neither or both of artifacts and system, an unknown system or a bad spec",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response expect(@Valid @NotNull(message = "the body is empty") ExpectRequest request) {
        Format f = Format.choose(null, headers, java.util.EnumSet.of(Format.JSON, Format.MARKDOWN, Format.TEXT));
        Locale locale = Locales.of(request.lang());
        boolean hasArtifacts = request.artifacts() != null && !request.artifacts().isEmpty();
        boolean hasSystem = request.system() != null && !request.system().isBlank();
        if (hasArtifacts == hasSystem) throw ProblemException.badRequest("give either artifacts (a node's outputs) or system (a named system or spec), not "
                + (hasArtifacts ? "both" : "neither"));
        int nodes = request.nodes() == null ? 2 : request.nodes();
        Expectations.Result result;
        if (hasSystem) {
            try {
                result = NcclScope.expect(request.system(), nodes);
            } catch (IllegalArgumentException e) {
                throw ProblemException.badRequest(e.getMessage());
            }
        } else {
            result = null;
        }
        final Expectations.Result named = result;
        return pool.run("expect", () -> {
            Expectations.Result r = named;
            if (r == null) {
                Evidence.Builder b = Evidence.builder();
                for (ArtifactDto a : request.artifacts()) b.addText(a.name(), a.text(), a.node());
                r = NcclScope.expect(b.build(), nodes);
            }
            io.ncclscope.sdk.Format out = switch (f) {
                case MARKDOWN -> io.ncclscope.sdk.Format.MARKDOWN;
                case TEXT -> io.ncclscope.sdk.Format.TEXT;
                default -> io.ncclscope.sdk.Format.JSON;
            };
            return Response.ok(NcclScope.render(r, out, locale), f.mediaType()).build();
        });
    }
}
