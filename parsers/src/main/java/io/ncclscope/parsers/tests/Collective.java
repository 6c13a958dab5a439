package io.ncclscope.parsers.tests;

import java.util.Locale;

/**
 * The collective (or point-to-point pattern) an nccl-tests binary measures, named after the binary
 * without its {@code _perf} suffix ({@code all_reduce_perf} is {@link #ALL_REDUCE}). {@link #toString()}
 * gives that name, for example {@code "all_reduce"}.
 *
 * <p>The bus-bandwidth factors are those of nccl-tests' {@code *GetBw} functions
 * ({@code src/all_reduce.cu} ... {@code src/hypercube.cu}, v2.19.6) and its {@code doc/PERFORMANCE.md}:
 * {@code busbw = algbw * factor(nranks)}.
 */
public enum Collective {
    /** {@code all_reduce_perf}: busbw factor 2(n-1)/n. */
    ALL_REDUCE("all_reduce"),
    /** {@code all_gather_perf}: busbw factor (n-1)/n; algbw counts the whole gathered buffer. */
    ALL_GATHER("all_gather"),
    /** {@code reduce_scatter_perf}: busbw factor (n-1)/n; algbw counts the whole input buffer. */
    REDUCE_SCATTER("reduce_scatter"),
    /** {@code broadcast_perf}: busbw factor 1. */
    BROADCAST("broadcast"),
    /** {@code reduce_perf}: busbw factor 1. */
    REDUCE("reduce"),
    /** {@code alltoall_perf}: busbw factor (n-1)/n. */
    ALLTOALL("alltoall"),
    /** {@code alltoallv_perf}: busbw factor (n-1)/n (algbw from the largest per-rank send or receive). */
    ALLTOALLV("alltoallv"),
    /** {@code sendrecv_perf}: busbw factor 1. */
    SENDRECV("sendrecv"),
    /** {@code gather_perf}: busbw factor (n-1)/n. */
    GATHER("gather"),
    /** {@code scatter_perf}: busbw factor (n-1)/n. */
    SCATTER("scatter"),
    /** {@code hypercube_perf}: busbw factor 1 (its algbw already counts (n-1) transfers). */
    HYPERCUBE("hypercube"),
    /** A binary this parser does not know. */
    UNKNOWN("unknown");

    private final String id;

    Collective(String id) {
        this.id = id;
    }

    /**
     * {@return the collective of a binary or test name: {@code all_reduce_perf}, {@code ./build/all_reduce_perf},
     * {@code all_reduce_perf_mpi} or {@code all_reduce}; {@link #UNKNOWN} otherwise (never null)}
     *
     * @param name a binary or test name; null allowed
     */
    public static Collective fromTestName(String name) {
        if (name == null) return UNKNOWN;
        String s = name.trim();
        int slash = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
        if (slash >= 0) s = s.substring(slash + 1);
        s = s.toLowerCase(Locale.ROOT);
        int perf = s.indexOf("_perf");
        if (perf > 0) s = s.substring(0, perf);
        for (Collective c : values()) {
            if (c != UNKNOWN && c.id.equals(s)) return c;
        }
        return UNKNOWN;
    }

    /**
     * {@return the factor nccl-tests applies to algbw to get busbw with {@code nranks} ranks, or null for
     * {@link #UNKNOWN} or {@code nranks < 1}} With one rank the (n-1)/n factors are 0: such a run measures
     * no communication.
     *
     * @param nranks ranks in the communicator
     */
    public Double busBwFactor(int nranks) {
        if (nranks < 1) return null;
        double n = nranks;
        return switch (this) {
            case ALL_REDUCE -> 2.0 * (n - 1) / n;
            case ALL_GATHER, REDUCE_SCATTER, ALLTOALL, ALLTOALLV, GATHER, SCATTER -> (n - 1) / n;
            case BROADCAST, REDUCE, SENDRECV, HYPERCUBE -> 1.0;
            case UNKNOWN -> null;
        };
    }

    @Override
    public String toString() {
        return id;
    }
}
