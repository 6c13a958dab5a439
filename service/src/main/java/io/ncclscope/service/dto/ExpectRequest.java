package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/expect}: a node's tool outputs, or a named system or spec, in; the expected busbw of each collective
 * out, as {@code ncclscope expect} prints it. Exactly one of {@code artifacts} and {@code system}.
 *
 * @param artifacts one node's outputs (nvidia-smi, topo, ibstat, ethtool, nccl-tests); null when {@code system} is given
 * @param system    a named system ({@code h100-sxm-8x400g}) or a spec ({@code 8xH100-SXM,8x400g}); null with artifacts
 * @param nodes     node count of the multi-node figures; null for 2
 * @param lang      {@code en} (default when null) or {@code zh-CN}
 */
@RegisterForReflection
@Schema(description = "A node's outputs, or a named system or spec, to count the expected busbw of.")
public record ExpectRequest(
        @Size(min = 1, max = 100_000) List<@NotNull @Valid ArtifactDto> artifacts,
        @Size(min = 1, max = 200) @Pattern(regexp = "^[A-Za-z0-9 ,._/-]{1,200}$", message = "a system name or spec: letters, digits, ',', '.', '_', '-'")
        @Schema(nullable = true, examples = "h100-sxm-8x400g") String system,
        @Min(1) @Max(100_000) @Schema(nullable = true, examples = "2") Integer nodes,
        @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Schema(nullable = true) String lang) {
}
