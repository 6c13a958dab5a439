package io.ncclscope.parsers.topo;

/** How many cells one parse read, and whether a limit (cells or matrices) stopped the reading of more. */
final class CellBudget {
    /** Cells read over all matrices. */
    int cells;
    /** True once {@link TopoParser#MAX_CELLS} or {@link TopoParser#MAX_MATRICES} was reached: nothing more is read. */
    boolean reached;
}
