package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Every input read, counted (the report lists the first 1,000 of them only).
 *
 * @param count        how many inputs were read
 * @param kinds        how many of each kind id
 * @param withWarnings how many have parse warnings of WARNING severity
 * @param withErrors   how many have parse warnings of ERROR severity
 */
@RegisterForReflection
@Schema(description = "Every input read, counted by kind.")
public record InputTallyDto(int count, Map<String, Integer> kinds, int withWarnings, int withErrors) {
}
