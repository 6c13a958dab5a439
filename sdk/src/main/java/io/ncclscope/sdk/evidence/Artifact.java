package io.ncclscope.sdk.evidence;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One input, parsed: a file of a bundle or a pasted text, with the node it belongs to and, for inputs
 * up to {@link Evidence.Builder#keepTextUpTo(long)} characters, its lines so that findings can quote them.
 * Immutable and thread-safe.
 */
public final class Artifact {

    private final String name;
    private final String node;
    private final NodeSource nodeSource;
    private final List<String> hosts;
    private final ParseResult<?> result;
    private final List<String> lines;

    Artifact(String name, String node, NodeSource nodeSource, List<String> hosts, ParseResult<?> result, List<String> lines) {
        this.name = Objects.requireNonNull(name, "name");
        this.node = node;
        this.nodeSource = Objects.requireNonNull(nodeSource, "nodeSource");
        this.hosts = List.copyOf(hosts);
        this.result = Objects.requireNonNull(result, "result");
        this.lines = lines == null ? List.of() : List.copyOf(lines);
    }

    /** The artifact's name: its path relative to the analyzed folder, or the name given to a text. */
    public String name() {
        return name;
    }

    /** The node (host) this artifact belongs to; empty when it spans several hosts or none could be told. */
    public Optional<String> node() {
        return Optional.ofNullable(node);
    }

    /** Where {@link #node()} came from. */
    public NodeSource nodeSource() {
        return nodeSource;
    }

    /** Every host the artifact's content names (an NCCL log of a whole job names many). */
    public List<String> hosts() {
        return hosts;
    }

    /** The kind parsed. */
    public Kind kind() {
        return result.kind();
    }

    /** The parse result, with its warnings. */
    public ParseResult<?> result() {
        return result;
    }

    /** The parsed data as {@code type}, when it is of that type. */
    public <T> Optional<T> data(Class<T> type) {
        Object d = result.data();
        return type.isInstance(d) ? Optional.of(type.cast(d)) : Optional.empty();
    }

    /** True when the artifact's lines were kept (small inputs), so {@link #quote(int)} returns the text. */
    public boolean hasText() {
        return !lines.isEmpty();
    }

    /** The text of 1-based line {@code n}, when kept. */
    public Optional<String> line(int n) {
        return n >= 1 && n <= lines.size() ? Optional.of(lines.get(n - 1)) : Optional.empty();
    }

    /** An evidence line for line {@code n}, quoting the kept text (empty text when not kept). */
    public EvidenceLine quote(int n) {
        return new EvidenceLine(name, n, line(n).orElse(""));
    }

    /** An evidence line for line {@code n}, quoting the kept text, else {@code fallback} (a parser's copy of the line). */
    public EvidenceLine quote(int n, String fallback) {
        return new EvidenceLine(name, n, line(n).orElse(fallback == null ? "" : fallback));
    }

    /** The same artifact on another node (its lines are shared, not copied). */
    Artifact withNode(String newNode, NodeSource source) {
        return new Artifact(name, newNode, source, hosts, result, lines);
    }

    @Override
    public String toString() {
        return name + " (" + kind() + (node != null ? ", " + node : "") + ")";
    }
}
