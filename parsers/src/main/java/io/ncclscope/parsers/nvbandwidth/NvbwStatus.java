package io.ncclscope.parsers.nvbandwidth;

/** How an nvbandwidth testcase ended. {@link #toString()} gives nvbandwidth's own word. */
public enum NvbwStatus {
    /** A matrix was printed. */
    PASSED("Passed"),
    /** Not applicable here ({@code Waiving X.}, {@code Waived:}), for example no peer access between GPUs. Not a failure. */
    WAIVED("Waived"),
    /** The testcase name is not known to this nvbandwidth. */
    NOT_FOUND("Not Found"),
    /** The run printed an error (data-verification failure, assert, abort) instead of a matrix. */
    ERROR("Error"),
    /** The output stops before the testcase finished (a cut paste, a crash with no message). */
    INCOMPLETE("Incomplete"),
    /** A status word this parser does not know. */
    UNKNOWN("Unknown");

    private final String word;

    NvbwStatus(String word) {
        this.word = word;
    }

    /**
     * {@return the status from nvbandwidth's JSON word ({@code Passed}, {@code Waived}...); UNKNOWN otherwise}
     *
     * @param s the word; null allowed
     */
    public static NvbwStatus fromWord(String s) {
        if (s == null) return UNKNOWN;
        for (NvbwStatus v : values()) {
            if (v.word.equalsIgnoreCase(s.strip())) return v;
        }
        return UNKNOWN;
    }

    @Override
    public String toString() {
        return word;
    }
}
