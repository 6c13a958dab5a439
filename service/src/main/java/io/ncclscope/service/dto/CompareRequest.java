package io.ncclscope.service.dto;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/compare}: either an A/B pair ({@code a} and {@code b}) or a scaling series ({@code scaling}).
 *
 * @param a       side A (the default run); null in scaling mode
 * @param b       side B (one switch changed); null in scaling mode
 * @param scaling one set per node count; null in A/B mode
 * @param lang    {@code en} (default when null) or {@code zh-CN}
 */
@RegisterForReflection
@Schema(description = "Two runs that differ in one NCCL switch (a, b), or a scaling series (scaling).")
public record CompareRequest(
        @Valid @Schema(nullable = true) ArtifactSetDto a,
        @Valid @Schema(nullable = true) ArtifactSetDto b,
        @Size(min = 2, max = 64) @Schema(nullable = true) List<@NotNull @Valid ArtifactSetDto> scaling,
        @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Schema(nullable = true) String lang) {

    /** Exactly one mode: a and b together, or scaling alone. */
    @JsonIgnore
    @Schema(hidden = true)
    @AssertTrue(message = "give a and b (A/B switch method), or scaling (two or more node counts), not both")
    public boolean isOneMode() {
        boolean ab = a != null && b != null;
        boolean partial = (a == null) != (b == null);
        return !partial && (ab ^ (scaling != null));
    }

    /** Whether this is a scaling series. */
    @JsonIgnore
    @Schema(hidden = true)
    public boolean isScaling() {
        return scaling != null;
    }
}
