package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.rules.Need;
import java.util.List;
import java.util.Objects;

/**
 * A checklist item backed by evidence: the state a workflow keeps between calls (the evidence itself is not kept).
 *
 * @param need  the item
 * @param node  the node it is about; null when it is about the job (a log of every node, a pairwise matrix)
 * @param value what it showed, where that matters: the network NCCL chose ({@code Socket}, {@code IB}), the
 *              interface set in {@code NCCL_SOCKET_IFNAME}; null otherwise
 * @param links the lines that show it, at most {@link #MAX_LINKS}
 */
public record Observation(Need need, String node, String value, List<Link> links) {

    /** Most links kept per observation. */
    public static final int MAX_LINKS = 4;

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param need  the item
     * @param node  the node it is about; null when it is about the job (a log of every node, a pairwise matrix)
     * @param value what it showed, where that matters: the network NCCL chose ({@code Socket}, {@code IB}), the
     *         interface set in {@code NCCL_SOCKET_IFNAME}; null otherwise
     * @param links the lines that show it, at most {@link #MAX_LINKS}
     * @throws NullPointerException when a required component is null
     */
    public Observation {
        Objects.requireNonNull(need, "need");
        links = List.copyOf(links.size() > MAX_LINKS ? links.subList(0, MAX_LINKS) : links);
    }

    // equals and hashCode by hand, as the record's own would be: the generated ones are bootstrapped through
    // invokedynamic (java.lang.runtime.ObjectMethods) at their first call, which the AOT cache cannot keep, and
    // that first call was the largest single cost of a short command in the node bundle. RecordEqualityTest holds
    // them to the record contract.
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Observation o && Objects.equals(need, o.need)
                && Objects.equals(node, o.node) && Objects.equals(value, o.value) && Objects.equals(links, o.links);
    }

    // Objects.hash(need, node, value, links) without its array.
    @Override
    public int hashCode() {
        int h = 31 + need.hashCode();
        h = 31 * h + Objects.hashCode(node);
        h = 31 * h + Objects.hashCode(value);
        return 31 * h + links.hashCode();
    }
}
