package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Errors in logs: every NCCL WARN line, the launcher's error reports (PyTorch, torchrun) and nccl-tests failures,
 * walked back to their first cause.
 *
 * <p>A generic {@code unhandled system error}, {@code remote process exited} or {@code ncclRemoteError} is not the
 * diagnosis: the analyzer finds the first WARN line that caused it (no socket interface, a connect that timed out,
 * shared memory, an {@code ibv_*} call, a CUDA allocation...) and names the finding after it, with the evidence chain
 * root WARN line, the {@code -> N} return-code trace, the launcher's report, then the same failure on other ranks and
 * the consequences (peers that saw their socket closed, flushed work requests, watchdog timeouts). The subject is the
 * first failing rank and host. Only when no cause is printed does the generic error name the finding.
 *
 * <p>It also checks what must agree across ranks (NCCL versions, rank to host and GPU mapping per communicator), NCCL
 * variables NCCL cannot accept, {@code NCCL_DEBUG_FILE}, a network plugin asked for but not loaded, and nccl-tests
 * failures (threshold, data check, timeout, arguments).
 *
 * <p>Stateless and thread-safe; linear in the size of the evidence. Its {@link #pass()} keeps, per log, only the lines
 * and small records the checks across logs need; {@link #analyze(Evidence)} runs that pass over the evidence's slices.
 */
public final class ErrorsAnalyzer implements Analyzer {

    @Override
    public String name() {
        return "errors";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        Objects.requireNonNull(evidence, "evidence");
        // One code path: the whole evidence is read the way a streamed analysis reads it, slice by slice.
        return pass().run(evidence);
    }

    /**
     * {@return a pass that walks each NCCL log and nccl-tests output as its slice comes in and keeps only what the checks
     * across artifacts need} Per artifact it keeps the chains its walk settled (each with the finding it makes when it
     * leads its group, lines quoted), the consequences and failure reports that join a chain elsewhere, and its own
     * findings; across artifacts, per NCCL version the hosts and first line, the communicator entries, and per host the
     * first usable interface. The parsed data goes with the slice.
     */
    @Override
    public Pass pass() {
        return new ErrorsPass();
    }

    /**
     * Where an artifact stands in the whole evidence: NCCL logs before nccl-tests outputs (the walk takes them so), then
     * the slice (no node first, then nodes in natural order), then the place in the slice.
     *
     * @param tests whether it is an nccl-tests output
     * @param node  the slice's node; null for the slice of artifacts with no node
     * @param index the place in the slice
     */
    record Where(boolean tests, String node, int index) implements Comparable<Where> {

        private static final Comparator<Where> ORDER = Comparator.comparing(Where::tests)
                .thenComparing(Where::node, Evidence.SLICE_NODE_ORDER)
                .thenComparingInt(Where::index);

        @Override
        public int compareTo(Where o) {
            return ORDER.compare(this, o);
        }
    }

    /** What one NCCL log or nccl-tests output leaves for {@link ErrorsPass#finish()}; only artifacts that leave something. */
    static final class Part {
        final Where where;
        final String name;
        Walk.Local walk;
        List<Consistency.Placed> placed = List.of();
        List<Finding> settings = List.of();
        List<Finding> testsDevices = List.of();
        List<Finding> testsIfExplained = List.of();
        List<Finding> testsIfNot = List.of();

        Part(Where where, String name) {
            this.where = where;
            this.name = name;
        }

        boolean empty() {
            return walk == null && placed.isEmpty() && settings.isEmpty() && testsDevices.isEmpty() && testsIfExplained.isEmpty()
                    && testsIfNot.isEmpty();
        }
    }

    /** The first usable interface of a host in the whole evidence's order, gathered in any order. */
    static final class FirstIface {
        final Where where;
        final int seq;
        final String name;

        FirstIface(Where where, int seq, String name) {
            this.where = where;
            this.seq = seq;
            this.name = name;
        }

        boolean before(FirstIface o) {
            int c = where.compareTo(o.where);
            return c < 0 || c == 0 && seq < o.seq;
        }

        /** Keeps {@code f} as the first of {@code host} in {@code firsts} unless an earlier one is there. */
        static void keep(Map<String, FirstIface> firsts, String host, FirstIface f) {
            FirstIface had = firsts.get(host);
            if (had == null || f.before(had)) firsts.put(host, f);
        }
    }

    /**
     * What one slice leaves for {@link ErrorsPass#finish()}: its artifacts' parts, the versions it printed and each host's
     * first usable interface in it.
     */
    static final class Kept {
        final List<Part> parts = new ArrayList<>();
        final Consistency.Versions versions = new Consistency.Versions();
        final Map<String, FirstIface> ifaces = new LinkedHashMap<>();

        boolean empty() {
            return parts.isEmpty() && versions.byVersion.isEmpty() && ifaces.isEmpty();
        }
    }

    /**
     * What the pass holds of one slice: its node, the template it shares with the nodes that say the same but for their
     * names and ids, and the node's own values that go back into it ({@link Recast}); or, with no node, the slice's own
     * copy.
     *
     * @param node   the slice's node; null when {@code kept} is the slice's own copy
     * @param kept   the template, or the copy
     * @param values the node's table of values; null with no node
     */
    record Held(String node, Kept kept, long[] values) {
    }

    /** A template shared by the nodes that say the same, and the last table of values added with it, to share equal ones. */
    static final class Template {
        final Kept kept;
        private long[] last;

        Template(Kept kept) {
            this.kept = kept;
        }

        /** {@return {@code values}, or the equal table a node before it gave (nodes that ran the same processes)} */
        long[] share(long[] values) {
            if (last != null && Arrays.equals(last, values)) return last;
            return last = values;
        }
    }

    /**
     * The errors pass. Each artifact's walk settles its own chains in {@link #add}; only which chain a consequence or a
     * failure report of another artifact joins, the groups of chains across artifacts (one shared GPU, one unreachable
     * peer), the version and rank mapping comparisons, the interface to recommend (the first usable one of the host in
     * the whole evidence) and the filters that depend on what other artifacts said (a variable a WARN finding already
     * named, an nccl-tests failure the walk explained, a duplicate GPU already reported) wait for {@link #finish()}.
     *
     * <p>A slice's findings that no other slice can change (its settings findings but an invalid variable, its
     * nccl-tests checks once it is known whether its own walk explains the failure) are handed over by {@link #drain()}
     * right after it. The rest wait, and what a slice leaves is kept as a template: every string with the slice's
     * node name and the ids of its processes and communicators taken out ({@link Recast}). Nodes whose artifacts say the
     * same but for their name and these ids (the same job on every node) share one template, and each keeps only its name
     * and a few numbers; the node's own copy is made again at {@link #finish()}.
     */
    static final class ErrorsPass implements Pass {

        /** Groups whose leader is remembered to let go of later chains' drafts; past this many, drafts stay. */
        private static final int LEADERS_KEPT = 64;

        /** Per slice with something to keep, in the order added: its template and the node's own values, or its copy. */
        private final List<Held> held = new ArrayList<>();
        /** The distinct templates, by the hash of their {@link Recast} key. */
        private final Map<Integer, List<Template>> templates = new HashMap<>();
        /**
         * Per group of chains that can span artifacts (one unreachable peer) and reading, where the chain that leads it so
         * far is: a later chain of the group lets its draft go, so that a thousand nodes failing to reach one peer keep
         * one draft (or one template of it).
         */
        private final Map<String, Where> leaders = new HashMap<>();
        /** Findings of one artifact's own data that nothing else can change, until {@link #drain()} hands them over. */
        private final List<Finding> settled = new ArrayList<>();
        /** Whether some artifact has a first cause: then every artifact's first-cause reading is joined. */
        private boolean anyRooted;

        @Override
        public void add(Evidence slice) {
            Objects.requireNonNull(slice, "slice");
            List<Artifact> arts = slice.artifacts();
            String node = slice.sliceNode();
            Kept k = new Kept();
            for (int i = 0; i < arts.size(); i++) {
                Artifact a = arts.get(i);
                Optional<NcclLog> log = a.data(NcclLog.class);
                if (log.isPresent()) keep(k, ofLog(k, new Where(false, node, i), a, log.get()));
                Optional<NcclTestsData> tests = a.data(NcclTestsData.class);
                if (tests.isPresent()) keep(k, ofTests(k, new Where(true, node, i), a, tests.get()));
            }
            if (k.empty()) return;
            if (node != null && !node.isEmpty()) {
                Recast r = Recast.toTemplate(node);
                Kept t = r.kept(k);
                if (!r.clashed()) {
                    String key = r.key();
                    List<Template> same = templates.computeIfAbsent(key.hashCode(), h -> new ArrayList<>(1));
                    Template shared = null;
                    for (Template c : same) {
                        if (Recast.keyOf(c.kept).equals(key)) shared = c;
                    }
                    if (shared == null) same.add(shared = new Template(t));
                    held.add(new Held(node, shared.kept, shared.share(r.values())));
                    return;
                }
            }
            held.add(new Held(null, k, null));
        }

        /** {@return how many templates the nodes added so far share} */
        int templates() {
            int n = 0;
            for (List<Template> same : templates.values()) n += same.size();
            return n;
        }

        private void keep(Kept k, Part p) {
            settle(p);
            if (p.walk != null) {
                anyRooted |= !p.walk.rooted().cases.isEmpty();
                lead(p.where, p.walk.rooted(), "rooted|");
                if (p.walk.fallback() != null) lead(p.where, p.walk.fallback(), "fallback|");
            }
            if (!p.empty()) k.parts.add(p);
        }

        /**
         * Hands over what no other artifact can change: settings findings other than an unusable variable (a WARN finding
         * elsewhere may name the same one), and the nccl-tests checks once it is known whether the walk explains the
         * table's failure (its own first cause does), or when it does not matter (the checks say the same either way).
         */
        private void settle(Part p) {
            List<Finding> envs = new ArrayList<>();
            for (Finding f : p.settings) (f.code().equals(Classifier.ENV) ? envs : settled).add(f);
            p.settings = envs.size() == p.settings.size() ? p.settings : List.copyOf(envs);
            if (p.walk != null && !p.walk.rooted().cases.isEmpty()) {
                settled.addAll(p.testsIfExplained);
            } else if (p.testsIfNot.equals(p.testsIfExplained)) {
                settled.addAll(p.testsIfNot);
            } else {
                return;
            }
            p.testsIfExplained = List.of();
            p.testsIfNot = List.of();
        }

        @Override
        public List<Finding> drain() {
            List<Finding> out = List.copyOf(settled);
            settled.clear();
            return out;
        }

        /** Lets go of the drafts of chains that an earlier chain of their group (of another artifact) leads. */
        private void lead(Where where, Walk.Outcome o, String reading) {
            for (int i = 0; i < o.cases.size(); i++) {
                Walk.CaseRec r = o.cases.get(i);
                if (r.crossKey() == null || r.draft() == null) continue;
                String key = reading + Walk.Outcome.groupOf(r);
                Where had = leaders.get(key);
                if (had != null && had.compareTo(where) < 0) {
                    o.follows(i);
                } else if (had != null || leaders.size() < LEADERS_KEPT) {
                    leaders.put(key, where);
                }
            }
        }

        /** A part for {@code a} with its own walk settled: {@code add} puts the log or table into the walk. */
        private static Part settled(Where where, Artifact a, java.util.function.Consumer<Walk> add) {
            Part p = new Part(where, a.name());
            Walk walk = new Walk();
            add.accept(walk);
            Walk.Local local = walk.settle();
            if (!local.quiet()) p.walk = local;
            return p;
        }

        private static Part ofLog(Kept k, Where where, Artifact a, NcclLog log) {
            Part p = settled(where, a, w -> w.addLog(a, 0, log));
            k.versions.add(where, a, log);
            p.placed = List.copyOf(Consistency.placed(a, log));
            int seq = 0;
            for (NcclInterface i : log.interfaces()) {
                if (i.kind() != InterfaceKind.BOOTSTRAP && i.kind() != InterfaceKind.SOCKET) continue;
                if (Context.suspicious(i.name(), i.address())) continue;
                String host = i.host() != null ? i.host() : a.node().orElse("");
                FirstIface.keep(k.ifaces, host, new FirstIface(where, seq++, i.name()));
            }
            p.settings = List.copyOf(Settings.check(a, log));
            return p;
        }

        private static Part ofTests(Kept k, Where where, Artifact a, NcclTestsData t) {
            Part p = settled(where, a, w -> w.addTests(a, 0, t));
            k.versions.add(where, a, t);
            p.testsDevices = List.copyOf(Consistency.testsDevices(a, t));
            p.testsIfExplained = List.copyOf(TestsChecks.check(a, t, true));
            p.testsIfNot = t.errors().isEmpty() ? p.testsIfExplained : List.copyOf(TestsChecks.check(a, t, false));
            return p;
        }

        /**
         * {@inheritDoc}
         *
         * <p>The nodes' copies are made again from their templates one node at a time, and only what each step reads:
         * the versions and interfaces, each artifact's walk (read three times by {@link Join}, which holds one walk at a
         * time), the checks of each artifact, and last the communicator entries, a batch of communicators at a time.
         */
        @Override
        public List<Finding> finish() {
            List<Finding> out = new ArrayList<>();
            finish(out::add);
            return out;
        }

        /** {@inheritDoc} Each finding goes to {@code sink} as it is made; none are gathered in a list. */
        @Override
        public void finish(java.util.function.Consumer<Finding> sink) {
            Out out = new Out(sink);
            List<List<Held>> byNode = byNode();
            Consistency.Versions versions = new Consistency.Versions();
            Map<String, String> good = new HashMap<>();
            Set<String> wanted = new HashSet<>();
            summaries(versions, good, wanted);
            Join join = new Join(anyRooted, good, wanted);
            join.run(each -> walks(byNode, each), out::add);
            // What the later checks read of the walk's findings (and of the watchdogs' when nothing else failed).
            Set<String> codes = new HashSet<>(out.codes);
            out.addAll(versions.finish(codes));
            checks(codes, join.withCause(), out);
            // The rank mapping makes no ENV finding and no nccl-tests check reads it: it is checked last.
            mapping(byNode, join.dupKeys(), codes, out);
        }

        /**
         * Where the findings go: handed on as they are made, with what the later steps read of those made before
         * (their codes, the variables ENV findings report). Only {@code add} is supported.
         */
        private static final class Out extends java.util.AbstractList<Finding> {
            private final java.util.function.Consumer<Finding> sink;
            private final Set<String> codes = new HashSet<>();
            private final Set<String> envReported = new HashSet<>();
            private int size;

            Out(java.util.function.Consumer<Finding> sink) {
                this.sink = sink;
            }

            @Override
            public boolean add(Finding f) {
                codes.add(f.code());
                if (f.code().equals(Classifier.ENV) && f.params().containsKey("env")) envReported.add(f.params().get("env"));
                sink.accept(f);
                size++;
                return true;
            }

            @Override
            public Finding get(int index) {
                throw new UnsupportedOperationException("findings are handed on as they are made");
            }

            @Override
            public int size() {
                return size;
            }
        }

        /**
         * Fills {@code versions}, {@code good} (each host's first usable interface in the whole evidence) and
         * {@code wanted} (the nccl-tests outputs whose checks depend on whether a chain explains their failure).
         */
        private void summaries(Consistency.Versions versions, Map<String, String> good, Set<String> wanted) {
            Map<String, FirstIface> firsts = new HashMap<>();
            for (int i = 0; i < held.size(); i++) {
                Held h = held.get(i);
                Recast r = h.node == null ? null : Recast.fromTemplate(h.node, h.values);
                Kept k = r == null ? h.kept : r.summary(h.kept);
                versions.merge(k.versions);
                for (Map.Entry<String, FirstIface> en : k.ifaces.entrySet()) FirstIface.keep(firsts, en.getKey(), en.getValue());
                for (Part p : h.kept.parts) {
                    if (!p.testsIfExplained.equals(p.testsIfNot)) wanted.add(r == null ? p.name : r.name(p));
                }
            }
            for (Map.Entry<String, FirstIface> en : firsts.entrySet()) good.put(en.getKey(), en.getValue().name);
        }

        /**
         * Hands the walks to {@code each} in the order of the whole evidence (NCCL logs of every node, then nccl-tests
         * outputs), each node's made again from its template when its turn comes.
         */
        private static void walks(List<List<Held>> byNode, java.util.function.Consumer<Walk.Local> each) {
            for (boolean tests : new boolean[] {false, true}) {
                for (List<Held> same : byNode) {
                    List<Map.Entry<Part, Held>> parts = new ArrayList<>();
                    for (Held h : same) {
                        for (Part p : h.kept.parts) if (p.walk != null && p.where.tests() == tests) parts.add(Map.entry(p, h));
                    }
                    // One node: its parts in the order of its slices, then of their place (a stable sort).
                    if (same.size() > 1) parts.sort(Comparator.comparingInt(e -> e.getKey().where.index()));
                    Map<Held, Recast> recasts = new java.util.IdentityHashMap<>();
                    for (Map.Entry<Part, Held> e : parts) {
                        Held h = e.getValue();
                        if (h.node == null) {
                            each.accept(e.getKey().walk);
                        } else {
                            each.accept(recasts.computeIfAbsent(h, x -> Recast.fromTemplate(x.node, x.values)).walk(e.getKey()));
                        }
                    }
                }
            }
        }

        /**
         * Adds the checks of each artifact: nccl-tests' duplicate devices unless a WARN line reported one, the settings
         * (an unusable variable only when no WARN finding named it), and the nccl-tests checks, as explained by a chain of
         * their own output or not.
         */
        private void checks(Set<String> codes, Set<String> withCause, Out out) {
            boolean devices = !codes.contains(Classifier.DUPLICATE);
            Set<String> envReported = new HashSet<>(out.envReported);
            for (int i = 0; i < held.size(); i++) {
                Held h = held.get(i);
                Recast r = h.node == null ? null : Recast.fromTemplate(h.node, h.values);
                for (Part t : h.kept.parts) {
                    if (t.settings.isEmpty() && t.testsDevices.isEmpty() && t.testsIfExplained.isEmpty() && t.testsIfNot.isEmpty()) {
                        continue;
                    }
                    Part p = r == null ? t : r.checks(t);
                    if (devices) out.addAll(p.testsDevices);
                    for (Finding f : p.settings) {
                        if (!f.code().equals(Classifier.ENV) || !envReported.contains(f.params().get("env"))) out.add(f);
                    }
                    out.addAll(withCause.contains(p.name) ? p.testsIfExplained : p.testsIfNot);
                }
            }
        }

        /** Entries of the communicators read in one sweep over the nodes, unless one communicator alone has more. */
        private static final int PLACED_PER_SWEEP = 1024;

        /** The entries read per sweep: {@link #PLACED_PER_SWEEP}, fewer in tests. */
        int placedPerSweep = PLACED_PER_SWEEP;

        /**
         * Adds the rank mapping findings: the communicators with two entries or more, in the order of their first entry in
         * the whole evidence, each with its entries in that order ({@link Consistency.CommCheck}), checked in batches of
         * {@link #placedPerSweep} entries.
         */
        private void mapping(List<List<Held>> byNode, Set<String> dupKeys, Set<String> codes, List<Finding> out) {
            Map<String, int[]> counts = new LinkedHashMap<>();
            for (List<Held> same : byNode) {
                for (List<Consistency.Placed> ps : placedOf(same)) {
                    for (Consistency.Placed p : ps) counts.computeIfAbsent(p.commId(), c -> new int[1])[0]++;
                }
            }
            List<String> batch = new ArrayList<>();
            int inBatch = 0;
            for (Map.Entry<String, int[]> en : counts.entrySet()) {
                int n = en.getValue()[0];
                if (n < 2) continue;
                if (!batch.isEmpty() && inBatch + n > placedPerSweep) {
                    mappingOf(byNode, batch, dupKeys, codes, out);
                    batch.clear();
                    inBatch = 0;
                }
                batch.add(en.getKey());
                inBatch += n;
            }
            if (!batch.isEmpty()) mappingOf(byNode, batch, dupKeys, codes, out);
        }

        private void mappingOf(List<List<Held>> byNode, List<String> comms, Set<String> dupKeys, Set<String> codes,
                List<Finding> out) {
            Map<String, Consistency.CommCheck> checks = new LinkedHashMap<>();
            for (String c : comms) checks.put(c, new Consistency.CommCheck(c));
            read(byNode, checks, Consistency.CommCheck::add);
            boolean again = false;
            for (Consistency.CommCheck c : checks.values()) again |= c.settle(dupKeys, codes);
            if (again) read(byNode, checks, Consistency.CommCheck::again);
            for (Consistency.CommCheck c : checks.values()) c.finish(out);
        }

        /** Hands each entry of the communicators of {@code checks} to its check, in the order of the whole evidence. */
        private static void read(List<List<Held>> byNode, Map<String, Consistency.CommCheck> checks,
                java.util.function.BiConsumer<Consistency.CommCheck, Consistency.Placed> each) {
            for (List<Held> same : byNode) {
                for (List<Consistency.Placed> ps : placedOf(same)) {
                    for (Consistency.Placed p : ps) {
                        Consistency.CommCheck c = checks.get(p.commId());
                        if (c != null) each.accept(c, p);
                    }
                }
            }
        }

        /** {@return the held slices grouped by node, in the order of the whole evidence} */
        private List<List<Held>> byNode() {
            List<Held> sorted = new ArrayList<>(held);
            Comparator<Held> order = Comparator.comparing(ErrorsPass::nodeOf, Evidence.SLICE_NODE_ORDER);
            sorted.sort(order);
            List<List<Held>> out = new ArrayList<>();
            for (Held h : sorted) {
                if (out.isEmpty() || order.compare(out.get(out.size() - 1).get(0), h) != 0) out.add(new ArrayList<>(1));
                out.get(out.size() - 1).add(h);
            }
            return out;
        }

        private static String nodeOf(Held h) {
            if (h.node != null) return h.node;
            return h.kept.parts.isEmpty() ? null : h.kept.parts.get(0).where.node();
        }

        /** {@return the communicator entries of one node's held slices, per part in the order of the whole evidence} */
        private static List<List<Consistency.Placed>> placedOf(List<Held> same) {
            List<Map.Entry<Where, List<Consistency.Placed>>> all = new ArrayList<>();
            for (Held h : same) {
                Recast r = h.node == null ? null : Recast.fromTemplate(h.node, h.values);
                for (Part p : h.kept.parts) {
                    if (p.placed.isEmpty()) continue;
                    all.add(Map.entry(p.where, r == null ? p.placed : r.placed(p)));
                }
            }
            if (same.size() > 1) all.sort(Map.Entry.comparingByKey());
            List<List<Consistency.Placed>> out = new ArrayList<>(all.size());
            for (Map.Entry<Where, List<Consistency.Placed>> e : all) out.add(e.getValue());
            return out;
        }
    }
}
