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
        List<ActionDto> actions) {
}
