package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/analyze} with named artifacts.
 *
 * @param artifacts the inputs, at least one
 * @param lang      {@code en} (default when null) or {@code zh-CN}
 */
@RegisterForReflection
@Schema(description = "Named tool outputs to analyze together.")
public record AnalyzeRequest(
        @NotEmpty @Size(max = 10_000) List<@NotNull @Valid ArtifactDto> artifacts,
        @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Schema(nullable = true, examples = "en") String lang) {
}
