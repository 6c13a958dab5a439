package io.ncclscope.parsers.topo;

/** A token of a {@code topo -m} line: text, char offsets in the line, and display column (tabs to multiples of 8). */
record LineToken(String text, int start, int end, int col) {
    int endCol() {
        return col + (end - start);
    }
}
