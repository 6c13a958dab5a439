package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One finding code of the catalogue, in one language.
 *
 * @param code     the stable code
 * @param category the part of the analysis
 * @param severity default severity
 * @param segment  the bandwidth segment its evidence bounds ({@code NONE} when none)
 * @param title    short headline
 * @param meaning  what it means
 * @param causes   likely causes
 * @param actions  next steps
 * @param sources  where the rule comes from
 */
@RegisterForReflection
public record RuleDto(
        @Schema(examples = "NCCL_CONNECT_FAILED") String code,
        String category, String severity, String segment, String title, String meaning,
        List<String> causes, List<ActionDto> actions, List<String> sources) {
}
