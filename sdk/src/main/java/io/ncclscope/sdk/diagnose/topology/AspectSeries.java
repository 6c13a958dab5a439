package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * One aspect of a node (GPU or NIC count, GPU models, GPU-NIC paths, NVLink layout, ranks) read from one source, node
 * by node (or host by host), and its comparison: TOPOLOGY_ASYMMETRIC for the nodes whose value differs from the one
 * most share. Used across the nodes of a bundle ({@link NodeComparison}) and across the hosts of one artifact
 * ({@link HostComparison}). Not thread-safe.
 */
final class AspectSeries {

    static final String CODE = "TOPOLOGY_ASYMMETRIC";

    /** Nodes listed per value in a message before {@code +N}. */
    private static final int NODES_PER_VALUE = 6;

    /** What one node (or host) shows for one aspect: the value compared, its number when it is a count, the lines. */
    record Fact(String value, Long number, List<Quote> lines) {
        /** {@return a count's fact: {@code n} compared as its digits} */
        static Fact count(long n, List<Quote> lines) {
            return new Fact(String.valueOf(n), n, lines);
        }
    }

    final String aspect;
    final String source;
    /** What each node (or host) shows, in natural order. */
    final Map<String, Fact> byNode = new LinkedHashMap<>();

    AspectSeries(String aspect, String source) {
        this.aspect = aspect;
        this.source = source;
    }

    /**
     * Reports the nodes of {@code s} that differ from the others and returns them. The value most nodes share
     * is the reference; with no such value a count's reference is the largest, and other values are reported
     * as one mixed finding.
     */
    static Set<String> compare(AspectSeries s, MergedFindings out) {
        Set<String> odd = new LinkedHashSet<>();
        if (s.byNode.size() < 2) return odd;
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        s.byNode.forEach((node, f) -> byValue.computeIfAbsent(f.value(), k -> new ArrayList<>()).add(node));
        if (byValue.size() < 2) return odd;
        int top = byValue.values().stream().mapToInt(List::size).max().orElseThrow();
        List<String> shared = byValue.keySet().stream().filter(v -> byValue.get(v).size() == top).toList();
        String ref = shared.size() == 1 ? shared.get(0) : null;
        if (ref == null && s.byNode.values().stream().allMatch(f -> f.number() != null)) {
            ref = s.byNode.values().stream().max((x, y) -> Long.compare(x.number(), y.number())).orElseThrow().value();
        }
        if (ref == null) {
            mixed(s, byValue, out);
            odd.addAll(s.byNode.keySet());
            return odd;
        }
        List<String> refNodes = byValue.get(ref);
        for (Map.Entry<String, List<String>> v : byValue.entrySet()) {
            if (v.getKey().equals(ref)) continue;
            List<String> oddNodes = v.getValue();
            odd.addAll(oddNodes);
            List<Quote> ev = new ArrayList<>();
            for (String n : oddNodes.subList(0, Math.min(2, oddNodes.size()))) ev.addAll(s.byNode.get(n).lines());
            ev.addAll(s.byNode.get(refNodes.get(0)).lines());
            Message detail = Message.of(TopologyAnalyzer.class, "asym." + s.aspect,
                    "nodes", Names.list(oddNodes), "value", v.getKey(), "peer", ref, "source", s.source);
            String node = oddNodes.get(0);
            out.add("across|" + s.aspect + "|" + String.join(",", oddNodes), CODE, FindingSeverity.WARNING,
                    new Subject(oddNodes.size() == 1 ? node : null, null, null, null, null, null, null), detail, ev,
                    "node", node);
        }
        return odd;
    }

    private static void mixed(AspectSeries s, Map<String, List<String>> byValue, MergedFindings out) {
        List<String> parts = new ArrayList<>();
        List<Quote> ev = new ArrayList<>();
        for (Map.Entry<String, List<String>> v : byValue.entrySet()) {
            List<String> ns = v.getValue();
            String shown = ns.size() > NODES_PER_VALUE
                    ? String.join(", ", ns.subList(0, NODES_PER_VALUE)) + ", +" + (ns.size() - NODES_PER_VALUE)
                    : String.join(", ", ns);
            parts.add(shown + ": " + v.getKey());
            ev.addAll(s.byNode.get(ns.get(0)).lines());
        }
        Message detail = Message.of(TopologyAnalyzer.class, "asym.mixed." + s.aspect,
                "values", String.join("; ", parts), "source", s.source);
        out.add("mixed|" + s.aspect, CODE, FindingSeverity.WARNING, Subject.JOB, detail, ev);
    }

    /** {@return how many GPUs of each model, in name order ({@code "8× NVIDIA H100 80GB HBM3"}); null when none is named} */
    static String modelProfile(Stream<String> names) {
        Map<String, Integer> counts = new TreeMap<>();
        names.filter(Objects::nonNull).forEach(n -> counts.merge(n, 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((n, c) -> parts.add(c + "× " + n));
        return parts.isEmpty() ? null : String.join(", ", parts);
    }
}
