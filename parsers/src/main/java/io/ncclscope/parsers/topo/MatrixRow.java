package io.ncclscope.parsers.topo;

/** One row's cells and affinity. */
final class MatrixRow {
    final int line;
    final String[] cells;
    String cpu;
    String numa;
    Integer gpuNumaId;

    MatrixRow(int line, String[] cells) {
        this.line = line;
        this.cells = cells;
    }
}
