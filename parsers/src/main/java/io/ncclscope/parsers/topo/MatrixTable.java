package io.ncclscope.parsers.topo;

import java.util.HashMap;
import java.util.Map;

/** One matrix being read. */
final class MatrixTable {
    final MatrixHeader h;
    final int line;
    final Map<String, MatrixRow> rows = new HashMap<>();
    final Map<String, String> nicDevice = new HashMap<>();
    final Map<String, Integer> nicLegendLine = new HashMap<>();
    MatrixType type;
    MatrixType resolved;
    String command;
    boolean open = true;
    boolean p2pTitle;
    boolean p2pWords;
    boolean pathWords;
    boolean legendP2p;
    boolean legendTopo;

    MatrixTable(MatrixHeader h, int line) {
        this.h = h;
        this.line = line;
    }
}
