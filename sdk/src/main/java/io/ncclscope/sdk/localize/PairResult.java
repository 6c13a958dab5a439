package io.ncclscope.sdk.localize;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Objects;

/**
 * One two-node test's plateau: the bus bandwidth the pair reached at large messages.
 *
 * @param a      one node
 * @param b      the other node
 * @param busbw  plateau bus bandwidth, GB/s (median out-of-place busbw of the sizes within a factor 4 of the largest)
 * @param source the table row that shows it; null for simulated results
 * @param series what was run, so that only like is compared with like: test, ranks and largest size
 *               ({@code all_reduce_perf 16 ranks to 8589934592 B}); null when unknown (simulations)
 */
public record PairResult(String a, String b, double busbw, EvidenceLine source, String series) {

    /**
     * A result of an unnamed series.
     *
     * @param a      one node
     * @param b      the other node
     * @param busbw  the plateau bus bandwidth in GB/s
     * @param source the line it was read from
     */
    public PairResult(String a, String b, double busbw, EvidenceLine source) {
        this(a, b, busbw, source, null);
    }

    /**
     * Creates the record: rejects null where a component is required, checks the values.
     *
     * @param a      one node
     * @param b      the other node
     * @param busbw  plateau bus bandwidth, GB/s (median out-of-place busbw of the sizes within a factor 4 of the largest)
     * @param source the table row that shows it; null for simulated results
     * @param series what was run, so that only like is compared with like: test, ranks and largest size
     *         ({@code all_reduce_perf 16 ranks to 8589934592 B}); null when unknown (simulations)
     * @throws NullPointerException when a required component is null
     * @throws IllegalArgumentException when a value is out of range
     */
    public PairResult {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.equals(b)) throw new IllegalArgumentException("a pair needs two nodes: " + a);
    }

    /**
     * {@return whether this result involves {@code node}}
     *
     * @param node a node
     */
    public boolean has(String node) {
        return a.equals(node) || b.equals(node);
    }

    /**
     * {@return the node of this pair that is not {@code node}}
     *
     * @param node one node of this pair
     */
    public String other(String node) {
        return a.equals(node) ? b : a;
    }
}
