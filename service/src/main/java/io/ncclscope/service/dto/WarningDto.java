package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * An odd line of an input.
 *
 * @param line     1-based line number; 0 for the input as a whole
 * @param severity INFO, WARNING or ERROR (ERROR: the input is not of its kind, or a limit was reached)
 * @param message  what is odd
 * @param excerpt  the start of the line; null when none
 */
@RegisterForReflection
public record WarningDto(int line, String severity, String message, String excerpt) {
}
