package io.ncclscope.service.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.workflow.Workflow;
import io.ncclscope.sdk.workflow.WorkflowJson;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.WorkflowRequest;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/workflow}: the five steps of the method as a state the client keeps. State in, new evidence in,
 * the next state out (which step is satisfied, what is missing, the exact commands to run next); the server keeps
 * nothing between calls.
 */
@DecodedBody // its JSON body decoded by the one rule
@Path("/v1/workflow")
@Tag(name = "workflow")
public class WorkflowResource {

    private final AnalysisPool pool;
    private final ObjectMapper json;

    WorkflowResource(AnalysisPool pool, ObjectMapper json) {
        this.pool = pool;
        this.json = json;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
    @Operation(operationId = "workflow", summary = "Advance the five-step workflow: state in, evidence in, state out",
            description = "Start with artifacts alone; send the returned state back with the next outputs you collected. "
                    + "The answer (schemaVersion 1.x) says where the investigation stands (current step), each step's "
                    + "checks and what is missing, the filled-in next commands, and the conclusion once step 5 holds.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WorkflowRequest.class),
            examples = @ExampleObject(name = "start", value = "{\"artifacts\":[{\"name\":\"job.log\",\"text\":\"gpu01:2231:2231 [0] NCCL INFO "
                    + "NET/Socket : Using [0]eth0:10.0.0.11<0>\\ngpu01:2231:2231 [0] NCCL INFO Using network Socket\\n\"}]}")))
    @APIResponse(responseCode = "200", description = "The next state: the SDK's WorkflowJson",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "422", description = "The state is not a workflow state this version reads",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response workflow(@Valid @NotNull(message = "the body is empty") WorkflowRequest request) {
        Locale locale = Locales.of(request.lang());
        return pool.run("workflow", () -> {
            Workflow state = Workflow.empty();
            if (request.state() != null) {
                try {
                    state = WorkflowJson.read(json.writeValueAsString(request.state()));
                } catch (IllegalArgumentException | JsonProcessingException e) {
                    throw ProblemException.unprocessable("state: " + e.getMessage(), null);
                }
            }
            Workflow next = state;
            if (request.artifacts() != null && !request.artifacts().isEmpty()) {
                Evidence.Builder b = Evidence.builder();
                for (ArtifactDto a : request.artifacts()) b.addText(a.name(), a.text(), a.node());
                next = NcclScope.workflow(state, b.build());
            }
            return Response.ok(WorkflowJson.write(next, locale), MediaType.APPLICATION_JSON).build();
        });
    }
}
