package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.nccl.DuplicateGpu;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbCompletionError;
import io.ncclscope.parsers.nccl.LauncherError;
import io.ncclscope.parsers.nccl.LauncherErrorKind;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclLevel;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclLogParser;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclResult;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.Note;
import io.ncclscope.parsers.tests.TestError;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.errors.Classifier.Role;
import io.ncclscope.sdk.diagnose.errors.Classifier.Verdict;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The walk back from a failure to its first cause. Every WARN line (and the launcher's {@code Last error} when its
 * WARN line is missing) becomes a {@link Signal}; per process, the first signal that can be a cause opens a
 * {@link Case}, later lines of that process become its followers, and lines of processes with no cause of their own
 * (a peer that saw its socket closed, a flushed work request, a watchdog timeout, a generic launcher error) become
 * consequences of the earliest cause. Only when no cause is seen anywhere do those lines name a finding themselves.
 * One instance per analysis; not thread-safe (the analyzer creates a new one per call).
 */
final class Walk {

    /** An RDMA device named in a message ({@code on dev mlx5_0:1}, {@code Unable to open device mlx5_2}). */
    private static final Pattern HCA = Pattern.compile("\\b((?:mlx[45]|bnxt_re|irdma|erdma|hns|qedr|ionic|efa|rxe)_?\\d+)\\b");

    /** A failure report with no cause text: PyTorch's error block without {@code Last error}, a {@code Test NCCL failure}. */
    record Generic(Artifact artifact, int order, int line, String text, String code, Integer rank, String host, Long pid,
                   String reason, String location, TestsInfo tests, String version) {
    }

    /** What an nccl-tests output says about the run, for the messages of its failures. */
    record TestsInfo(int hosts, Integer ranks, boolean geforce) {
    }

    /** A chain of one artifact while it is walked: its first cause, the lines after it in that artifact. */
    static final class Case {
        final Signal root;
        final String code;
        final String key;
        final boolean weak;
        final List<Signal> followers = new ArrayList<>();
        final List<EvidenceLine> traces = new ArrayList<>();
        /** The launcher's reports of the root and its followers (other artifacts' failure reports join later). */
        final List<EvidenceLine> tail = new ArrayList<>();
        /** The launcher's {@code ChildFailedError} lines of the failed process. */
        final List<EvidenceLine> childTail = new ArrayList<>();
        boolean failed;

        Case(Signal root, String code, String key, boolean weak) {
            this.root = root;
            this.code = code;
            this.key = key;
            this.weak = weak;
        }
    }

    /** A watchdog report of one log. */
    record Watch(Artifact artifact, int order, LauncherError error) {
    }

    /**
     * A chain as the pass keeps it once its artifact is let go: what grouping chains across artifacts, attaching other
     * artifacts' failure reports and the finding need.
     *
     * @param code      the finding code
     * @param crossKey  what makes chains of several artifacts one problem ({@code dup|host|busId}, {@code peer|addr}),
     *                  null when only chains of this artifact can share its finding
     * @param localKey  the rest of the group key after the artifact's place (when {@code crossKey} is null)
     * @param rank      the root's rank, for matching failure reports
     * @param otherRank the other rank a duplicate-GPU line names
     * @param host      the root's host, for matching failure reports of the same artifact
     * @param who       the root's label
     * @param quote     the root line, quoted
     * @param failed    whether the artifact shows the job failed from this chain (trace, report)
     * @param artifact  the artifact's name
     * @param draft     the finding this chain makes when it leads its group
     */
    record CaseRec(String code, String crossKey, String localKey, Integer rank, Integer otherRank, String host, String who,
                   EvidenceLine quote, boolean failed, String artifact, CaseFindings.Draft draft) {

        /** {@return this record without its draft: an earlier chain of its group makes the finding} */
        CaseRec withoutDraft() {
            return draft == null ? this : new CaseRec(code, crossKey, localKey, rank, otherRank, host, who, quote, failed, artifact, null);
        }
    }

    /**
     * A failure report with no cause text, as the pass keeps it: it joins the chain of its rank or artifact, else it
     * makes its own {@code finding}.
     */
    record GenericRec(Integer rank, String host, EvidenceLine quote, String artifact, Finding finding) {
    }

    /**
     * One artifact's chains under one reading of the evidence, and the consequences that join a chain: its own
     * earliest when it has chains, else the evidence's earliest.
     */
    static final class Outcome {
        /** The chains, in line order; a chain that cannot lead its group keeps no draft. */
        final List<CaseRec> cases;
        /** Labels of the consequences with no cause in their own process, in walk order. */
        final List<String> looseWho;
        /** Their lines and the launcher's reports of them (the first {@value #KEPT} only). */
        final List<EvidenceLine> looseLines;
        /** Processes that only returned error codes (only when this artifact has chains). */
        final List<String> traceWho;
        final List<EvidenceLine> traceLines;

        Outcome(List<CaseRec> cases, List<String> looseWho, List<EvidenceLine> looseLines, List<String> traceWho,
                List<EvidenceLine> traceLines) {
            this.cases = new ArrayList<>(cases);
            this.looseWho = List.copyOf(looseWho);
            this.looseLines = List.copyOf(looseLines);
            this.traceWho = List.copyOf(traceWho);
            this.traceLines = List.copyOf(traceLines);
        }

        /** {@return the group of a chain as its artifact sees it: its code and cross-artifact or local key} */
        static String groupOf(CaseRec r) {
            return r.code() + "|" + (r.crossKey() != null ? r.crossKey() : "@" + r.localKey());
        }

        /** Lets chain {@code i} go of its draft: it follows an earlier chain of its group. */
        void follows(int i) {
            cases.set(i, cases.get(i).withoutDraft());
        }
    }

    /** Consequence lines kept per list: a finding quotes at most three of them. */
    static final int KEPT = 3;

    /**
     * What one artifact's walk leaves: its chains when some artifact of the evidence has a first cause ({@code rooted})
     * and, when this one has none, when no artifact has ({@code fallback}, else null); its failure reports with no
     * cause text, its watchdog report lines and the watchdog finding it makes when nothing else failed.
     */
    record Local(Outcome rooted, Outcome fallback, List<GenericRec> generics, List<EvidenceLine> watchLines,
                 Finding watchdog) {

        /** True when nothing of the artifact can take part in a finding. */
        boolean quiet() {
            return rooted.cases.isEmpty() && rooted.looseWho.isEmpty() && (fallback == null || fallback.cases.isEmpty())
                    && generics.isEmpty() && watchdog == null;
        }
    }

    private Context ctx;
    private final List<Signal> signals = new ArrayList<>();
    private final Map<String, List<NcclEvent>> traces = new LinkedHashMap<>();
    private final Map<Signal, List<EvidenceLine>> reports = new IdentityHashMap<>();
    private final List<Generic> generics = new ArrayList<>();
    private final List<Watch> watches = new ArrayList<>();
    private final List<Object[]> childFailures = new ArrayList<>();

    // -- collection -------------------------------------------------------------------------------------------------

    void addLog(Artifact a, int order, NcclLog log) {
        Context ctx = new Context(a, order, log);
        this.ctx = ctx;
        Map<Integer, DuplicateGpu> dupByLine = new HashMap<>();
        for (DuplicateGpu d : log.duplicateGpus()) dupByLine.putIfAbsent(d.line(), d);
        Map<Integer, IbCompletionError> ibByLine = new HashMap<>();
        for (IbCompletionError e : log.ibCompletionErrors()) ibByLine.putIfAbsent(e.line(), e);
        List<Signal> mine = new ArrayList<>();
        for (NcclEvent e : log.events()) {
            if (e.kind() == EventKind.RETURN_CODE) {
                if (e.pid() != null) traces.computeIfAbsent(order + "|" + e.host() + "|" + e.pid(), k -> new ArrayList<>()).add(e);
                continue;
            }
            boolean telling = e.level() == NcclLevel.WARN || e.kind() == EventKind.SOCKET_CONNECT_RETRY
                    || e.kind() == EventKind.CONNECTION_LOST;
            if (!telling) continue;
            Verdict v = Classifier.classify(e.kind(), e.message(), e.code(), ctx.env);
            if (v.role() == Role.BENIGN) continue;
            Integer rank = e.rank() != null ? e.rank() : ctx.rank(e.host(), e.pid());
            Signal s = new Signal(a, order, e.line(), e.host(), e.pid(), e.tid(), e.cudaDev(), rank, e.source(),
                    e.message(), e.kind(), e.code(), e.result(), e.peer(), e.count(), Signal.Origin.NCCL,
                    eventText(e), v);
            enrich(s, ctx, dupByLine.get(e.line()), ibFor(log, ibByLine, s));
            mine.add(s);
        }
        for (LauncherError le : log.launcherErrors()) {
            switch (le.kind()) {
                case NCCL_ERROR -> onNcclError(a, order, ctx, le, mine, dupByLine, ibByLine);
                case CUDA_ERROR -> {
                    // A CUDA error PyTorch reports (its own allocator running out included) is the application's,
                    // not a failure of NCCL's buffers: CUDA_ERROR, never NCCL_OUT_OF_MEMORY.
                    Verdict v = new Verdict(Classifier.CUDA, Role.ROOT, "cuda.launcher");
                    Signal s = new Signal(a, order, le.line(), null, le.pid(), null, null, le.rank(), le.source(),
                            le.reason() != null ? le.reason() : le.text(), EventKind.CUDA_FAILURE, null, null, null,
                            le.count(), Signal.Origin.LAUNCHER, le.text(), v);
                    mine.add(s);
                }
                case WATCHDOG_TIMEOUT, WATCHDOG_EXCEPTION -> watches.add(new Watch(a, order, le));
                case CHILD_FAILED -> childFailures.add(new Object[] {a, order, le});
                default -> {
                    // Other RuntimeErrors are the application's; they name no NCCL cause.
                }
            }
        }
        signals.addAll(mine);
    }

    private static IbCompletionError ibFor(NcclLog log, Map<Integer, IbCompletionError> byLine, Signal s) {
        if (s.kind != EventKind.IB_COMPLETION_ERROR) return null;
        IbCompletionError e = byLine.get(s.line);
        if (e != null) return e;
        for (IbCompletionError c : log.ibCompletionErrors()) {
            if (eq(c.host(), s.host) && eq(c.peer(), s.peer) && eq(c.status(), s.status)) return c;
        }
        return null;
    }

    private static void enrich(Signal s, Context ctx, DuplicateGpu d, IbCompletionError ib) {
        NcclRank r = ctx.rankRecord(s.host, s.pid);
        if (r != null) {
            s.busId = r.busId();
            s.busIdRaw = r.busIdRaw();
        }
        if (d != null) {
            if (d.busId() != null) s.busId = d.busId();
            if (d.busIdRaw() != null) s.busIdRaw = d.busIdRaw();
            if (s.rank == null) s.rank = d.rank();
            s.otherRank = d.otherRank();
        }
        if (ib != null) {
            s.hca = ib.hca();
            s.peerPort = ib.peerPort();
            s.direction = ib.direction();
            s.vendorError = ib.vendorError();
        }
        if (s.hca == null && s.text != null) {
            Matcher m = HCA.matcher(s.text);
            if (m.find()) s.hca = m.group(1);
        }
        if (s.hca == null && (s.kind == EventKind.IB_COMPLETION_ERROR || s.kind == EventKind.IB_SETUP_FAILED)) {
            s.hca = ctx.singleHca(s.host);
        }
    }

    private void onNcclError(Artifact a, int order, Context ctx, LauncherError le, List<Signal> mine,
                             Map<Integer, DuplicateGpu> dupByLine, Map<Integer, IbCompletionError> ibByLine) {
        List<EvidenceLine> lines = new ArrayList<>();
        lines.add(a.quote(le.line(), le.text()));
        if (le.lastError() != null && le.lastErrorLine() != null && le.lastErrorLine() != le.line()) {
            lines.add(a.quote(le.lastErrorLine(), le.lastError()));
        }
        if (le.lastError() != null) {
            Signal match = null;
            String want = norm(le.lastError());
            for (Signal s : mine) {
                if (s.origin == Signal.Origin.NCCL && s.normText != null && s.normText.equals(want)) {
                    match = s;
                    break;
                }
            }
            if (match == null) {
                for (Signal s : mine) {
                    if (s.origin == Signal.Origin.NCCL && s.normText != null && s.normText.length() >= 12
                            && (want.contains(s.normText) || s.normText.contains(want))) {
                        match = s;
                        break;
                    }
                }
            }
            if (match != null) {
                reports.computeIfAbsent(match, k -> new ArrayList<>()).addAll(lines);
                return;
            }
            EventKind kind = le.lastErrorKind() != null ? le.lastErrorKind() : guessKind(le.lastError());
            int line = le.lastErrorLine() != null ? le.lastErrorLine() : le.line();
            IbCompletionError ib = ibByLine.get(line) != null ? ibByLine.get(line) : ibByLine.get(le.line());
            Integer status = ib != null ? ib.status() : null;
            Verdict v = Classifier.classify(kind, le.lastError(), status, ctx.env);
            if (v.role() == Role.BENIGN || v.role() == Role.UNKNOWN) {
                // The text names no cause we know: the result PyTorch reports names the finding.
                String code = Classifier.codeOf(le.error());
                if (code != null) v = new Verdict(code, Role.ROOT, "launcher." + Classifier.genericKey(code));
                else if (v.role() == Role.BENIGN) return;
            }
            String peer = ib != null ? ib.peer() : null;
            Signal s = new Signal(a, order, line, ib != null ? ib.host() : null, le.pid(), null, null, le.rank(), null,
                    le.lastError(), kind, status, le.error(), peer, le.count(), Signal.Origin.LAUNCHER, le.lastError(), v);
            enrich(s, ctx, dupByLine.get(line), ib);
            if (s.peer == null) s.peerPort = null;
            reports.computeIfAbsent(s, k -> new ArrayList<>()).addAll(lines);
            mine.add(s);
            return;
        }
        String code = Classifier.codeOf(le.error());
        if (code == null) code = Classifier.codeOf(NcclResult.fromReason(le.reason()));
        if (code == null) return;
        generics.add(new Generic(a, order, le.line(), le.text(), code, le.rank(), null, le.pid(), le.reason(), le.source(),
                null, le.ncclVersion()));
    }

    void addTests(Artifact a, int order, NcclTestsData t) {
        if (!t.ncclWarnings().isEmpty()) addTestsWarnings(a, order, t);
        boolean geforce = t.devices().stream().anyMatch(d -> d.name() != null && d.name().contains("GeForce"));
        TestsInfo info = new TestsInfo(t.hosts().size(), t.ranks(), geforce);
        for (TestError e : t.errors()) {
            // A rank only when the line points at exactly one device: one process usually drives every GPU.
            Integer rank = null;
            int matches = 0;
            if (e.host() != null) {
                for (var d : t.devices()) {
                    if (e.host().equals(d.host()) && (e.pid() == null || e.pid().equals(d.pid()))) {
                        rank = d.rank();
                        matches++;
                    }
                }
            }
            if (matches != 1) rank = null;
            switch (e.kind()) {
                case NCCL_FAILURE, CUDA_FAILURE -> {
                    String code = e.kind() == TestError.Kind.CUDA_FAILURE ? Classifier.CUDA
                            : Classifier.codeOf(NcclResult.fromReason(e.message()));
                    if (code == null) code = Classifier.INTERNAL;
                    generics.add(new Generic(a, order, e.line(), e.text(), code, rank, e.host(),
                            e.pid() == null ? null : e.pid().longValue(), e.message(), e.location(), info, t.ncclVersion()));
                }
                case NCCL_LAST_ERROR -> {
                    String text = e.message() != null ? e.message() : e.text();
                    Verdict v = Classifier.classify(guessKind(text), text, null, Map.of());
                    if (v.role() == Role.BENIGN) continue;
                    signals.add(new Signal(a, order, e.line(), e.host(), e.pid() == null ? null : e.pid().longValue(), null,
                            null, rank, null, text, guessKind(text), null, null, null, 1, Signal.Origin.TESTS, e.text(), v));
                }
                default -> {
                    // Argument errors, timeouts and the 'Test failure' unwinding lines: TestsChecks and the chains.
                }
            }
        }
    }

    /** NCCL WARN lines printed between the rows: read back with the nccl-log parser, lines mapped to the file's. */
    private void addTestsWarnings(Artifact a, int order, NcclTestsData t) {
        StringBuilder sb = new StringBuilder();
        List<Note> notes = t.ncclWarnings();
        for (Note n : notes) sb.append(n.text()).append('\n');
        ParseResult<NcclLog> r;
        try {
            r = new NcclLogParser().parse(new StringReader(sb.toString()), ParseLimits.DEFAULTS);
        } catch (IOException e) {
            return;
        }
        NcclLog log = r.data();
        if (log == null) return;
        for (NcclEvent e : log.events()) {
            if (e.level() != NcclLevel.WARN || e.line() < 1 || e.line() > notes.size()) continue;
            Verdict v = Classifier.classify(e.kind(), e.message(), e.code(), log.environment());
            if (v.role() == Role.BENIGN) continue;
            Note n = notes.get(e.line() - 1);
            signals.add(new Signal(a, order, n.line(), e.host(), e.pid(), e.tid(), e.cudaDev(), null, e.source(),
                    e.message(), e.kind(), e.code(), e.result(), e.peer(), e.count(), Signal.Origin.TESTS, n.text(), v));
        }
    }

    // -- one artifact -----------------------------------------------------------------------------------------------

    /**
     * Walks the one artifact added (at order 0) and returns what the analysis needs of it once the artifact is let go.
     * Per process, the first cause and its followers, the return-code trace and the launcher's reports are all in the
     * artifact, so every chain is settled here; only which chain a consequence with no cause of its own joins, which
     * failure reports join a chain, and whether any artifact has a first cause at all wait for the other artifacts
     * ({@link Join}).
     */
    Local settle() {
        signals.sort(Signal::compare);
        Map<String, List<Signal>> byProcess = new LinkedHashMap<>();
        for (Signal s : signals) byProcess.computeIfAbsent(s.processKey(), k -> new ArrayList<>()).add(s);
        List<Case> rooted = new ArrayList<>();
        List<Signal> loose = new ArrayList<>();
        for (List<Signal> proc : byProcess.values()) {
            Signal root = null;
            for (Signal s : proc) {
                if (s.verdict.role() == Role.ROOT) {
                    root = s;
                    break;
                }
            }
            if (root == null) {
                for (Signal s : proc) {
                    if (s.verdict.role() == Role.WEAK) {
                        root = s;
                        break;
                    }
                }
            }
            if (root == null) {
                loose.addAll(proc);
                continue;
            }
            Case c = new Case(root, root.verdict.code(), root.verdict.key(), root.verdict.role() == Role.WEAK);
            for (Signal s : proc) {
                if (s == root) continue;
                if (s.line > root.line) c.followers.add(s);
                else loose.add(s);
            }
            rooted.add(c);
        }
        Outcome fallback = null;
        if (rooted.isEmpty()) {
            // When no artifact has a first cause, the consequences speak for themselves, one chain per process.
            Map<String, Case> opened = new LinkedHashMap<>();
            List<Signal> still = new ArrayList<>();
            for (Signal s : loose) {
                Case c = opened.get(s.processKey());
                if (c != null) {
                    c.followers.add(s);
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
                if (code == null) {
                    still.add(s);
                    continue;
                }
                opened.put(s.processKey(), new Case(s, code, key, false));
            }
            fallback = outcome(new ArrayList<>(opened.values()), still);
        }
        Outcome main = outcome(rooted, loose);

        List<GenericRec> gs = new ArrayList<>();
        for (Generic g : generics) {
            gs.add(new GenericRec(g.rank(), g.host(), g.artifact().quote(g.line(), g.text()), g.artifact().name(),
                    CaseFindings.generic(g)));
        }
        List<EvidenceLine> watchLines = new ArrayList<>();
        for (Watch w : watches) {
            if (watchLines.size() < KEPT) watchLines.add(w.artifact().quote(w.error().line(), w.error().text()));
        }
        Finding watchdog = watches.isEmpty() ? null : Watchdogs.build(watches).get(0);
        return new Local(main, fallback, List.copyOf(gs), List.copyOf(watchLines), watchdog);
    }

    /** The artifact's chains settled (in line order, traces and reports filled) and its consequences listed. */
    private Outcome outcome(List<Case> cases, List<Signal> loose) {
        cases.sort((x, y) -> Signal.compare(x.root, y.root));
        for (Case c : cases) fillChain(c);
        List<String> looseWho = new ArrayList<>();
        List<EvidenceLine> looseLines = new ArrayList<>();
        for (Signal s : loose) {
            looseWho.add(s.who());
            if (looseLines.size() < KEPT) looseLines.add(s.quote());
            List<EvidenceLine> rep = reports.get(s);
            if (rep != null) {
                for (EvidenceLine l : rep) if (looseLines.size() < KEPT) looseLines.add(l);
            }
        }
        List<String> traceWho = new ArrayList<>();
        List<EvidenceLine> traceLines = new ArrayList<>();
        if (!cases.isEmpty()) traceOnlyVictims(traceWho, traceLines);
        for (Object[] cf : childFailures) {
            LauncherError le = (LauncherError) cf[2];
            Case c = caseForChild(cases, le);
            if (c != null) c.childTail.add(((Artifact) cf[0]).quote(le.line(), le.text()));
        }
        List<CaseRec> recs = new ArrayList<>();
        java.util.Set<String> groups = new java.util.HashSet<>();
        for (Case c : cases) {
            CaseRec r = record(c);
            recs.add(r);
            // Only the first chain of a group in this artifact can lead it.
            if (!groups.add(Outcome.groupOf(r))) recs.set(recs.size() - 1, r.withoutDraft());
        }
        return new Outcome(recs, looseWho, looseLines, traceWho, traceLines);
    }

    private CaseRec record(Case c) {
        Signal s = c.root;
        String cross = null;
        String local = "";
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
        CaseFindings.Draft d = CaseFindings.draft(c, ctx);
        // The record and its draft share the root's quote and label.
        return new CaseRec(c.code, cross, local, s.rank, s.otherRank, s.host, d.who(), d.head().get(0), c.failed,
                s.artifact.name(), d);
    }

    private static Case caseForChild(List<Case> cases, LauncherError le) {
        for (Case c : cases) {
            if (le.pid() != null && le.pid().equals(c.root.pid)) return c;
        }
        for (Case c : cases) {
            if (le.rank() != null && le.rank().equals(c.root.rank)) return c;
        }
        return cases.isEmpty() ? null : cases.get(0);
    }

    /** The return-code trace after the root, its followers and the launcher lines quoting them. */
    private void fillChain(Case c) {
        Signal r = c.root;
        List<EvidenceLine> rep = reports.get(r);
        if (rep != null) {
            c.tail.addAll(rep);
            c.failed = true;
        }
        for (Signal f : c.followers) {
            List<EvidenceLine> fr = reports.get(f);
            if (fr != null) {
                c.tail.addAll(fr);
                c.failed = true;
            }
        }
        if (r.origin == Signal.Origin.LAUNCHER) c.failed = true;
        if (r.pid == null) return;
        List<NcclEvent> t = traces.get(r.order + "|" + r.host + "|" + r.pid);
        if (t == null) return;
        int bound = Integer.MAX_VALUE;
        for (Signal f : c.followers) {
            // A follower saying the same thing ('Failed to CUDA calloc' after 'Cuda failure out of memory') is part of
            // the root's message; the trace runs on past it.
            if (f.order == r.order && f.line > r.line && !sameMessage(c, f)) bound = Math.min(bound, f.line);
        }
        List<NcclEvent> chain = new ArrayList<>();
        for (NcclEvent e : t) {
            if (e.line() > r.line && e.line() < bound && (r.tid == null || r.tid.equals(e.tid()))) chain.add(e);
        }
        if (chain.isEmpty()) {
            for (NcclEvent e : t) {
                if (e.line() > r.line && e.line() < bound) chain.add(e);
            }
        }
        if (!chain.isEmpty()) c.failed = true;
        for (int i = 0; i < chain.size(); i++) {
            if (i < 3 || i == chain.size() - 1) c.traces.add(ctx.artifact.quote(chain.get(i).line(), eventText(chain.get(i))));
        }
    }

    /** A follower that completes the root's message (another WARN of the same cause), not a new instance of it. */
    static boolean sameMessage(Case c, Signal f) {
        return c.code.equals(f.verdict.code()) && f.verdict.role() == Role.ROOT && f.kind != c.root.kind;
    }

    private NcclResult firstResultAfter(Signal s) {
        if (s.pid == null) return null;
        List<NcclEvent> t = traces.get(s.order + "|" + s.host + "|" + s.pid);
        if (t == null) return null;
        for (NcclEvent e : t) {
            if (e.line() > s.line && e.result() != null && e.result() != NcclResult.SUCCESS) return e.result();
        }
        return null;
    }

    /** Processes that only returned error codes (their WARN line was cut or went elsewhere) failed too. */
    private void traceOnlyVictims(List<String> whos, List<EvidenceLine> lines) {
        if (ctx == null) return;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Signal s : signals) seen.add(s.order + "|" + s.host + "|" + s.pid);
        for (Map.Entry<String, List<NcclEvent>> en : traces.entrySet()) {
            if (seen.contains(en.getKey()) || en.getValue().isEmpty()) continue;
            NcclEvent e = en.getValue().get(0);
            StringBuilder who = new StringBuilder();
            if (e.host() != null) who.append(e.host()).append(':');
            who.append(e.pid());
            if (e.cudaDev() != null) who.append(" [").append(e.cudaDev()).append(']');
            Integer rank = e.rank() != null ? e.rank() : ctx.rank(e.host(), e.pid());
            if (rank != null) who.append(" rank ").append(rank);
            whos.add(who.toString());
            if (lines.size() < KEPT) lines.add(ctx.artifact.quote(e.line(), eventText(e)));
        }
    }

    // -- helpers ----------------------------------------------------------------------------------------------------

    /** A WARN line as NCCL printed it, for quoting when the log's text was not kept. */
    static String eventText(NcclEvent e) {
        StringBuilder sb = new StringBuilder();
        if (e.host() != null) sb.append(e.host()).append(':');
        if (e.pid() != null) sb.append(e.pid());
        if (e.tid() != null) sb.append(':').append(e.tid());
        if (e.cudaDev() != null) sb.append(" [").append(e.cudaDev()).append(']');
        if (e.kind() == EventKind.RETURN_CODE) {
            sb.append(" NCCL INFO ").append(e.source() == null ? "" : e.source()).append(" -> ").append(e.code());
            if (e.message() != null) sb.append(' ').append(e.message());
            return sb.toString().trim();
        }
        if (e.source() != null) sb.append(' ').append(e.source());
        sb.append(e.level() == NcclLevel.WARN ? " NCCL WARN " : " NCCL INFO ");
        if (e.message() != null) sb.append(e.message());
        return sb.toString().trim();
    }

    /** The event kind of a bare error text (nccl-tests {@code # error:} lines); the parser's rules, abridged. */
    static EventKind guessKind(String text) {
        if (text == null) return EventKind.OTHER;
        if (text.contains("Duplicate GPU detected") || text.contains("Ranks are using the same GPU")) return EventKind.DUPLICATE_GPU;
        if (text.contains("Mismatched NCCL version")) return EventKind.VERSION_MISMATCH;
        if (text.contains("Got completion")) return EventKind.IB_COMPLETION_ERROR;
        if (text.contains("NET/OFI")) return EventKind.OFI_ERROR;
        String l = text.toLowerCase(Locale.ROOT);
        if (l.contains("no socket interface") || l.contains("no usable listening interface") || l.contains("same subnet")) {
            return EventKind.NO_SOCKET_INTERFACE;
        }
        if (text.contains("Socket creation failed")) return EventKind.SOCKET_CREATE_FAILED;
        if (l.contains("message truncated")) return EventKind.MESSAGE_TRUNCATED;
        if (text.contains("Connect to ") && text.contains("failed") || text.contains("Call to connect failed")) {
            return EventKind.SOCKET_CONNECT_FAILED;
        }
        if (text.contains("Connection closed") || text.contains("Connection reset") || text.contains("Socket recv failed")
                || text.contains("Call to recv")) {
            return EventKind.CONNECTION_LOST;
        }
        if (l.contains("cuda failure") || l.contains("cuda error")) return EventKind.CUDA_FAILURE;
        if (text.contains("Failed to CUDA")) return EventKind.ALLOC_FAILED;
        if (text.contains("XML") || l.contains("topology")) return EventKind.TOPOLOGY_ERROR;
        if (text.contains("does not loop back")) return EventKind.GRAPH_ERROR;
        if (text.contains("ibv_") || text.contains("NET/IB")) return EventKind.IB_SETUP_FAILED;
        return EventKind.OTHER;
    }

    /** The text with runs of white space as one space, for comparing a WARN line with the launcher's copy. */
    static String norm(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) sb.append(' ');
                space = false;
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean eq(Object a, Object b) {
        return a == null ? b == null : a.equals(b);
    }
}
