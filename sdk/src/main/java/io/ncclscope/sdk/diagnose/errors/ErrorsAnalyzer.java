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
     * {@return a pass that reads each NCCL log and nccl-tests output as its slice comes in and keeps only what the checks
     * across artifacts need} Per artifact it keeps the walk's signals (with a stub of the artifact to quote), the
     * versions and communicator entries printed, the usable interfaces and the artifact's own findings; the parsed
     * data goes with the slice.
     */
    @Override
    public Pass pass() {
        return new ErrorsPass();
    }

    /** What one NCCL log or nccl-tests output leaves for {@link ErrorsPass#finish()}. */
    private static final class Part {
        final boolean tests;
        final String node;
        final int index;
        final String name;
        final Walk walk = new Walk();
        List<Consistency.Seen> versions = List.of();
        List<Consistency.Placed> placed = List.of();
        /** Bootstrap and socket interfaces that can reach other nodes, as {@code {host, name}} in log order. */
        final List<String[]> goodInterfaces = new ArrayList<>();
        List<Finding> settings = List.of();
        List<Finding> testsDevices = List.of();
        List<Finding> testsIfExplained = List.of();
        List<Finding> testsIfNot = List.of();

        Part(boolean tests, Artifact a, int index) {
            this.tests = tests;
            this.node = a.node().orElse(null);
            this.index = index;
            this.name = a.name();
        }
    }

    /**
     * The order the whole evidence gives: logs before nccl-tests outputs (the walk numbered them so), then the slice
     * (no node first, then nodes in natural order), then the place in the slice.
     */
    private static final Comparator<Part> EVIDENCE_ORDER = Comparator.<Part, Boolean>comparing(p -> p.tests)
            .thenComparing(p -> p.node, Evidence.SLICE_NODE_ORDER)
            .thenComparingInt(p -> p.index);

    /**
     * The errors pass. The walk back to the first cause, version and rank mapping comparisons, and the filters that
     * depend on what other artifacts said (a variable a WARN finding already named, an nccl-tests failure the walk
     * explained, a duplicate GPU already reported) span artifacts, so they run at {@link #finish()} over the parts.
     */
    private static final class ErrorsPass implements Pass {
        private final List<Part> parts = new ArrayList<>();

        @Override
        public void add(Evidence slice) {
            Objects.requireNonNull(slice, "slice");
            List<Artifact> arts = slice.artifacts();
            for (int i = 0; i < arts.size(); i++) {
                Artifact a = arts.get(i);
                Optional<NcclLog> log = a.data(NcclLog.class);
                if (log.isPresent()) parts.add(ofLog(a.stub(), i, log.get()));
                Optional<NcclTestsData> tests = a.data(NcclTestsData.class);
                if (tests.isPresent()) parts.add(ofTests(a.stub(), i, tests.get()));
            }
        }

        private static Part ofLog(Artifact stub, int index, NcclLog log) {
            Part p = new Part(false, stub, index);
            p.walk.addLog(stub, 0, log);
            p.walk.forgetQuietContexts();
            p.versions = Consistency.seen(stub, log);
            p.placed = Consistency.placed(stub, log);
            for (NcclInterface i : log.interfaces()) {
                if (i.kind() != InterfaceKind.BOOTSTRAP && i.kind() != InterfaceKind.SOCKET) continue;
                if (Context.suspicious(i.name(), i.address())) continue;
                p.goodInterfaces.add(new String[] {i.host() != null ? i.host() : stub.node().orElse(""), i.name()});
            }
            p.settings = Settings.check(stub, log);
            return p;
        }

        private static Part ofTests(Artifact stub, int index, NcclTestsData t) {
            Part p = new Part(true, stub, index);
            p.walk.addTests(stub, 0, t);
            p.versions = Consistency.seen(stub, t);
            p.testsDevices = Consistency.testsDevices(stub, t);
            p.testsIfExplained = TestsChecks.check(stub, t, true);
            p.testsIfNot = t.errors().isEmpty() ? p.testsIfExplained : TestsChecks.check(stub, t, false);
            return p;
        }

        @Override
        public List<Finding> finish() {
            if (parts.isEmpty()) return List.of();
            parts.sort(EVIDENCE_ORDER);
            Walk walk = new Walk();
            Map<String, String> goodInterfaces = new HashMap<>();
            List<Consistency.Seen> versions = new ArrayList<>();
            List<Consistency.Placed> placed = new ArrayList<>();
            for (int order = 0; order < parts.size(); order++) {
                Part p = parts.get(order);
                walk.absorb(p.walk, order);
                // Per host, the first usable interface NCCL used, from any log.
                for (String[] i : p.goodInterfaces) goodInterfaces.putIfAbsent(i[0], i[1]);
                versions.addAll(p.versions);
                placed.addAll(p.placed);
            }
            walk.run();

            List<Finding> out = new ArrayList<>(CaseFindings.build(walk, goodInterfaces));
            if (!walk.hasCauses()) out.addAll(Watchdogs.build(walk.watches));

            Set<String> codes = new HashSet<>();
            for (Finding f : out) codes.add(f.code());
            Set<String> dupKeys = new HashSet<>();
            Set<String> withCause = new HashSet<>();
            for (Walk.Case c : walk.cases) {
                if (c.code.equals(Classifier.DUPLICATE)) dupKeys.add(CaseFindings.groupKey(c));
                withCause.add(c.root != null ? c.root.artifact.name() : c.generic.artifact().name());
            }
            out.addAll(Consistency.versions(versions, codes));
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
