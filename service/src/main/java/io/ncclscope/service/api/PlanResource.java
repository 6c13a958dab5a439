package io.ncclscope.service.api;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Launchers;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.NodeList;
import io.ncclscope.sdk.localize.PairPlan;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.PlanPairsRequest;
import io.ncclscope.service.dto.PlanPairsResponse;
import io.ncclscope.service.mapping.PlanMapper;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code POST /v1/plan/pairs}: the pairwise two-node tests that name a bad node, with the files that launch them. */
@DecodedBody // its JSON body decoded by the one rule
@Path("/v1/plan/pairs")
@Tag(name = "plan")
public class PlanResource {

    private final PlanMapper mapper;

    PlanResource(PlanMapper mapper) {
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
    @Operation(operationId = "planPairs", summary = "Plan pairwise two-node tests (Slurm, mpirun or Kubernetes)",
            description = "Every node meets every other in rounds of disjoint pairs (or one screening round), so the "
                    + "pairs of a round run at once. Returns the rounds and the launcher files by path: an sbatch "
                    + "script, an mpirun driver and hostfiles, or MPIJob manifests. Feed the results to /v1/localize; "
                    + "give them as 'retest' to plan the second pass (each suspect against known-good nodes). The budget says "
                    + "what the plan costs at most before it runs: rounds, wall time and GPU-hours, each test held to "
                    + "minutesPerTest.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PlanPairsRequest.class),
            examples = @ExampleObject(name = "slurm", value = "{\"nodes\":\"gpu[01-04]\",\"launcher\":\"slurm\",\"gpusPerNode\":8}")))
    @APIResponse(responseCode = "200", description = "The plan and its files",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PlanPairsResponse.class)))
    public PlanPairsResponse plan(@Valid @NotNull(message = "the body is empty") PlanPairsRequest request) {
        List<String> hosts;
        try {
            hosts = NodeList.parse(request.nodes());
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest("nodes: " + e.getMessage());
        }
        if (hosts.size() < 2) throw ProblemException.badRequest("nodes: a pairwise plan needs at least 2 nodes; got " + hosts.size());
        PairPlan plan;
        if (request.retest() != null) {
            // The second pass, as 'ncclscope plan pairs --retest RESULTS'.
            Evidence.Builder b = Evidence.builder();
            for (ArtifactDto a : request.retest()) b.addText(a.name(), a.text(), a.node());
            Localization l = new Localizer().localize(Localizer.read(b.build()));
            if (l.suspects().isEmpty()) {
                return mapper.toDto(PairPlan.retest(List.of(), List.of(), 1),
                        "nothing to retest: no unresolved suspect in the " + request.retest().size() + " results", Map.of(),
                        Launchers.Options.defaults(), false);
            }
            try {
                plan = PairPlan.retest(l, hosts, request.partners() == null ? 2 : request.partners());
            } catch (IllegalArgumentException e) {
                throw ProblemException.unprocessable("retest: " + e.getMessage(), List.of());
            }
        } else {
            plan = Boolean.TRUE.equals(request.screen()) ? PairPlan.screen(hosts) : PairPlan.tournament(hosts);
        }
        Launchers.Kind kind = request.launcher() == null ? Launchers.Kind.slurm
                : Launchers.Kind.valueOf(request.launcher().toLowerCase(Locale.ROOT));
        Map<String, String> files;
        Launchers.Options options;
        try {
            options = mapper.toOptions(request);
            files = Launchers.render(plan, kind, options);
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest(e.getMessage());
        }
        String summary = plan.nodes().size() + " nodes, " + plan.rounds().size() + " rounds, " + plan.tests().size()
                + " two-node tests (all pairs one at a time: " + PairPlan.allPairs(plan.nodes().size()) + ")";
        return mapper.toDto(plan, summary, files, options, kind == Launchers.Kind.slurm);
    }
}
