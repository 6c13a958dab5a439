package io.ncclscope.parsers;

import java.util.List;
import java.util.Objects;

/**
 * What a parser returns: the kind it read, the typed data, and the warnings met on the way.
 * A parse never throws on content; a result with an {@link Severity#ERROR} warning is incomplete.
 *
 * @param kind     the kind parsed
 * @param data     the typed, immutable data (never null; empty collections when nothing was found)
 * @param warnings warnings in input order
 * @param <T>      the data type, a record of the kind's package
 */
public record ParseResult<T>(Kind kind, T data, List<ParseWarning> warnings) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param kind     the kind parsed
     * @param data     the typed, immutable data (never null; empty collections when nothing was found)
     * @param warnings warnings in input order
     * @throws NullPointerException when a required component is null
     */
    public ParseResult {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(data, "data");
        warnings = List.copyOf(warnings);
    }

    /** {@return true when any warning has {@link Severity#ERROR}} */
    public boolean hasErrors() {
        return warnings.stream().anyMatch(w -> w.severity() == Severity.ERROR);
    }
}
