package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The contract of {@code analyze}'s JSON: the SDK's report JSON ({@code Renderers.json}), the very bytes
 * {@code ncclscope analyze --format json} prints. The service does not build this record: it describes the body for
 * the OpenAPI document, and a test binds every corpus report to it, so it cannot drift from what is sent.
 *
 * @param verdict   {@code healthy}, {@code problems} or {@code inconclusive} (no problem found, but not enough evidence
 *                  to judge: {@code coverage.gaps} says why)
 * @param worst     worst severity found; null when nothing was found
 * @param summary   the verdict in one sentence
 * @param coverage  what the verdict rests on: each family of checks as checked or not
 * @param language  {@code en} or {@code zh-CN}
 * @param nodes     nodes seen
 * @param artifacts what was read: every input up to 1,000, else the first 1,000
 * @param inputs    every input counted
 * @param findings  findings, worst first
 * @param segments  the three bandwidth segments against their expectations
 * @param attribution the segment that limits the job and the share of the shortfall each cause explains; absent when
 *                  no segment is slow
 * @param problems  inputs that could not be read
 * @param workflow  the five-step workflow of this evidence: the state {@code POST /v1/workflow} answers and reads back
 */
@RegisterForReflection
@Schema(description = "Verdict, findings with their evidence lines, bandwidth segments, the workflow.")
public record ReportDto(
        @Schema(enumeration = {"healthy", "problems", "inconclusive"}, examples = "problems") String verdict,
        @Schema(nullable = true, examples = "CRITICAL") String worst,
        String summary,
        CoverageDto coverage,
        @Schema(examples = "en") String language,
        List<String> nodes,
        List<ArtifactSummaryDto> artifacts,
        InputTallyDto inputs,
        List<FindingDto> findings,
        List<SegmentDto> segments,
        @Schema(nullable = true) AttributionDto attribution,
        List<ProblemItemDto> problems,
        @Schema(type = SchemaType.OBJECT, description = "The five-step workflow of this evidence (schemaVersion 1.x): "
                + "where the investigation stands, each step's checks, the next commands and the conclusion; the "
                + "state POST /v1/workflow answers and reads back.")
        Map<String, Object> workflow) {
}
