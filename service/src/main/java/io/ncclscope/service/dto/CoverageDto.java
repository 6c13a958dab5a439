package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a report's verdict rests on: each family of checks as checked or not, and why the verdict is inconclusive.
 *
 * @param checks one entry per family of checks, in a fixed order
 * @param gaps   why the evidence cannot answer its question; empty unless the verdict is {@code inconclusive}
 */
@RegisterForReflection
@Schema(description = "What the verdict rests on: each family of checks as checked or not, and why the verdict is "
        + "inconclusive.")
public record CoverageDto(List<CoverageCheckDto> checks, List<CoverageGapDto> gaps) {

    /**
     * One reason the evidence cannot answer its question.
     *
     * @param id   {@code nothing-read} (no input of a known kind), {@code no-check} (only kinds no check reads on their
     *             own), {@code not-judged} (a bandwidth with no hardware facts to judge it), {@code no-gpu-tools} (a
     *             collect bundle without nvidia-smi output) or {@code node-not-read} (a node's part of a fleet tool's
     *             output that is no known tool output)
     * @param text the reason in the report's language
     */
    @RegisterForReflection
    public record CoverageGapDto(@Schema(examples = "not-judged") String id, String text) {
    }

    /**
     * One family of checks.
     *
     * @param family {@code errors}, {@code transport}, {@code affinity}, {@code links}, {@code intra-node},
     *               {@code inter-node}, {@code end-to-end} or {@code hangs}
     * @param status {@code checked}, {@code not-judged} (a bandwidth measured with no hardware facts to judge it
     *               against) or {@code not-checked}
     * @param label  the family's name in the report's language
     * @param inputs the kinds of input it was checked from
     * @param note   what it was checked from, or the input that would let it run
     */
    @RegisterForReflection
    public record CoverageCheckDto(
            @Schema(enumeration = {"errors", "transport", "affinity", "links", "intra-node", "inter-node", "end-to-end",
                "hangs"}) String family,
            @Schema(enumeration = {"checked", "not-judged", "not-checked"}) String status,
            String label,
            List<String> inputs,
            String note) {
    }
}
