package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One named input: a tool output as text.
 *
 * @param name what to call it in evidence lines ({@code node1/topo.txt}); never blank
 * @param node the node it comes from; null to take it from the content (NCCL line prefixes, nccl-tests hosts)
 * @param text the tool output, as printed
 */
@RegisterForReflection
@Schema(description = "One named tool output.")
public record ArtifactDto(
        @NotBlank @Size(max = 512) @Schema(examples = "node1/job.log") String name,
        @Size(max = 255) @Schema(nullable = true, examples = "gpu01") String node,
        @NotNull @Schema(examples = "gpu01:1234:1234 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>") String text) {
}
