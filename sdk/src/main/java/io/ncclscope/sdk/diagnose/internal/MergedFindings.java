package io.ncclscope.sdk.diagnose.internal;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The findings of one analysis, one per problem instance. A second report of the same instance (the same GPU
 * link seen by {@code lspci} and by {@code nvidia-smi}, the same odd node seen by {@code topo -m} and by
 * {@code nvidia-smi -q}) adds its lines to the first; the more severe statement leads, with its subject, detail,
 * parameters and lines first. With {@link #addForNode}, a node's problem that other nodes share word for word (a
 * cluster of one server model, all with the same GPU-NIC placement) is one finding listing the nodes, with the
 * first node's lines. With {@link #addListed}, for analyzers whose every detail says where it was seen, the same
 * statement made on many nodes is one finding whose detail names them all ({@link NodeListing}). Lines are quoted
 * only when {@link #findings()} builds the findings, so only the artifacts a finding shows are read again. A
 * recording collector of a {@link RecordedFindings} merges nothing: it keeps each call, its lines quoted at once, to
 * hand to a merging collector at finish. Not thread-safe; one per {@code analyze} call.
 *
 * <p>Every {@code add} method takes the statement the same way: {@code code} the finding code, {@code severity},
 * {@code subject} what it is about, {@code detail} the sentence saying what was seen, {@code evidence} the lines to
 * quote ({@link Quote}s, or {@link EvidenceLine}s quoted already; null elements are skipped), and {@code params}
 * alternating names and values (null or blank values are left out).
 */
public final class MergedFindings {

    /** The findings by problem instance: code and key ({@link #add}), or what nodes that share one have in common. */
    private final Map<List<Object>, PendingFinding> byKey = new LinkedHashMap<>();

    /** Where a recording collector ({@link RecordedFindings}) hands its calls; null for a collector that merges them. */
    private final Consumer<RecordedFindings.RecordedCall> recorder;

    /**
     * How the details of {@link #addListed} name the nodes a statement was made on, for analyzers whose every template
     * says where ({@code NCCL on ${hosts} ...}) instead of having a {@code <key>.nodes} form. A statement made on
     * several nodes stands for all of them: it quotes lines of each, and keeps only the parameters all agree on, since
     * one that differs between nodes cannot fill a single command.
     *
     * @param argument     the detail argument naming the nodes, put first
     * @param shown        names it lists before {@code (+N)}
     * @param linesPerNode new lines each further statement adds while the finding has room
     * @param union        an argument listing items ({@code "Bootstrap, NET/Socket"}) that is no part of what makes two
     *                     statements alike: the finding lists the items of all; null for none
     */
    public record NodeListing(String argument, int shown, int linesPerNode, String union) {
    }

    /** A collector that merges the findings added to it. */
    public MergedFindings() {
        this(null);
    }

    /** A collector that merges nothing and hands every call, its lines quoted now, to {@code recorder}. */
    MergedFindings(Consumer<RecordedFindings.RecordedCall> recorder) {
        this.recorder = recorder;
    }

    private static final class PendingFinding {
        final String code;
        FindingSeverity severity;
        Subject subject;
        Message detail;
        final Map<Quote.Key, Quote> evidence = new LinkedHashMap<>();
        final Map<String, String> params = new LinkedHashMap<>();
        /** The nodes that made it, each once, in the order they came. */
        final Set<String> nodes = new LinkedHashSet<>();
        /** Of a statement of {@link #addListed}: how its detail names the nodes; else null. */
        NodeListing listing;
        /** Of a listed statement: what its detail names when no node made it. */
        String where;
        /** Of a listed statement: the items of the union argument of every statement merged into it. */
        final Set<String> unionItems = new LinkedHashSet<>();

        /** A finding with the words, lines and parameters of its first statement. */
        PendingFinding(String code, FindingSeverity severity, Subject subject, Message detail, Collection<Quote> evidence,
                       String[] params) {
            this.code = code;
            this.severity = severity;
            this.subject = subject;
            this.detail = detail;
            putUpTo(this.evidence, evidence, Finding.MAX_EVIDENCE);
            putParams(this.params, params, false);
        }
    }

    /** Adds a finding for the problem instance {@code key} of {@code code}: findings of one code and key merge. */
    public void add(String key, String code, FindingSeverity severity, Subject subject, Message detail,
                    Collection<Quote> evidence, String... params) {
        if (recorder != null) {
            recorder.accept(new RecordedFindings.RecordedCall(false, null, key, code, severity, subject, detail, evidence, params));
            return;
        }
        merge(Arrays.asList(code, key), code, severity, subject, detail, evidence, params);
    }

    /** Adds a finding for the problem instance {@code k}: a new one, or merged into the one seen before. */
    private void merge(List<Object> k, String code, FindingSeverity severity, Subject subject, Message detail,
                       Collection<Quote> evidence, String... params) {
        PendingFinding a = byKey.get(k);
        if (a == null) {
            byKey.put(k, new PendingFinding(code, severity, subject, detail, evidence, params));
            return;
        }
        if (severity.compareTo(a.severity) > 0) {
            // The more severe statement leads, with its lines first.
            Map<Quote.Key, Quote> old = new LinkedHashMap<>(a.evidence);
            a.evidence.clear();
            putUpTo(a.evidence, evidence, Finding.MAX_EVIDENCE);
            old.forEach(a.evidence::putIfAbsent);
            a.severity = severity;
            a.subject = subject;
            a.detail = detail;
            putParams(a.params, params, true);
            return;
        }
        putUpTo(a.evidence, evidence, Finding.MAX_EVIDENCE);
        putParams(a.params, params, false);
    }

    /** {@link #add} with lines quoted already. */
    public void addLines(String key, String code, FindingSeverity severity, Subject subject, Message detail,
                         List<EvidenceLine> evidence, String... params) {
        add(key, code, severity, subject, detail, quotes(evidence), params);
    }

    private static List<Quote> quotes(List<EvidenceLine> evidence) {
        return evidence.stream().filter(Objects::nonNull).map(Quote::of).toList();
    }

    /**
     * Adds a finding about one node's own state. Nodes that show the same problem in the same words share one
     * finding: its subject names no node, its detail uses the {@code <key>.nodes} template with the node list
     * ({@code ${nodes}}, {@code ${nodeCount}}), its parameter {@code node} is the first node. With no {@code node},
     * {@code scope} is the instance key (findings of artifacts that name no node stay apart).
     */
    public void addForNode(String node, String scope, String code, FindingSeverity severity, Subject subject,
                           Message detail, Collection<Quote> evidence, String... params) {
        if (recorder != null) {
            recorder.accept(new RecordedFindings.RecordedCall(true, node, scope, code, severity, subject, detail, evidence, params));
            return;
        }
        if (node == null) {
            merge(Arrays.asList(code, scope, detail.key()), code, severity, subject, detail, evidence, params);
            return;
        }
        byKey.computeIfAbsent(nodeKey(code, severity, subject, detail),
                k -> new PendingFinding(code, severity, subject, detail, evidence, params)).nodes.add(node);
    }

    /**
     * As {@link #addListed(NodeListing, String, String, String, FindingSeverity, Subject, Message, Collection, String...)},
     * with the lines quoted already.
     */
    public void addListed(NodeListing how, String node, String where, String code, FindingSeverity severity, Subject subject,
                          Message detail, List<EvidenceLine> evidence, String... params) {
        addListed(how, node, where, code, severity, subject, detail, quotes(evidence), params);
    }

    /**
     * Adds a statement made on one node, or on none, whose detail names where it was seen as {@code how} says, its lines
     * read only if the finding shows them: a statement alike on a thousand nodes reads the files of the few it quotes. A
     * collector that {@linkplain #MergedFindings(Consumer) records} takes none. Statements alike in code, severity,
     * subject and detail (but for the union argument) are one finding, made on the nodes of all: its detail names them
     * in the listing argument (else {@code where}); it quotes the first statement's lines, then up to
     * {@code linesPerNode} new ones of each further statement; its union argument lists the items of all. The finding
     * of one node is about that node: its subject and parameter {@code node} name it. A detail that sets the listing
     * argument itself (a statement about a job's hosts) keeps it, and it is part of what makes statements alike.
     * {@code node} is the node it was made on (null for a statement about no single node), {@code where} what the detail
     * names when no node made it (a job's hosts, a log's name; null for {@code ?}), {@code subject} names no node.
     */
    public void addListed(NodeListing how, String node, String where, String code, FindingSeverity severity, Subject subject,
                          Message detail, Collection<Quote> evidence, String... params) {
        if (recorder != null) throw new UnsupportedOperationException("a recording collector takes no listed statements");
        Map<String, String> alike = new LinkedHashMap<>(detail.args());
        alike.remove(how.union());
        // The subject itself, not its toString() (seven fields joined for every statement, only to be compared):
        // statements alike have equal subjects, as nodeKey asks too.
        List<Object> k = Arrays.asList(code, "listed", severity, detail.key(), alike.toString(), subject);
        Collection<Quote> lines = firstApart(evidence);
        PendingFinding a = byKey.get(k);
        if (a == null) {
            a = new PendingFinding(code, severity, subject, detail, lines, params);
            a.listing = how;
            a.where = where;
            byKey.put(k, a);
        } else {
            putUpTo(a.evidence, lines, Math.min(Finding.MAX_EVIDENCE, a.evidence.size() + how.linesPerNode()));
            Map<String, String> own = new LinkedHashMap<>();
            putParams(own, params, false);
            a.params.entrySet().removeIf(p -> !p.getValue().equals(own.get(p.getKey())));
        }
        if (node != null) a.nodes.add(node);
        String items = how.union() == null ? null : detail.args().get(how.union());
        if (items != null) a.unionItems.addAll(Arrays.asList(items.split(", ")));
    }

    /** The instance key of {@link #addForNode} with a node: what nodes that share one finding have in common. */
    static List<Object> nodeKey(String code, FindingSeverity severity, Subject subject, Message detail) {
        return Arrays.asList(code, "nodes", severity, detail.key(), detail.args().toString(), subject.withNode(null));
    }

    /** {@return the first {@link Finding#MAX_EVIDENCE} lines of {@code evidence} apart: all a finding takes of one call} */
    static Collection<Quote> firstApart(Collection<Quote> evidence) {
        Map<Quote.Key, Quote> out = new LinkedHashMap<>();
        putUpTo(out, evidence, Finding.MAX_EVIDENCE);
        return out.values();
    }

    /** Adds the quotes of {@code evidence} not held already, null ones skipped, until {@code into} holds {@code most}. */
    private static void putUpTo(Map<Quote.Key, Quote> into, Collection<Quote> evidence, int most) {
        for (Quote q : evidence) {
            if (into.size() >= most) return;
            if (q != null) into.putIfAbsent(q.key(), q);
        }
    }

    private static void putParams(Map<String, String> into, String[] params, boolean replace) {
        for (int i = 0; i + 1 < params.length; i += 2) {
            String v = params[i + 1];
            if (v == null || v.isBlank()) continue;
            if (replace) into.put(params[i], v);
            else into.putIfAbsent(params[i], v);
        }
    }

    /** {@return the findings, in the order their instances were first seen} */
    public List<Finding> findings() {
        List<Finding> out = new ArrayList<>(byKey.size());
        for (PendingFinding a : byKey.values()) {
            Subject subject = a.subject;
            Message detail = a.detail;
            Map<String, String> params = a.params;
            List<String> nodes = List.copyOf(a.nodes);
            NodeListing how = a.listing;
            if (how != null) {
                Map<String, String> args = new LinkedHashMap<>();
                if (!detail.args().containsKey(how.argument())) {
                    String named = nodes.isEmpty() ? Objects.requireNonNullElse(a.where, "?") : Names.upTo(nodes, how.shown());
                    args.put(how.argument(), named);
                }
                args.putAll(detail.args());
                if (!a.unionItems.isEmpty()) args.put(how.union(), String.join(", ", a.unionItems));
                detail = new Message(detail.bundle(), detail.key(), args);
                if (nodes.size() == 1) {
                    subject = subject.withNode(nodes.get(0));
                    params.putIfAbsent("node", nodes.get(0));
                }
            } else if (nodes.size() > 1) {
                Map<String, String> args = new LinkedHashMap<>(detail.args());
                args.put("nodes", Names.list(nodes));
                args.put("nodeCount", String.valueOf(nodes.size()));
                detail = new Message(detail.bundle(), detail.key() + ".nodes", args);
                subject = subject.withNode(null);
                params = new LinkedHashMap<>(params);
                params.put("nodes", Names.csv(nodes.subList(0, Math.min(nodes.size(), Names.MAX_LISTED))));
            }
            Map<Quote.Key, EvidenceLine> lines = new LinkedHashMap<>();
            for (Quote q : a.evidence.values()) {
                EvidenceLine l = q.get();
                lines.putIfAbsent(new Quote.Key(l.artifact(), l.line()), l);
            }
            out.add(new Finding(a.code, a.severity, subject, detail, List.copyOf(lines.values()), params));
        }
        return out;
    }
}
