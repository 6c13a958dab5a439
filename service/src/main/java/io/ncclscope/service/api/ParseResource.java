package io.ncclscope.service.api;

import io.ncclscope.parsers.FleetOutputs;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.service.dto.ParseRequest;
import io.ncclscope.service.dto.ParseResponse;
import io.ncclscope.service.mapping.ParseMapper;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code POST /v1/parse}: one tool output to its typed facts, kind detected or given. */
@Path("/v1/parse")
@Tag(name = "parse")
@Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
public class ParseResource {

    static final String TOPO_EXAMPLE = "        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity\n"
            + "GPU0     X      NV18    PXB     0-47    0\n"
            + "GPU1    NV18     X      SYS     48-95   1\n"
            + "NIC0    PXB     SYS      X\n\n"
            + "Legend:\n\n  X    = Self\n\nNIC Legend:\n\n  NIC0: mlx5_0\n";

    static final String SUMMARY = "Parse one tool output into typed facts (kind detected or given)";
    static final String DESCRIPTION = "The body is JSON {text, kind?} at /v1/parse, or the output as printed "
            + "(text/plain, ?kind= to force the kind) at /v1/parse/text; POST /v1/parse takes text/plain too. Returns {kind, data, warnings}; data's fields per kind are those of 'ncclscope "
            + "parse' (DESIGN.md). One command's output on several nodes as pdsh, clush, dshbak or ansible print it "
            + "is read per node (no kind given): nodes holds each node's {node, kind, data, warnings}, kind the kind "
            + "they share. 422 when the text is no known tool output, or not of the kind given, with the "
            + "parser's warnings. GET /v1/kinds lists the kinds.";

    private final AnalysisPool pool;
    private final ParseMapper mapper;

    ParseResource(AnalysisPool pool, ParseMapper mapper) {
        this.pool = pool;
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.TEXT_PLAIN)
    @Operation(hidden = true) // in the contract as parseText, at /v1/parse/text: one operation per body type
    public ParseResponse parseText(
            @NotNull(message = "the body is empty: paste a tool output") String text,
            @QueryParam("kind") @Pattern(regexp = "^[a-z0-9-]{1,32}$", message = "must be a kind id such as topo or nccl-log")
            @Parameter(description = "Kind id (GET /v1/kinds); detected when omitted") String kind) {
        return parse(text, kind);
    }

    @POST
    @Path("text")
    @Consumes(MediaType.TEXT_PLAIN)
    @Operation(operationId = "parseText", summary = "Parse one pasted tool output into typed facts (kind detected or given)",
            description = DESCRIPTION)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.TEXT_PLAIN, examples = @ExampleObject(name = "topo", value = TOPO_EXAMPLE)))
    @APIResponse(responseCode = "200", description = "The typed facts",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ParseResponse.class)))
    @APIResponse(responseCode = "400", description = "The request is malformed or names an unknown kind",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "No known tool output",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public ParseResponse parsePastedText(
            @NotNull(message = "the body is empty: paste a tool output") String text,
            @QueryParam("kind") @Pattern(regexp = "^[a-z0-9-]{1,32}$", message = "must be a kind id such as topo or nccl-log")
            @Parameter(description = "Kind id (GET /v1/kinds); detected when omitted") String kind) {
        return parse(text, kind);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @DecodedBody
    @Operation(operationId = "parse", summary = SUMMARY, description = DESCRIPTION)
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ParseRequest.class),
            examples = @ExampleObject(name = "ibstat", value = "{\"text\":\"CA 'mlx5_0'\\n\\tCA type: MT4123\\n\\tPort 1:\\n"
                    + "\\t\\tState: Active\\n\\t\\tPhysical state: LinkUp\\n\\t\\tRate: 200\\n\\t\\tLink layer: InfiniBand\\n\",\"kind\":\"ibstat\"}")))
    @APIResponse(responseCode = "200", description = "The typed facts",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ParseResponse.class)))
    @APIResponse(responseCode = "400", description = "The request is malformed or names an unknown kind",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "No known tool output",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public ParseResponse parseJson(@Valid @NotNull(message = "the body is empty") ParseRequest request) {
        return parse(request.text(), request.kind());
    }

    private ParseResponse parse(String text, String kindId) {
        Kind kind = null;
        if (kindId != null) {
            kind = Kind.fromId(kindId).filter(k -> k != Kind.UNKNOWN).orElseThrow(() ->
                    ProblemException.badRequest("unknown kind '" + kindId + "'; GET /v1/kinds lists them"));
        }
        Kind k = kind;
        return pool.run("parse", () -> {
            if (k == null) {
                List<FleetOutputs.NodeOutput> nodes = FleetOutputs.parse(text, io.ncclscope.parsers.ParseLimits.DEFAULTS);
                if (!nodes.isEmpty()) return mapper.toDto(nodes);
            }
            ParseResult<?> r;
            try {
                r = Parsers.parse(new StringReader(text), k, io.ncclscope.parsers.ParseLimits.DEFAULTS);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ParseResponse dto = mapper.toDto(r);
            if (r.kind() == Kind.UNKNOWN || r.hasErrors()) {
                throw ProblemException.unprocessable(r.kind() == Kind.UNKNOWN
                        ? "not a known tool output; GET /v1/kinds lists what is read, or give ?kind="
                        : "read as " + r.kind().id() + " with errors (see warnings)", dto.warnings());
            }
            return dto;
        });
    }
}
