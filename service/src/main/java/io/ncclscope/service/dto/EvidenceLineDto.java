package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One quoted line.
 *
 * @param artifact the input's name
 * @param line     1-based line number; 0 when the fact concerns the whole input
 * @param text     the line as read
 */
@RegisterForReflection
public record EvidenceLineDto(String artifact, int line, String text) {
}
