package io.ncclscope.parsers.numa;

/** Which tool printed the NUMA facts. */
public enum NumaSource {
    /** {@code numactl -H} / {@code numactl --hardware}. */
    NUMACTL("numactl"),
    /** {@code lscpu} (its {@code NUMA node(s):} and {@code NUMA nodeN CPU(s):} lines). */
    LSCPU("lscpu"),
    /** Neither was recognised. */
    UNKNOWN("unknown");

    private final String word;

    NumaSource(String word) {
        this.word = word;
    }

    /** The tool name: {@code numactl}, {@code lscpu} or {@code unknown}. */
    @Override
    public String toString() {
        return word;
    }
}
