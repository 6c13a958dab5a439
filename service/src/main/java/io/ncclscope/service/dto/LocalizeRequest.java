package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/localize}: two-node nccl-tests results in, the slow node or slow path out.
 *
 * @param artifacts two-node results; hosts come from the {@code # Rank ... on HOST} lines, else from names {@code A__B.txt}
 * @param expect    expected pair busbw in GB/s; null to judge against the median pair
 * @param fraction  share of the median (or of {@code expect}) below which a pair is slow; null for 0.8
 * @param lang      {@code en} (default when null) or {@code zh-CN}
 */
@RegisterForReflection
@Schema(description = "Two-node test results to localize the slow node or path.")
public record LocalizeRequest(
        @NotEmpty @Size(max = 100_000) List<@NotNull @Valid ArtifactDto> artifacts,
        @Positive @Schema(nullable = true, examples = "180") Double expect,
        @DecimalMin(value = "0.01") @DecimalMax(value = "1.0") @Schema(nullable = true, examples = "0.8") Double fraction,
        @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Schema(nullable = true) String lang) {
}
