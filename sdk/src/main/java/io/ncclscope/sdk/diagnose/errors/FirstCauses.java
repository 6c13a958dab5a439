package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.DuplicateGpu;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbCompletionError;
import io.ncclscope.parsers.nccl.LauncherError;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclLevel;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclResult;
import io.ncclscope.parsers.nccl.StoreAddress;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.parsers.nccl.WarnMessageFacts;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.tests.TestError;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.errors.Classifier.Role;
import io.ncclscope.sdk.diagnose.errors.Classifier.Verdict;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The walk back from a failure to its first cause. Every WARN line (and the launcher's {@code Last error} when its
 * WARN line is missing) becomes a {@link Signal}; per process, the first signal that can be a cause opens a
 * {@link Chain}, later lines of that process become its followers, and lines of processes with no cause of their own
 * (a peer that saw its socket closed, a flushed work request, a watchdog timeout, a generic launcher error) become
 * consequences of the earliest cause. Only when no cause is seen anywhere do those lines name a finding themselves.
 * One instance per artifact, made with it and then {@linkplain #settle settled}; not thread-safe.
 */
final class FirstCauses {

    /** A failure report with no cause text: PyTorch's error block without {@code Last error}, a {@code Test NCCL failure}. */
    record GenericFailure(Artifact artifact, int line, String text, String code, Integer rank, String host,
                   String reason, String location, TestsInfo tests, String version) {
    }

    /** What an nccl-tests output says about the run, for the messages of its failures. */
    record TestsInfo(int hosts, Integer ranks, boolean geforce) {
    }

    /** The log's index; null for an nccl-tests output. */
    private LogIndex logIndex;
    /** The log's duplicate-GPU and RDMA completion records by line. */
    private final Map<Integer, DuplicateGpu> dupByLine = new HashMap<>();
    private final Map<Integer, IbCompletionError> ibByLine = new HashMap<>();
    private final List<Signal> signals = new ArrayList<>();
    /** The {@code -> N} return-code lines per process ({@link #process}). */
    private final Map<String, List<NcclEvent>> traces = new LinkedHashMap<>();
    private final Map<Signal, List<EvidenceLine>> reports = new IdentityHashMap<>();
    /** The result each launcher report names, by the signal it reports. */
    private final Map<Signal, NcclResult> reportResults = new IdentityHashMap<>();
    private final List<GenericFailure> generics = new ArrayList<>();
    /** The log's watchdog reports and launcher's {@code ChildFailedError} reports. */
    private final List<LauncherError> watches = new ArrayList<>();
    private final List<LauncherError> childFailures = new ArrayList<>();
    /** The launchers' and schedulers' lines on how a process ended (mpirun, srun, slurmstepd, DeepSpeed, Kubernetes). */
    private final List<LauncherError> processEnds = new ArrayList<>();

    /** {@return the key of a process of the artifact} Lines with no pid are one anonymous process per host. */
    static String process(String host, Long pid) {
        return host + "|" + pid;
    }

    // -- collection -------------------------------------------------------------------------------------------------

    /** The walk of an NCCL log. */
    FirstCauses(Artifact a, NcclLog log) {
        logIndex = new LogIndex(a, log);
        for (DuplicateGpu d : log.duplicateGpus()) dupByLine.putIfAbsent(d.line(), d);
        for (IbCompletionError e : log.ibCompletionErrors()) ibByLine.putIfAbsent(e.line(), e);
        Map<String, Integer> lastRetry = lastConnectRetries(log);
        for (NcclEvent e : log.events()) {
            if (e.kind() == EventKind.RETURN_CODE) {
                // Lines with no pid (a log with no prefixes, corpus-more nccl-379-1) are one anonymous process per host.
                traces.computeIfAbsent(process(e.host(), e.pid()), k -> new ArrayList<>()).add(e);
                continue;
            }
            if (e.kind() == EventKind.NET_INIT_FAILED) pluginDeclined(e);
            boolean telling = e.level() == NcclLevel.WARN || e.kind() == EventKind.SOCKET_CONNECT_RETRY
                    || e.kind() == EventKind.CONNECTION_LOST || e.kind() == EventKind.CUDA_FAILURE
                    || e.kind() == EventKind.TOPOLOGY_ERROR;
            if (!telling) continue;
            Verdict v = Classifier.classify(e.kind(), e.message(), e.code(), logIndex.env, log.ncclVersion());
            if (v.role() == Role.BENIGN || probeOnly(v, log)) continue;
            if (retriedAfter(v, e, lastRetry)) v = new Verdict(Classifier.CONNECT, Role.WEAK, "connect.retry");
            Integer rank = e.rank() != null ? e.rank() : logIndex.rank(e.host(), e.pid());
            Signal s = Signal.of(a, e, rank, Signal.Origin.NCCL, v);
            Signal.enrich(s, logIndex, dupByLine.get(e.line()), Signal.ibFor(log, ibByLine, s));
            signals.add(s);
        }
        for (LauncherError le : log.launcherErrors()) {
            switch (le.kind()) {
                case NCCL_ERROR -> onNcclError(a, le);
                // A CUDA error PyTorch reports (its own allocator running out included) is the application's,
                // not a failure of NCCL's buffers: CUDA_ERROR, never NCCL_OUT_OF_MEMORY.
                case CUDA_ERROR -> signals.add(launcherSignal(a, le, le.reason() != null ? le.reason() : le.text(),
                        EventKind.CUDA_FAILURE, null, new Verdict(Classifier.CUDA, Role.ROOT, "cuda.launcher")));
                // The c10d store's server went away: the process hosting it (rank 0's, the launcher agent's) exited
                // first. A consequence; it names the finding only when no cause is seen anywhere.
                case STORE_LOST -> signals.add(launcherSignal(a, le, le.text(), EventKind.CONNECTION_LOST, le.host(),
                        new Verdict(Classifier.REMOTE, Role.SECONDARY, "remote.store")));
                // PyTorch's c10d store could not be set up: the catalogue's row says what the line means.
                case STORE_SETUP -> Classifier.launcherLine(le.text()).ifPresent(v -> signals.add(storeSignal(a, le, v)));
                case WATCHDOG_TIMEOUT, WATCHDOG_EXCEPTION -> watches.add(le);
                case CHILD_FAILED -> childFailures.add(le);
                case PROCESS_ENDED -> processEnds.add(le);
                default -> {
                    // Other RuntimeErrors are the application's; they name no NCCL cause.
                }
            }
        }
        processesEnded(a);
    }

    /**
     * A network plugin that declined: NCCL asks each in turn and takes the next when one's init returns an error
     * ({@code transport/net_ib.cc:852 -> 3} with {@code NCCL_IB_DISABLE=1} or no IB device, then {@code Failed to
     * initialize NET plugin IB}, NCCL's net.cc). The return codes just before that line are no failure: they leave the
     * trace, so that a process with nothing else (a rank killed later, our capture h100-peer-lost) is no victim.
     */
    private void pluginDeclined(NcclEvent e) {
        List<NcclEvent> t = traces.get(process(e.host(), e.pid()));
        // The run of return codes right above it (a line of another process may stand between two of them).
        int next = e.line();
        while (t != null && !t.isEmpty() && t.get(t.size() - 1).line() < next && next - t.get(t.size() - 1).line() <= 2) {
            next = t.remove(t.size() - 1).line();
        }
    }

    /** The line of each process's last connect retry ({@code host|pid}): NCCL said it would connect again. */
    private static Map<String, Integer> lastConnectRetries(NcclLog log) {
        Map<String, Integer> out = new HashMap<>();
        for (NcclEvent e : log.events()) {
            if (e.kind() == EventKind.SOCKET_CONNECT_RETRY) out.merge(process(e.host(), e.pid()), e.line(), Math::max);
        }
        return out;
    }

    /**
     * Whether a failed connect is one NCCL retried: its process printed a retry after it (socketConnectCheck warns on a
     * timed-out or refused connect, then says {@code retrying (1/34)} and connects again, corpus-more nccl-1618-2). It
     * is then a retry, a cause only when nothing better is seen; retries that run out say so in a WARN of their own
     * ({@code exceeded error retry count}), which stays a first cause.
     */
    private static boolean retriedAfter(Verdict v, NcclEvent e, Map<String, Integer> lastRetry) {
        return v.role() == Role.ROOT && Classifier.CONNECT.equals(v.code()) && e.level() == NcclLevel.WARN
                && lastRetry.getOrDefault(process(e.host(), e.pid()), -1) > e.line();
    }

    /**
     * How processes ended, in the launchers' own words (torchrun's failure table, mpirun, srun and slurmstepd, DeepSpeed,
     * Kubernetes), one family read by the catalogue's rows: a kill by the OOM killer is a first cause of its own; a
     * process that ended on a signal is a weak cause, and none beside a first cause or a watchdog report of this log (a
     * rank taken down after an error or a timeout ends on a signal too); a launcher stopping its other processes, an
     * exit with an error, an abort and a cancelled step name nothing ({@code context}).
     */
    private void processesEnded(Artifact a) {
        List<Signal> weak = new ArrayList<>(0);
        for (LauncherError le : childFailures) ended(a, le, le.reason(), weak);
        for (LauncherError le : processEnds) {
            // torchrun's agent names the worker its failure table names next: one end, read from the table
            if (childFailures.stream().noneMatch(c -> c.pid() != null && c.pid().equals(le.pid()))) ended(a, le, le.text(), weak);
        }
        if (watches.isEmpty() && signals.stream().noneMatch(s -> s.verdict.role() == Role.ROOT)) signals.addAll(weak);
    }

    /** A line of how a process ended as a signal: a first cause to {@link #signals}, a weak one to {@code weak}. */
    private void ended(Artifact a, LauncherError le, String text, List<Signal> weak) {
        Verdict v = Classifier.launcherLine(text).orElse(null);
        if (v == null || v.code() == null) return;
        Signal s = new Signal(a, le.line(), le.host(), le.pid(), null, null, le.rank(), null, text, EventKind.OTHER, null,
                null, null, le.count(), Signal.Origin.LAUNCHER, le.text(), v);
        (v.role() == Role.ROOT ? signals : weak).add(s);
    }

    /** A c10d store's setup message as a signal, with the store's address it names. */
    private static Signal storeSignal(Artifact a, LauncherError le, Verdict v) {
        StoreAddress at = StoreAddress.in(le.text());
        Signal s = launcherSignal(a, le, le.text(), EventKind.SOCKET_CONNECT_FAILED, at == null ? null : at.host(), v);
        s.peerPort = at == null ? null : at.port();
        return s;
    }

    /**
     * A libfabric provider that answered one fi_getinfo with nothing, in a log that shows NCCL using the libfabric
     * plugin's network ({@code Using network Libfabric}, {@code AWS Libfabric}): the plugin asks with several sets of
     * hints (its rdma and sendrecv protocols, aws-ofi-nccl src/nccl_ofi_net.cpp) and one of them was answered.
     */
    private static boolean probeOnly(Verdict v, NcclLog log) {
        return v.role() == Role.WEAK && Classifier.OFI_PROVIDER.equals(v.code())
                && log.networks().stream().anyMatch(n -> TransportTerms.isLibfabric(n.name()));
    }

    /** A launcher's report of its own, as a signal: {@code text} its message, {@code peer} the address it names. */
    private static Signal launcherSignal(Artifact a, LauncherError le, String text, EventKind kind, String peer, Verdict v) {
        return new Signal(a, le.line(), null, le.pid(), null, null, le.rank(), le.source(), text, kind, null, null, peer,
                le.count(), Signal.Origin.LAUNCHER, le.text(), v);
    }

    /**
     * A launcher's NCCL error report: its lines join the signal its {@code Last error} repeats, or a signal of that text
     * when the log has no such line; with no {@code Last error}, it is a failure report with no cause text.
     */
    private void onNcclError(Artifact a, LauncherError le) {
        if (le.lastError() == null) {
            String code = Classifier.codeOf(le.error());
            if (code == null) code = Classifier.codeOf(NcclResult.fromReason(le.reason()));
            if (code != null) {
                generics.add(new GenericFailure(a, le.line(), le.text(), code, le.rank(), null, le.reason(), le.source(),
                        null, le.ncclVersion()));
            }
            return;
        }
        List<EvidenceLine> lines = new ArrayList<>();
        lines.add(a.quote(le.line(), le.text()));
        if (le.lastErrorLine() != null && le.lastErrorLine() != le.line()) {
            lines.add(a.quote(le.lastErrorLine(), le.lastError()));
        }
        Signal reported = repeatedBy(WarnMessageFacts.singleSpaced(le.lastError()));
        if (reported == null) {
            reported = lastErrorSignal(a, le);
            if (reported == null) return;
            signals.add(reported);
        }
        reports.computeIfAbsent(reported, k -> new ArrayList<>()).addAll(lines);
        if (le.error() != null) reportResults.putIfAbsent(reported, le.error());
    }

    /** The NCCL line a {@code Last error} repeats: the same text, else the first one holding it or held by it. */
    private Signal repeatedBy(String lastError) {
        Signal holding = null;
        for (Signal s : signals) {
            if (s.origin != Signal.Origin.NCCL || s.normText == null) continue;
            if (s.normText.equals(lastError)) return s;
            if (holding == null && s.normText.length() >= 12
                    && (lastError.contains(s.normText) || s.normText.contains(lastError))) {
                holding = s;
            }
        }
        return holding;
    }

    /** A {@code Last error} whose WARN line is not in the log, as a signal; null when it names nothing to follow. */
    private Signal lastErrorSignal(Artifact a, LauncherError le) {
        EventKind kind = le.lastErrorKind() != null ? le.lastErrorKind() : EventKind.of(le.lastError());
        int line = le.lastErrorLine() != null ? le.lastErrorLine() : le.line();
        IbCompletionError ib = ibByLine.get(line) != null ? ibByLine.get(line) : ibByLine.get(le.line());
        Integer status = ib != null ? ib.status() : null;
        Verdict v = Classifier.classify(kind, le.lastError(), status, logIndex.env, le.ncclVersion());
        if (v.role() == Role.BENIGN || v.role() == Role.UNKNOWN) {
            // The text names no cause we know: the result PyTorch reports names the finding.
            String code = Classifier.codeOf(le.error());
            if (code != null) v = new Verdict(code, Role.ROOT, "launcher." + Classifier.genericKey(code));
            else if (v.role() == Role.BENIGN) return null;
        }
        Signal s = new Signal(a, line, ib != null ? ib.host() : null, le.pid(), null, null, le.rank(), null,
                le.lastError(), kind, status, le.error(), ib != null ? ib.peer() : null, le.count(), Signal.Origin.LAUNCHER,
                le.lastError(), v);
        Signal.enrich(s, logIndex, dupByLine.get(line), ib);
        if (s.peer == null) s.peerPort = null;
        return s;
    }

    /** The walk of an nccl-tests output. */
    FirstCauses(Artifact a, NcclTestsData t) {
        if (!t.ncclWarnings().isEmpty()) addTestsWarnings(a, t);
        boolean geforce = t.devices().stream().anyMatch(NcclTestsDevice::isGeForce);
        TestsInfo info = new TestsInfo(t.hosts().size(), t.ranks(), geforce);
        for (TestError e : t.errors()) {
            Integer rank = t.rankOf(e);
            Long pid = e.pid() == null ? null : e.pid().longValue();
            switch (e.kind()) {
                case NCCL_FAILURE, CUDA_FAILURE -> {
                    String code = e.kind() == TestError.Kind.CUDA_FAILURE ? Classifier.CUDA
                            : Classifier.codeOf(NcclResult.fromReason(e.message()));
                    if (code == null) code = Classifier.INTERNAL;
                    generics.add(new GenericFailure(a, e.line(), e.text(), code, rank, e.host(), e.message(), e.location(),
                            info, t.ncclVersion()));
                }
                case NCCL_LAST_ERROR -> {
                    String text = e.message() != null ? e.message() : e.text();
                    EventKind kind = EventKind.of(text);
                    Verdict v = Classifier.classify(kind, text, null, Map.of(), null);
                    if (v.role() == Role.BENIGN) continue;
                    signals.add(new Signal(a, e.line(), e.host(), pid, null, null, rank, null, text, kind, null, null,
                            null, 1, Signal.Origin.TESTS, e.text(), v));
                }
                default -> {
                    // Argument errors, timeouts and the 'Test failure' unwinding lines: TestsChecks and the chains.
                }
            }
        }
    }

    /**
     * NCCL WARN lines printed between the rows, as the parser read the output as an NCCL log ({@link
     * NcclTestsData#ncclLog}, its line numbers the output's).
     */
    private void addTestsWarnings(Artifact a, NcclTestsData t) {
        NcclLog log = t.ncclLog();
        if (log == null) return;
        for (NcclEvent e : log.events()) {
            if (e.level() != NcclLevel.WARN) continue;
            Verdict v = Classifier.classify(e.kind(), e.message(), e.code(), log.environment(), null);
            if (v.role() == Role.BENIGN) continue;
            signals.add(Signal.of(a, e, e.rank(), Signal.Origin.TESTS, v));
        }
    }

    // -- one artifact -----------------------------------------------------------------------------------------------

    /**
     * Settles the artifact's chains and returns what the analysis needs of it once the artifact is let go.
     * Per process, the first cause and its followers, the return-code trace and the launcher's reports are all in the
     * artifact, so every chain is settled here; only which chain a consequence with no cause of its own joins, which
     * failure reports join a chain, and whether any artifact has a first cause at all wait for the other artifacts
     * ({@link ChainGroups}).
     */
    ArtifactChains settle() {
        signals.sort(Signal::compare);
        Map<String, List<Signal>> byProcess = new LinkedHashMap<>();
        for (Signal s : signals) byProcess.computeIfAbsent(s.processKey(), k -> new ArrayList<>()).add(s);
        List<Signal> loose = new ArrayList<>();
        List<Chain> rooted = open(byProcess, loose, false);
        ChainReading fallback = rooted.isEmpty() ? fallback(loose) : null;
        ChainReading main = outcome(rooted, loose);
        // A kill by a signal is a consequence of a first cause in another log of the job (the launcher ends the other
        // ranks after one failed): the reading where it yields, for when one is seen anywhere.
        ChainReading yielded = null;
        if (rooted.stream().anyMatch(Chain::yields)) {
            List<Signal> victims = new ArrayList<>();
            yielded = outcome(open(byProcess, victims, true), victims);
        }
        boolean firstCause = rooted.stream().anyMatch(c -> !c.weak);
        List<ArtifactChains.UncausedReport> gs = generics.stream().map(g -> new ArtifactChains.UncausedReport(g.rank(),
                g.host(), g.artifact().quote(g.line(), g.text()), g.artifact().name(), ChainFindings.generic(g))).toList();
        List<EvidenceLine> watchLines = watches.stream().limit(ArtifactChains.KEPT)
                .map(w -> logIndex.artifact.quote(w.line(), w.text())).toList();
        Finding watchdog = watches.isEmpty() ? null : Watchdogs.finding(logIndex.artifact, watches);
        return new ArtifactChains(main, fallback, yielded, firstCause, gs, watchLines, watchdog);
    }

    /**
     * Opens a chain per process at its first cause, else its first weak cause; the lines of a process with none, and
     * those before its cause, go to {@code loose}. With {@code yieldKills}, a process whose cause would be a kill by a
     * signal ({@link Chain#yields}) opens none.
     */
    private static List<Chain> open(Map<String, List<Signal>> byProcess, List<Signal> loose, boolean yieldKills) {
        List<Chain> rooted = new ArrayList<>();
        for (List<Signal> proc : byProcess.values()) {
            Signal root = firstOf(proc, Role.ROOT);
            if (root == null) root = firstOf(proc, Role.WEAK);
            Chain c = root == null ? null : new Chain(root, root.verdict.code(), root.verdict.key(), root.verdict.role() == Role.WEAK);
            if (c == null || yieldKills && c.yields()) {
                loose.addAll(proc);
                continue;
            }
            for (Signal s : proc) {
                c.ownWho.add(s.who());
                if (s == root) continue;
                if (s.line > root.line) c.followers.add(s);
                else loose.add(s);
            }
            rooted.add(c);
        }
        return rooted;
    }

    private static Signal firstOf(List<Signal> proc, Role role) {
        return proc.stream().filter(s -> s.verdict.role() == role).findFirst().orElse(null);
    }

    /**
     * The reading when no artifact has a first cause: the consequences speak for themselves, one chain per process, named
     * after the first line with a code of its own or of the result its process returned.
     */
    private ChainReading fallback(List<Signal> loose) {
        Map<String, Chain> opened = new LinkedHashMap<>();
        List<Signal> still = new ArrayList<>();
        for (Signal s : loose) {
            Chain c = opened.get(s.processKey());
            if (c != null) {
                c.followers.add(s);
                c.ownWho.add(s.who());
                continue;
            }
            String code = s.verdict.code();
            String key = s.verdict.key();
            if (code == null) {
                NcclResult r = firstResultAfter(s);
                if (r == null && reports.containsKey(s)) r = s.result;
                code = Classifier.codeOf(r);
                key = code == null ? null : "warn." + Classifier.genericKey(code);
            }
            if (code == null) still.add(s);
            else opened.put(s.processKey(), new Chain(s, code, key, false));
        }
        for (Signal s : still) {
            Chain c = opened.get(s.processKey());
            if (c != null) c.ownWho.add(s.who());
        }
        return outcome(new ArrayList<>(opened.values()), still);
    }

    /** The artifact's chains settled (in line order, traces and reports filled) and its consequences listed. */
    private ChainReading outcome(List<Chain> cases, List<Signal> loose) {
        cases.sort((x, y) -> Signal.compare(x.root, y.root));
        for (Chain c : cases) fillChain(c);
        List<String> looseWho = new ArrayList<>();
        List<EvidenceLine> looseLines = new ArrayList<>();
        for (Signal s : loose) {
            looseWho.add(s.who());
            if (looseLines.size() < ArtifactChains.KEPT) looseLines.add(s.quote());
            for (EvidenceLine l : reports.getOrDefault(s, List.of())) if (looseLines.size() < ArtifactChains.KEPT) looseLines.add(l);
        }
        List<String> traceWho = new ArrayList<>();
        List<EvidenceLine> traceLines = new ArrayList<>();
        List<String> traceCodes = new ArrayList<>(1);
        if (!cases.isEmpty()) traceOnlyVictims(traceWho, traceLines, traceCodes);
        for (List<LauncherError> ends : List.of(childFailures, processEnds)) {
            for (LauncherError le : ends) {
                Chain c = caseForChild(cases, le);
                if (c != null) c.childTail.add(logIndex.artifact.quote(le.line(), le.text()));
            }
        }
        List<ChainSummary> recs = new ArrayList<>();
        Set<String> groups = new HashSet<>();
        for (Chain c : cases) {
            ChainSummary r = record(c);
            // Only the first chain of a group in this artifact can lead it.
            recs.add(groups.add(r.group()) ? r : r.withoutDraft());
        }
        return new ChainReading(recs, looseWho, looseLines, traceWho, traceLines, traceCodes);
    }

    private ChainSummary record(Chain c) {
        Signal s = c.root;
        String cross = null;
        String local = ""; // the rest of the group key within the artifact, when it has none across artifacts
        switch (c.code) {
            case Classifier.DUPLICATE -> cross = "dup|" + (s.host == null ? "" : s.host) + "|" + (s.busId != null ? s.busId : s.busIdRaw);
            case Classifier.CONNECT, Classifier.IB_COMPLETION -> {
                if (s.peer != null) cross = "peer|" + s.peer;
                else local = "|" + s.host;
            }
            default -> {
                // One finding per code and artifact.
            }
        }
        ChainFindings.Draft d = ChainFindings.draft(c, logIndex);
        String group = c.code + "|" + (cross != null ? cross : "@" + local);
        // The record and its draft share the root's quote.
        return new ChainSummary(c.code, cross, s.rank, s.otherRank, s.host, d.head().get(0), c.failed, s.artifact.name(), d,
                group);
    }

    private static Chain caseForChild(List<Chain> cases, LauncherError le) {
        for (Chain c : cases) {
            if (le.pid() != null && le.pid().equals(c.root.pid)) return c;
        }
        for (Chain c : cases) {
            if (le.rank() != null && le.rank().equals(c.root.rank)) return c;
        }
        return cases.isEmpty() ? null : cases.get(0);
    }

    /** The return-code trace after the root, its followers and the launcher lines quoting them. */
    private void fillChain(Chain c) {
        Signal r = c.root;
        c.viaBootstrap = r.source != null && r.source.contains("bootstrap");
        List<Signal> reported = new ArrayList<>(List.of(r));
        reported.addAll(c.followers);
        for (Signal s : reported) {
            List<EvidenceLine> lines = reports.get(s);
            if (lines != null) {
                c.tail.addAll(lines);
                c.failed = true;
            }
        }
        if (r.origin == Signal.Origin.LAUNCHER) c.failed = true;
        c.addResult(r.result);
        c.addResult(NcclResult.inMessage(r.text));
        fillTrace(c);
        for (Signal s : reported) c.addResult(reportResults.get(s));
    }

    /** The root's return-code trace: the {@code -> N} lines of its process after it, up to the next other message. */
    private void fillTrace(Chain c) {
        Signal r = c.root;
        List<NcclEvent> t = traces.get(process(r.host, r.pid));
        if (t == null) return;
        // A follower saying the same thing ('Failed to CUDA calloc' after 'Cuda failure out of memory') is part of the
        // root's message; the trace runs on past it.
        int bound = c.followers.stream().filter(f -> f.line > r.line && !c.completesRoot(f)).mapToInt(f -> f.line).min()
                .orElse(Integer.MAX_VALUE);
        List<NcclEvent> after = t.stream().filter(e -> e.line() > r.line && e.line() < bound).toList();
        // The root's own thread's trace, else its process's.
        List<NcclEvent> chain = after.stream().filter(e -> r.tid == null || r.tid.equals(e.tid())).toList();
        if (chain.isEmpty()) chain = after;
        if (!chain.isEmpty()) c.failed = true;
        for (NcclEvent e : chain) {
            if (e.source() != null && e.source().contains("bootstrap")) c.viaBootstrap = true;
            c.addResult(e.result());
        }
        for (int i = 0; i < chain.size(); i++) {
            if (i < 3 || i == chain.size() - 1) c.traces.add(quote(logIndex.artifact, chain.get(i)));
        }
    }

    /**
     * {@return the line of event {@code e} of {@code a}, read now} Its text is the artifact's, else the event as NCCL
     * printed it (rebuilt only when the artifact kept no text of the line).
     */
    private static EvidenceLine quote(Artifact a, NcclEvent e) {
        return a.line(e.line()).isPresent() ? a.quote(e.line()) : a.quote(e.line(), e.asPrinted());
    }

    private NcclResult firstResultAfter(Signal s) {
        List<NcclEvent> t = traces.get(process(s.host, s.pid));
        if (t == null) return null;
        return t.stream().filter(e -> e.line() > s.line && e.result() != null && e.result() != NcclResult.SUCCESS)
                .map(NcclEvent::result).findFirst().orElse(null);
    }

    /**
     * Processes that only returned error codes (their WARN line was cut or went elsewhere) failed too: their labels,
     * first lines and the codes of the results they returned.
     */
    private void traceOnlyVictims(List<String> whos, List<EvidenceLine> lines, List<String> codes) {
        if (logIndex == null) return;
        Set<String> seen = new HashSet<>();
        for (Signal s : signals) seen.add(process(s.host, s.pid));
        for (Map.Entry<String, List<NcclEvent>> en : traces.entrySet()) {
            if (seen.contains(en.getKey()) || en.getValue().isEmpty() || en.getValue().get(0).pid() == null) continue;
            for (NcclEvent t : en.getValue()) {
                String code = Classifier.codeOf(t.result());
                if (code != null && !codes.contains(code)) codes.add(code);
            }
            NcclEvent e = en.getValue().get(0);
            Integer rank = e.rank() != null ? e.rank() : logIndex.rank(e.host(), e.pid());
            whos.add(Signal.who(e.host(), e.pid(), e.cudaDev(), rank));
            if (lines.size() < ArtifactChains.KEPT) lines.add(quote(logIndex.artifact, e));
        }
    }
}
