package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A next step.
 *
 * @param text    what to do
 * @param command the exact command or setting; empty when the step is not one command
 */
@RegisterForReflection
public record ActionDto(String text, String command) {
}
