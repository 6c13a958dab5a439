package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One side of a comparison (or one node count of a scaling series): a label and its outputs.
 *
 * @param label     what the run is called; switch names in it count ({@code ib-disable}, {@code no-p2p})
 * @param artifacts its nccl-tests outputs (and NCCL logs)
 */
@RegisterForReflection
@Schema(description = "A labelled set of nccl-tests outputs.")
public record ArtifactSetDto(
        @NotBlank @Size(max = 512) @Schema(examples = "ib-disable") String label,
        @NotEmpty @Size(max = 10_000) List<@NotNull @Valid ArtifactDto> artifacts) {
}
