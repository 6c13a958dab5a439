package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * One bandwidth segment measured against its expectation.
 *
 * @param segment     INTRA_NODE, INTER_NODE or END_TO_END
 * @param measuredGBs measured GB/s; null when not measured
 * @param expectedGBs expected GB/s; null when the hardware facts are missing
 * @param verdict     {@code ok}, {@code slow}, {@code unknown} or {@code not-measured}
 * @param basis       where the figures come from
 * @param evidence    the lines behind the figures
 * @param degraded    the degraded part that lowers the expectation (node, device, port, rateGbps, siblingGbps, rails,
 *                    cappedGBs, commands, evidence); null when none was found
 */
@RegisterForReflection
public record SegmentDto(String segment, Double measuredGBs, Double expectedGBs, String verdict, String basis,
                         List<EvidenceLineDto> evidence, java.util.Map<String, Object> degraded) {
}
