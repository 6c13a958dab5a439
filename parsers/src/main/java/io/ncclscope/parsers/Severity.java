package io.ncclscope.parsers;

/** How much a {@link ParseWarning} matters. */
public enum Severity {
    /** Noted for completeness (for example a line that was skipped on purpose). */
    INFO,
    /** An odd line that was skipped or read partly; the rest of the result stands. */
    WARNING,
    /** The input is not this kind, or a limit stopped the parse: the result is incomplete. */
    ERROR
}
