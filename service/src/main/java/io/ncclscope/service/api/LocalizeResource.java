package io.ncclscope.service.api;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Launchers;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.NextPass;
import io.ncclscope.sdk.localize.PairHeatmap;
import io.ncclscope.sdk.localize.PairReport;
import io.ncclscope.sdk.localize.PairResult;
import io.ncclscope.sdk.report.Verdict;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.LocalizeRequest;
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
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/localize}: two-node results in, the slow node or slow path out, as {@code ncclscope localize}
 * prints it; {@code Accept: image/svg+xml} gives the node × node heatmap.
 */
@DecodedBody // its JSON body decoded by the one rule
@Path("/v1/localize")
@Tag(name = "localize")
public class LocalizeResource {

    private final AnalysisPool pool;

    @Context
    HttpHeaders headers;

    LocalizeResource(AnalysisPool pool) {
        this.pool = pool;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, "image/svg+xml", Problem.MEDIA_TYPE})
    @Operation(operationId = "localize", summary = "Name the slow node or slow path from two-node test results",
            description = "Each artifact is one two-node nccl-tests output (hosts from its '# Rank ... on HOST' lines, "
                    + "else from a name like gpu01__gpu02.txt). Returns the pair matrix, SLOW_NODE and SLOW_PAIR "
                    + "findings, the suspects to retest and, when suspects remain, the next pass ('next': each suspect "
                    + "against known-good nodes, its rounds, budget and the command that writes its files). Accept: text/markdown for a chat, image/svg+xml for the heatmap.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = LocalizeRequest.class),
            examples = @ExampleObject(name = "pairs", value = "{\"artifacts\":[{\"name\":\"gpu01__gpu02.txt\",\"text\":\"...all_reduce_perf output...\"},"
                    + "{\"name\":\"gpu01__gpu03.txt\",\"text\":\"...\"},{\"name\":\"gpu02__gpu03.txt\",\"text\":\"...\"}],\"fraction\":0.8}")))
    @APIResponse(responseCode = "200", description = "The localization, as 'ncclscope localize --format json' prints it",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT)))
    @APIResponse(responseCode = "422", description = "No two-node nccl-tests result in the input",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response localize(@Valid @NotNull(message = "the body is empty") LocalizeRequest request) {
        boolean svg = headers.getAcceptableMediaTypes().stream()
                .anyMatch(m -> "image".equals(m.getType()) && "svg+xml".equals(m.getSubtype()));
        Format f = svg ? Format.JSON : Format.choose(null, headers, java.util.EnumSet.of(Format.JSON, Format.MARKDOWN, Format.TEXT));
        Locale locale = Locales.of(request.lang());
        Localizer localizer;
        try {
            localizer = new Localizer(request.expect(), request.fraction() == null ? 0.8 : request.fraction());
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest(e.getMessage());
        }
        return pool.run("localize", () -> {
            Evidence.Builder b = Evidence.builder();
            for (ArtifactDto a : request.artifacts()) b.addText(a.name(), a.text(), a.node());
            List<PairResult> results = Localizer.read(b.build());
            if (results.isEmpty()) throw ProblemException.unprocessable("no two-node nccl-tests result in the input", null);
            Localization l = localizer.localize(results);
            String verdict = (l.slowNodes().isEmpty() && l.slowPairs().isEmpty() ? Verdict.HEALTHY : Verdict.PROBLEMS).jsonValue();
            if (svg) return Response.ok(PairHeatmap.svg(l), "image/svg+xml").header(Reports.VERDICT_HEADER, verdict).build();
            // The next pass as the CLI plans it, its command reading the results from pairs/ (where the plan's
            // launchers write them) with the launch defaults; POST /v1/plan/pairs with 'retest' writes its files.
            NextPass next = NextPass.of(l, List.of("pairs/"), Launchers.Kind.slurm, Launchers.Options.defaults(), 2)
                    .orElse(null);
            String body = switch (f) {
                case MARKDOWN -> PairReport.markdown(l, locale, io.ncclscope.sdk.Surface.REST, next);
                case TEXT -> PairReport.text(l, locale, io.ncclscope.sdk.Surface.REST, next);
                default -> PairReport.json(l, locale, next);
            };
            return Response.ok(body, f.mediaType()).header(Reports.VERDICT_HEADER, verdict).build();
        });
    }
}
