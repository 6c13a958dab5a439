package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.LauncherPrefix;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The streaming state of one {@link NcclLogParser} parse: fed one line at a time, it keeps only capped, de-duplicated
 * facts, so its memory grows with what the log says, not with its length.
 *
 * <p>The hot path (an INFO line that repeats a fact already kept) allocates nothing: the line is located with
 * {@code indexOf}, its {@code host:pid:tid [dev]} prefix is scanned by hand backwards from the {@code NCCL INFO}
 * marker (so any launcher prefix in front of it does not matter), and the fact is recognised by a 64-bit hash of the
 * relevant regions of the line. Only the first occurrence of a fact is parsed into strings and numbers, through
 * {@link ToolValues}. No regular expression runs per line. Not thread-safe.
 *
 * <p>This class routes each line to the reader of its section of the log, which keeps that section's facts:
 * {@link NcclLinePrefix} (the {@code host:pid:tid [dev]} prefix) with {@link RecentInfoPrefixes} and
 * {@link HostsAndProcesses}; {@link VersionLines}, {@link EnvironmentLines} and {@link CommunicatorLines} (init, rank
 * and version lines); {@link NetworkLines}; {@link ChannelLines} (channels and transports); {@link WarnLines} and
 * {@link EventTable} (WARN, event and return-code lines) with {@link DuplicateGpuLines} and {@link IbCompletionLines};
 * and, for lines without an NCCL prefix, {@link LauncherPrefix}, {@link PyTorchErrorLines}, {@link WatchdogLines},
 * {@link TorchrunFailureLines} and {@link LauncherErrors}.
 */
final class NcclLogScanner {

    private final Warnings warnings;

    private long lines;
    private long ncclLines;
    private long infoLines;
    private long warnLines;
    private long traceLines;
    /** Lines of PyTorch's NCCL process group or an NCCLCHECK report ({@link NcclLogSignatures#isFrameworkError}). */
    private long frameworkLines;

    private final LauncherPrefix launcherPrefix = new LauncherPrefix();
    private final NcclLinePrefix prefix = new NcclLinePrefix(launcherPrefix);
    private final RecentInfoPrefixes recentPrefixes = new RecentInfoPrefixes(prefix);
    private final LimitNotices limits;
    private final HostsAndProcesses hostsAndProcesses;
    private final VersionLines versions = new VersionLines();
    private final EnvironmentLines environment;
    private final CommunicatorLines communicators;
    private final EventTable events;
    private final NetworkLines network;
    private final ChannelLines channels;
    private final DuplicateGpuLines duplicates = new DuplicateGpuLines();
    private final IbCompletionLines ibErrors = new IbCompletionLines();
    private final WarnLines warns;
    private final LauncherErrors launcherErrors;
    private final ProcessEndLines processEnds;
    private final PyTorchErrorLines pyTorchErrors;
    private final WatchdogLines watchdogs;
    private final HangLines hangLines;
    private final TorchrunFailureLines torchrunFailures;
    /** The words a line without a recent INFO prefix cannot hold: most such lines hold none of those looked for. */
    private final LineBigrams bigrams = new LineBigrams();
    /** The Latin-1 bytes the line being read lies in verbatim, from {@link #lineAt}; null when it is not known so. */
    private byte[] lineBytes;
    private int lineAt;
    /** The line being read holds none of {@link #OTHER_WORDS} (a chunk thread found so); false when not known. */
    private boolean inert;

    NcclLogScanner(Warnings warnings) {
        this.warnings = warnings;
        this.limits = new LimitNotices(warnings);
        this.hostsAndProcesses = new HostsAndProcesses(prefix, limits);
        this.environment = new EnvironmentLines(hostsAndProcesses);
        this.communicators = new CommunicatorLines(prefix, hostsAndProcesses, limits);
        this.events = new EventTable(prefix, hostsAndProcesses, limits);
        this.network = new NetworkLines(prefix, hostsAndProcesses, events);
        this.channels = new ChannelLines(prefix, hostsAndProcesses, versions, limits, warnings);
        this.warns = new WarnLines(prefix, hostsAndProcesses, events, duplicates, ibErrors, limits);
        this.launcherErrors = new LauncherErrors(launcherPrefix, limits);
        this.pyTorchErrors = new PyTorchErrorLines(launcherPrefix, launcherErrors, versions, duplicates, ibErrors);
        this.watchdogs = new WatchdogLines(launcherPrefix, launcherErrors);
        this.hangLines = new HangLines(launcherPrefix);
        this.torchrunFailures = new TorchrunFailureLines(launcherErrors);
        this.processEnds = new ProcessEndLines(launcherErrors);
    }

    void accept(String line, int no) {
        accept(line, no, 0, 0, 0);
    }

    /**
     * Reads one line that lies verbatim at {@code at} in {@code latin1}, a text's Latin-1 bytes
     * ({@link io.ncclscope.parsers.internal.LineSource#latin1Text()}): its pairs are learnt from those bytes, not from
     * a copy of the line's own (a paste's lines were copied once more here, a fifth of its parse's allocation).
     *
     * @param line   the line
     * @param no     its number
     * @param latin1 the text's Latin-1 bytes
     * @param at     where the line starts in them
     */
    void accept(String line, int no, byte[] latin1, int at) {
        lineBytes = latin1;
        lineAt = at;
        try {
            accept(line, no, 0, 0, 0);
        } finally {
            lineBytes = null;
        }
    }

    /**
     * Reads one line, of which a chunk thread may have learnt ({@link ChunkLineFacts}) its {@link LineBigrams} pairs or
     * how many of its first characters it has in common with the line before it.
     *
     * @param line the line
     * @param no   its number
     * @param fact0 its {@link ChunkLineFacts} fact 0: its {@link LineBigrams#low()}, or 0
     * @param fact1 its fact 1: with a fact 0, its {@link LineBigrams#high()}; without, the characters it shares with
     *              the line before, or 0 when neither was learnt
     * @param fact2 its fact 2: with a fact 0, the {@link #SOUGHT} words it holds ({@link LineBigrams#held()});
     *              with a fact 1 only, the {@link LineRegions#messageHash} of the line from that character on; else 0
     */
    void accept(String line, int no, long fact0, long fact1, long fact2) {
        lines++;
        hostsAndProcesses.currentLine = line;
        try {
            // Every recent prefix ends in "NCCL INFO ": a line whose pairs are known not to hold it matches none.
            boolean paired = fact0 != 0;
            inert = paired && ChunkLineFacts.inert(fact2);
            hostsAndProcesses.knownMessageStart = !paired && fact1 > 0 && fact2 != 0 ? (int) fact1 : -1;
            hostsAndProcesses.knownMessageHash = fact2;
            if (paired) bigrams.set(fact0, fact1, fact2);
            if (fact0 == 0 && fact1 > 0 && recentPrefixes.matchFront(no, (int) fact1)
                    || (!paired || bigrams.mayHold(INFO_MARKER)) && recentPrefixes.match(line, no)) {
                // Same "host:pid:tid [dev] NCCL INFO " as a recent line: its header and process are known.
                ncclLines++;
                warns.endContinuation();
                infoLines++;
                onInfo(line, no);
                return;
            }
            if (!paired && lineBytes != null) bigrams.read(lineBytes, lineAt, lineAt + line.length());
            else if (!paired) bigrams.read(line);
            int k = prefix.mayHoldMarker(bigrams) ? prefix.findMarker(line, bigrams) : NcclLinePrefix.NONE;
            if (k >= 0) {
                onNccl(line, no, k);
            } else {
                onOther(line, no);
            }
        } catch (RuntimeException e) {
            // Never throw on content: a line this scanner trips over is reported and skipped.
            warnings.warn(no, "line could not be read (" + e.getClass().getSimpleName() + ")", line);
        }
    }

    /**
     * Reads at once a run of lines that a chunk thread found to repeat the INFO prefix of the line before and to hold
     * messages that {@link #onInfo} only counts ({@link InfoFolds}), when this scanner's state lets it: their prefix is
     * the one it recognised last, exactly as long as the chunk thread's, and, when the run holds a ring listing, the
     * ring list is full and that was announced. The lines then leave what they would one by one: the counts, the first
     * prefix's header fields, and the channel count of the ring listings. A line whose reader keeps a fact of it
     * ({@link InfoFolds#KEYED}) is counted so only when the fact is kept already (its connection, event or seen line by
     * the process's key and the chunk thread's hash, or the state its reader asks for): the run then ends before the
     * first line that is not. Or a run of inert lines without a level marker ({@link ChunkLineFacts#RUN_INERT}), when no
     * WARN, PyTorch error block or torchrun table is open: they are counted (one by one, {@link #onOther} would read none
     * of them, not even its launcher prefix).
     *
     * @param no         the number of the run's first line
     * @param samePrefix its {@link ChunkLineFacts} fact 1: the length of the INFO prefix it repeats
     * @param run        its fact 3: the run's length and ring listings ({@link ChunkLineFacts#RUN_LENGTH} and after)
     * @param facts      the facts of the lines from the run's first on ({@code facts.fact(i, k)}: fact {@code k} of
     *                   the {@code i}-th)
     * @return the lines read from the run's first on (at most the run's length), or 0 when they are to be read one by one
     */
    int fold(int no, long samePrefix, long run, FactsAhead facts) {
        int count = (int) (run & ChunkLineFacts.RUN_LENGTH);
        if (count == 0) return 0;
        if ((run & ChunkLineFacts.RUN_INERT) != 0) {
            // onOther reads such a line only to continue a WARN, a PyTorch error block or a torchrun table
            if (warns.continuationPending() || pyTorchErrors.hasOpenBlocks() || torchrunFailures.readingTable()) return 0;
            lines += count;
            return count;
        }
        if (samePrefix <= 0 || samePrefix > Integer.MAX_VALUE) return 0;
        boolean rings = (run & ChunkLineFacts.RUN_RINGS) != 0;
        if (rings && !(channels.ringsFull() && limits.announced(LimitNotices.CappedList.RINGS))) return 0;
        ProcessEntry process = recentPrefixes.frontRunProcess(no, (int) samePrefix);
        if (process == null) return 0;
        if ((run & ChunkLineFacts.RUN_KEYED) != 0) count = countKept(process, count, facts);
        if (count == 0) return 0;
        recentPrefixes.matchFrontRun(no, (int) samePrefix, count);
        lines += count;
        ncclLines += count;
        infoLines += count;
        warns.endContinuation();
        // the largest channel count of the whole run: a max, so taken once whether the run's rest is folded or read
        if ((run & ChunkLineFacts.RUN_CHANNELS) != 0) channels.ringListingsPastCap((int) (run >>> 32));
        return count;
    }

    /** The facts of the lines of a run ({@link #fold}). */
    @FunctionalInterface
    interface FactsAhead {
        /**
         * {@return fact {@code k} of the {@code i}-th line of the run (0: its first)}
         *
         * @param i the line
         * @param k the fact
         */
        long fact(int i, int k);
    }

    /**
     * The lines of a run of {@code count} that come before the first {@link InfoFolds#KEYED} one whose fact is not kept
     * (all {@code count} when every such line's is), each kept fact counted as its reader counts it.
     */
    private int countKept(ProcessEntry process, int count, FactsAhead facts) {
        for (int i = 0; i < count; i++) {
            long own = facts.fact(i, 3);
            int key = (int) ((own & ChunkLineFacts.KEY_BITS) >>> ChunkLineFacts.KEY_SHIFT);
            if (key != 0 && !countIfKept(process, key, facts.fact(i, 2))) return i;
        }
        return count;
    }

    /** {@link InfoFolds#KEYED} line of kind {@code key}: counted as its reader would count it when its fact is kept. */
    private boolean countIfKept(ProcessEntry process, int key, long messageHash) {
        return switch (key) {
            case InfoFolds.KEY_SEEN -> hostsAndProcesses.seen(process, messageHash);
            case InfoFolds.KEY_TREES -> channels.treesFull() || hostsAndProcesses.seen(process, messageHash);
            case InfoFolds.KEY_CUDA_DRIVER -> versions.hasCudaDriverVersion();
            case InfoFolds.KEY_CHANNEL_COUNTS -> channels.hasChannelCounts();
            case InfoFolds.KEY_TRANSPORT -> channels.countKeptTransport(process, messageHash);
            case InfoFolds.KEY_RETURN_CODE -> events.countKeptReturnCode(process, messageHash);
            default -> events.countKeptInfoEvent(process, messageHash, InfoFolds.EVENT_KINDS[key - InfoFolds.KEY_EVENT]);
        };
    }

    void onNccl(String line, int no, int k) {
        ncclLines++;
        warns.endContinuation();
        if (prefix.level == NcclLinePrefix.VERSION) {
            versions.onVersion(line, no, prefix.msgStart, VersionSource.NCCL, null);
            return;
        }
        prefix.readHeader(line, k);
        hostsAndProcesses.noteProcess(line, no);
        recentPrefixes.rememberIfRepeatable(line, no);
        switch (prefix.level) {
            case NcclLinePrefix.INFO -> {
                infoLines++;
                onInfo(line, no);
            }
            case NcclLinePrefix.WARN -> {
                warnLines++;
                warns.onWarn(line, no);
            }
            default -> traceLines++;
        }
    }

    /**
     * An {@code NCCL INFO} line: routed by the first character of its message to the reader of its section. Which
     * messages it only counts, {@link InfoFolds} tells the chunk threads: keep it in step.
     */
    void onInfo(String line, int no) {
        int m = prefix.msgStart;
        int n = line.length();
        if (m >= n) return;
        char c = line.charAt(m);
        switch (c) {
            case 'C' -> {
                if (line.startsWith("Channel ", m)) {
                    channels.onChannel(line, no, m + 8);
                } else if (line.startsWith("Call to connect returned", m)) {
                    events.infoEvent(line, no, EventKind.SOCKET_CONNECT_RETRY);
                } else if (line.startsWith("Could not open XML topology file ", m)) {
                    // src/graph/xml.cc: a WARN up to NCCL 2.26, an INFO from 2.27; NCCL goes on without the file.
                    events.infoEvent(line, no, EventKind.TOPOLOGY_ERROR);
                }
            }
            case 'R' -> {
                if (line.startsWith("Ring ", m)) channels.onChannel(line, no, m + 5);
            }
            case 'T' -> {
                if (line.startsWith("Trees ", m)) channels.onTrees(line, no, m + 6);
            }
            case 'N' -> onN(line, no, m);
            case 'B' -> {
                if (line.startsWith("Bootstrap", m)) network.onBootstrap(line, no, m);
            }
            case 'U' -> {
                if (line.startsWith("Using network ", m)) {
                    network.onNetwork(line, no, m + 14);
                } else if (line.startsWith("Using internal Network ", m)) {
                    network.onNetwork(line, no, m + 23);
                }
            }
            case 'P' -> network.onPluginInfo(line, no, m);
            case 'c' -> {
                if (line.startsWith("comm ", m)) {
                    communicators.onComm(line, no, m);
                } else if (line.startsWith("cudaDriverVersion ", m) && !versions.hasCudaDriverVersion()) {
                    versions.onCudaDriverVersion(line, m + 18);
                }
            }
            case 's' -> {
                if (isConnectRetry(line, m)) events.infoEvent(line, no, EventKind.SOCKET_CONNECT_RETRY);
            }
            case 'n', '[' -> onCommOrClosed(line, no, m);
            case 'r' -> {
                if (line.startsWith("rank ", m) && line.indexOf(" nranks ", m) > 0) communicators.onComm(line, no, m);
            }
            case 'F' -> {
                if (line.startsWith("Failed to initialize NET plugin", m)) events.infoEvent(line, no, EventKind.NET_INIT_FAILED);
            }
            default -> {
                if (c >= '0' && c <= '9' && !channels.hasChannelCounts() && line.indexOf(" coll channels", m) > 0) {
                    channels.onChannelCounts(line, no, m);
                }
            }
        }
        if (c >= 'a' && c <= 'z') events.tryReturnCode(line, no, m);
    }

    /**
     * {@code ncclCommInitRank comm ...}, {@code [Rank 0] comm ...}, {@code [Service thread] Connection closed} and
     * {@code ncclMaxSharedMem N exceeds device/fn maxSharedMem M}.
     */
    void onCommOrClosed(String line, int no, int m) {
        if (line.startsWith("ncclMaxSharedMem ", m) && line.indexOf("exceeds device/fn maxSharedMem", m) > 0) {
            // NCCL 2.25 src/enqueue.cc: its kernels want more shared memory than this GPU gives, and it goes on with
            // less: a GPU architecture newer than this NCCL build (corpus-more nccl-1637-1). 2.26 on WARNs and fails.
            events.infoEvent(line, no, EventKind.CUDA_FAILURE);
        } else if (line.startsWith("ncclComm", m) || line.startsWith("[Rank ", m)) {
            int cm = line.indexOf(" comm ", m);
            if (cm > 0) communicators.onComm(line, no, cm + 1);
        } else if (line.startsWith("[Service thread] Connection closed", m)) {
            events.infoEvent(line, no, EventKind.CONNECTION_LOST);
        } else if (isConnectRetry(line, m)) {
            events.infoEvent(line, no, EventKind.SOCKET_CONNECT_RETRY);
        }
    }

    /**
     * NCCL 2.24+'s INFO before it sleeps and connects again ({@code socketConnectCheck}, src/misc/socket.cc; from 2.29
     * src/os/linux.cc, whose functions are {@code ncclOsSocket...}): {@code socketPollConnect: connect to
     * 10.0.0.2<4711> returned Connection timed out, retrying (1/34) after sleep for 100 msec}, without {@code to
     * <address>} in 2.24-2.26. Up to 2.23 it was {@code Call to connect returned Connection refused, retrying}.
     */
    static boolean isConnectRetry(String line, int m) {
        int c = line.indexOf(": connect ", m);
        return c > m && line.indexOf(" returned ", c) > 0 && line.indexOf(", retrying (", c) > 0;
    }

    /** {@code NCCL_...} variables, {@code NCCL version ...} and the {@code NET...} lines. */
    void onN(String line, int no, int m) {
        if (line.startsWith("NCCL_", m)) {
            if (!hostsAndProcesses.seenBefore(line)) environment.onEnvLine(line, no, m);
        } else if (line.startsWith("NCCL version ", m)) {
            if (!hostsAndProcesses.seenBefore(line)) {
                versions.onVersion(line, no, m + 13, VersionSource.NCCL, hostsAndProcesses.host(line));
            }
        } else {
            network.onNet(line, no, m);
        }
    }

    private static final LineBigrams.Word INFO_MARKER = new LineBigrams.Word("NCCL INFO ");
    private static final LineBigrams.Word ATCHDOG = new LineBigrams.Word("atchdog");
    private static final LineBigrams.Word WATCHDOG_TIMEOUT = new LineBigrams.Word("Watchdog caught collective operation timeout");
    private static final LineBigrams.Word WATCHDOG_WORK = new LineBigrams.Word("detected by watchdog at work: ");
    private static final LineBigrams.Word NCCL = new LineBigrams.Word("NCCL");
    private static final LineBigrams.Word TIMEOUT_WORK = new LineBigrams.Word("Timeout at NCCL work: ");
    private static final LineBigrams.Word NCCL_ERROR = new LineBigrams.Word("NCCL error");
    private static final LineBigrams.Word NCCL_ERROR_CAPS = new LineBigrams.Word("NCCL Error ");
    private static final LineBigrams.Word OPERATIONS_FAILED = new LineBigrams.Word("Some NCCL operations have failed or timed out");
    private static final LineBigrams.Word RROR = new LineBigrams.Word("rror");
    private static final LineBigrams.Word OUT_OF_MEMORY = new LineBigrams.Word("out of memory");
    private static final LineBigrams.Word CHILD_FAILED = new LineBigrams.Word("ChildFailedError");
    private static final LineBigrams.Word CUDA_ERROR = new LineBigrams.Word("CUDA error");
    private static final LineBigrams.Word CUDA_OUT_OF_MEMORY = new LineBigrams.Word("CUDA out of memory");
    private static final LineBigrams.Word OUT_OF_MEMORY_ERROR = new LineBigrams.Word("OutOfMemoryError");
    private static final LineBigrams.Word RUNTIME_ERROR = new LineBigrams.Word("RuntimeError: ");
    private static final LineBigrams.Word DUPLICATE_GPU = new LineBigrams.Word("Duplicate GPU detected");
    private static final LineBigrams.Word NCCL_ = new LineBigrams.Word("NCCL_");
    /** What {@link NcclLogSignatures#isNcclFailure} looks for first: a line without its pairs is passed over unsearched. */
    private static final LineBigrams.Word NCCL_FAILURE = new LineBigrams.Word(NcclLogSignatures.NCCL_FAILURE);

    /**
     * A line without an NCCL prefix that holds none of these words is read by none of {@link #onOther}'s handlers but
     * the stateful ones before them and the torchrun table's (keep them in step with {@link #onOther}): every word it
     * looks for holds one ({@code NCCL} stands for {@code NCCL error}, {@code ProcessGroupNCCL}, {@code NCCL_} and the
     * rest; {@code rror} for {@code DistBackendError}, {@code ChildFailedError}, {@code CUDA error}), and so do the lines
     * that {@link HangLines#mentions}, {@link NcclLogSignatures#storeLost} and {@link NcclLogSignatures#isStoreSetup}
     * look for. The chunk threads look for them
     * ({@link ChunkLineFacts#inert}).
     */
    static final LineBigrams.Word[] OTHER_WORDS = otherWords();

    private static LineBigrams.Word[] otherWords() {
        List<LineBigrams.Word> words = new ArrayList<>(List.of(NCCL, RROR, ATCHDOG, OUT_OF_MEMORY, DUPLICATE_GPU));
        words.addAll(List.of(HangLines.WORDS));
        words.addAll(List.of(NcclLogSignatures.STORE_PLACE_WORDS));
        words.addAll(List.of(NcclLogSignatures.STORE_SETUP_WORDS));
        words.addAll(List.of(ProcessEndLines.WORDS));
        return words.toArray(new LineBigrams.Word[0]);
    }

    /**
     * Every word that {@link #accept} and {@link #onOther}, and the readers they ask, look for through {@link #bigrams}:
     * a chunk thread learns exactly which of them a line with pairs holds ({@link ChunkLineFacts}), and a word it does
     * not hold is not searched for. A word left out of it is looked for through the pairs only (as in one stream).
     */
    static final LineBigrams.Sought SOUGHT = new LineBigrams.Sought(soughtWords());

    /** {@link #SOUGHT}'s bits of {@link #OTHER_WORDS}: a line with pairs that holds none of them is inert. */
    static final long OTHER_BITS = SOUGHT.bits(OTHER_WORDS);

    private static LineBigrams.Word[] soughtWords() {
        List<LineBigrams.Word> words = new ArrayList<>(List.of(OTHER_WORDS));
        words.addAll(List.of(NcclLinePrefix.MARKER_WORDS));
        words.addAll(List.of(HangLines.SEARCHED_WORDS));
        words.addAll(List.of(NcclLogSignatures.FRAMEWORK_WORDS));
        words.addAll(List.of(INFO_MARKER, WATCHDOG_TIMEOUT, WATCHDOG_WORK, TIMEOUT_WORK, NCCL_ERROR, NCCL_ERROR_CAPS,
                OPERATIONS_FAILED, CHILD_FAILED, CUDA_ERROR, CUDA_OUT_OF_MEMORY, OUT_OF_MEMORY_ERROR, RUNTIME_ERROR, NCCL_,
                NCCL_FAILURE));
        return words.toArray(new LineBigrams.Word[0]);
    }

    /**
     * A line without an NCCL prefix: a WARN continuation, or what launchers and frameworks print. The words are looked
     * for through {@link #bigrams}, which has read the line.
     */
    void onOther(String line, int no) {
        if (warns.continues(line)) return;
        int n = line.length();
        if (n == 0) return;
        // An inert line is read only by an open PyTorch error block or torchrun table: without one, its launcher prefix
        // is not read either (the prefix's rank and process are read only right after it is read, for the same line).
        if (inert && !pyTorchErrors.hasOpenBlocks() && !torchrunFailures.readingTable()) return;
        int s = launcherPrefix.end(line);
        if (s >= n) return;
        if (pyTorchErrors.hasOpenBlocks() && pyTorchErrors.onPending(line, no, s)) return;
        if (inert) {
            if (torchrunFailures.readingTable()) torchrunFailures.onChildTable(line, no, s);
            return;
        }
        if (NcclLogSignatures.isFrameworkError(bigrams, line)) frameworkLines++;
        if (torchrunFailures.readingTable()) torchrunFailures.onChildTable(line, no, s);
        int k;
        if (HangLines.mentions(bigrams, line, s)) hangLines.on(line, no, s);
        if (bigrams.indexOf(line, ATCHDOG, s) >= 0) {
            if ((k = bigrams.indexOf(line, WATCHDOG_TIMEOUT, s)) >= 0) {
                watchdogs.onWatchdog(line, no, s, k);
                return;
            }
            if ((k = bigrams.indexOf(line, WATCHDOG_WORK, s)) >= 0) {
                watchdogs.onWatchdogWork(line, no, s, k, k + 30);
                return;
            }
        }
        if (bigrams.indexOf(line, NCCL, s) >= 0) {
            if ((k = bigrams.indexOf(line, TIMEOUT_WORK, s)) >= 0) {
                watchdogs.onWatchdogWork(line, no, s, k, k + 22);
                return;
            }
            if ((k = bigrams.indexOf(line, NCCL_ERROR, s)) >= 0 || (k = bigrams.indexOf(line, NCCL_ERROR_CAPS, s)) >= 0) {
                pyTorchErrors.onNcclError(line, no, s, k);
                return;
            }
            if (bigrams.mayHold(NCCL_FAILURE) && NcclLogSignatures.isNcclFailure(line)) {
                launcherErrors.textError(LauncherErrorKind.NCCL_ERROR, line, no, s);
                return;
            }
            if ((k = bigrams.indexOf(line, OPERATIONS_FAILED, s)) >= 0) {
                watchdogs.onProcessDown(line, no, s, k);
                return;
            }
        }
        // Before the store-lost check: a connect retry repeats the socket's error ('Connection reset by peer') and
        // the glog prefix of TCPStore.cpp names the store.
        if (NcclLogSignatures.mayBeStoreSetup(bigrams) && NcclLogSignatures.isStoreSetup(line, s)) {
            launcherErrors.textError(LauncherErrorKind.STORE_SETUP, line, no, s);
            return;
        }
        if (NcclLogSignatures.mayBeStoreLost(bigrams) && NcclLogSignatures.storeLost(line, s) != null) {
            launcherErrors.textError(LauncherErrorKind.STORE_LOST, line, no, s);
            return;
        }
        // A launcher's or scheduler's word on how a process ended: mpirun's 'exited on signal', srun's 'task 3: Killed'.
        if (ProcessEndLines.holds(bigrams, line, s) && processEnds.on(line, no, s, launcherPrefix.rank >= 0 ? launcherPrefix.rank : null)) {
            return;
        }
        if (bigrams.indexOf(line, RROR, s) >= 0 || bigrams.indexOf(line, OUT_OF_MEMORY, s) >= 0) {
            if ((k = bigrams.indexOf(line, CHILD_FAILED, s)) >= 0 && (k + 16 == n || line.charAt(k + 16) == ':')) {
                torchrunFailures.onChildFailed(line, no, s, k);
                return;
            }
            if (bigrams.indexOf(line, CUDA_ERROR, s) >= 0 || bigrams.indexOf(line, CUDA_OUT_OF_MEMORY, s) >= 0
                    || bigrams.indexOf(line, OUT_OF_MEMORY_ERROR, s) >= 0) {
                launcherErrors.textError(LauncherErrorKind.CUDA_ERROR, line, no, s);
                return;
            }
            if (bigrams.indexOf(line, RUNTIME_ERROR, s) >= 0) {
                launcherErrors.textError(LauncherErrorKind.RUNTIME_ERROR, line, no, s);
                return;
            }
        }
        if ((k = bigrams.indexOf(line, DUPLICATE_GPU, s)) >= 0) {
            duplicates.duplicate(line, k, null, no);
            return;
        }
        if (line.startsWith("$ ", s) && bigrams.indexOf(line, NCCL_, s) >= 0) environment.onCommand(line, no, s + 2);
    }

    /** The facts kept, as the parse result. */
    NcclLog finish() {
        pyTorchErrors.finish();
        torchrunFailures.finish();
        // rank of each process: the largest communicator it initialised
        Map<String, int[]> rankOfProcess = new HashMap<>();
        List<NcclRank> ranks = communicators.ranks(rankOfProcess);
        Map<String, String> pidHosts = new LinkedHashMap<>();
        List<NcclProcess> processes = hostsAndProcesses.processes(rankOfProcess, pidHosts);
        List<NcclTransport> transports = channels.transports();
        Map<String, Long> via = channels.viaCounts();
        List<NcclWarning> warnings = warns.warnings();
        List<NcclEvent> eventList = events.events(rankOfProcess);
        Map<String, Long> kindCounts = events.kindCounts();
        return new NcclLog(versions.bestVersion(), versions.cudaVersion(), versions.cudaDriverVersion(), versions.versions(),
                network.network(), network.networks(), network.netPlugin(), ranks, communicators.ranksDropped(),
                hostsAndProcesses.hosts(), processes, pidHosts, network.interfaces(), network.ibDevices(), transports,
                channels.transportLines(), channels.transportsDropped(), via, channels.rings(), channels.channels(),
                channels.channelCounts(), channels.trees(), environment.environment(), environment.settings(),
                environment.command(), warnings, warns.warningsDropped(), eventList, events.eventsDropped(), kindCounts,
                duplicates.duplicates(), ibErrors.errors(), launcherErrors.errors(), launcherErrors.dropped(), lines, ncclLines,
                infoLines, warnLines, traceLines, hangLines.reports(), hangLines.dropped());
    }

    /** True when nothing of an NCCL log was found. */
    boolean empty() {
        return ncclLines == 0 && frameworkLines == 0 && launcherErrors.isEmpty() && hangLines.reports().isEmpty()
                && !pyTorchErrors.hasOpenBlocks()
                && !torchrunFailures.readingTable() && duplicates.isEmpty() && environment.command() == null;
    }
}
