package io.ncclscope.parsers.nvsmi;

/** Which {@code nvidia-smi} form a piece of the input was: the command that printed it. */
public enum NvsmiSource {
    /** {@code nvidia-smi -q} (also {@code -q -d PCI}, {@code -a}): the "NVSMI LOG" key/value report. */
    QUERY("query", "nvidia-smi -q"),
    /** {@code nvidia-smi --query-gpu=... --format=csv[,noheader][,nounits]}. */
    QUERY_GPU_CSV("query-gpu-csv", "nvidia-smi --query-gpu=... --format=csv"),
    /** {@code nvidia-smi nvlink -s} (per-GPU link speeds). */
    NVLINK_STATUS("nvlink-status", "nvidia-smi nvlink -s"),
    /** {@code nvidia-smi -L} (one line per GPU with its UUID). */
    LIST("list", "nvidia-smi -L"),
    /** Plain {@code nvidia-smi}: the summary table with driver and CUDA versions. */
    SUMMARY("summary", "nvidia-smi"),
    /** An nvidia-smi command whose output this parser does not read. */
    UNKNOWN("unknown", "");

    private final String id;
    private final String command;

    NvsmiSource(String id, String command) {
        this.id = id;
        this.command = command;
    }

    /** {@return the stable identifier used in JSON, for example {@code "nvlink-status"}} */
    public String id() {
        return id;
    }

    /** {@return the command that prints this form} */
    public String command() {
        return command;
    }

    @Override
    public String toString() {
        return id;
    }
}
