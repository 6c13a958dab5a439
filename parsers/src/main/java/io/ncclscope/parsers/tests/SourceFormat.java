package io.ncclscope.parsers.tests;

/** Which output of nccl-tests was read. */
public enum SourceFormat {
    /** The text table the binaries print on stdout. */
    TEXT("text"),
    /** The JSON file written with {@code -J FILE} (nccl-tests 2.17.5 and later). */
    JSON("json");

    private final String id;

    SourceFormat(String id) {
        this.id = id;
    }

    @Override
    public String toString() {
        return id;
    }
}
