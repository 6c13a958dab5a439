package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The typed facts of one tool output: {@code {"kind", "data", "warnings"}} as in DESIGN.md.
 *
 * @param kind     kind id
 * @param data     the parser's record as JSON (its fields are listed in DESIGN.md per kind)
 * @param warnings odd lines, with their line numbers
 */
@RegisterForReflection
public record ParseResponse(
        @Schema(examples = "topo") String kind,
        @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT, nullable = true) Object data,
        List<WarningDto> warnings) {
}
