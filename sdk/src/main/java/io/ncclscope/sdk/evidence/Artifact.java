package io.ncclscope.sdk.evidence;

import io.ncclscope.parsers.FleetOutputs;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One input, parsed: a file of a bundle or a pasted text, with the node it belongs to and a way to
 * quote its lines. A pasted text keeps its lines; a file keeps only its path and is re-read when a
 * line is quoted (findings quote few lines) through its evidence's bounded cache of recently quoted files,
 * so that evidence of thousands of nodes holds parsed facts, not text. Files over {@link Evidence.Builder#keepTextUpTo(long)} characters are not quoted (their
 * parsers keep the text of the lines that matter). Immutable and thread-safe.
 */
public final class Artifact {

    private final String name;
    private final String node;
    private final NodeSource nodeSource;
    private final List<String> hosts;
    private final ParseResult<?> result;
    private final List<String> lines;
    private final Path file;
    private final TextCache cache;
    /** The node's part of a fleet tool's output this artifact was read from, whose lines it holds; null for a whole text. */
    private final FleetOutputs.Part part;
    /** This artifact's stub, made once: every pass that keeps one keeps the same. */
    private volatile Artifact stub;

    Artifact(String name, String node, NodeSource nodeSource, List<String> hosts, ParseResult<?> result, List<String> lines,
             Path file, TextCache cache) {
        this(name, node, nodeSource, hosts, result, lines, file, cache, null);
    }

    /** An artifact of one node's part of a fleet tool's output: the part's lines are its text, quoted at their place in the paste. */
    Artifact(String name, String node, ParseResult<?> result, FleetOutputs.Part part) {
        this(name, node, NodeSource.FLEET, List.of(node), result, part.lines(), null, null, part);
    }

    private Artifact(String name, String node, NodeSource nodeSource, List<String> hosts, ParseResult<?> result, List<String> lines,
                     Path file, TextCache cache, FleetOutputs.Part part) {
        this.name = Objects.requireNonNull(name, "name");
        this.node = node;
        this.nodeSource = Objects.requireNonNull(nodeSource, "nodeSource");
        this.hosts = List.copyOf(hosts);
        this.result = Objects.requireNonNull(result, "result");
        this.lines = lines == null ? List.of() : List.copyOf(lines);
        this.file = file;
        this.cache = file == null ? null : Objects.requireNonNull(cache, "cache");
        this.part = part;
    }

    /** {@return the artifact's name: its path relative to the analyzed folder, or the name given to a text} */
    public String name() {
        return name;
    }

    /** {@return the node (host) this artifact belongs to; empty when it spans several hosts or none could be told} */
    public Optional<String> node() {
        return Optional.ofNullable(node);
    }

    /** {@return where {@link #node()} came from} */
    public NodeSource nodeSource() {
        return nodeSource;
    }

    /** {@return every host the artifact's content names (an NCCL log of a whole job names many)} */
    public List<String> hosts() {
        return hosts;
    }

    /** {@return the kind parsed} */
    public Kind kind() {
        return result.kind();
    }

    /** {@return the parse result, with its warnings} */
    public ParseResult<?> result() {
        return result;
    }

    /**
     * {@return the parsed data as {@code type}, when it is of that type}
     *
     * @param <T>  the data type
     * @param type a data record type such as {@code Topology.class}
     */
    public <T> Optional<T> data(Class<T> type) {
        Object d = result.data();
        return type.isInstance(d) ? Optional.of(type.cast(d)) : Optional.empty();
    }

    /** {@return true when {@link #quote(int)} can return the text of a line (kept lines, or a file to re-read)} */
    public boolean hasText() {
        return !lines.isEmpty() || file != null;
    }

    /**
     * {@return the text of 1-based line {@code n}, exactly as the parser saw it; empty when the line does not exist,
     * the text was not kept, or the file can no longer be read}
     *
     * @param n 1-based line number
     */
    public Optional<String> line(int n) {
        if (n < 1) return Optional.empty();
        List<String> all = text();
        return n <= all.size() ? Optional.of(all.get(n - 1)) : Optional.empty();
    }

    /**
     * {@return every line, exactly as the parser saw them (line {@code n} is element {@code n - 1}); empty when the
     * text was not kept or the file can no longer be read} A file's lines are read when first quoted and held while
     * it is among the files quoted last (its evidence's cache is bounded), so that many quotes in a row cost one
     * read and the text of a whole bundle is never held at once.
     */
    public List<String> text() {
        return file == null ? lines : cache.lines(file);
    }

    /**
     * {@return an evidence line for line {@code n}, quoting the kept text (empty text when not kept)}
     *
     * @param n 1-based line number
     */
    public EvidenceLine quote(int n) {
        return new EvidenceLine(name, pastedLine(n), line(n).orElse(""));
    }

    /**
     * {@return an evidence line for line {@code n}, quoting the kept text, else {@code fallback} (a parser's copy of the line)}
     *
     * @param n        1-based line number
     * @param fallback the text to quote when the artifact's text is gone
     */
    public EvidenceLine quote(int n, String fallback) {
        return new EvidenceLine(name, pastedLine(n), line(n).orElse(fallback == null ? "" : fallback));
    }

    /**
     * {@return the line of the pasted text that is line {@code n} of this artifact's text: {@code n} itself, but for a
     * node's part of a fleet tool's output, whose lines were interleaved with the other nodes' in the paste}
     *
     * @param n 1-based line number of {@link #text()}
     */
    public int pastedLine(int n) {
        return part == null ? n : part.lineNumber(n);
    }

    /**
     * {@return this artifact without its parsed data: the same name, node, hosts, kind, warnings and quotable lines,
     * with {@link #data(Class)} empty} An analyzer pass keeps stubs of the artifacts it will quote once every node
     * has been read, so that the parsed facts can go. Every call returns the same stub, so passes share it.
     */
    public Artifact stub() {
        if (result.data() instanceof Dropped) return this;
        Artifact s = stub;
        if (s == null) {
            // A race makes two equal stubs, one of them kept: harmless.
            s = new Artifact(name, node, nodeSource, hosts, new ParseResult<>(result.kind(), Dropped.DATA, result.warnings()),
                    lines, file, cache, part);
            stub = s;
        }
        return s;
    }

    /**
     * {@return this artifact carrying {@code data} instead of its parsed data: a pass's trimmed copy (of the same kind),
     * keeping only what its checks across nodes read} Name, node, hosts, kind, warnings and quotable lines are kept.
     *
     * @param data the trimmed data, of the type this artifact's kind parses to
     */
    public Artifact withData(Object data) {
        return new Artifact(name, node, nodeSource, hosts, new ParseResult<>(result.kind(), Objects.requireNonNull(data, "data"),
                result.warnings()), lines, file, cache, part);
    }

    /** {@return true when this is a {@link #stub()}: its parsed data was let go} */
    public boolean isStub() {
        return result.data() instanceof Dropped;
    }

    /** The data of a stub: none of the data types, so {@link #data(Class)} finds nothing. */
    private enum Dropped {
        DATA
    }

    /** The same artifact on another node (its lines are shared, not copied). */
    Artifact withNode(String newNode, NodeSource source) {
        return new Artifact(name, newNode, source, hosts, result, lines, file, cache, part);
    }

    @Override
    public String toString() {
        return name + " (" + kind() + (node != null ? ", " + node : "") + ")";
    }
}
