package io.ncclscope.sdk.diagnose.hangs;

import io.ncclscope.parsers.flightrec.FlightRecorderEntry;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules one collective must keep on its own, whatever its peers do: an all_reduce outputs what it takes in, an
 * all_gather outputs its input once per rank of the group, a reduce_scatter takes in its output once per rank, and
 * none of them changes the data type. A rank that recorded a collective breaking them cannot match its peers: a
 * mismatch in the making, even when no other rank's dump is there to compare with. Sizes are compared as element
 * totals over all tensors, so the list forms ({@code all_gather} into one tensor per rank) pass as the flat ones do.
 */
final class OwnRules {

    /** The rules, each the suffix of its detail key in the {@code HANG_COLLECTIVE_MISMATCH} texts. */
    enum Rule {
        /** An all_reduce whose output shapes differ from its input shapes. */
        ALL_REDUCE_SIZES("detail.allReduceSizes"),
        /** An all_gather whose output total is not its input total times the group size. */
        ALL_GATHER_SIZES("detail.allGatherSizes"),
        /** A reduce_scatter whose input total is not its output total times the group size. */
        REDUCE_SCATTER_SIZES("detail.reduceScatterSizes"),
        /** Input and output data types differ. */
        DTYPES("detail.dtypes");

        final String detail;

        Rule(String detail) {
            this.detail = detail;
        }
    }

    /**
     * A rule one rank's entry breaks.
     *
     * @param rule   which one
     * @param input  the entry's input element total
     * @param output its output element total
     * @param size   the group size it was checked against; 0 when the rule needs none
     */
    record Broken(Rule rule, long input, long output, int size) {
    }

    private static final Set<String> ALL_REDUCE = Set.of("all_reduce", "allreduce_coalesced");
    private static final Set<String> ALL_GATHER = Set.of("all_gather", "all_gather_base", "allgather_base",
            "all_gather_into_tensor_coalesced", "allgather_into_tensor_coalesced");
    private static final Set<String> REDUCE_SCATTER = Set.of("reduce_scatter", "reduce_scatter_base",
            "reduce_scatter_tensor_coalesced");
    /** Collectives whose input and output legitimately differ in type or are not both recorded. */
    private static final Set<String> ANY_DTYPES = Set.of("scatter", "gather", "broadcast", "all_to_all",
            "all_to_all_single", "all_to_all_v_single", "barrier", "coalesced");

    private OwnRules() {
    }

    /**
     * {@return the rule {@code e} breaks, or null when it keeps them all or cannot be judged}
     *
     * @param e         one collective entry of a rank's dump
     * @param groupSize the ranks of its process group by the same dump; null when unknown
     */
    static Broken check(FlightRecorderEntry e, Integer groupSize) {
        String op = operation(e.profilingName());
        if (op == null || e.inputSizes().isEmpty() || e.outputSizes().isEmpty()) return null;
        // Element totals only where a rule needs them: most entries are all_reduces of one dtype.
        if (ALL_REDUCE.contains(op) && !e.inputSizes().equals(e.outputSizes())) {
            return new Broken(Rule.ALL_REDUCE_SIZES, total(e.inputSizes()), total(e.outputSizes()), 0);
        }
        boolean gather = ALL_GATHER.contains(op);
        if (groupSize != null && groupSize > 0 && (gather || REDUCE_SCATTER.contains(op))) {
            long in = total(e.inputSizes());
            long out = total(e.outputSizes());
            long expected = gather ? times(in, groupSize) : times(out, groupSize);
            if (in >= 0 && out >= 0 && expected >= 0) {
                if (gather && expected != out) return new Broken(Rule.ALL_GATHER_SIZES, in, out, groupSize);
                if (!gather && expected != in) return new Broken(Rule.REDUCE_SCATTER_SIZES, in, out, groupSize);
            }
        }
        if (ANY_DTYPES.contains(op) || e.inputDtypes().isEmpty() || e.outputDtypes().isEmpty()
                || e.inputDtypes().equals(e.outputDtypes())
                || new HashSet<>(e.inputDtypes()).equals(new HashSet<>(e.outputDtypes()))) {
            return null;
        }
        long in = total(e.inputSizes());
        long out = total(e.outputSizes());
        return in > 0 && out > 0 ? new Broken(Rule.DTYPES, in, out, 0) : null;
    }

    /** Operation names by profiling name: a dump repeats a few names thousands of times. */
    private static final java.util.concurrent.ConcurrentHashMap<String, String> OPERATIONS = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@code nccl:_all_gather_base} and {@code gloo:all_gather}: {@code all_gather_base}, {@code all_gather}. */
    private static String operation(String profilingName) {
        if (profilingName == null) return null;
        String known = OPERATIONS.get(profilingName);
        if (known != null) return known.isEmpty() ? null : known;
        String op = parse(profilingName);
        if (OPERATIONS.size() < 1024) OPERATIONS.put(profilingName, op == null ? "" : op);
        return op;
    }

    private static String parse(String profilingName) {
        String name = profilingName.substring(profilingName.indexOf(':') + 1).strip();
        int space = name.indexOf(' ');
        if (space >= 0) name = name.substring(0, space);
        while (name.startsWith("_")) name = name.substring(1);
        return name.isEmpty() ? null : name;
    }

    /** {@return the element total over all shapes; -1 when a dimension is negative or it overflows} */
    private static long total(List<List<Long>> shapes) {
        long sum = 0;
        for (List<Long> shape : shapes) {
            long n = 1;
            for (Long d : shape) {
                if (d == null || d < 0) return -1;
                n = times(n, d);
                if (n < 0) return -1;
            }
            sum += n;
            if (sum < 0) return -1;
        }
        return sum;
    }

    private static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            return -1;
        }
    }
}
