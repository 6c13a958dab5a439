package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One input as read.
 *
 * @param name     artifact name
 * @param kind     kind id ({@code unknown} when no parser recognised it)
 * @param node     node; null when none
 * @param warnings parse warnings of WARNING severity
 * @param errors   parse warnings of ERROR severity
 */
@RegisterForReflection
public record ArtifactSummaryDto(String name, String kind, String node, int warnings, int errors) {
}
