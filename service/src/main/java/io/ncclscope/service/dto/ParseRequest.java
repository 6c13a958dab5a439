package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/parse} as JSON.
 *
 * @param text the tool output
 * @param kind the kind id ({@code topo}, {@code nccl-log}...); null to detect it
 */
@RegisterForReflection
@Schema(description = "One tool output to parse.")
public record ParseRequest(
        @NotNull String text,
        @Pattern(regexp = "^[a-z0-9-]{1,32}$", message = "must be a kind id such as topo or nccl-log")
        @Schema(nullable = true, examples = "topo") String kind) {
}
