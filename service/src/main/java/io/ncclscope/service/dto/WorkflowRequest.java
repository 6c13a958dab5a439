package io.ncclscope.service.dto;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/workflow}: the state so far (as a previous call returned it) and the new evidence.
 *
 * @param state     the workflow state returned by the last call (schemaVersion 1.x); null to start afresh
 * @param artifacts new outputs to add; null or empty to only re-render the state
 * @param lang      {@code en} (default when null) or {@code zh-CN}
 */
@RegisterForReflection
@Schema(description = "Workflow state in (null to start), new evidence in.")
public record WorkflowRequest(
        @Schema(type = SchemaType.OBJECT, nullable = true, description = "The state a previous call returned") Map<String, Object> state,
        @Size(max = 10_000) @Schema(nullable = true) List<@NotNull @Valid ArtifactDto> artifacts,
        @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Schema(nullable = true) String lang) {

    /** A call brings a state, evidence, or both. */
    @JsonIgnore
    @Schema(hidden = true)
    @AssertTrue(message = "give the state of a previous call, artifacts, or both")
    public boolean isSomething() {
        return state != null || (artifacts != null && !artifacts.isEmpty());
    }
}
