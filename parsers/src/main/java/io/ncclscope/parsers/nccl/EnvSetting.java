package io.ncclscope.parsers.nccl;

/**
 * An NCCL environment variable: NCCL's {@code NCCL_IB_DISABLE set by environment to 1.} (also {@code NCCL_X set to Y}),
 * or a {@code NCCL_X=Y} word of the command line ({@code $ env NCCL_DEBUG=INFO NCCL_ALGO=Bogus torchrun ...}) at the top
 * of a capture. Each distinct name, value and host once.
 *
 * @param name   the variable, {@code NCCL_IB_DISABLE}
 * @param value  its value; the full stop NCCL prints after numbers is dropped
 * @param origin {@code nccl} (an INFO line), {@code command} (the command line) or {@code environment} (an environment
 *               listing of the node, set beside the log by the analysis; the log parser never gives it)
 * @param host   host of the line prefix; nullable
 * @param line   1-based line
 */
public record EnvSetting(String name, String value, String origin, String host, int line) implements NcclLineFact {

    /**
     * {@return the setting as its line says it: NCCL's {@code NCCL_IB_DISABLE set by environment to 1}, else (a command
     * line, an environment listing) {@code NCCL_IB_DISABLE=1}}
     */
    @Override
    public String asPrinted() {
        return "nccl".equals(origin) ? name + " set by environment to " + value : name + "=" + value;
    }

    /**
     * {@return the value as NCCL read it: trimmed, without the full stop NCCL ends {@code set by environment to X.} with
     * (which {@link #value} keeps after words); empty for none}
     */
    public String valueAsRead() {
        String v = value == null ? "" : value.trim();
        return "nccl".equals(origin) && v.endsWith(".") ? v.substring(0, v.length() - 1) : v;
    }
}
