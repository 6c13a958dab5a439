package io.ncclscope.sdk.report;

import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shows a finding made alike on many nodes once, naming the nodes: a bundle of 1,024 nodes with the same broken
 * setting gives one finding on 1,024 nodes, not 1,024 findings, so the report stays as long as the list of distinct
 * problems (and readable in a chat message) however many nodes were read.
 *
 * <p>Findings come one at a time, in any order, as the analyzers settle them ({@link io.ncclscope.sdk.diagnose.Pass#drain()}),
 * and what this holds grows with the nodes only by their names: for each group of alike findings, the findings of
 * its first {@link #EVIDENCE_NODES} nodes, the one first in report order, and a bit per node.
 *
 * <p>Two findings are alike when they are equal once each one's own node name is taken out of them: same code,
 * severity and subject apart from the node; same detail (template and values), evidence lines (artifact, line
 * number, text) and parameters of the action commands, with the node's name in them, and the pid and tid NCCL writes
 * after it ({@code node7:4242:4300}) and the time it writes before a WARN line ({@code [2026-12-02 09:03:10]}), read
 * as a placeholder. Anything else that differs (a rank, a counter, a bus
 * id, a rate) keeps them apart. Findings with no node, and a second alike
 * finding on a node the group already has, stay as they are. The merged finding is the one of the first node
 * (natural order) with {@link LocalizedFinding#nodes()} listing every node and the evidence lines of the first
 * {@link #EVIDENCE_NODES} nodes; it takes the place in {@link Diagnosis#ORDER report order} of the group's finding
 * that comes first. Not thread-safe.
 */
final class NodeMerge {

    /** Nodes whose evidence lines a merged finding carries. */
    static final int EVIDENCE_NODES = 3;

    /** Stands for the finding's own node in the comparison key. */
    private static final String NODE = "\u0001";
    /**
     * The time NCCL writes before a line ({@code NCCL_DEBUG_TIMESTAMP_FORMAT}, by default {@code [%F %T] } before WARN
     * lines), seconds' fraction allowed: every node warns at its own times.
     */
    private static final Pattern TIME = Pattern.compile("\\[\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?] ");

    /** What {@link #withoutNode} reads as the node when a finding's node is empty. */
    private static final Pattern NO_NAME = Pattern.compile("(?<![A-Za-z0-9_.-])(?::\\d+){0,2}(?![A-Za-z0-9_-])");

    /** Alike findings by their key (the finding with its node's name taken out). */
    private final Map<String, Group> groups = new HashMap<>();
    /** Every node a finding was made on, by index: a group names its nodes by index. */
    private final Map<String, Integer> nodeIndex = new HashMap<>();
    private final List<String> nodeNames = new ArrayList<>();
    /** Findings shown as they are: of no node, or a second alike finding on a node. */
    private final List<Finding> loose = new ArrayList<>();
    /** The last finding's node, read as a placeholder in its texts. */
    private String lastNode;
    /**
     * The findings with a node taken while they all had the same node, in order, not grouped yet: findings of one
     * node never merge, so their keys (the costliest part of a one-node report, a chat paste's) are built only once a
     * second node shows, and then for these too, in the order they came. Shown as they are, they are the findings the
     * groups would show: with one node a group holds one finding, shown as it is, and an alike finding of the same
     * node is loose; and where the groups' order (a HashMap's) and this list's differ, {@link Diagnosis#ORDER} ties
     * only findings equal in every component, which show the same.
     */
    private final List<Finding> ofOneNode = new ArrayList<>();
    /** True once findings of two nodes were taken: from then on each finding is grouped by its key. */
    private boolean keyed;

    /**
     * {@return {@code findings} in report order, alike findings of several nodes shown once}
     *
     * @param findings findings in any order
     * @param locale   the language to show them in
     */
    static List<LocalizedFinding> merge(List<Finding> findings, Locale locale) {
        NodeMerge m = new NodeMerge();
        findings.forEach(m::add);
        return m.finish(locale);
    }

    /**
     * Takes one finding.
     *
     * @param f a finding
     */
    void add(Finding f) {
        String node = f.subject().node();
        if (node == null) {
            loose.add(f);
            return;
        }
        if (!keyed) {
            if (ofOneNode.isEmpty() || ofOneNode.get(0).subject().node().equals(node)) {
                ofOneNode.add(f);
                return;
            }
            keyed = true;
            ofOneNode.forEach(this::group);
            ofOneNode.clear();
        }
        group(f);
    }

    /** Takes {@code f}, a finding with a node, into its group of alike findings. */
    private void group(Finding f) {
        String node = f.subject().node();
        lastNode = node;
        String key = key(f);
        Integer index = nodeIndex.get(node);
        if (index == null) {
            index = nodeNames.size();
            nodeIndex.put(node, index);
            nodeNames.add(node);
        }
        Group g = groups.get(key);
        if (g == null) groups.put(key, new Group(f, index));
        else if (!g.add(f, index)) loose.add(f);
    }

    /**
     * {@return every finding taken, in report order, alike findings of several nodes once}
     *
     * @param locale the language to show them in
     */
    List<LocalizedFinding> finish(Locale locale) {
        return finish(locale, Map.of());
    }

    /**
     * {@return every finding taken, as {@link #finish(Locale)}, the job's values filling what the findings leave open}
     *
     * @param locale    the language to show them in
     * @param jobValues values of the whole job for the commands' placeholders ({@code gpus_per_node})
     */
    List<LocalizedFinding> finish(Locale locale, Map<String, String> jobValues) {
        List<Object[]> entries = new ArrayList<>(loose.size() + groups.size() + ofOneNode.size());
        // Groups before loose findings: a second alike finding on a node equals its group's, and shows after it.
        for (Group g : groups.values()) entries.add(new Object[] {g.first, g});
        for (Finding f : loose) entries.add(new Object[] {f, null});
        for (Finding f : ofOneNode) entries.add(new Object[] {f, null});
        entries.sort((a, b) -> Diagnosis.ORDER.compare((Finding) a[0], (Finding) b[0]));
        List<LocalizedFinding> out = new ArrayList<>(entries.size());
        for (Object[] e : entries) {
            Group g = (Group) e[1];
            out.add(g == null ? Diagnosis.localize((Finding) e[0], locale, jobValues) : g.shown(locale, nodeNames, jobValues));
        }
        return out;
    }

    /** {@return how many findings are held (for tests): loose ones, and per group its first nodes' and its first} */
    int held() {
        int n = loose.size() + ofOneNode.size();
        for (Group g : groups.values()) n += g.firsts.size() + (g.firsts.contains(g.first) ? 0 : 1);
        return n;
    }

    /** Alike findings of several nodes. */
    private static final class Group {
        /** Every node, by index ({@link #nodeNames}). */
        private final BitSet nodes = new BitSet();
        /** The findings of the first {@link #EVIDENCE_NODES} nodes, in natural order of their nodes. */
        private final List<Finding> firsts = new ArrayList<>(EVIDENCE_NODES);
        /** The member first in report order: where the group shows. */
        private Finding first;

        Group(Finding f, int node) {
            nodes.set(node);
            firsts.add(f);
            first = f;
        }

        /** Adds {@code f}, made on the node of index {@code node}; false when the group has that node already. */
        boolean add(Finding f, int node) {
            if (nodes.get(node)) return false;
            nodes.set(node);
            if (Diagnosis.ORDER.compare(f, first) < 0) first = f;
            String name = f.subject().node();
            int at = firsts.size();
            while (at > 0 && Evidence.compareNodes(name, firsts.get(at - 1).subject().node()) < 0) at--;
            if (at < EVIDENCE_NODES) {
                firsts.add(at, f);
                if (firsts.size() > EVIDENCE_NODES) firsts.remove(EVIDENCE_NODES);
            }
            return true;
        }

        /** The group as one finding: the first node's, naming every node, with the first few nodes' evidence. */
        LocalizedFinding shown(Locale locale, List<String> names, Map<String, String> jobValues) {
            LocalizedFinding one = Diagnosis.localize(firsts.get(0), locale, jobValues);
            if (nodes.cardinality() == 1) return one;
            List<EvidenceLine> evidence = new ArrayList<>();
            for (Finding f : firsts) evidence.addAll(f.evidence());
            List<String> all = new ArrayList<>(nodes.cardinality());
            for (int i = nodes.nextSetBit(0); i >= 0; i = nodes.nextSetBit(i + 1)) all.add(names.get(i));
            all.sort(Evidence::compareNodes);
            return new LocalizedFinding(one.code(), one.severity(), one.title(), one.subject(), one.detail(), evidence,
                    one.causes(), one.actions(), all);
        }
    }

    /**
     * {@return {@code text} with each mention of {@code node} read as a placeholder: the name as a whole word (not
     * inside a longer host name: {@code node1} in {@code node10}), with the process and thread ids NCCL writes after it
     * ({@code node1:4242:4300}), since every node's processes have their own}
     *
     * @param text a text of a finding
     * @param node the finding's node
     */
    static String withoutNode(String text, String node) {
        if (node.isEmpty()) return NO_NAME.matcher(text).replaceAll(NODE); // an empty name: the ids alone
        // The matches of (?<![A-Za-z0-9_.-])NODE(?::\d+){0,2}(?![A-Za-z0-9_-]), found by hand (a key is made of every
        // text of every finding): the longest of two, one or no ":digits" after the name that no name character
        // follows (a shorter run of digits is followed by a digit).
        StringBuilder out = null;
        int copied = 0;
        for (int at = text.indexOf(node); at >= 0; at = text.indexOf(node, at + 1)) {
            if (at > 0 && (nameChar(text.charAt(at - 1)) || text.charAt(at - 1) == '.')) continue;
            int end = idsEnd(text, at + node.length());
            if (end < 0) continue;
            if (out == null) out = new StringBuilder(text.length());
            out.append(text, copied, at).append(NODE);
            copied = end;
            at = end - 1;
        }
        return out == null ? text : out.append(text, copied, text.length()).toString();
    }

    /** Where the name ending at {@code name} ends with its pid and tid, or -1 when a name character follows each. */
    private static int idsEnd(String text, int name) {
        int pid = numberEnd(text, name);
        int tid = pid < 0 ? -1 : numberEnd(text, pid);
        if (tid >= 0 && !followedByNameChar(text, tid)) return tid;
        if (pid >= 0 && !followedByNameChar(text, pid)) return pid;
        return followedByNameChar(text, name) ? -1 : name;
    }

    /** The end of {@code :digits} at {@code at}, or -1 when there is none. */
    private static int numberEnd(String text, int at) {
        if (at + 1 >= text.length() || text.charAt(at) != ':' || !digit(text.charAt(at + 1))) return -1;
        int end = at + 2;
        while (end < text.length() && digit(text.charAt(end))) end++;
        return end;
    }

    private static boolean followedByNameChar(String text, int at) {
        return at < text.length() && nameChar(text.charAt(at));
    }

    private static boolean nameChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || digit(c) || c == '_' || c == '-';
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Everything a reader sees of {@code f} and the values its commands are filled with, its node's name replaced. */
    private String key(Finding f) {
        StringBuilder sb = new StringBuilder(256);
        Subject s = f.subject();
        sb.append(f.code()).append('\0').append(f.severity()).append('\0')
                .append(s.rank()).append('\0').append(s.gpu()).append('\0').append(s.device()).append('\0')
                .append(s.port()).append('\0').append(s.iface()).append('\0').append(no(s.peer())).append('\0')
                .append(f.detail().bundle()).append('\0').append(f.detail().key()).append('\0');
        for (Map.Entry<String, String> a : f.detail().args().entrySet()) {
            sb.append(a.getKey()).append('=').append(no(a.getValue())).append('\0');
        }
        sb.append('\0');
        for (EvidenceLine e : f.evidence()) {
            sb.append(no(e.artifact())).append(':').append(e.line()).append(':').append(no(untimed(e.text()))).append('\0');
        }
        sb.append('\0');
        for (Map.Entry<String, String> p : f.params().entrySet()) {
            sb.append(p.getKey()).append('=').append(no(p.getValue())).append('\0');
        }
        return sb.toString();
    }

    /** {@code text} with the time NCCL writes before a WARN line ({@code [2026-12-02 09:03:10] }) read as a placeholder. */
    private static String untimed(String text) {
        if (text == null || !text.startsWith("[")) return text;
        Matcher m = TIME.matcher(text);
        return m.lookingAt() ? NODE + text.substring(m.end()) : text;
    }

    /** {@code text} with the last node's name (and the pid and tid after it) read as a placeholder; "" for null. */
    private String no(String text) {
        if (text == null) return "";
        return withoutNode(text, lastNode);
    }
}
