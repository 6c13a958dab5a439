package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * An input that could not be read at all.
 *
 * @param name    the input
 * @param message why
 */
@RegisterForReflection
public record ProblemItemDto(String name, String message) {
}
