package io.ncclscope.parsers.nvbandwidth;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One nvbandwidth testcase: its matrix ({@code memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)}) or why
 * there is none.
 *
 * @param name         testcase name from {@code Running X.} (or the {@code SUM X} line, or JSON); null when the paste
 *                     shows neither
 * @param status       how it ended
 * @param description  the matrix title as printed, for example {@code memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)};
 *                     nullable
 * @param unit         the unit in the title's last parentheses: {@code GB/s}, or {@code ns} for latency tests; nullable
 * @param matrix       rows of values; a cell is null where nvbandwidth printed {@code N/A} (for example the diagonal);
 *                     rows are as wide as the column header. Empty when no matrix was printed
 * @param rowLabels    row labels as printed (device ordinals; for JSON, which prints none, the row indices)
 * @param columnLabels column labels as printed (for JSON, the column indices)
 * @param sum          the {@code SUM X value} figure (JSON {@code sum}); null when not printed (older versions)
 * @param error        the first error line printed for the testcase; nullable
 * @param messages     every line printed for the testcase that is not part of the matrix (errors, waive reasons)
 * @param line         1-based line where the testcase starts
 */
public record NvbwTestcase(String name, NvbwStatus status, String description, String unit, List<List<Double>> matrix,
                           List<String> rowLabels, List<String> columnLabels, Double sum, String error,
                           List<String> messages, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param name         testcase name from {@code Running X.} (or the {@code SUM X} line, or JSON); null when the paste
     *         shows neither
     * @param status       how it ended
     * @param description  the matrix title as printed, for example {@code memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)};
     *         nullable
     * @param unit         the unit in the title's last parentheses: {@code GB/s}, or {@code ns} for latency tests; nullable
     * @param matrix       rows of values; a cell is null where nvbandwidth printed {@code N/A} (for example the diagonal);
     *         rows are as wide as the column header. Empty when no matrix was printed
     * @param rowLabels    row labels as printed (device ordinals; for JSON, which prints none, the row indices)
     * @param columnLabels column labels as printed (for JSON, the column indices)
     * @param sum          the {@code SUM X value} figure (JSON {@code sum}); null when not printed (older versions)
     * @param error        the first error line printed for the testcase; nullable
     * @param messages     every line printed for the testcase that is not part of the matrix (errors, waive reasons)
     * @param line         1-based line where the testcase starts
     * @throws NullPointerException when a required component is null
     */
    public NvbwTestcase {
        Objects.requireNonNull(status, "status");
        List<List<Double>> m = new ArrayList<>(matrix.size());
        for (List<Double> row : matrix) {
            m.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        matrix = Collections.unmodifiableList(m);
        rowLabels = List.copyOf(rowLabels);
        columnLabels = List.copyOf(columnLabels);
        messages = List.copyOf(messages);
    }

    /** {@return the smallest value of the matrix, ignoring N/A cells; null when there is none} */
    public Double min() {
        return matrix.stream().flatMap(List::stream).filter(Objects::nonNull).min(Double::compare).orElse(null);
    }

    /** {@return the largest value of the matrix, ignoring N/A cells; null when there is none} */
    public Double max() {
        return matrix.stream().flatMap(List::stream).filter(Objects::nonNull).max(Double::compare).orElse(null);
    }

    /**
     * {@return the cell at {@code row}, {@code column} (0-based), or null when out of range or N/A}
     *
     * @param row    0-based row
     * @param column 0-based column
     */
    public Double value(int row, int column) {
        if (row < 0 || row >= matrix.size()) return null;
        List<Double> r = matrix.get(row);
        return column < 0 || column >= r.size() ? null : r.get(column);
    }
}
