package io.ncclscope.sdk.rules;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One entry of the rule catalogue: a stable finding code and what is fixed about it. The texts
 * (title, meaning, causes, actions) live in resource bundles, see {@link RuleCatalog#text}.
 *
 * <p>Codes are a public contract: reports, dashboards and chat bots key on them. They are added
 * freely and never renamed or removed.
 *
 * @param code            the finding code, {@code UPPER_SNAKE_CASE}, e.g. {@code NCCL_CONNECT_FAILED}
 * @param category        the part of the analysis the rule belongs to
 * @param defaultSeverity the severity of a finding unless the analyzer has evidence for another
 * @param segment         the bandwidth segment the rule's evidence bounds, {@link Segment#NONE} when
 *                        it is not about one; for {@code BUSBW_BELOW_EXPECTED} this is the default
 *                        and each finding names the segment that was measured
 * @param sources         where the rule comes from: the seed section heading, NCCL documentation
 *                        and environment-variable pages, nccl-tests documents, NCCL source files
 *                        (e.g. {@code src/init.cc}); plain strings or URLs, never empty
 */
public record Rule(String code, Category category, FindingSeverity defaultSeverity, Segment segment,
                   List<String> sources) {

    private static final Pattern CODE = Pattern.compile("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*");

    /**
     * Checks the components and copies the sources.
     *
     * @param code            the finding code, {@code UPPER_SNAKE_CASE}
     * @param category        the part of the analysis
     * @param defaultSeverity the default severity of a finding
     * @param segment         the bandwidth segment, or {@link Segment#NONE}
     * @param sources         where the rule comes from; at least one
     * @throws NullPointerException     when a component or source is null
     * @throws IllegalArgumentException when the code is not {@code UPPER_SNAKE_CASE} or there are no
     *                                  sources
     */
    public Rule {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(defaultSeverity, "defaultSeverity");
        Objects.requireNonNull(segment, "segment");
        sources = List.copyOf(sources);
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("finding code is not UPPER_SNAKE_CASE: " + code);
        }
        if (sources.isEmpty() || sources.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("rule " + code + " needs non-blank sources");
        }
    }
}
