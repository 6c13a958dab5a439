package io.ncclscope.sdk.localize;

import io.ncclscope.sdk.diagnose.Finding;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the pairwise tests show: the pair matrix, the bar a pair must clear, and the findings.
 *
 * @param nodes     every node tested, in natural order
 * @param results   the best result of each pair tested
 * @param median    median plateau busbw over the pairs, GB/s; null when there is no result
 * @param expected  the expectation given, GB/s; null when slow is judged against the median
 * @param threshold below this a pair is slow, GB/s; null when too few pairs to judge (fewer than 3, no expectation)
 * @param slowNodes nodes judged slow (every or nearly every pair slow)
 * @param slowPairs slow pairs not explained by a slow node (the path is the suspect)
 * @param suspects  nodes to retest against known-good nodes: slow nodes, and both ends of slow pairs that
 *                  are not yet separated (no fine test of both nodes with other partners)
 * @param good      nodes with a fine pair that are not suspects
 * @param findings  {@code SLOW_NODE} and {@code SLOW_PAIR} findings
 */
public record Localization(List<String> nodes, List<PairResult> results, Double median, Double expected,
                           Double threshold, List<String> slowNodes, List<PairResult> slowPairs,
                           List<String> suspects, List<String> good, List<Finding> findings) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param nodes     every node tested, in natural order
     * @param results   the best result of each pair tested
     * @param median    median plateau busbw over the pairs, GB/s; null when there is no result
     * @param expected  the expectation given, GB/s; null when slow is judged against the median
     * @param threshold below this a pair is slow, GB/s; null when too few pairs to judge (fewer than 3, no expectation)
     * @param slowNodes nodes judged slow (every or nearly every pair slow)
     * @param slowPairs slow pairs not explained by a slow node (the path is the suspect)
     * @param suspects  nodes to retest against known-good nodes: slow nodes, and both ends of slow pairs that
     *         are not yet separated (no fine test of both nodes with other partners)
     * @param good      nodes with a fine pair that are not suspects
     * @param findings  {@code SLOW_NODE} and {@code SLOW_PAIR} findings
     */
    public Localization {
        nodes = List.copyOf(nodes);
        results = List.copyOf(results);
        slowNodes = List.copyOf(slowNodes);
        slowPairs = List.copyOf(slowPairs);
        suspects = List.copyOf(suspects);
        good = List.copyOf(good);
        findings = List.copyOf(findings);
    }

    /**
     * {@return whether the pair {@code r} is slow}
     *
     * @param r a pair result
     */
    public boolean isSlow(PairResult r) {
        return threshold != null && r.busbw() < threshold;
    }

    /**
     * {@return the matrix as a lookup: the result of {@code x} with {@code y}, in either order}
     *
     * @param x a node
     * @param y another node
     */
    public Optional<PairResult> result(String x, String y) {
        return Optional.ofNullable(index().get(key(x, y)));
    }

    /** {@return all results keyed by {@link #key}} Built on each call; callers that look up many cells keep it. */
    public Map<String, PairResult> index() {
        Map<String, PairResult> m = new HashMap<>(results.size() * 2);
        for (PairResult r : results) m.put(key(r.a(), r.b()), r);
        return m;
    }

    /**
     * {@return an order-free key for a pair}
     *
     * @param x a node
     * @param y another node
     */
    public static String key(String x, String y) {
        return x.compareTo(y) <= 0 ? x + "\u0000" + y : y + "\u0000" + x;
    }
}
