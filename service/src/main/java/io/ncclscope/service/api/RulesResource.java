package io.ncclscope.service.api;

import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.Rule;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.rules.RuleText;
import io.ncclscope.service.dto.Languages;
import io.ncclscope.service.dto.RuleDto;
import io.ncclscope.service.mapping.RuleMapper;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import io.ncclscope.service.render.Format;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /v1/rules}: the catalogue of finding codes, with causes and actions, in English or Chinese. */
@Path("/v1/rules")
@Tag(name = "rules")
@Produces({MediaType.APPLICATION_JSON, "text/markdown", Problem.MEDIA_TYPE})
public class RulesResource {

    static final Set<Format> OFFERED = EnumSet.of(Format.JSON, Format.MARKDOWN);

    private final RuleMapper mapper;

    @Context
    HttpHeaders headers;

    RulesResource(RuleMapper mapper) {
        this.mapper = mapper;
    }

    @GET
    @Operation(operationId = "listRules", summary = "List every finding code with its meaning, causes and actions")
    @APIResponse(responseCode = "200", description = "The catalogue",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = RuleDto.class)))
    @APIResponse(responseCode = "400", description = "lang is no language offered",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response rules(@QueryParam("lang") @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE)
                          @Parameter(description = "en (default) or zh-CN") String lang) {
        Format f = Format.choose(null, headers, OFFERED);
        Locale l = Locales.of(lang);
        List<Rule> all = RuleCatalog.all();
        return respond(f, all, l);
    }

    @GET
    @Path("/{code}")
    @Operation(operationId = "getRule", summary = "One finding code in full")
    @APIResponse(responseCode = "200", description = "The rule",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RuleDto.class)))
    @APIResponse(responseCode = "404", description = "No such code",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response rule(@PathParam("code") @Parameter(description = "A finding code, e.g. NCCL_CONNECT_FAILED") String code,
                         @QueryParam("lang") @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE)
                         @Parameter(description = "en (default) or zh-CN") String lang) {
        Format f = Format.choose(null, headers, OFFERED);
        Rule r = RuleCatalog.find(code.trim().toUpperCase(Locale.ROOT)).orElseThrow(() ->
                new ProblemException(404, "unknown-rule", "unknown finding code '" + code + "'; GET /v1/rules lists them"));
        Locale l = Locales.of(lang);
        if (f == Format.JSON) return Response.ok(mapper.toDto(r, RuleCatalog.text(r.code(), l)), f.mediaType()).build();
        return respond(f, List.of(r), l);
    }

    private Response respond(Format f, List<Rule> rules, Locale l) {
        if (f == Format.JSON) {
            return Response.ok(rules.stream().map(r -> mapper.toDto(r, RuleCatalog.text(r.code(), l))).toList(), f.mediaType()).build();
        }
        StringBuilder sb = new StringBuilder();
        for (Rule r : rules) {
            RuleText t = RuleCatalog.text(r.code(), l);
            sb.append("### `").append(r.code()).append("` — ").append(t.title()).append("\n\n");
            sb.append("*").append(r.category()).append(" · ").append(r.defaultSeverity()).append("*\n\n").append(t.meaning()).append("\n\n");
            for (String c : t.causes()) sb.append("- ").append(c).append("\n");
            sb.append("\n");
            int i = 1;
            for (Action a : t.actions()) {
                sb.append(i++).append(". ").append(a.text()).append(a.hasCommand() ? " `" + a.command() + "`" : "").append("\n");
            }
            sb.append("\n");
        }
        return Response.ok(sb.toString(), f.mediaType()).build();
    }
}
