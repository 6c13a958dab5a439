package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The verdict of {@code analyze}: the JSON of DESIGN.md, the same as {@code ncclscope analyze --format json}.
 *
 * @param verdict   {@code healthy} or {@code problems}
 * @param worst     worst severity found; null when nothing was found
 * @param summary   the verdict in one sentence
 * @param language  {@code en} or {@code zh-CN}
 * @param nodes     nodes seen
 * @param artifacts what was read: every input up to 1,000, else the first 1,000
 * @param inputs    every input counted
 * @param findings  findings, worst first
 * @param segments  the three bandwidth segments against their expectations
 * @param problems  inputs that could not be read
 */
@RegisterForReflection
@Schema(description = "Verdict, findings with their evidence lines, bandwidth segments.")
public record ReportDto(
        @Schema(examples = "problems") String verdict,
        @Schema(nullable = true, examples = "CRITICAL") String worst,
        String summary,
        @Schema(examples = "en") String language,
        List<String> nodes,
        List<ArtifactSummaryDto> artifacts,
        InputTallyDto inputs,
        List<FindingDto> findings,
        List<SegmentDto> segments,
        List<ProblemItemDto> problems) {
}
