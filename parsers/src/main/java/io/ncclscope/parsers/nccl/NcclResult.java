package io.ncclscope.parsers.nccl;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NCCL's {@code ncclResult_t} codes as they appear in logs: the {@code -> N} return-code trace lines
 * ({@code init.cc:1350 -> 2}), PyTorch's error name line ({@code ncclSystemError: System call ...}) and
 * the reason phrase of {@code ncclGetErrorString} ({@code unhandled system error}). {@link #toString()}
 * gives NCCL's own name, for example {@code ncclSystemError}.
 */
public enum NcclResult {
    /** 0. */
    SUCCESS(0, "ncclSuccess", "no error"),
    /** 1: a CUDA call failed (out of memory, invalid argument...). */
    UNHANDLED_CUDA_ERROR(1, "ncclUnhandledCudaError", "unhandled cuda error"),
    /** 2: a system call or external library (socket, verbs, malloc) failed. */
    SYSTEM_ERROR(2, "ncclSystemError", "unhandled system error"),
    /** 3: an internal check failed (often inconsistent topology, env or a cascade of another error). */
    INTERNAL_ERROR(3, "ncclInternalError", "internal error"),
    /** 4: a bad argument to an NCCL call. */
    INVALID_ARGUMENT(4, "ncclInvalidArgument", "invalid argument"),
    /** 5: invalid use of the library (duplicate GPU, no socket interface...). */
    INVALID_USAGE(5, "ncclInvalidUsage", "invalid usage"),
    /** 6: a remote peer or the network failed. */
    REMOTE_ERROR(6, "ncclRemoteError", "remote process exited or there was a network error"),
    /** 7: a non-blocking operation is still in progress. */
    IN_PROGRESS(7, "ncclInProgress", "NCCL operation in progress"),
    /** A code or name this parser does not know. */
    UNKNOWN(-1, "unknown", "");

    private final int code;
    private final String ncclName;
    private final String reason;

    NcclResult(int code, String ncclName, String reason) {
        this.code = code;
        this.ncclName = ncclName;
        this.reason = reason;
    }

    /** {@return the numeric {@code ncclResult_t} value, -1 for {@link #UNKNOWN}} */
    public int code() {
        return code;
    }

    /**
     * {@return the result for a numeric code; {@link #UNKNOWN} when out of range}
     *
     * @param code an {@code ncclResult_t} value
     */
    public static NcclResult fromCode(int code) {
        for (NcclResult r : values()) {
            if (r.code == code && r != UNKNOWN) return r;
        }
        return UNKNOWN;
    }

    /**
     * {@return the result named {@code ncclSystemError} etc.; null when {@code name} is no NCCL result name}
     *
     * @param name a name such as {@code ncclSystemError}; null allowed
     */
    public static NcclResult fromName(String name) {
        if (name == null) return null;
        for (NcclResult r : values()) {
            if (r != UNKNOWN && r.ncclName.equals(name)) return r;
        }
        return null;
    }

    /**
     * {@return the result whose {@code ncclGetErrorString} phrase starts {@code reason} ({@code "internal error - please report
     * this issue"} gives {@link #INTERNAL_ERROR}); null when none does}
     *
     * @param reason the text after NCCL's {@code NCCL error:}; null allowed
     */
    public static NcclResult fromReason(String reason) {
        if (reason == null) return null;
        String r = reason.strip().toLowerCase(Locale.ROOT);
        for (NcclResult v : values()) {
            if (v != UNKNOWN && v != SUCCESS && r.startsWith(v.reason.toLowerCase(Locale.ROOT))) return v;
        }
        return null;
    }

    /**
     * {@return the result a message itself reports: the proxy service's {@code Failed to execute operation Connect from
     * rank 14, retcode 2} (src/proxy.cc, NCCL 2.12 on); null when it names none}
     *
     * @param message a WARN message; null allowed
     */
    public static NcclResult inMessage(String message) {
        if (message == null) return null;
        Matcher m = RETCODE.matcher(message);
        return m.find() ? fromCode(m.group(1).charAt(0) - '0') : null;
    }

    private static final Pattern RETCODE = Pattern.compile("\\bretcode (\\d)\\b");

    @Override
    public String toString() {
        return ncclName;
    }
}
