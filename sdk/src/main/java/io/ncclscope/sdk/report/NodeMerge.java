package io.ncclscope.sdk.report;

import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shows a finding made alike on many nodes once, naming the nodes: a bundle of 1,024 nodes with the same broken
 * setting gives one finding on 1,024 nodes, not 1,024 findings, so the report stays as long as the list of distinct
 * problems (and readable in a chat message) however many nodes were read.
 *
 * <p>Two findings are alike when they are equal once each one's own node name is taken out of its text: same code,
 * severity, title and subject apart from the node; same detail, evidence lines (artifact, line number, text),
 * causes and actions, with the node's name in them read as a placeholder. Anything else that differs (a pid, a
 * counter, a bus id, a rate) keeps them apart. Findings with no node, and a second alike finding on a node the group
 * already has, stay as they are. The merged finding is the one of the first node (natural order) with
 * {@link LocalizedFinding#nodes()} listing every node and the evidence lines of the first {@link #EVIDENCE_NODES}
 * nodes; it takes the place of the group's first finding in report order. Stateless.
 */
final class NodeMerge {

    /** Nodes whose evidence lines a merged finding carries. */
    static final int EVIDENCE_NODES = 3;

    /** Stands for the finding's own node in the comparison key. */
    private static final String NODE = "\u0001";

    private NodeMerge() {
    }

    /**
     * {@return {@code findings} in the same order, alike findings of several nodes shown once}
     *
     * @param findings findings in report order
     */
    static List<LocalizedFinding> merge(List<LocalizedFinding> findings) {
        Map<String, List<LocalizedFinding>> groups = new LinkedHashMap<>();
        List<Object> slots = new ArrayList<>(findings.size());
        Map<String, Pattern> patterns = new HashMap<>();
        boolean merged = false;
        for (LocalizedFinding f : findings) {
            String node = f.subject().node();
            if (node == null || f.nodes() != null) {
                slots.add(f);
                continue;
            }
            String key = key(f, patterns.computeIfAbsent(node, NodeMerge::pattern));
            List<LocalizedFinding> g = groups.get(key);
            if (g == null) {
                g = new ArrayList<>();
                groups.put(key, g);
                slots.add(key);
            } else if (g.stream().anyMatch(x -> node.equals(x.subject().node()))) {
                slots.add(f);
                continue;
            } else {
                merged = true;
            }
            g.add(f);
        }
        if (!merged) return findings;
        List<LocalizedFinding> out = new ArrayList<>(slots.size());
        for (Object s : slots) {
            out.add(s instanceof LocalizedFinding f ? f : one(groups.get((String) s)));
        }
        return out;
    }

    /** The group as one finding: the first node's, naming every node, with the first few nodes' evidence. */
    private static LocalizedFinding one(List<LocalizedFinding> g) {
        if (g.size() == 1) return g.get(0);
        List<LocalizedFinding> sorted = new ArrayList<>(g);
        sorted.sort((a, b) -> Evidence.compareNodes(a.subject().node(), b.subject().node()));
        LocalizedFinding first = sorted.get(0);
        List<EvidenceLine> evidence = new ArrayList<>();
        for (int i = 0; i < Math.min(EVIDENCE_NODES, sorted.size()); i++) evidence.addAll(sorted.get(i).evidence());
        List<String> nodes = new ArrayList<>(sorted.size());
        for (LocalizedFinding f : sorted) nodes.add(f.subject().node());
        return new LocalizedFinding(first.code(), first.severity(), first.title(), first.subject(), first.detail(),
                evidence, first.causes(), first.actions(), nodes);
    }

    /** The node's name as a whole word: not inside a longer host name ({@code node1} in {@code node10}). */
    private static Pattern pattern(String node) {
        return Pattern.compile("(?<![A-Za-z0-9_.-])" + Pattern.quote(node) + "(?![A-Za-z0-9_-])");
    }

    /** Everything a reader sees of {@code f}, its node's name replaced by a placeholder. */
    private static String key(LocalizedFinding f, Pattern node) {
        StringBuilder sb = new StringBuilder(256);
        Subject s = f.subject();
        sb.append(f.code()).append('\0').append(f.severity()).append('\0').append(f.title()).append('\0')
                .append(s.rank()).append('\0').append(s.gpu()).append('\0').append(s.device()).append('\0')
                .append(s.port()).append('\0').append(s.iface()).append('\0').append(no(s.peer(), node)).append('\0')
                .append(no(f.detail(), node)).append('\0');
        for (EvidenceLine e : f.evidence()) {
            sb.append(no(e.artifact(), node)).append(':').append(e.line()).append(':').append(no(e.text(), node)).append('\0');
        }
        sb.append('\0');
        for (String c : f.causes()) sb.append(c).append('\0');
        sb.append('\0');
        for (Action a : f.actions()) sb.append(no(a.text(), node)).append('\0').append(no(a.command(), node)).append('\0');
        return sb.toString();
    }

    private static String no(String text, Pattern node) {
        if (text == null) return "";
        Matcher m = node.matcher(text);
        return m.find() ? m.replaceAll(NODE) : text;
    }
}
