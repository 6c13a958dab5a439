package io.ncclscope.parsers.nvbandwidth;

/** Which output form of nvbandwidth was read. */
public enum NvbwFormat {
    /** The default text output with matrices. */
    TEXT("text"),
    /** The {@code -j} / {@code --json} output. */
    JSON("json");

    private final String id;

    NvbwFormat(String id) {
        this.id = id;
    }

    @Override
    public String toString() {
        return id;
    }
}
