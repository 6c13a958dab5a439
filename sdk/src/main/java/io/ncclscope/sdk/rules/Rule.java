package io.ncclscope.sdk.rules;

import java.util.List;
import java.util.Objects;

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
        if (!upperSnakeCase(code)) {
            throw new IllegalArgumentException("finding code is not UPPER_SNAKE_CASE: " + code);
        }
        boolean blank = sources.isEmpty();
        for (String s : sources) blank |= s.isBlank();
        if (blank) throw new IllegalArgumentException("rule " + code + " needs non-blank sources");
    }

    /**
     * {@return whether {@code code} is {@code [A-Z][A-Z0-9]*(_[A-Z0-9]+)*}} Read without a regular expression: every
     * code is checked when the catalogue loads, at the start of every command.
     */
    static boolean upperSnakeCase(String code) {
        int n = code.length();
        if (n == 0 || code.charAt(0) < 'A' || code.charAt(0) > 'Z' || code.charAt(n - 1) == '_') return false;
        for (int i = 1; i < n; i++) {
            char c = code.charAt(i);
            boolean ok = c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' && code.charAt(i - 1) != '_';
            if (!ok) return false;
        }
        return true;
    }
}
