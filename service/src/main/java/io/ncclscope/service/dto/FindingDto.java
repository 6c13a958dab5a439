package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One finding, in the report's language.
 *
 * @param code     catalogue code ({@code GET /v1/rules/{code}})
 * @param severity CRITICAL, ERROR, WARNING or INFO
 * @param title    the catalogue title
 * @param subject  what it is about
 * @param detail   the specific statement
 * @param evidence the lines that prove it
 * @param causes   likely causes, most likely first
 * @param actions  what to do, cheapest first
 * @param nodes    every node the same finding was made on, when it was made alike on several (the report shows it
 *                 once); absent for a finding of one node or none
 */
@RegisterForReflection
public record FindingDto(
        @Schema(examples = "NCCL_DUPLICATE_GPU") String code,
        @Schema(examples = "CRITICAL") String severity,
        String title,
        SubjectDto subject,
        String detail,
        List<EvidenceLineDto> evidence,
        List<String> causes,
        List<ActionDto> actions,
        @Schema(description = "Every node the same finding was made on, in natural order, the subject's node first,"
                + " when it was made alike on several nodes and is shown once; absent for one node or none.")
        List<String> nodes) {
}
