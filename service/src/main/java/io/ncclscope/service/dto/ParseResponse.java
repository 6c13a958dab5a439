package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The typed facts of one tool output: {@code {"kind", "data", "warnings"}} as in DESIGN.md. One command's output on
 * several nodes as a fleet tool prints it (pdsh, clush, dshbak, ansible) is read per node: {@code nodes} holds each
 * node's facts, {@code kind} the kind they share (null when they differ), {@code data} is null.
 *
 * @param kind     kind id; for a fleet output, the kind its nodes share, null when they differ
 * @param data     the parser's record as JSON (its fields are listed in DESIGN.md per kind); null for a fleet output
 * @param warnings odd lines, with their line numbers
 * @param nodes    each node's facts, in the order the nodes first appear; null unless the text is a fleet output
 */
@RegisterForReflection
public record ParseResponse(
        @Schema(examples = "topo", nullable = true) String kind,
        @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT, nullable = true) Object data,
        List<WarningDto> warnings,
        @Schema(nullable = true, description = "Each node's facts when the text is one command's output on several nodes "
                + "(pdsh, clush, dshbak, ansible); line numbers count that node's own lines") List<NodeFacts> nodes) {

    /**
     * One node's facts in a fleet tool's output.
     *
     * @param node     the node, as the fleet tool named it
     * @param kind     kind id
     * @param data     the parser's record as JSON
     * @param warnings odd lines, numbered within the node's own lines
     */
    @RegisterForReflection
    public record NodeFacts(@Schema(examples = "gpu01") String node, @Schema(examples = "ibstat") String kind,
                            @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT, nullable = true) Object data,
                            List<WarningDto> warnings) {
    }
}
