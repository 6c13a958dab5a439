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
 * @param host     the node a fleet tool named for this output (pdsh's {@code node1: } before its lines, clush's and
 *                 dshbak's node set, ansible's header), when the text was one command's output on several nodes and
 *                 this is one node's part of it ({@link Parsers#parseEach(String)}); null otherwise. Hosts that a
 *                 tool's output names itself (an NCCL log's {@code host:pid:tid}) are in the data
 * @param <T>      the data type, a record of the kind's package
 */
public record ParseResult<T>(Kind kind, T data, List<ParseWarning> warnings, String host) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param kind     the kind parsed
     * @param data     the typed, immutable data (never null; empty collections when nothing was found)
     * @param warnings warnings in input order
     * @param host     the node a fleet tool named for this output; nullable
     * @throws NullPointerException when a required component is null
     */
    public ParseResult {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(data, "data");
        warnings = List.copyOf(warnings);
    }

    /**
     * Creates a result of no fleet tool's node.
     *
     * @param kind     the kind parsed
     * @param data     the typed, immutable data (never null; empty collections when nothing was found)
     * @param warnings warnings in input order
     * @throws NullPointerException when a required component is null
     */
    public ParseResult(Kind kind, T data, List<ParseWarning> warnings) {
        this(kind, data, warnings, null);
    }

    /**
     * {@return this result as the output of node {@code host} of a fleet tool's run}
     *
     * @param host the node
     */
    public ParseResult<T> onHost(String host) {
        return new ParseResult<>(kind, data, warnings, host);
    }

    /** {@return true when any warning has {@link Severity#ERROR}} */
    public boolean hasErrors() {
        return warnings.stream().anyMatch(w -> w.severity() == Severity.ERROR);
    }
}
