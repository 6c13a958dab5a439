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
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
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
    private static final class Part {
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

    /** The chain that leads a group so far: chain {@code index} of {@code outcome}, of the artifact at {@code where}. */
    private record Leader(Where where, int index, Walk.Outcome outcome) {
    }

    /** The first usable interface of a host in the whole evidence's order, gathered in any order. */
    private static final class FirstIface {
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
    }

    /**
     * The errors pass. Each artifact's walk settles its own chains in {@link #add}; only which chain a consequence or a
     * failure report of another artifact joins, the groups of chains across artifacts (one shared GPU, one unreachable
     * peer), the version and rank mapping comparisons, and the filters that depend on what other artifacts said (a
     * variable a WARN finding already named, an nccl-tests failure the walk explained, a duplicate GPU already reported)
     * wait for {@link #finish()}.
     */
    private static final class ErrorsPass implements Pass {
        private final List<Part> parts = new ArrayList<>();
        private final Consistency.Versions versions = new Consistency.Versions();
        private final Map<String, FirstIface> goodInterfaces = new HashMap<>();
        /**
         * Per group of chains that can span artifacts (one shared GPU, one unreachable peer) and reading, the chain that
         * leads it so far: the others let their drafts go, so that a thousand nodes failing to reach one peer keep one.
         */
        private final Map<String, Leader> leaders = new HashMap<>();
        /** One copy of the strings that repeat across nodes (versions, bus ids, communicator ids, host names). */
        private final Map<String, String> strings = new HashMap<>();

        private String intern(String s) {
            if (s == null) return null;
            String had = strings.putIfAbsent(s, s);
            return had != null ? had : s;
        }

        @Override
        public void add(Evidence slice) {
            Objects.requireNonNull(slice, "slice");
            List<Artifact> arts = slice.artifacts();
            String node = slice.sliceNode();
            for (int i = 0; i < arts.size(); i++) {
                Artifact a = arts.get(i);
                Optional<NcclLog> log = a.data(NcclLog.class);
                if (log.isPresent()) keep(ofLog(new Where(false, node, i), a, log.get()));
                Optional<NcclTestsData> tests = a.data(NcclTestsData.class);
                if (tests.isPresent()) keep(ofTests(new Where(true, node, i), a, tests.get()));
            }
        }

        private void keep(Part p) {
            if (p.walk != null) {
                lead(p.where, p.walk.rooted(), "rooted|");
                if (p.walk.fallback() != null) lead(p.where, p.walk.fallback(), "fallback|");
            }
            if (!p.empty()) parts.add(p);
        }

        /** Keeps the draft of the earliest chain of each group that can span artifacts, per reading of the evidence. */
        private void lead(Where where, Walk.Outcome o, String reading) {
            for (int i = 0; i < o.cases.size(); i++) {
                Walk.CaseRec r = o.cases.get(i);
                if (r.crossKey() == null || r.draft() == null) continue;
                String key = reading + Walk.Outcome.groupOf(r);
                Leader had = leaders.get(key);
                if (had == null || where.compareTo(had.where()) < 0) {
                    if (had != null) had.outcome().follows(had.index());
                    leaders.put(key, new Leader(where, i, o));
                } else {
                    o.follows(i);
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

        private Part ofLog(Where where, Artifact a, NcclLog log) {
            Part p = settled(where, a, w -> w.addLog(a, 0, log));
            versions.add(where, a, log, this::intern);
            List<Consistency.Placed> placed = Consistency.placed(a.stub(), log, this::intern);
            p.placed = List.copyOf(placed);
            int seq = 0;
            for (NcclInterface i : log.interfaces()) {
                if (i.kind() != InterfaceKind.BOOTSTRAP && i.kind() != InterfaceKind.SOCKET) continue;
                if (Context.suspicious(i.name(), i.address())) continue;
                String host = intern(i.host() != null ? i.host() : a.node().orElse(""));
                FirstIface f = new FirstIface(where, seq++, intern(i.name()));
                FirstIface had = goodInterfaces.get(host);
                if (had == null || f.before(had)) goodInterfaces.put(host, f);
            }
            p.settings = List.copyOf(Settings.check(a, log));
            return p;
        }

        private Part ofTests(Where where, Artifact a, NcclTestsData t) {
            Part p = settled(where, a, w -> w.addTests(a, 0, t));
            versions.add(where, a, t, this::intern);
            p.testsDevices = List.copyOf(Consistency.testsDevices(a, t));
            p.testsIfExplained = List.copyOf(TestsChecks.check(a, t, true));
            p.testsIfNot = t.errors().isEmpty() ? p.testsIfExplained : List.copyOf(TestsChecks.check(a, t, false));
            return p;
        }

        @Override
        public List<Finding> finish() {
            parts.sort(Comparator.comparing(p -> p.where));
            List<Walk.Local> locals = new ArrayList<>();
            List<Consistency.Placed> placed = new ArrayList<>();
            for (Part p : parts) {
                if (p.walk != null) locals.add(p.walk);
                placed.addAll(p.placed);
            }
            List<CaseFindings.Joined> cases = Walk.join(locals);
            Map<String, String> good = new HashMap<>();
            goodInterfaces.forEach((host, f) -> good.put(host, f.name));

            List<Finding> out = new ArrayList<>(CaseFindings.build(cases, good));
            if (cases.isEmpty()) {
                for (Walk.Local l : locals) if (l.watchdog() != null) out.add(l.watchdog());
            }

            Set<String> codes = new HashSet<>();
            for (Finding f : out) codes.add(f.code());
            Set<String> dupKeys = new HashSet<>();
            Set<String> withCause = new HashSet<>();
            for (CaseFindings.Joined c : cases) {
                if (c.code().equals(Classifier.DUPLICATE)) dupKeys.add(c.groupKey());
                withCause.add(c.rec != null ? c.rec.artifact() : c.generic.artifact());
            }
            out.addAll(versions.finish(codes));
            out.addAll(Consistency.mapping(placed, dupKeys, codes));
            if (!codes.contains(Classifier.DUPLICATE)) {
                for (Part p : parts) out.addAll(p.testsDevices);
            }

            Set<String> envReported = new HashSet<>();
            for (Finding f : out) {
                if (f.code().equals(Classifier.ENV) && f.params().containsKey("env")) envReported.add(f.params().get("env"));
            }
            for (Part p : parts) {
                for (Finding f : p.settings) {
                    if (!f.code().equals(Classifier.ENV) || !envReported.contains(f.params().get("env"))) out.add(f);
                }
            }
            for (Part p : parts) out.addAll(withCause.contains(p.name) ? p.testsIfExplained : p.testsIfNot);
            return out;
        }
    }
}
