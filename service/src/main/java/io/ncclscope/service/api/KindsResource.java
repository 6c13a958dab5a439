package io.ncclscope.service.api;

import io.ncclscope.parsers.Kind;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /v1/kinds}: the tool outputs read, with the command that produces each. */
@Path("/v1/kinds")
@Tag(name = "parse")
public class KindsResource {

    /**
     * One kind of input.
     *
     * @param kind    the kind id
     * @param command the command whose output it is
     */
    @RegisterForReflection
    public record KindDto(String kind, String command) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listKinds", summary = "List the tool outputs read, with the command for each")
    @APIResponse(responseCode = "200", description = "The kinds")
    @APIResponse(responseCode = "406", description = "The Accept header allows no JSON")
    public List<KindDto> kinds() {
        return Arrays.stream(Kind.values()).filter(k -> k != Kind.UNKNOWN).map(k -> new KindDto(k.id(), k.command())).toList();
    }
}
