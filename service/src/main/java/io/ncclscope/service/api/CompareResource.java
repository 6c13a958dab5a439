package io.ncclscope.service.api;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.compare.AbPlanner;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.compare.SideExpectation;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Verdict;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.ArtifactSetDto;
import io.ncclscope.service.dto.CompareRequest;
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
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/compare}: the A/B switch method on two sets of nccl-tests results, or a scaling series. The answer
 * is what {@code ncclscope compare} prints ({@code --format json|md|text|html}; HTML draws both runs on one chart
 * with each side's expectation).
 */
@DecodedBody // its JSON body decoded by the one rule
@Path("/v1/compare")
@Tag(name = "compare")
public class CompareResource {

    static final Set<Format> OFFERED = EnumSet.of(Format.JSON, Format.MARKDOWN, Format.TEXT, Format.HTML);

    private final AnalysisPool pool;

    @Context
    HttpHeaders headers;

    CompareResource(AnalysisPool pool) {
        this.pool = pool;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(operationId = "compare", summary = "Compare an A/B pair of nccl-tests runs, or find the scaling knee",
            description = "A/B: a is the default run, b the same with one NCCL switch changed (NCCL_IB_DISABLE=1, "
                    + "NCCL_P2P_DISABLE=1...; read from -J env, NCCL's 'set by environment' lines, the command line, "
                    + "then the labels). Returns the reading (RDMA suspect, congestion suspect...), both sides' "
                    + "plateau and jitter beside the segment each side measures and the busbw its hardware should give there "
                    + "(expectedBusBw; null without hardware facts), and the runs to make next. Scaling: one set per node count; returns the "
                    + "knee where busbw drops below the model. Accept: text/html gives one page that draws both runs on one chart, "
                    + "each side's expectation a dashed line in its run's colour.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CompareRequest.class),
            examples = @ExampleObject(name = "ab", value = "{\"a\":{\"label\":\"default\",\"artifacts\":[{\"name\":\"default.txt\",\"text\":\"...all_reduce_perf output...\"}]},"
                    + "\"b\":{\"label\":\"ib-disable\",\"artifacts\":[{\"name\":\"ib-disable.txt\",\"text\":\"...all_reduce_perf output with NCCL_IB_DISABLE=1...\"}]}}")))
    @APIResponse(responseCode = "200", description = "The comparison, as 'ncclscope compare --format json' prints it; "
            + "mode is compare or scaling", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT)))
    @APIResponse(responseCode = "422", description = "A side without an nccl-tests table, two runs that cannot be compared "
            + "(different collectives, operations, data types, size ranges, rank or node counts), or no usable scaling point",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response compare(@Valid @NotNull(message = "the body is empty") CompareRequest request) {
        Format f = Format.choose(null, headers, OFFERED);
        Locale locale = Locales.of(request.lang());
        return pool.run("compare", () -> {
            String body;
            boolean suspect;
            if (request.isScaling()) {
                List<Evidence> sets = new ArrayList<>();
                for (ArtifactSetDto s : request.scaling()) sets.add(evidence(s));
                Scaling sc = Scaling.of(sets);
                if (sc.points().isEmpty()) {
                    throw ProblemException.unprocessable("no multi-rank nccl-tests table with a known node count in the input", null);
                }
                suspect = sc.findings().stream().anyMatch(x -> x.severity().atLeast(FindingSeverity.WARNING));
                body = NcclScope.render(sc, f.sdk(), locale);
            } else {
                Evidence a = evidence(request.a());
                Evidence b = evidence(request.b());
                for (var side : List.of(List.of("a", request.a().label(), a), List.of("b", request.b().label(), b))) {
                    if (((Evidence) side.get(2)).all(NcclTestsData.class).isEmpty()) {
                        throw ProblemException.unprocessable("side " + side.get(0) + " (" + side.get(1)
                                + ") has no nccl-tests table", null);
                    }
                }
                Comparison c = Comparison.of(request.a().label(), a, request.b().label(), b);
                if (c.reading() == Comparison.Reading.NOT_JUDGED) {
                    // Nothing can be said of the two sides (different collectives, operations, data types, size
                    // ranges, rank or node counts): the reason, as the CLI's exit 2 gives it, never "no suspect".
                    throw ProblemException.unprocessable(c.summary().render(locale), null);
                }
                suspect = c.findings().stream().anyMatch(x -> x.severity().atLeast(FindingSeverity.WARNING));
                body = NcclScope.render(c, AbPlanner.plan(List.of(a, b), c), List.of(SideExpectation.of(a), SideExpectation.of(b)),
                        f.sdk(), locale);
            }
            return Response.ok(body, f.mediaType()).header(Reports.VERDICT_HEADER, (suspect ? Verdict.PROBLEMS : Verdict.HEALTHY).jsonValue()).build();
        });
    }

    static Evidence evidence(ArtifactSetDto set) {
        Evidence.Builder b = Evidence.builder();
        for (ArtifactDto a : set.artifacts()) b.addText(a.name(), a.text(), a.node());
        return b.build();
    }
}
