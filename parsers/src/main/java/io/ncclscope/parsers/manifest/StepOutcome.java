package io.ncclscope.parsers.manifest;

import java.util.Locale;

/** How one collection step ended, as the manifest's {@code outcome} says. */
public enum StepOutcome {
    /** Ran and exited 0, or the file was read. */
    OK,
    /** Ran and exited non-zero for another reason than permissions. */
    FAILED,
    /** The program is not installed, or the file does not exist on the node. */
    MISSING,
    /** Not allowed: the program or the kernel refused. */
    REFUSED,
    /** Killed at its timeout. */
    TIMED_OUT,
    /** An outcome this version does not know. */
    UNKNOWN;

    /**
     * {@return the outcome named {@code word} ({@code "FAILED"}); {@link #UNKNOWN} for any other word}
     *
     * @param word the manifest's {@code outcome}
     */
    public static StepOutcome of(String word) {
        if (word == null) return UNKNOWN;
        for (StepOutcome o : values()) {
            if (o != UNKNOWN && o.name().equals(word.strip().toUpperCase(Locale.ROOT))) return o;
        }
        return UNKNOWN;
    }
}
