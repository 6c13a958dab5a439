package io.ncclscope.parsers.topo;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One matrix of a capture that holds more than one (for example {@code topo -m} followed by
 * {@code topo -p2p r} and {@code -p2p w}).
 *
 * @param type    which matrix it is
 * @param command the {@code nvidia-smi topo ...} command printed before it; null when none was
 * @param line    the 1-based line of its header
 * @param columns the column names as printed, in order
 * @param matrix  row name to column name to the cell word as printed ({@code NV18}, {@code PIX}, {@code OK})
 */
public record TopoMatrix(MatrixType type, String command, int line, List<String> columns,
                         Map<String, Map<String, String>> matrix) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param type    which matrix it is
     * @param command the {@code nvidia-smi topo ...} command printed before it; null when none was
     * @param line    the 1-based line of its header
     * @param columns the column names as printed, in order
     * @param matrix  row name to column name to the cell word as printed ({@code NV18}, {@code PIX}, {@code OK})
     * @throws NullPointerException when a required component is null
     */
    public TopoMatrix {
        Objects.requireNonNull(type, "type");
        columns = List.copyOf(columns);
        matrix = Topology.copy(matrix);
    }

    /**
     * {@return the cell of row {@code from}, column {@code to}}
     *
     * @param from a row name such as {@code GPU0}
     * @param to   a column name such as {@code NIC1}
     */
    public Optional<TopoPath> path(String from, String to) {
        Map<String, String> row = matrix.get(from);
        String w = row == null ? null : row.get(to);
        return w == null ? Optional.empty() : Optional.of(TopoPath.of(w));
    }
}
