package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.ChunkedLines;
import io.ncclscope.parsers.internal.FileText;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Lines;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the output of a job run with {@code NCCL_DEBUG=INFO} (or {@code WARN}, {@code TRACE}; NCCL 2.2 to 2.28+)
 * together with the launcher's lines around it (torchrun / PyTorch, DeepSpeed, Slurm {@code srun -l}, {@code mpirun
 * --tag-output}, Ray).
 *
 * <p>It understands {@code host:pid:tid [cudaDev] NCCL INFO msg} lines and their older forms (no tid; 2.2's
 * {@code [0] INFO} without {@code NCCL}), WARN lines with their {@code file.cc:line} and optional timestamp, whatever
 * launcher prefix precedes them ({@code [1,0]<stdout>:}, {@code 52: }, {@code (RayWorker pid=1) }, {@code [rank0]:}),
 * interleaved hosts and ranks, and PyTorch's error blocks ({@code NCCL error in: ...}, {@code ncclSystemError: ...},
 * {@code Last error:}), watchdog timeouts, torchrun's {@code ChildFailedError} and CUDA errors. Formats follow NCCL's
 * own sources (src/debug.cc, init.cc, bootstrap.cc, transport/*.cc, net_ib, misc/socket.cc); see the record javadoc
 * for each line form.
 *
 * <p>The parse streams ({@link LineSource#streaming}) and keeps only capped, de-duplicated facts: memory grows with
 * the distinct facts of a log (at most the caps below), not with its length; lines past a cap are counted in the
 * {@code ...Dropped} fields and noted once as an INFO warning.
 */
public final class NcclLogParser implements ToolParser<NcclLog> {

    /** Most communicator ranks kept. */
    public static final int MAX_RANKS = 8192;
    /** Most processes (host, pid) kept. */
    public static final int MAX_PROCESSES = 16384;
    /** Most hosts kept. */
    public static final int MAX_HOSTS = 4096;
    /** Most interfaces kept. */
    public static final int MAX_INTERFACES = 1024;
    /** Most RDMA devices kept. */
    public static final int MAX_IB_DEVICES = 512;
    /** Most distinct channel connections kept (per host, identical lines are one connection). */
    public static final int MAX_TRANSPORTS = 4096;
    /** Most distinct {@code via} strings counted; the rest count under {@code (other)}. */
    public static final int MAX_TRANSPORT_VIAS = 256;
    /** Most ring listings kept. */
    public static final int MAX_RINGS = 64;
    /** Most ranks kept of one ring listing. */
    public static final int MAX_RING_RANKS = 4096;
    /** Most {@code Trees} lines kept. */
    public static final int MAX_TREES = 64;
    /** Most distinct WARN lines kept. */
    public static final int MAX_WARNINGS = 1000;
    /** Most distinct events kept. */
    public static final int MAX_EVENTS = 2000;
    /** Most distinct environment settings kept. */
    public static final int MAX_ENV_SETTINGS = 512;
    /** Most distinct launcher error reports kept. */
    public static final int MAX_LAUNCHER_ERRORS = 512;
    /** Most distinct duplicate-GPU reports kept. */
    public static final int MAX_DUPLICATE_GPUS = 256;
    /** Most distinct IB completion errors kept. */
    public static final int MAX_IB_COMPLETION_ERRORS = 256;
    /** Most distinct versions kept. */
    public static final int MAX_VERSIONS = 32;
    /** Most distinct network choices kept. */
    public static final int MAX_NETWORKS = 64;
    /** Longest message text kept. */
    public static final int MAX_TEXT = 512;

    /** Most lines of the head {@link #sniff} looks at. */
    private static final int SNIFF_LINES = 4000;

    @Override
    public Kind kind() {
        return Kind.NCCL_LOG;
    }

    /**
     * 60..85 for NCCL debug lines, depending on their density, +5 with a strong signature (version, init, transport or
     * network line) or a PyTorch NCCL error; 60 for a PyTorch NCCL error report, watchdog timeout, lost gloo peer or gloo abort, or a
     * c10d store that could not connect or listen, without NCCL lines
     * ({@code NCCL_DEBUG} unset); 40 for a captured command line that sets {@code NCCL_DEBUG} and nothing else. Never
     * above 85: nccl-tests output is full of NCCL INFO lines and its parser claims it with its perf table.
     */
    @Override
    public int sniff(CharSequence head) {
        String s = head.toString();
        int nccl = 0;
        int nonBlank = 0;
        boolean strong = false;
        boolean launcher = false;
        boolean command = false;
        // The lines are looked at where they lie: a line is copied only when the literal tests leave it undecided.
        // A test whose texts the head holds nowhere holds for no line: asked of the head once (its one pass), not of
        // each line; a head with none of them is no NCCL log.
        boolean mayNccl = HeadLines.headContainsAny(s, NCCL_LINE_TEXTS);
        boolean mayLaunch = HeadLines.headContainsAny(s, LAUNCHER_TEXTS) || HeadLines.headContainsAny(s, NcclLogSignatures.FRAMEWORK_TEXTS)
                || HeadLines.headContainsAny(s, NcclLogSignatures.STORE_SETUP_TEXTS)
                || HeadLines.headContains(s, NcclLogSignatures.NCCL_FAILURE) || HeadLines.headContains(s, "gloo/transport/");
        boolean mayCommand = HeadLines.headContains(s, "NCCL_DEBUG");
        if (!mayNccl && !mayLaunch && !mayCommand) return 0;
        HeadLines l = new HeadLines(s, Integer.MAX_VALUE);
        for (int count = 0; count < SNIFF_LINES && l.next(); count++) {
            if (l.isEmpty()) continue;
            nonBlank++;
            boolean ncclLine = mayNccl && (l.rawContains("NCCL INFO") || l.rawContains("NCCL WARN") || l.rawContains("NCCL TRACE"));
            // The other layouts all hold one of these (oldFormat: "] INFO " or " WARN "; isNcclLine: the banner at the
            // start or after a launcher's prefix, ": Function: " or " WARN "): a line with none is not copied to be looked at.
            if (mayNccl && !ncclLine && (l.rawContains("] INFO ") || l.rawContains(" WARN ") || l.rawContains(": Function: ")
                    || l.rawContains("NCCL version "))) {
                String line = l.raw();
                ncclLine = oldFormat(line) || NcclLogSignatures.isNcclLine(line);
            }
            if (ncclLine) {
                nccl++;
                if (!strong) {
                    strong = l.rawContains("NCCL version") || l.rawContains("Init COMPLETE") || l.rawContains("Init START")
                            || l.rawContains(" via P2P") || l.rawContains(" via NET/") || l.rawContains(" via SHM")
                            || l.rawContains("Using network") || l.rawContains("Bootstrap") || l.rawContains("NET/IB : Using")
                            || l.rawContains("NET/Socket : Using") || l.rawStartsWith("NCCL version ");
                }
            } else if (!launcher && mayLaunch) {
                // Looked for where the line lies (each text found once in the head, not once per line).
                // PyTorch's c10d store failing to connect or listen, before any NCCL line: a job that failed to start
                launcher = rawContainsAny(l, LAUNCHER_TEXTS) || frameworkError(l) || rawContainsAny(l, NcclLogSignatures.STORE_SETUP_TEXTS)
                        // gloo's errors carry their source file ([../third_party/gloo/gloo/transport/tcp/pair.cc:547]):
                        // a lost peer, an abort, or a rank that timed out waiting for its peers (the hang analyzer
                        // names the late rank from those: examples/hangs/captured-2.11/gloo-sleep)
                        || l.rawContains("gloo/transport/") && (l.rawContains("by peer") || l.rawContains("closed")
                                || l.rawContains("Broken pipe") || l.rawContains("enforce fail")
                                || l.rawContains("Timed out waiting"));
            }
            if (!command && mayCommand && l.rawStartsWith("$ ") && l.rawContains("NCCL_DEBUG")) command = true;
        }
        if (nccl > 0) {
            double density = nccl / (double) Math.max(1, nonBlank);
            int score = 60 + (int) Math.round(20 * Math.min(1.0, density * 1.25));
            if (strong || launcher) score += 5;
            return Math.min(85, score);
        }
        if (launcher) return 60;
        if (command) return 40;
        return 0;
    }

    /** The texts that make a line an NCCL line, or may ({@link #oldFormat}, {@link NcclLogSignatures#isNcclLine}). */
    private static final String[] NCCL_LINE_TEXTS = {
        "NCCL INFO", "NCCL WARN", "NCCL TRACE", "] INFO ", " WARN ", ": Function: ", "NCCL version "};

    /** The texts that make a line that is no NCCL line a launcher's or framework's NCCL error (with {@link #frameworkError}). */
    private static final String[] LAUNCHER_TEXTS = {
        "NCCL error in:", "NCCL error:", "NCCL Error ", "Watchdog caught collective operation timeout", "ncclSystemError:",
        "ncclInternalError:", "ncclInvalidUsage:", "ncclUnhandledCudaError:", "ncclRemoteError:",
        "failed to pass monitoredBarrier", "successfully reached monitoredBarrier", "Detected mismatch between collectives",
        "Received a dump signal",
        // torchrun's failure summary and a c10d store that lost its server: what a failed job's paste often is alone
        "ChildFailedError", "[c10d] recvValue failed",
        // a launcher or scheduler saying a rank was killed (ProcessEndLines): mpirun's, DeepSpeed's, torchrun's agent's,
        // slurmstepd's
        " noticed that process rank ", " exits with return code = -", "failed (exitcode: -", "oom-kill event(s) in "};

    /** {@return true when the current line of {@code l}, as written, holds one of {@code texts}} */
    private static boolean rawContainsAny(HeadLines l, String[] texts) {
        for (String text : texts) {
            if (l.rawContains(text)) return true;
        }
        return false;
    }

    /** {@link NcclLogSignatures#isFrameworkError}, asked of the line where it lies. */
    private static boolean frameworkError(HeadLines l) {
        return rawContainsAny(l, NcclLogSignatures.FRAMEWORK_TEXTS) || l.rawContains(NcclLogSignatures.NCCL_FAILURE) && NcclLogSignatures.isNcclFailure(l.raw());
    }

    /** NCCL 2.2/2.3 lines without the word NCCL: {@code host:pid:tid [0] INFO msg}, {@code ... [0] file.cu:61 WARN msg}. */
    private static boolean oldFormat(String line) {
        int k = line.indexOf("] INFO ");
        if (k < 0) {
            k = line.indexOf(" WARN ");
            if (k < 0) return false;
            int sp = line.lastIndexOf(' ', k - 1);
            int colon = line.lastIndexOf(':', k - 1);
            if (colon <= sp || colon + 1 >= k) return false;
            k = line.lastIndexOf("] ", sp);
            if (k < 0 || k != sp - 1) return false;
        }
        int lb = line.lastIndexOf('[', k);
        if (lb < 2 || k - lb > 6 || line.charAt(lb - 1) != ' ') return false;
        int c = line.lastIndexOf(':', lb);
        return c > 0 && c < lb - 1 && Character.isDigit(line.charAt(lb - 2));
    }

    /**
     * {@inheritDoc}
     *
     * <p>The text of a big file ({@link FileText}, from {@code Parsers.parse(Path, ...)}) is read in chunks on several
     * threads, which also learn what the scanner would of each line alone ({@link ChunkLineFacts}), and scanned here in
     * order, with the result of a read in one stream; a run of lines that the scanner would only count is counted at
     * once ({@link NcclLogScanner#fold}). A file with a line too long for a chunk is read again in one stream.
     */
    @Override
    public ParseResult<NcclLog> parse(Reader in, ParseLimits limits) throws IOException {
        if (in instanceof FileText text) {
            Warnings w = new Warnings(limits.maxWarnings());
            NcclLogScanner scanner = new NcclLogScanner(w);
            try (ChunkedLines src = text.lines(w, limits.maxLineLength(), ChunkLineFacts::new, ChunkLineFacts.WIDTH)) {
                String line;
                NcclLogScanner.FactsAhead ahead = src::factAhead;
                while ((line = src.next()) != null) {
                    int no = src.lineNumber();
                    long run = src.fact(3);
                    if (run != 0) {
                        int folded = scanner.fold(no, src.fact(1), run, ahead);
                        if (folded > 0) {
                            src.skip(folded - 1);
                            continue;
                        }
                    }
                    scanner.accept(line, no, src.fact(0), src.fact(1), src.fact(2));
                }
                return result(scanner, w);
            } catch (ChunkedLines.ChunkTooLongException e) {
                text.restart();
            }
        }
        Warnings w = new Warnings(limits.maxWarnings());
        NcclLogScanner scanner = new NcclLogScanner(w);
        scan(LineSource.streaming(in, w, limits), scanner);
        return result(scanner, w);
    }

    private static void scan(Lines src, NcclLogScanner scanner) throws IOException {
        String line;
        // A text read in place (a paste) has its Latin-1 bytes made once: a line that lies there verbatim is read there.
        LineSource inPlace = src instanceof LineSource s && s.latin1Text() != null ? s : null;
        while ((line = src.next()) != null) {
            int at = inPlace == null ? -1 : inPlace.verbatimStart();
            if (at >= 0) scanner.accept(line, src.lineNumber(), inPlace.latin1Text(), at);
            else scanner.accept(line, src.lineNumber());
        }
    }

    private ParseResult<NcclLog> result(NcclLogScanner scanner, Warnings w) {
        NcclLog log = scanner.finish();
        List<io.ncclscope.parsers.ParseWarning> out = new ArrayList<>();
        if (scanner.empty()) {
            out.add(io.ncclscope.parsers.ParseWarning.error(0, "no nccl-log content found", ""));
        } else if (log.ncclLines() == 0 && log.environment().containsKey("NCCL_DEBUG_FILE")) {
            out.add(io.ncclscope.parsers.ParseWarning.info(0, "no NCCL lines: NCCL_DEBUG_FILE sent them to "
                    + log.environment().get("NCCL_DEBUG_FILE") + " (%h = host, %p = pid)", ""));
        }
        out.addAll(w.toList());
        return new ParseResult<>(kind(), log, out);
    }
}
