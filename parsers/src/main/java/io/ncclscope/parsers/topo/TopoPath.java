package io.ncclscope.parsers.topo;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.Objects;

/**
 * One matrix cell read as a typed value: {@code NV18} is {@code (NV, 18, "NV18")}, {@code PIX} is
 * {@code (PIX, null, "PIX")}.
 *
 * @param type  the kind of connection or p2p status
 * @param links the number of bonded NVLinks for {@link PathType#NV}; null otherwise
 * @param word  the word as printed
 */
public record TopoPath(PathType type, Integer links, String word) {

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param type  the kind of connection or p2p status
     * @param links the number of bonded NVLinks for {@link PathType#NV}; null otherwise
     * @param word  the word as printed
     * @throws NullPointerException when a required component is null
     */
    public TopoPath {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(word, "word");
    }

    /**
     * Reads one cell word.
     *
     * @param word the cell word as printed
     * @return the path: its type and the word
     */
    public static TopoPath of(String word) {
        String w = word == null ? "" : word.strip();
        PathType t = PathType.fromWord(w);
        return new TopoPath(t, t == PathType.NV ? ToolValues.integer(w.substring(2)) : null, w);
    }

    /** {@return true for an NVLink connection} */
    public boolean isNvLink() {
        return type == PathType.NV;
    }

    @Override
    public String toString() {
        return word;
    }
}
