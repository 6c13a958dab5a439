package io.ncclscope.parsers.tests;

/**
 * An error the test binary reported: {@code host: Test NCCL failure common.cu:777 'unhandled system error'},
 * {@code  .. host pid 123: Test failure common.cu:844}, a timeout, {@code # error: ...}, or an argument error
 * such as {@code invalid sizes for 'minbytes' and 'maxbytes': 67108864 > 1048576}.
 *
 * @param line     1-based source line (JSON: the line of {@code "errors"})
 * @param kind     what kind of report it is
 * @param host     the host that printed it; null when not printed
 * @param pid      the process id; null when not printed
 * @param location the source location, for example {@code common.cu:777}; null when not printed
 * @param message  the quoted reason, for example {@code unhandled system error}; null when not printed
 * @param text     the whole message as printed (trimmed)
 */
public record TestError(int line, Kind kind, String host, Integer pid, String location, String message, String text) {

    /** The kinds of error report. */
    public enum Kind {
        /** {@code Test NCCL failure}: an NCCL call returned an error. */
        NCCL_FAILURE,
        /** {@code Test CUDA failure}: a CUDA call returned an error. */
        CUDA_FAILURE,
        /** {@code .. host pid N: Test failure file:line}: the unwinding trace of a failure. */
        TEST_FAILURE,
        /** {@code Test timeout (Ns)}: the {@code -T} timeout fired. */
        TIMEOUT,
        /** {@code # error: ...} (and the JSON {@code errors}): NCCL's last error string. */
        NCCL_LAST_ERROR,
        /** A command-line error: the binary printed it and stopped (or ignored the option). */
        ARGUMENT,
        /** Anything else. */
        UNKNOWN
    }

    /**
     * {@return the message without the {@code host: } the test binary writes before a failure ({@code Test NCCL
     * failure common.cu:777 'unhandled system error'}); the whole text when it names no host there}
     */
    public String textAfterHost() {
        return host != null && text.startsWith(host + ": ") ? text.substring(host.length() + 2) : text;
    }
}
