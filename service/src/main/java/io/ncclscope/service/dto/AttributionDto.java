package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Which bandwidth segment limits the job and how much of the shortfall each cause found explains (the SDK's
 * {@code BandwidthAttribution}).
 *
 * @param limiting       the segment that limits the job: {@code INTRA_NODE}, {@code INTER_NODE} or {@code END_TO_END}
 * @param implied        true when that segment was not measured on its own but follows from the others
 * @param reason         how it was placed: {@code measured}, {@code implied}, {@code implied.part}, {@code implied.link}, {@code collective}
 *                       or {@code unplaced}
 * @param measuredGBs    the slow figure the shortfall is counted on, GB/s
 * @param expectedGBs    what the hardware gives with every part healthy, GB/s
 * @param causes         the causes found, each with the share of the shortfall it explains
 * @param unexplainedPct the share of the shortfall no cause explains, 0 to 100
 * @param text           the attribution in the report's language
 * @param commands       the measurement that proves it
 */
@RegisterForReflection
@Schema(description = "The segment that limits the job, the share of the shortfall each cause explains, the rest.")
public record AttributionDto(
        @Schema(enumeration = {"INTRA_NODE", "INTER_NODE", "END_TO_END"}, examples = "INTER_NODE") String limiting,
        boolean implied,
        @Schema(enumeration = {"measured", "implied", "implied.part", "implied.link", "collective", "unplaced"}) String reason,
        double measuredGBs,
        double expectedGBs,
        List<CauseDto> causes,
        @Schema(minimum = "0", maximum = "100", examples = "35") int unexplainedPct,
        String text,
        List<String> commands) {

    /**
     * One cause of the shortfall: a degraded part.
     *
     * @param part         the part for a person ({@code h100-b mlx5_3:1})
     * @param node         its node ("" when the evidence names none)
     * @param device       the RDMA device
     * @param rateGbps     the rate it runs at, Gb/s
     * @param siblingGbps  the rate of its sibling rails, Gb/s
     * @param rails        rails per node the measured run crosses
     * @param cappedGBs    the segment's expectation with the part as it is, GB/s
     * @param explainedPct the share of the shortfall it explains, 0 to 100
     * @param kind         port-rate, pcie-width or nvlink-down
     */
    @RegisterForReflection
    public record CauseDto(String part, String node, String device, double rateGbps, double siblingGbps, int rails,
                           double cappedGBs, @Schema(minimum = "0", maximum = "100", examples = "65") int explainedPct,
                           @Schema(enumeration = {"port-rate", "pcie-width", "nvlink-down"}) String kind) {
    }
}
