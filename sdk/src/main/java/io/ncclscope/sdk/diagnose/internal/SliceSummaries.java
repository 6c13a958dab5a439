package io.ncclscope.sdk.diagnose.internal;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pass keeps of each slice for its checks across nodes, handed back in the order of {@link Evidence#slices()}
 * (the slice of no node first, then nodes in natural order), whatever order the slices came in. Not thread-safe.
 *
 * @param <T> the summary of one slice
 */
public final class SliceSummaries<T> {

    private record Entry<T>(String node, T value) {
    }

    private final List<Entry<T>> entries = new ArrayList<>();
    private boolean sorted = true;

    /** Keeps the summary {@code value} of the slice of {@code node} ({@link Evidence#sliceNode()}: null for no node). */
    public void put(String node, T value) {
        entries.add(new Entry<>(node, value));
        sorted = false;
    }

    /** {@return the summaries kept, in slice order} */
    public List<T> inOrder() {
        if (!sorted) {
            entries.sort((a, b) -> Evidence.SLICE_NODE_ORDER.compare(a.node(), b.node()));
            sorted = true;
        }
        List<T> out = new ArrayList<>(entries.size());
        for (Entry<T> e : entries) out.add(e.value());
        return out;
    }
}
