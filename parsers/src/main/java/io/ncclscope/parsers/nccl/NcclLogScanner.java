package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_DUPLICATE_GPUS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_ENV_SETTINGS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_EVENTS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_HOSTS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_IB_COMPLETION_ERRORS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_IB_DEVICES;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_INTERFACES;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_LAUNCHER_ERRORS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_NETWORKS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_PROCESSES;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_RANKS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_RINGS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_RING_RANKS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TEXT;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TRANSPORTS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TRANSPORT_VIAS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TREES;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_VERSIONS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_WARNINGS;

import io.ncclscope.parsers.internal.Tok;
import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The streaming state of one {@link NcclLogParser} parse: fed one line at a time, it keeps only capped, de-duplicated
 * facts, so its memory grows with what the log says, not with its length.
 *
 * <p>The hot path (an INFO line that repeats a fact already kept) allocates nothing: the line is located with
 * {@code indexOf}, its {@code host:pid:tid [dev]} prefix is scanned by hand backwards from the {@code NCCL INFO}
 * marker (so any launcher prefix in front of it does not matter), and the fact is recognised by a 64-bit hash of the
 * relevant regions of the line. Only the first occurrence of a fact is parsed into strings and numbers, through
 * {@link Tok}. No regular expression runs per line. Not thread-safe.
 */
final class NcclLogScanner {

    private static final long SEED = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;
    /** How many lines a PyTorch error block may span between its header and its {@code Last error} text. */
    private static final int PENDING_LINES = 12;
    /** How many lines after {@code ChildFailedError} torchrun's failure table is read. */
    private static final int CHILD_LINES = 60;
    /** Most line hashes remembered to skip idempotent fact lines (rank, env, interface lines) cheaply. */
    private static final int MAX_SEEN_LINES = 1 << 16;

    private static final int L_INFO = 1;
    private static final int L_WARN = 2;
    private static final int L_TRACE = 3;
    private static final int L_VERSION = 4;

    private final Warnings warnings;

    // ---- counters
    private long lines;
    private long ncclLines;
    private long infoLines;
    private long warnLines;
    private long traceLines;

    // ---- the NCCL prefix of the current line (set by findMarker / header)
    private int level;
    private int msgStart;
    private int hostStart;
    private int hostEnd;
    private long pid;
    private long tid;
    private int cudaDev;
    private int srcStart;
    private int srcEnd;
    private int funcStart;
    private int funcEnd;
    private ProcessB proc;
    private ProcessB lastProc;
    private String currentLine; // the line being read (for the host of an event when the process cap was reached)
    private int cur; // cursor of readNum
    private int launcherRank; // set by launcherPrefixEnd

    // ---- facts
    private final List<String> hosts = new ArrayList<>();
    private final LongIntMap hostIndex = new LongIntMap(64);
    private final List<ProcessB> processes = new ArrayList<>();
    private final LongIntMap processIndex = new LongIntMap(64);
    /** Direct-mapped cache of recent processes by pid, for interleaved ranks. */
    private static final int PROCESS_CACHE = 256;
    private final ProcessB[] processCache = new ProcessB[PROCESS_CACHE];
    private final LongIntMap seenLines = new LongIntMap(256);

    private String ncclVersion;
    private String cudaVersion;
    private int versionCode = -1;
    private Integer cudaDriverVersion;
    private final List<VersionSeen> versions = new ArrayList<>();
    private String network;
    private final List<NetworkChoice> networks = new ArrayList<>();
    private NetPlugin netPlugin;

    private final Map<String, RankB> ranks = new LinkedHashMap<>();
    private long ranksDropped;

    private final List<NcclInterface> interfaces = new ArrayList<>();
    private final LongIntMap interfaceIndex = new LongIntMap(16);
    private final List<IbDevice> ibDevices = new ArrayList<>();
    private final LongIntMap ibDeviceIndex = new LongIntMap(16);

    private final List<TransportB> transports = new ArrayList<>();
    private final LongIntMap transportIndex = new LongIntMap(256);
    private long transportLines;
    private long transportsDropped;
    private final List<String> viaNames = new ArrayList<>();
    private long[] viaCounts = new long[16];
    private final LongIntMap viaIndex = new LongIntMap(16);
    private long viaOther;

    private final List<NcclRing> rings = new ArrayList<>();
    private Integer channels;
    private ChannelCounts channelCounts;
    private final List<NcclTrees> trees = new ArrayList<>();

    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<EnvSetting> envSettings = new ArrayList<>();
    private final LongIntMap envIndex = new LongIntMap(16);
    private String command;

    private final List<WarningB> warns = new ArrayList<>();
    /** Kept warnings and, past the cap, text-less shadows of further distinct WARN lines. */
    private final List<WarningB> warnAll = new ArrayList<>();
    /** Most distinct WARN lines remembered (kept or shadowed) for cheap repeat counting. */
    private static final int MAX_WARN_KEYS = 1 << 15;
    private final LongIntMap warnIndex = new LongIntMap(64);
    private long warningsDropped;
    private final List<EventB> events = new ArrayList<>();
    private final LongIntMap eventIndex = new LongIntMap(256);
    private long eventsDropped;
    private final long[] kindCounts = new long[EventKind.values().length];
    private WarningB contWarning;
    private EventB contEvent;
    private boolean contPending;

    private final Map<String, DupB> duplicates = new LinkedHashMap<>();
    private final Map<String, IbErrB> ibErrors = new LinkedHashMap<>();

    private final List<LaunchB> launches = new ArrayList<>();
    private final LongIntMap launchIndex = new LongIntMap(64);
    private final LongIntMap launchLineIndex = new LongIntMap(64);
    private final List<LaunchB> headerCache = new ArrayList<>();
    private final LongIntMap headerCacheIndex = new LongIntMap(64);
    private final Map<String, LaunchB> watchdogBySeq = new HashMap<>();
    private long launchesDropped;
    private final List<Pending> pendings = new ArrayList<>();
    private LaunchB child;
    private int childDeadline;
    private boolean childRootSeen;

    private final Set<Cap> capsHit = EnumSet.noneOf(Cap.class);

    private enum Cap { PROCESSES, HOSTS, RANKS, TRANSPORTS, WARNINGS, EVENTS, LAUNCHER, RINGS }

    NcclLogScanner(Warnings warnings) {
        this.warnings = warnings;
    }

    // =====================================================================================================
    // line entry
    // =====================================================================================================

    void accept(String line, int no) {
        lines++;
        currentLine = line;
        try {
            if (cachedPrefix(line)) {
                // Same "host:pid:tid [dev] NCCL INFO " as a recent line: its header and process are known.
                ncclLines++;
                contPending = false;
                infoLines++;
                onInfo(line, no);
                return;
            }
            int k = findMarker(line);
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
     * Finds the level marker of an NCCL line: {@code NCCL INFO}, {@code NCCL WARN}, {@code NCCL TRACE}, {@code NCCL CALL},
     * an unprefixed {@code NCCL version}, or 2.2/2.3's {@code [0] INFO} / {@code file.cu:61 WARN} without the word NCCL.
     * Sets {@link #level} and {@link #msgStart}; returns the marker's index or -1.
     */
    private int findMarker(String s) {
        int n = s.length();
        int from = 0;
        for (int guard = 0; guard < 6; guard++) {
            int k = s.indexOf("NCCL ", from);
            if (k < 0) break;
            int a = k + 5;
            if (a < n) {
                char c = s.charAt(a);
                if (c == 'I' && word(s, a, "INFO")) {
                    level = L_INFO;
                    msgStart = Math.min(n, a + 5);
                    return k;
                }
                if (c == 'W' && word(s, a, "WARN")) {
                    level = L_WARN;
                    msgStart = Math.min(n, a + 5);
                    return k;
                }
                if (c == 'T' && word(s, a, "TRACE")) {
                    level = L_TRACE;
                    msgStart = Math.min(n, a + 6);
                    return k;
                }
                if (c == 'C' && word(s, a, "CALL")) {
                    level = L_TRACE;
                    msgStart = Math.min(n, a + 5);
                    return k;
                }
                if (c == 'v' && s.startsWith("version ", a) && k == launcherPrefixEnd(s)) {
                    level = L_VERSION;
                    msgStart = a + 8;
                    return k;
                }
            }
            from = a;
        }
        // NCCL 2.2 / 2.3: "host:pid:tid [0] INFO msg", "host:pid:tid [0] include/socket.h:360 WARN msg".
        int k = s.indexOf("] INFO ");
        if (k > 0) {
            level = L_INFO;
            msgStart = k + 7;
            header(s, k + 2);
            if (cudaDev >= 0 && pid >= 0) return k + 2;
        }
        k = s.indexOf(" WARN ");
        if (k > 0) {
            level = L_WARN;
            msgStart = k + 6;
            header(s, k + 1);
            if (cudaDev >= 0 && pid >= 0 && srcStart >= 0) return k + 1;
        }
        return -1;
    }

    private static boolean word(String s, int at, String w) {
        int e = at + w.length();
        return s.startsWith(w, at) && (e == s.length() || s.charAt(e) == ' ');
    }

    /**
     * Reads the NCCL prefix backwards from the level marker at {@code k}: {@code [ts] host:pid:tid [dev] } for INFO,
     * {@code host:pid:tid [dev] file.cc:123 (func) } for WARN, {@code host:pid:tid [dev] 12.345 func:123 } for TRACE.
     * Whatever precedes the host token (launcher prefixes, timestamps) is ignored. Fields that are not there stay -1.
     */
    private void header(String s, int k) {
        hostStart = hostEnd = srcStart = srcEnd = funcStart = funcEnd = -1;
        pid = tid = -1;
        cudaDev = -1;
        int j = k - 1;
        if (j < 0 || s.charAt(j) != ' ') return;
        j--;
        if (level == L_WARN || level == L_TRACE) {
            if (j >= 0 && s.charAt(j) == ')') {
                int o = s.lastIndexOf('(', j);
                if (o < 1 || s.charAt(o - 1) != ' ') return;
                funcStart = o + 1;
                funcEnd = j;
                j = o - 2;
            }
            int e = j + 1;
            while (j >= 0 && s.charAt(j) != ' ') j--;
            if (!isSourceToken(s, j + 1, e)) return;
            srcStart = j + 1;
            srcEnd = e;
            if (j < 0) return;
            j--;
            if (level == L_TRACE) { // the elapsed-time token
                while (j >= 0 && s.charAt(j) != ' ') j--;
                if (j < 0) return;
                j--;
            }
        }
        if (j < 1 || s.charAt(j) != ']') return;
        // Numbers are accumulated while scanning backwards: this runs for every NCCL line.
        int o = j - 1;
        long v = 0;
        long mult = 1;
        while (o >= 0 && o > j - 8) {
            char c = s.charAt(o);
            if (c < '0' || c > '9') break;
            v += (c - '0') * mult;
            mult *= 10;
            o--;
        }
        if (o < 0 || s.charAt(o) != '[' || o == j - 1) return;
        cudaDev = (int) v;
        j = o - 1;
        if (j < 0 || s.charAt(j) != ' ') return;
        int i = j - 1;
        // host:pid:tid (or host:pid), read from the right
        long last = 0;
        mult = 1;
        int nd = 0;
        while (i >= 0 && nd < 19) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') break;
            last += (c - '0') * mult;
            mult *= 10;
            nd++;
            i--;
        }
        if (nd == 0 || i < 1 || s.charAt(i) != ':') return;
        int c2 = i;
        i--;
        long mid = 0;
        mult = 1;
        int nd2 = 0;
        while (i >= 0 && nd2 < 19) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') break;
            mid += (c - '0') * mult;
            mult *= 10;
            nd2++;
            i--;
        }
        int hEnd;
        if (nd2 > 0 && i >= 1 && s.charAt(i) == ':') {
            pid = mid;
            tid = last;
            hEnd = i;
            i--;
        } else {
            pid = last;
            hEnd = c2;
            i = c2 - 1;
        }
        while (i >= 0) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '>' || c == ']' || c == ')') break;
            i--;
        }
        int st = i + 1;
        while (st < hEnd && s.charAt(st) == ':') st++;
        if (st < hEnd) {
            hostStart = st;
            hostEnd = hEnd;
        }
    }

    /** {@code misc/socket.cc:484}: a path, a colon, digits. */
    private static boolean isSourceToken(String s, int from, int to) {
        if (to - from < 3) return false;
        int d = to - 1;
        while (d > from && isDigit(s.charAt(d))) d--;
        return d < to - 1 && d > from && s.charAt(d) == ':';
    }

    private void onNccl(String line, int no, int k) {
        ncclLines++;
        contPending = false;
        if (level == L_VERSION) {
            onVersion(line, no, msgStart, VersionSource.NCCL, null);
            return;
        }
        header(line, k);
        noteProcess(line, no);
        if (level == L_INFO && proc != null && msgStart >= 10 && line.startsWith("NCCL INFO ", msgStart - 10)
                && !timestamped(line, hostStart)) {
            rememberPrefix(line);
        }
        switch (level) {
            case L_INFO -> {
                infoLines++;
                onInfo(line, no);
            }
            case L_WARN -> {
                warnLines++;
                onWarn(line, no);
            }
            default -> traceLines++;
        }
    }

    // ---- recent INFO prefixes

    /** Recent INFO line prefixes (up to and with {@code NCCL INFO }), most recent first, with their parsed header. */
    private static final int PREFIXES = 8;
    private final String[] prefixText = new String[PREFIXES];
    private final int[] prefixProbe = new int[PREFIXES];
    private final int[][] prefixFields = new int[PREFIXES][];
    private final long[][] prefixIds = new long[PREFIXES][];
    private final ProcessB[] prefixProc = new ProcessB[PREFIXES];

    /** True (and the header fields set) when {@code line} starts with a remembered INFO prefix. */
    private boolean cachedPrefix(String line) {
        int n = line.length();
        for (int i = 0; i < PREFIXES; i++) {
            String p = prefixText[i];
            if (p == null) return false;
            // Probe the two characters before " [dev]" (the end of the tid) first: prefixes of one host differ there.
            int probe = prefixProbe[i];
            if (n >= p.length() && line.charAt(probe) == p.charAt(probe) && line.charAt(probe - 1) == p.charAt(probe - 1)
                    && line.startsWith(p)) {
                int[] f = prefixFields[i];
                hostStart = f[0];
                hostEnd = f[1];
                cudaDev = f[2];
                msgStart = f[3];
                srcStart = srcEnd = funcStart = funcEnd = -1;
                pid = prefixIds[i][0];
                tid = prefixIds[i][1];
                level = L_INFO;
                proc = prefixProc[i];
                lastProc = proc;
                if (i > 0) promote(i);
                return true;
            }
        }
        return false;
    }

    /** True when {@code line} before {@code end} holds a time of day ({@code 14:10:52}): such prefixes never repeat. */
    private static boolean timestamped(String line, int end) {
        for (int i = 1; i + 1 < end; i++) {
            if (line.charAt(i) == ':' && isDigit(line.charAt(i - 1)) && isDigit(line.charAt(i + 1))) return true;
        }
        return false;
    }

    private void rememberPrefix(String line) {
        int last = PREFIXES - 1;
        prefixText[last] = line.substring(0, msgStart);
        prefixProbe[last] = Math.max(1, line.lastIndexOf(" [", msgStart) - 1);
        prefixFields[last] = new int[] {hostStart, hostEnd, cudaDev, msgStart};
        prefixIds[last] = new long[] {pid, tid};
        prefixProc[last] = proc;
        promote(last);
    }

    /** Moves entry {@code i} to the front. */
    private void promote(int i) {
        String t = prefixText[i];
        int probe = prefixProbe[i];
        int[] f = prefixFields[i];
        long[] d = prefixIds[i];
        ProcessB p = prefixProc[i];
        System.arraycopy(prefixText, 0, prefixText, 1, i);
        System.arraycopy(prefixProbe, 0, prefixProbe, 1, i);
        System.arraycopy(prefixFields, 0, prefixFields, 1, i);
        System.arraycopy(prefixIds, 0, prefixIds, 1, i);
        System.arraycopy(prefixProc, 0, prefixProc, 1, i);
        prefixText[0] = t;
        prefixProbe[0] = probe;
        prefixFields[0] = f;
        prefixIds[0] = d;
        prefixProc[0] = p;
    }

    // =====================================================================================================
    // hosts and processes
    // =====================================================================================================

    private void noteProcess(String line, int no) {
        proc = null;
        if (pid < 0 || hostStart < 0) return;
        ProcessB lp = lastProc;
        int hl = hostEnd - hostStart;
        if (lp != null && lp.pid == pid && lp.host.length() == hl && line.regionMatches(hostStart, lp.host, 0, hl)) {
            proc = lp;
            return;
        }
        int slot = (int) (pid ^ (pid >>> 7)) & (PROCESS_CACHE - 1);
        ProcessB cp = processCache[slot];
        if (cp != null && cp.pid == pid && cp.host.length() == hl && line.regionMatches(hostStart, cp.host, 0, hl)) {
            proc = cp;
            lastProc = cp;
            return;
        }
        long h = mix(mix(SEED, line, hostStart, hostEnd), pid);
        int idx = processIndex.get(h);
        if (idx >= 0) {
            proc = processes.get(idx);
            lastProc = proc;
            processCache[slot] = proc;
            return;
        }
        String host = hostOf(line);
        if (processes.size() >= MAX_PROCESSES) {
            capHit(Cap.PROCESSES, no, "more than " + MAX_PROCESSES + " processes: the rest are not listed");
            return;
        }
        ProcessB p = new ProcessB(host, pid, cudaDev >= 0 ? cudaDev : null, no, h, mix(SEED, line, hostStart, hostEnd));
        processes.add(p);
        processIndex.put(h, processes.size() - 1);
        proc = p;
        lastProc = p;
        processCache[slot] = p;
    }

    /** The host of the current line's prefix as an interned string; null when the line has none. */
    private String host(String line) {
        if (proc != null) return proc.host;
        return hostStart >= 0 ? hostOf(line) : null;
    }

    private String hostOf(String line) {
        long h = mix(SEED, line, hostStart, hostEnd);
        int idx = hostIndex.get(h);
        if (idx >= 0) return hosts.get(idx);
        String host = line.substring(hostStart, hostEnd);
        if (hosts.size() < MAX_HOSTS) {
            hosts.add(host);
            hostIndex.put(h, hosts.size() - 1);
        } else {
            capHit(Cap.HOSTS, 0, "more than " + MAX_HOSTS + " hosts: the rest are not listed");
        }
        return host;
    }

    /** True when this exact message was already seen from this host and pid (for idempotent fact lines). */
    private boolean seenBefore(String line) {
        long h = lineKey(line) ^ 0x5bd1e995L;
        if (seenLines.get(h) >= 0) return true;
        if (seenLines.size() < MAX_SEEN_LINES) seenLines.put(h, 0);
        return false;
    }

    /** Hash of host, pid and message of the current NCCL line. */
    private long lineKey(String line) {
        long h;
        if (proc != null) {
            h = proc.hash;
        } else {
            h = SEED;
            if (hostStart >= 0) h = mix(h, line, hostStart, hostEnd);
            h = mix(h, pid);
        }
        return mix(h, line, msgStart, line.length());
    }

    // =====================================================================================================
    // INFO lines
    // =====================================================================================================

    private void onInfo(String line, int no) {
        int m = msgStart;
        int n = line.length();
        if (m >= n) return;
        char c = line.charAt(m);
        switch (c) {
            case 'C' -> {
                if (line.startsWith("Channel ", m)) {
                    onChannel(line, no, m + 8);
                } else if (line.startsWith("Call to connect returned", m)) {
                    infoEvent(line, no, EventKind.SOCKET_CONNECT_RETRY);
                }
            }
            case 'R' -> {
                if (line.startsWith("Ring ", m)) onChannel(line, no, m + 5);
            }
            case 'T' -> {
                if (line.startsWith("Trees ", m)) onTrees(line, no, m + 6);
            }
            case 'N' -> onN(line, no, m);
            case 'B' -> {
                if (line.startsWith("Bootstrap", m) && !seenBefore(line)) {
                    int u = line.indexOf("Using", m + 9);
                    if (u >= 0 && u < m + 14) interfaceList(line, no, u + 5, InterfaceKind.BOOTSTRAP);
                }
            }
            case 'U' -> {
                if (line.startsWith("Using network ", m)) {
                    onNetwork(line, no, m + 14);
                } else if (line.startsWith("Using internal Network ", m)) {
                    onNetwork(line, no, m + 23);
                }
            }
            case 'P' -> {
                if (line.startsWith("Plugin Path : ", m)) {
                    pluginFound(null, line.substring(m + 14).trim(), line, no);
                } else if (line.startsWith("P2P plugin ", m)) {
                    String rest = line.substring(m + 11).trim();
                    int sp = rest.lastIndexOf(' ');
                    pluginFound(sp >= 0 ? rest.substring(sp + 1) : rest, null, line, no);
                }
            }
            case 'c' -> {
                if (line.startsWith("comm ", m)) {
                    onComm(line, no, m);
                } else if (line.startsWith("cudaDriverVersion ", m) && cudaDriverVersion == null) {
                    cudaDriverVersion = Tok.integer(line.substring(m + 18));
                }
            }
            case 'n' -> {
                if (line.startsWith("ncclComm", m)) {
                    int cm = line.indexOf(" comm ", m);
                    if (cm > 0) onComm(line, no, cm + 1);
                }
            }
            case '[' -> {
                if (line.startsWith("[Rank ", m)) {
                    int cm = line.indexOf(" comm ", m);
                    if (cm > 0) onComm(line, no, cm + 1);
                } else if (line.startsWith("[Service thread] Connection closed", m)) {
                    infoEvent(line, no, EventKind.CONNECTION_LOST);
                }
            }
            case 'r' -> {
                if (line.startsWith("rank ", m) && line.indexOf(" nranks ", m) > 0) onComm(line, no, m);
            }
            case 'F' -> {
                if (line.startsWith("Failed to initialize NET plugin", m)) infoEvent(line, no, EventKind.NET_INIT_FAILED);
            }
            default -> {
                if (c >= '0' && c <= '9' && channelCounts == null && line.indexOf(" coll channels", m) > 0) {
                    onChannelCounts(line, no, m);
                }
            }
        }
        if (c >= 'a' && c <= 'z') tryReturnCode(line, no, m);
    }

    private void onN(String line, int no, int m) {
        if (line.startsWith("NCCL_", m)) {
            if (!seenBefore(line)) onEnvLine(line, no, m);
        } else if (line.startsWith("NCCL version ", m)) {
            if (!seenBefore(line)) onVersion(line, no, m + 13, VersionSource.NCCL, host(line));
        } else if (line.startsWith("NET/IB", m)) {
            onNetIb(line, no, m + 6);
        } else if (line.startsWith("NET/Socket : Using", m)) {
            if (!seenBefore(line)) interfaceList(line, no, m + 18, InterfaceKind.SOCKET);
        } else if (line.startsWith("NET : Using interface ", m)) {
            if (!seenBefore(line)) interfaceList(line, no, m + 22, InterfaceKind.SOCKET);
        } else if (line.startsWith("NET/Plugin", m)) {
            if (!seenBefore(line)) onPlugin(line, no, m);
        } else if (line.startsWith("NET/OFI ", m)) {
            int u = line.indexOf("aws-ofi-nccl ", m);
            if (u > 0 && (line.startsWith("Using", m + 8) || line.startsWith("Initializing", m + 8))) {
                pluginFound(line.substring(u).trim(), null, line, no);
            }
        }
    }

    /** {@code NCCL_IB_DISABLE set by environment to 1.}, {@code NCCL_SOCKET_IFNAME set to enp9s0np0}. */
    private void onEnvLine(String line, int no, int m) {
        int k = line.indexOf(" set by environment to ", m);
        int v;
        if (k > 0) {
            v = k + 23;
        } else {
            k = line.indexOf(" set to ", m);
            if (k < 0) return;
            v = k + 8;
        }
        String name = line.substring(m, k);
        if (!isEnvName(name)) return;
        String value = line.substring(Math.min(v, line.length())).trim();
        // NCCL prints "%s set by environment to %lld." for numeric parameters.
        if (value.endsWith(".") && Tok.decimal(value.substring(0, value.length() - 1)) != null) {
            value = value.substring(0, value.length() - 1);
        }
        addEnv(name, value, "nccl", host(line), no);
    }

    private static boolean isEnvName(String s) {
        if (s.length() < 6 || s.length() > 64) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) return false;
        }
        return true;
    }

    private void addEnv(String name, String value, String origin, String host, int no) {
        long h = mix(mix(mix(mix(SEED, name, 0, name.length()), value, 0, value.length()), origin, 0, origin.length()),
                host == null ? 0 : host.hashCode());
        if (envIndex.get(h) >= 0) return;
        if (envSettings.size() >= MAX_ENV_SETTINGS) return;
        envIndex.put(h, envSettings.size());
        envSettings.add(new EnvSetting(name, cut(value), origin, host, no));
        if (environment.size() < MAX_ENV_SETTINGS) environment.putIfAbsent(name, cut(value));
    }

    /** {@code NCCL version 2.18.5+cuda12.2} (NCCL) or {@code NCCL version 2.19.3} / {@code 21.1.4} (PyTorch). */
    private void onVersion(String line, int no, int p, VersionSource source, String host) {
        int n = line.length();
        int e = p;
        while (e < n && line.charAt(e) != ' ' && line.charAt(e) != ',' && line.charAt(e) != '\t') e++;
        if (e == p || e - p > 40) return;
        String printed = line.substring(p, e);
        int plus = printed.indexOf('+');
        String ver = plus >= 0 ? printed.substring(0, plus) : printed;
        String cuda = plus >= 0 ? printed.substring(plus + 1) : null;
        if (cuda != null && cuda.startsWith("cuda")) cuda = cuda.substring(4);
        if (cuda != null && cuda.isEmpty()) cuda = null;
        int[] v = versionNumbers(ver);
        if (v == null) return;
        if (source == VersionSource.PYTORCH && v[0] >= 10) {
            // PyTorch before 1.11 decoded NCCL_VERSION_CODE 21104 with the pre-2.9 formula and printed 21.1.4
            // (corpus nccl-logs/nccl-577-1.txt); re-encode and decode with the current scheme.
            int code = v[0] * 1000 + v[1] * 100 + v[2];
            v = new int[] {code / 10000, (code % 10000) / 100, code % 100};
        }
        ver = v[0] + "." + v[1] + "." + v[2];
        if (source == VersionSource.NCCL && ncclVersion == null) {
            ncclVersion = ver;
            cudaVersion = cuda;
            versionCode = v[0] * 10000 + v[1] * 100 + v[2];
        }
        for (VersionSeen s : versions) {
            if (s.version().equals(ver) && s.source() == source) return;
        }
        if (versions.size() < MAX_VERSIONS) versions.add(new VersionSeen(ver, cuda, printed, source, host, no));
    }

    private static int[] versionNumbers(String s) {
        int d1 = s.indexOf('.');
        int d2 = d1 < 0 ? -1 : s.indexOf('.', d1 + 1);
        if (d1 <= 0 || d2 <= d1 + 1) return null;
        int d3 = s.indexOf('.', d2 + 1);
        Integer a = Tok.integer(s.substring(0, d1));
        Integer b = Tok.integer(s.substring(d1 + 1, d2));
        Integer c = Tok.integer(s.substring(d2 + 1, d3 < 0 ? s.length() : d3));
        if (a == null || b == null || c == null || a < 0 || b < 0 || c < 0 || a > 99) return null;
        return new int[] {a, b, c};
    }

    private void onNetwork(String line, int no, int p) {
        if (seenBefore(line)) return;
        String name = line.substring(Math.min(p, line.length())).trim();
        if (name.isEmpty() || name.length() > 64) return;
        String host = host(line);
        if (network == null) network = name;
        for (NetworkChoice c : networks) {
            if (c.name().equals(name) && java.util.Objects.equals(c.host(), host)) return;
        }
        if (networks.size() < MAX_NETWORKS) networks.add(new NetworkChoice(name, host, no));
    }

    private void onPlugin(String line, int no, int m) {
        String msg = line.substring(m).trim();
        if (msg.startsWith("NET/Plugin: Loaded net plugin ") || msg.startsWith("NET/Plugin : Loaded net plugin ")) {
            pluginFound(msg.substring(msg.indexOf("plugin ") + 7).trim(), null, line, no);
        } else if (msg.contains("No plugin found") || msg.contains("Could not find") || msg.contains("cannot open shared object")
                || msg.contains("Failed to open") || msg.contains("Plugin load returned") || msg.contains("internal")) {
            if (netPlugin == null) netPlugin = new NetPlugin(false, null, null, cut(msg), no);
        }
    }

    private void pluginFound(String name, String path, String line, int no) {
        String msg = cut(line.substring(msgStart).trim());
        if (netPlugin == null || !netPlugin.found()) {
            netPlugin = new NetPlugin(true, name, path, msg, no);
        } else if (netPlugin.name() == null && name != null || netPlugin.path() == null && path != null) {
            netPlugin = new NetPlugin(true, netPlugin.name() != null ? netPlugin.name() : name,
                    netPlugin.path() != null ? netPlugin.path() : path, netPlugin.text(), netPlugin.line());
        }
    }

    /** Everything after {@code NET/IB}. */
    private void onNetIb(String line, int no, int p) {
        if (line.startsWith(" : No device found", p)) {
            infoEvent(line, no, EventKind.NET_IB_NO_DEVICE);
            return;
        }
        if (line.indexOf("GPU Direct RDMA Disabled", p) >= 0) {
            infoEvent(line, no, EventKind.GDR_DISABLED);
            return;
        }
        if (line.indexOf("GPU Direct RDMA Enabled", p) >= 0) {
            infoEvent(line, no, EventKind.GDR_ENABLED);
            return;
        }
        if (seenBefore(line)) return;
        int q = p;
        while (q < line.length() && (line.charAt(q) == ' ' || line.charAt(q) == ':')) q++;
        if (line.startsWith("Using interface ", q)) {
            // 2.2/2.3: "NET/IB : Using interface enp1s0f0 for sideband communication"
            int s = q + 16;
            int e = line.indexOf(' ', s);
            String name = line.substring(s, e < 0 ? line.length() : e);
            if (!name.isEmpty()) addInterface(InterfaceKind.OOB, name, null, null, null, host(line), no);
        } else if (line.startsWith("Using", q)) {
            ibUsing(line, no, q + 5);
        } else if (q < line.length() && line.charAt(q) == '[') {
            // 2.3: "NET/IB: [0] mlx5_1:1/IB"
            int rb = line.indexOf(']', q);
            Integer idx = rb > q ? Tok.integer(line.substring(q + 1, rb)) : null;
            if (idx != null) ibDevice(idx, line.substring(rb + 1).trim(), line, no);
        }
    }

    /** {@code [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [RO]; OOB eth0:10.0.0.1<0>}. */
    private void ibUsing(String line, int no, int p) {
        int semi = line.indexOf(';', p);
        String devs = line.substring(p, semi < 0 ? line.length() : semi);
        for (String tok : devs.split(" ")) {
            if (tok.length() < 4 || tok.charAt(0) != '[') continue;
            int rb = tok.indexOf(']');
            Integer idx = rb > 1 ? Tok.integer(tok.substring(1, rb)) : null;
            if (idx == null) continue; // [RO] (relaxed ordering)
            ibDevice(idx, tok.substring(rb + 1), line, no);
        }
        if (semi >= 0) {
            int oob = line.indexOf("OOB ", semi);
            if (oob >= 0) interfaceToken(line.substring(oob + 4).trim(), InterfaceKind.OOB, null, host(line), no);
        }
    }

    /** {@code mlx5_0:1/IB/SHARP}, {@code mlx5_0:1:2/RoCE} (rail), {@code mlx5_0:1::3/IB} (plane). */
    private void ibDevice(int index, String tok, String line, int no) {
        tok = tok.trim();
        if (tok.isEmpty()) return;
        int slash = tok.indexOf('/');
        String head = slash >= 0 ? tok.substring(0, slash) : tok;
        String tail = slash >= 0 ? tok.substring(slash + 1) : "";
        int colon = head.indexOf(':');
        String dev = colon >= 0 ? head.substring(0, colon) : head;
        Integer port = null;
        if (colon >= 0) {
            int c2 = head.indexOf(':', colon + 1);
            port = Tok.integer(head.substring(colon + 1, c2 < 0 ? head.length() : c2));
        }
        int s2 = tail.indexOf('/');
        LinkLayer ll = LinkLayer.of(s2 >= 0 ? tail.substring(0, s2) : tail);
        boolean sharp = tail.contains("SHARP");
        String host = host(line);
        long h = mix(mix(mix(SEED, dev, 0, dev.length()), index), host == null ? 0 : host.hashCode());
        h = mix(h, port == null ? -1 : port);
        if (ibDeviceIndex.get(h) >= 0 || ibDevices.size() >= MAX_IB_DEVICES) return;
        ibDeviceIndex.put(h, ibDevices.size());
        ibDevices.add(new IbDevice(index, dev, port, ll, sharp, host, no));
    }

    /** {@code [0]eno1:172.18.40.41<0> [1]veth25f2e72:fe80::380d%veth25f2e72<0>} or {@code eth0:10.0.0.1<0>}. */
    private void interfaceList(String line, int no, int p, InterfaceKind kind) {
        String host = host(line);
        String rest = line.substring(Math.min(p, line.length()));
        for (String tok : rest.split(" ")) {
            if (tok.isEmpty()) continue;
            Integer idx = null;
            if (tok.charAt(0) == '[') {
                int rb = tok.indexOf(']');
                if (rb < 0) continue;
                idx = Tok.integer(tok.substring(1, rb));
                tok = tok.substring(rb + 1);
            }
            interfaceToken(tok, kind, idx, host, no);
        }
    }

    private void interfaceToken(String tok, InterfaceKind kind, Integer idx, String host, int no) {
        if (tok.isEmpty()) return;
        int colon = tok.indexOf(':');
        String name = colon >= 0 ? tok.substring(0, colon) : tok;
        if (name.isEmpty()) return;
        String addr = null;
        Integer port = null;
        if (colon >= 0) {
            int lt = tok.indexOf('<', colon);
            addr = tok.substring(colon + 1, lt < 0 ? tok.length() : lt);
            if (lt >= 0) {
                int gt = tok.indexOf('>', lt);
                port = Tok.integer(tok.substring(lt + 1, gt < 0 ? tok.length() : gt));
            } else if (Tok.integer(addr) != null) {
                // 2.28 "Bootstrap: Using mlx5_0:1" (bootstrap over a net device): a port, not an address
                port = Tok.integer(addr);
                addr = null;
            }
            if (addr != null && addr.isEmpty()) addr = null;
        }
        addInterface(kind, name, addr, port, idx, host, no);
    }

    private void addInterface(InterfaceKind kind, String name, String addr, Integer port, Integer idx, String host, int no) {
        long h = mix(mix(SEED, name, 0, name.length()), kind.ordinal());
        if (addr != null) h = mix(h, addr, 0, addr.length());
        h = mix(h, host == null ? 0 : host.hashCode());
        if (interfaceIndex.get(h) >= 0 || interfaces.size() >= MAX_INTERFACES) return;
        interfaceIndex.put(h, interfaces.size());
        interfaces.add(new NcclInterface(kind, name, addr, port, idx, host, no));
    }

    /**
     * {@code comm 0x... rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1c000 commId 0x... - Init START}, the
     * {@code nRanks 1 nNodes 1 localRanks 1 localRank 0} line, {@code - Destroy COMPLETE}, and 2.3's {@code rank 0 nranks 8}.
     */
    private void onComm(String line, int no, int p) {
        if (seenBefore(line)) return;
        String[] t = line.substring(p).trim().split(" ");
        String comm = null;
        Integer rank = null;
        Integer nranks = null;
        Integer cdev = null;
        Integer nvml = null;
        String bus = null;
        String commId = null;
        Integer nNodes = null;
        Integer localRank = null;
        Integer localRanks = null;
        Boolean complete = null;
        boolean destroyed = false;
        for (int i = 0; i < t.length; i++) {
            String k = t[i];
            String v = i + 1 < t.length ? t[i + 1] : null;
            switch (k) {
                case "comm" -> comm = v;
                case "rank" -> rank = Tok.integer(v);
                case "nranks", "nRanks" -> nranks = Tok.integer(v);
                case "cudaDev" -> cdev = Tok.integer(v);
                case "nvmlDev" -> nvml = Tok.integer(v);
                case "busId" -> bus = v;
                case "commId" -> commId = v;
                case "nNodes" -> nNodes = Tok.integer(v);
                case "localRank" -> localRank = Tok.integer(v);
                case "localRanks" -> localRanks = Tok.integer(v);
                case "Init" -> complete = "COMPLETE".equals(v) ? Boolean.TRUE : "START".equals(v) ? Boolean.FALSE : complete;
                case "Destroy" -> destroyed = true;
                default -> {
                }
            }
        }
        if (rank == null) return;
        String host = host(line);
        Long pidL = pid >= 0 ? pid : null;
        String key = host + "|" + pidL + "|" + comm + "|" + rank;
        RankB r = ranks.get(key);
        if (r == null) {
            if (ranks.size() >= MAX_RANKS) {
                ranksDropped++;
                capHit(Cap.RANKS, no, "more than " + MAX_RANKS + " communicator ranks: the rest are counted");
                return;
            }
            r = new RankB();
            r.host = host;
            r.pid = pidL;
            r.rank = rank;
            r.comm = comm;
            r.line = no;
            ranks.put(key, r);
        }
        if (r.nranks == null) r.nranks = nranks;
        if (r.cudaDev == null) r.cudaDev = cdev != null ? cdev : null;
        if (r.nvmlDev == null) r.nvmlDev = nvml;
        if (r.busIdRaw == null) r.busIdRaw = bus;
        if (r.commId == null) r.commId = commId;
        if (r.nNodes == null) r.nNodes = nNodes;
        if (r.localRank == null) r.localRank = localRank;
        if (r.localRanks == null) r.localRanks = localRanks;
        if (complete != null && !Boolean.TRUE.equals(r.initComplete)) r.initComplete = complete;
        r.destroyed |= destroyed;
    }

    /** {@code 24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer}. */
    private void onChannelCounts(String line, int no, int m) {
        Integer coll = null;
        Integer collnet = null;
        Integer nvls = null;
        Integer p2p = null;
        Integer perPeer = null;
        for (String part : line.substring(m).split(",")) {
            String s = part.trim();
            int sp = s.indexOf(' ');
            if (sp < 0) continue;
            Integer v = Tok.integer(s.substring(0, sp));
            String what = s.substring(sp + 1);
            switch (what) {
                case "coll channels" -> coll = v;
                case "collnet channels" -> collnet = v;
                case "nvls channels" -> nvls = v;
                case "p2p channels" -> p2p = v;
                case "p2p channels per peer" -> perPeer = v;
                default -> {
                }
            }
        }
        channelCounts = new ChannelCounts(coll, collnet, nvls, p2p, perPeer, no);
    }

    private void onTrees(String line, int no, int p) {
        if (trees.size() >= MAX_TREES || seenBefore(line)) return;
        String spec = line.substring(Math.min(p, line.length())).trim();
        trees.add(new NcclTrees(spec.length() > 512 ? spec.substring(0, 512) : spec, host(line), no));
    }

    // ---- channels

    /** After {@code Channel } or {@code Ring }: a transport line (with {@code via}) or a ring listing. */
    private void onChannel(String line, int no, int p) {
        int n = line.length();
        int via = line.indexOf(" via ", p);
        if (via < 0) {
            onRingListing(line, no, p);
            return;
        }
        transportLines++;
        int vs = via + 5;
        int ve = n;
        while (ve > vs && line.charAt(ve - 1) == ' ') ve--;
        long h = proc != null ? proc.hostHash : hostStart >= 0 ? mix(SEED, line, hostStart, hostEnd) : SEED;
        h = mix(h, line, msgStart, n);
        int idx = transportIndex.get(h);
        if (idx >= 0) {
            TransportB t = transports.get(idx);
            t.count++;
            if (t.viaSlot >= 0) viaCounts[t.viaSlot]++;
            else viaOther++;
            return;
        }
        int slot = countVia(line, vs, ve);
        if (transports.size() >= MAX_TRANSPORTS) {
            transportsDropped++;
            capHit(Cap.TRANSPORTS, no, "more than " + MAX_TRANSPORTS + " distinct channel connections: the rest are counted");
            return;
        }
        TransportB t = parseTransport(line, no, p, via, vs, ve);
        if (t == null) {
            warnings.warn(no, "channel line not understood", line);
            return;
        }
        t.viaSlot = slot;
        transports.add(t);
        transportIndex.put(h, transports.size() - 1);
    }

    /** Counts a {@code via} string; returns its slot, or -1 when it counts under {@code (other)}. */
    private int countVia(String line, int vs, int ve) {
        long h = mix(SEED, line, vs, ve);
        int idx = viaIndex.get(h);
        if (idx >= 0) {
            viaCounts[idx]++;
            return idx;
        } else if (viaNames.size() < MAX_TRANSPORT_VIAS) {
            viaIndex.put(h, viaNames.size());
            viaNames.add(line.substring(vs, ve));
            if (viaNames.size() > viaCounts.length) viaCounts = java.util.Arrays.copyOf(viaCounts, viaCounts.length * 2);
            viaCounts[viaNames.size() - 1] = 1;
            return viaNames.size() - 1;
        }
        viaOther++;
        return -1;
    }

    /** {@code 00/0 : 0[0] -> 1[1] [receive] via NET/IB/0/GDRDMA}. */
    private TransportB parseTransport(String line, int no, int p, int via, int vs, int ve) {
        cur = p;
        long ch = readNum(line, via);
        if (ch < 0) return null;
        Integer conn = null;
        if (cur < via && line.charAt(cur) == '/') {
            cur++;
            long c = readNum(line, via);
            if (c >= 0) conn = (int) c;
        }
        int colon = line.indexOf(" : ", cur);
        if (colon < 0 || colon >= via) return null;
        cur = colon + 3;
        while (cur < via && line.charAt(cur) == ' ') cur++;
        long from = readNum(line, via);
        if (from < 0) return null;
        String fromX = bracket(line, via);
        int arrow = line.indexOf("-> ", cur);
        if (arrow < 0 || arrow >= via) return null;
        cur = arrow + 3;
        long to = readNum(line, via);
        if (to < 0) return null;
        String toX = bracket(line, via);
        Direction dir = null;
        int lb = line.indexOf('[', cur);
        if (lb >= 0 && lb < via) {
            if (line.startsWith("[send]", lb)) dir = Direction.SEND;
            else if (line.startsWith("[receive]", lb)) dir = Direction.RECEIVE;
        }
        String v = line.substring(vs, ve);
        TransportType type;
        if (v.startsWith("P2P")) type = TransportType.P2P;
        else if (v.startsWith("SHM") || v.startsWith("direct shared memory")) type = TransportType.SHM;
        else if (v.startsWith("NET")) type = TransportType.NET;
        else if (v.startsWith("COLLNET")) type = TransportType.COLLNET;
        else type = TransportType.UNKNOWN;
        String net = null;
        Boolean gdr = null;
        if (type == TransportType.NET) {
            int s1 = v.indexOf('/');
            int s2 = s1 < 0 ? -1 : v.indexOf('/', s1 + 1);
            net = s1 < 0 ? null : v.substring(s1 + 1, s2 < 0 ? v.length() : s2);
            gdr = v.contains("/GDRDMA");
        }
        TransportB t = new TransportB();
        t.channel = (int) ch;
        t.conn = conn;
        t.from = (int) from;
        t.to = (int) to;
        if (fromX != null) {
            if (bracketIsDevice(fromX)) t.fromDev = Tok.integer(fromX);
            else t.fromBus = Tok.ncclInt64BusId(fromX);
        }
        if (toX != null) {
            if (bracketIsDevice(toX)) t.toDev = Tok.integer(toX);
            else t.toBus = Tok.ncclInt64BusId(toX);
        }
        t.dir = dir;
        t.via = v;
        t.type = type;
        t.net = net;
        t.gdr = gdr;
        t.host = host(line);
        t.line = no;
        t.count = 1;
        return t;
    }

    /**
     * Whether a {@code rank[x]} value is a device index or a bus id: NCCL 2.5 to 2.18 print the bus id ({@code %lx}),
     * 2.4 and 2.19+ a device index ({@code %d}). Without a version line, one or two decimal digits read as a device.
     */
    private boolean bracketIsDevice(String x) {
        if (versionCode > 0) return versionCode >= 21900 || versionCode < 20500;
        if (x.length() > 2) return false;
        for (int i = 0; i < x.length(); i++) {
            if (!isDigit(x.charAt(i))) return false;
        }
        return true;
    }

    private String bracket(String line, int limit) {
        if (cur < limit && line.charAt(cur) == '[') {
            int e = line.indexOf(']', cur);
            if (e > cur && e < limit) {
                String x = line.substring(cur + 1, e);
                cur = e + 1;
                while (cur < limit && line.charAt(cur) == ' ') cur++;
                return x;
            }
        }
        while (cur < limit && line.charAt(cur) == ' ') cur++;
        return null;
    }

    /** {@code 00/64 :    0   1   2} (graph-only {@code Ring 00 : 0 -> 0 -> 0} lines are skipped). */
    private void onRingListing(String line, int no, int p) {
        int n = line.length();
        cur = p;
        long ch = readNum(line, n);
        if (ch < 0) return;
        Integer nch = null;
        if (cur < n && line.charAt(cur) == '/') {
            cur++;
            long c = readNum(line, n);
            if (c >= 0) nch = (int) c;
        }
        if (!line.startsWith(" :", cur) || line.indexOf("->", cur) >= 0) return;
        if (nch != null && (channels == null || nch > channels)) channels = nch;
        if (rings.size() >= MAX_RINGS) {
            capHit(Cap.RINGS, no, "more than " + MAX_RINGS + " ring listings: the rest are not kept");
            return;
        }
        if (seenBefore(line)) return;
        List<Integer> order = new ArrayList<>();
        cur += 2;
        while (cur < n && order.size() < MAX_RING_RANKS) {
            while (cur < n && line.charAt(cur) == ' ') cur++;
            long r = readNum(line, n);
            if (r < 0) break;
            order.add((int) r);
        }
        rings.add(new NcclRing((int) ch, nch, order, host(line), no));
    }

    // ---- return codes and INFO events

    /** {@code init.cc:1350 -> 2}, {@code misc/socket.cc:504 -> 2 (Operation now in progress)}, {@code group.cc:65 -> 3 [Async thread]}. */
    private void tryReturnCode(String line, int no, int m) {
        int n = line.length();
        int sp = line.indexOf(' ', m);
        if (sp < 0 || sp + 3 >= n || line.charAt(sp + 1) != '-' || line.charAt(sp + 2) != '>') return;
        if (!isSourceToken(line, m, sp)) return;
        int cs = sp + 3;
        while (cs < n && line.charAt(cs) == ' ') cs++;
        int ce = cs;
        while (ce < n && ce - cs < 9 && isDigit(line.charAt(ce))) ce++;
        if (ce == cs) return;
        long key = lineKey(line) ^ 0x1234567L;
        EventB e = eventSlot(key, EventKind.RETURN_CODE, no);
        if (e == null) return;
        e.level = NcclLevel.INFO;
        e.source = line.substring(m, sp);
        e.code = (int) digits(line, cs, ce);
        e.result = NcclResult.fromCode(e.code);
        String rest = line.substring(ce).trim();
        e.message = rest.isEmpty() ? null : cut(rest);
    }

    private void infoEvent(String line, int no, EventKind kind) {
        EventB e = eventSlot(lineKey(line) ^ 0x77L, kind, no);
        if (e == null) return;
        e.level = NcclLevel.INFO;
        e.message = cut(line.substring(msgStart).trim());
        e.peer = peer(line, msgStart);
    }

    /** The event to fill for a new fact, or null when the fact repeats (counted) or the cap is reached. */
    private EventB eventSlot(long key, EventKind kind, int no) {
        kindCounts[kind.ordinal()]++;
        int idx = eventIndex.get(key);
        if (idx >= 0) {
            events.get(idx).count++;
            return null;
        }
        if (events.size() >= MAX_EVENTS) {
            eventsDropped++;
            capHit(Cap.EVENTS, no, "more than " + MAX_EVENTS + " distinct events: the rest are counted by kind");
            return null;
        }
        EventB e = new EventB();
        e.line = no;
        e.kind = kind;
        e.count = 1;
        e.host = proc != null ? proc.host : null;
        if (e.host == null && hostStart >= 0) e.host = hostOf(currentLine);
        e.pid = pid >= 0 ? pid : null;
        e.tid = tid >= 0 ? tid : null;
        e.cudaDev = cudaDev >= 0 ? cudaDev : null;
        events.add(e);
        eventIndex.put(key, events.size() - 1);
        return e;
    }


    // =====================================================================================================
    // WARN lines
    // =====================================================================================================

    private void onWarn(String line, int no) {
        int n = line.length();
        int m = msgStart;
        long key = SEED;
        if (hostStart >= 0) key = mix(key, line, hostStart, hostEnd);
        key = mix(key, pid);
        if (srcStart >= 0) key = mix(key, line, srcStart, srcEnd);
        key = mix(key, line, m, n);
        int wi = warnIndex.get(key);
        if (wi >= 0) {
            // A repeated WARN line: count it everywhere it was counted the first time, without reading it again.
            WarningB w = warnAll.get(wi);
            if (w.text != null) w.count++;
            else warningsDropped++;
            kindCounts[w.kind.ordinal()]++;
            if (w.event != null) w.event.count++;
            if (w.ib != null) w.ib.count++;
            if (w.dup != null) w.dup.count++;
            contPending = false;
            return;
        }
        String host = host(line);
        String text = null;
        WarningB wNew = null;
        if (warns.size() < MAX_WARNINGS) {
            text = cut(line.substring(Math.min(m, n)).trim());
            wNew = new WarningB();
            wNew.line = no;
            wNew.text = text;
            wNew.host = host;
            wNew.source = srcStart >= 0 ? line.substring(srcStart, srcEnd) : null;
            wNew.count = 1;
            warns.add(wNew);
            warnIndex.put(key, warnAll.size());
            warnAll.add(wNew);
        } else {
            warningsDropped++;
            capHit(Cap.WARNINGS, no, "more than " + MAX_WARNINGS + " distinct WARN lines: the rest are counted");
            if (warnAll.size() < MAX_WARN_KEYS) {
                // Remember the line (not its text) so that its repeats are counted without being read again.
                wNew = new WarningB();
                warnIndex.put(key, warnAll.size());
                warnAll.add(wNew);
            }
        }
        EventKind kind = classify(line, m);
        EventB e = eventSlot(key ^ 0x3c6ef372L, kind, no);
        if (e != null) {
            if (text == null) text = cut(line.substring(Math.min(m, n)).trim());
            e.level = NcclLevel.WARN;
            e.source = srcStart >= 0 ? line.substring(srcStart, srcEnd) : null;
            e.function = funcStart >= 0 ? line.substring(funcStart, funcEnd) : null;
            e.message = text;
            e.peer = peer(line, m);
        }
        DupB dup = null;
        IbErrB ib = null;
        if (kind == EventKind.DUPLICATE_GPU) {
            dup = duplicate(line, m, host, no);
        } else if (kind == EventKind.IB_COMPLETION_ERROR) {
            ib = ibCompletion(line.substring(m), host, pid >= 0 ? pid : null, cudaDev >= 0 ? cudaDev : null, no);
            if (e != null && ib != null) e.code = ib.status;
        }
        if (wNew != null) {
            wNew.kind = kind;
            wNew.event = e;
            wNew.ib = ib;
            wNew.dup = dup;
        }
        // NCCL splits a few messages over two lines ("message truncated :\nreceiving N bytes instead of M",
        // corpus nccl-logs/nccl-626-1.txt): join the next plain line.
        contWarning = wNew != null && wNew.text != null ? wNew : null;
        contEvent = e;
        contPending = (contWarning != null || e != null) && line.charAt(n - 1) == ':';
    }

    /** What a WARN message (or a {@code Last error} text) says. */
    static EventKind classify(String s, int from) {
        if (has(s, from, "Duplicate GPU detected") || has(s, from, "Ranks are using the same GPU")) return EventKind.DUPLICATE_GPU;
        if (has(s, from, "Mismatched NCCL version")) return EventKind.VERSION_MISMATCH;
        if (has(s, from, "Got completion")) return EventKind.IB_COMPLETION_ERROR;
        if (has(s, from, "NET/OFI") || has(s, from, "libfabric") || has(s, from, "fi_")) return EventKind.OFI_ERROR;
        if (has(s, from, "no socket interface found") || has(s, from, "No usable listening interface")
                || has(s, from, "No interface found in the same subnet") || has(s, from, "no interface found")
                || has(s, from, "No socket interface found")) {
            return EventKind.NO_SOCKET_INTERFACE;
        }
        if (has(s, from, "Socket creation failed")) return EventKind.SOCKET_CREATE_FAILED;
        if (has(s, from, "message truncated")) return EventKind.MESSAGE_TRUNCATED;
        if (has(s, from, "Connect to ") && has(s, from, "failed") || has(s, from, "Call to connect failed")
                || has(s, from, "connect returned")) {
            return EventKind.SOCKET_CONNECT_FAILED;
        }
        if (has(s, from, "Connection closed") || has(s, from, "Connection reset") || has(s, from, "Socket recv failed")
                || has(s, from, "Call to recv") || has(s, from, "Broken pipe") || has(s, from, "Connection refused")) {
            return EventKind.CONNECTION_LOST;
        }
        if (has(s, from, "libibverbs")) return EventKind.IB_VERBS_MISSING;
        if (has(s, from, "Cuda failure") || has(s, from, "CUDA failure") || has(s, from, "Cuda error")
                || has(s, from, "cudaError") || has(s, from, "CUDA error")) {
            return EventKind.CUDA_FAILURE;
        }
        if (has(s, from, "Failed to CUDA") || has(s, from, "alloc") && has(s, from, "failed")
                || has(s, from, "Failed to allocate") || has(s, from, "out of memory")) {
            return EventKind.ALLOC_FAILED;
        }
        if (has(s, from, "XML") || has(s, from, "Topology") || has(s, from, "topology") || has(s, from, "TOPO")) {
            return EventKind.TOPOLOGY_ERROR;
        }
        if (has(s, from, "does not loop back") || has(s, from, "ring ") || has(s, from, "Could not find a path")
                || has(s, from, "graph")) {
            return EventKind.GRAPH_ERROR;
        }
        if (has(s, from, "ibv_") || has(s, from, "NET/IB")) return EventKind.IB_SETUP_FAILED;
        if (has(s, from, "Proxy") || has(s, from, "proxy")) return EventKind.PROXY_ERROR;
        if (has(s, from, "Plugin") || has(s, from, "plugin")) return EventKind.NET_PLUGIN;
        return EventKind.OTHER;
    }

    private static boolean has(String s, int from, String what) {
        return s.indexOf(what, from) >= 0;
    }

    /** The remote address or host a connection or completion message names. */
    private static String peer(String s, int from) {
        int i;
        if ((i = s.indexOf("from peer ", from)) >= 0) i += 10;
        else if ((i = s.indexOf("Connect to ", from)) >= 0) i += 11;
        else if ((i = s.indexOf("remote peer ", from)) >= 0) i += 12;
        else if ((i = s.indexOf("recv from ", from)) >= 0) i += 10;
        else if ((i = s.indexOf("send to ", from)) >= 0) i += 8;
        else if ((i = s.indexOf(" peer ", from)) >= 0) i += 6;
        else return null;
        int n = s.length();
        int e = i;
        while (e < n && e - i < 128) {
            char c = s.charAt(e);
            if (c == '<' || c == ' ' || c == ',') break;
            e++;
        }
        return e > i ? s.substring(i, e) : null;
    }

    /** {@code Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60}. */
    private DupB duplicate(String s, int from, String host, int no) {
        Integer rank = null;
        Integer other = null;
        String raw = null;
        int d = s.indexOf("Duplicate GPU detected", from);
        if (d >= 0) {
            int r = s.indexOf("rank ", d);
            int a = s.indexOf(" and rank ", d);
            int c = s.indexOf("CUDA device ", d);
            if (r >= 0) rank = Tok.integer(numberAt(s, r + 5));
            if (a >= 0) other = Tok.integer(numberAt(s, a + 10));
            if (c >= 0) {
                int e = c + 12;
                while (e < s.length() && Character.digit(s.charAt(e), 16) >= 0) e++;
                raw = e > c + 12 ? s.substring(c + 12, e) : null;
            }
        }
        String key = rank + "|" + other + "|" + raw;
        DupB b = duplicates.get(key);
        if (b != null) {
            b.count++;
            return b;
        }
        if (duplicates.size() >= MAX_DUPLICATE_GPUS) return null;
        b = new DupB();
        b.rank = rank;
        b.other = other;
        b.raw = raw;
        b.host = host;
        b.line = no;
        b.count = 1;
        duplicates.put(key, b);
        return b;
    }

    private static String numberAt(String s, int i) {
        int e = i;
        while (e < s.length() && e - i < 10 && isDigit(s.charAt(e))) e++;
        return s.substring(i, e);
    }

    /**
     * {@code NET/IB : Got completion from peer 10.0.35.1<49189> with error 4, opcode 5327, len 5327, vendor err 81 (Send)},
     * {@code ... with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid X remoteGidsY},
     * {@code ... with status=transport retry counter exceeded(12) opcode=RECV(128) vendor_err=129 ... hca mlx5_0}.
     */
    private IbErrB ibCompletion(String m, String host, Long pidL, Integer dev, int no) {
        String peer = null;
        Integer port = null;
        int i = m.indexOf("from peer ");
        if (i >= 0) {
            int s = i + 10;
            int e = s;
            while (e < m.length() && m.charAt(e) != '<' && m.charAt(e) != ' ') e++;
            peer = m.substring(s, e);
            if (e < m.length() && m.charAt(e) == '<') {
                int gt = m.indexOf('>', e);
                if (gt > e) port = Tok.integer(m.substring(e + 1, gt));
            }
        }
        Integer status = null;
        String statusText = null;
        i = m.indexOf("status=");
        if (i >= 0) {
            int s = i + 7;
            int e = m.indexOf(" opcode", s);
            if (e < 0) e = tokenEnd(m, s);
            String tok = m.substring(s, e).trim();
            status = Tok.integer(tok);
            if (status == null && tok.endsWith(")")) {
                int lp = tok.lastIndexOf('(');
                if (lp >= 0) {
                    status = Tok.integer(tok.substring(lp + 1, tok.length() - 1));
                    statusText = tok.substring(0, lp).trim();
                }
            }
        } else if ((i = m.indexOf("with error ")) >= 0) {
            status = Tok.integer(numberAt(m, i + 11));
        }
        Integer opcode = intAfter(m, "opcode=");
        if (opcode == null) opcode = intAfter(m, "opcode ");
        Long len = Tok.longValue(wordAfter(m, "len="));
        if (len == null) len = Tok.longValue(wordAfter(m, "len "));
        Integer vendor = intAfter(m, "vendor err ");
        if (vendor == null) vendor = intAfter(m, "vendor_err=");
        String dir = m.contains("(Recv)") ? "Recv" : m.contains("(Send)") ? "Send" : null;
        String lgid = wordAfter(m, "localGid ");
        String rgid = null;
        i = m.indexOf("remoteGids");
        if (i >= 0) {
            int s = i + 10;
            while (s < m.length() && m.charAt(s) == ' ') s++;
            rgid = m.substring(s, tokenEnd(m, s));
            if (rgid.isEmpty()) rgid = null;
        }
        String hca = wordAfter(m, " hca ");
        String key = host + "|" + peer + "|" + status + "|" + vendor + "|" + lgid + "|" + rgid;
        IbErrB b = ibErrors.get(key);
        if (b != null) {
            b.count++;
            return b;
        }
        if (ibErrors.size() >= MAX_IB_COMPLETION_ERRORS) return null;
        b = new IbErrB();
        b.host = host;
        b.pid = pidL;
        b.dev = dev;
        b.peer = peer;
        b.port = port;
        b.status = status;
        b.statusText = statusText;
        b.opcode = opcode;
        b.len = len;
        b.vendor = vendor;
        b.dir = dir;
        b.lgid = lgid;
        b.rgid = rgid;
        b.hca = hca;
        b.line = no;
        b.count = 1;
        ibErrors.put(key, b);
        return b;
    }

    /** The integer at the start of the word after {@code marker} ({@code RECV(128)} gives 128); null otherwise. */
    private static Integer intAfter(String m, String marker) {
        String w = wordAfter(m, marker);
        if (w == null) return null;
        if (w.endsWith(",")) w = w.substring(0, w.length() - 1);
        Integer v = Tok.integer(w);
        if (v == null && w.endsWith(")")) {
            int lp = w.lastIndexOf('(');
            if (lp >= 0) v = Tok.integer(w.substring(lp + 1, w.length() - 1));
        }
        return v;
    }

    private static String wordAfter(String m, String marker) {
        int i = m.indexOf(marker);
        if (i < 0) return null;
        int s = i + marker.length();
        int e = tokenEnd(m, s);
        String w = m.substring(s, e);
        if (w.endsWith(",")) w = w.substring(0, w.length() - 1);
        return w.isEmpty() ? null : w;
    }

    private static int tokenEnd(String m, int s) {
        int e = s;
        while (e < m.length() && m.charAt(e) != ' ') e++;
        return e;
    }

    // =====================================================================================================
    // launcher lines (no NCCL prefix)
    // =====================================================================================================

    private void onOther(String line, int no) {
        int n = line.length();
        if (contPending) {
            contPending = false;
            if (n > 0 && !line.isBlank()) {
                String t = cut(line.trim());
                if (contWarning != null) contWarning.text = cut(contWarning.text + " " + t);
                if (contEvent != null) contEvent.message = cut(contEvent.message + " " + t);
                return;
            }
        }
        if (n == 0) return;
        int s = launcherPrefixEnd(line);
        if (s >= n) return;
        if (!pendings.isEmpty() && onPending(line, no, s)) return;
        if (child != null) onChildTable(line, no, s);
        int k;
        if (line.indexOf("atchdog", s) >= 0) {
            if ((k = line.indexOf("Watchdog caught collective operation timeout", s)) >= 0) {
                onWatchdog(line, no, s, k);
                return;
            }
            if ((k = line.indexOf("detected by watchdog at work: ", s)) >= 0) {
                onWatchdogWork(line, no, s, k, k + 30);
                return;
            }
        }
        if (line.indexOf("NCCL", s) >= 0) {
            if ((k = line.indexOf("Timeout at NCCL work: ", s)) >= 0) {
                onWatchdogWork(line, no, s, k, k + 22);
                return;
            }
            if ((k = line.indexOf("NCCL error", s)) >= 0 || (k = line.indexOf("NCCL Error ", s)) >= 0) {
                onNcclError(line, no, s, k);
                return;
            }
        }
        if (line.indexOf("rror", s) >= 0 || line.indexOf("out of memory", s) >= 0) {
            if ((k = line.indexOf("ChildFailedError", s)) >= 0 && (k + 16 == n || line.charAt(k + 16) == ':')) {
                onChildFailed(line, no, s, k);
                return;
            }
            if (line.indexOf("CUDA error", s) >= 0 || line.indexOf("CUDA out of memory", s) >= 0
                    || line.indexOf("OutOfMemoryError", s) >= 0) {
                textError(LauncherErrorKind.CUDA_ERROR, line, no, s);
                return;
            }
            if (line.indexOf("RuntimeError: ", s) >= 0) {
                textError(LauncherErrorKind.RUNTIME_ERROR, line, no, s);
                return;
            }
        }
        if ((k = line.indexOf("Duplicate GPU detected", s)) >= 0) {
            duplicate(line, k, null, no);
            return;
        }
        if (line.startsWith("$ ", s) && line.indexOf("NCCL_", s) >= 0) onCommand(line, no, s + 2);
    }

    /**
     * Skips launcher prefixes at the start of a line: mpirun {@code [1,0]<stdout>:}, torchrun {@code [rank3]:} and
     * {@code [default0]:}, srun {@code 52: }, Ray {@code (RayWorker pid=123) }, a {@code [80746] } counter and
     * timestamps. Sets {@link #launcherRank} (-1 when none) and returns where the message starts.
     */
    private int launcherPrefixEnd(String s) {
        int n = s.length();
        int i = 0;
        launcherRank = -1;
        for (int guard = 0; guard < 6 && i < n; guard++) {
            char c = s.charAt(i);
            if (c == '[') {
                int e = s.indexOf(']', i);
                if (e < 0 || e - i > 40) break;
                int j = e + 1;
                if (s.startsWith("rank", i + 1) && e > i + 5 && allDigits(s, i + 5, e)) {
                    launcherRank = (int) digits(s, i + 5, e);
                } else if (s.startsWith("default", i + 1) && e > i + 8 && allDigits(s, i + 8, e)) {
                    // torchrun --tee local rank: no global rank
                } else if (allDigits(s, i + 1, e) && e > i + 1) {
                    // a line counter such as "[80746] "
                } else {
                    int comma = s.indexOf(',', i);
                    if (comma > i + 1 && comma < e && allDigits(s, i + 1, comma) && allDigits(s, comma + 1, e) && e > comma + 1) {
                        launcherRank = (int) digits(s, comma + 1, e);
                        if (s.startsWith("<stdout>", j) || s.startsWith("<stderr>", j)) j += 8;
                    } else if (e > i + 5 && isDigit(s.charAt(i + 1)) && s.charAt(i + 5) == '-') {
                        // "[2026-12-02 09:02:20] "
                    } else {
                        break;
                    }
                }
                if (j < n && s.charAt(j) == ':') j++;
                while (j < n && s.charAt(j) == ' ') j++;
                i = j;
            } else if (c == '(') {
                int e = s.indexOf(") ", i);
                int p = s.indexOf("pid=", i);
                if (e < 0 || p < 0 || p > e || e - i > 120) break;
                i = e + 2;
            } else if (isDigit(c)) {
                int j = i;
                while (j < n && isDigit(s.charAt(j))) j++;
                if (j - i <= 6 && j + 1 < n && s.charAt(j) == ':' && s.charAt(j + 1) == ' ') {
                    launcherRank = (int) digits(s, i, j);
                    i = j + 2;
                } else if (j - i == 4 && j < n && s.charAt(j) == '-') {
                    // "2024-05-11 14:10:52.224 " or "2024-12-04T05:27:45.082Z"
                    int e = s.indexOf(' ', j);
                    if (e < 0) return n;
                    if (e + 3 < n && isDigit(s.charAt(e + 1)) && isDigit(s.charAt(e + 2)) && s.charAt(e + 3) == ':') {
                        int e2 = s.indexOf(' ', e + 1);
                        e = e2 < 0 ? n : e2;
                    }
                    i = Math.min(n, e + 1);
                } else {
                    break;
                }
            } else {
                break;
            }
        }
        return i;
    }

    private static boolean allDigits(String s, int from, int to) {
        if (from >= to) return false;
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) return false;
        }
        return true;
    }

    /**
     * PyTorch's {@code NCCL error in: /path/ProcessGroupNCCL.cpp:1727, invalid usage (run with NCCL_DEBUG=WARN for
     * details), NCCL version 2.19.3}, {@code NCCL error: remote process exited ..., NCCL version 2.14.3 ncclRemoteError:
     * ... Last error: ...} (one line), {@code NCCL Error 1: unhandled cuda error}.
     */
    private void onNcclError(String line, int no, int s, int k) {
        int n = line.length();
        long hh = mix(mix(SEED ^ 0x51, line, s, n), launcherRank);
        int ci = headerCacheIndex.get(hh);
        if (ci >= 0) {
            // The same header line again (another rank, another run): reuse what was read from it.
            LaunchB proto = headerCache.get(ci);
            pendNcclError(proto.copy(no), line, no, s, proto.after);
            return;
        }
        LaunchB e = new LaunchB(LauncherErrorKind.NCCL_ERROR, no);
        e.rank = launcherRank >= 0 ? launcherRank : null;
        e.exception = exceptionBefore(line, s, k);
        int p;
        if (line.startsWith("NCCL error in: ", k)) {
            p = k + 15;
            int c = line.indexOf(", ", p);
            if (c < 0) c = n;
            String path = line.substring(p, c).trim();
            int slash = path.lastIndexOf('/');
            e.source = path.substring(slash + 1);
            p = Math.min(n, c + 2);
        } else if (line.startsWith("NCCL Error ", k)) {
            p = k + 11;
            int colon = line.indexOf(':', p);
            Integer code = colon > p ? Tok.integer(line.substring(p, colon)) : null;
            if (code != null) e.error = NcclResult.fromCode(code);
            p = colon > p ? colon + 1 : p;
        } else {
            p = k + 10;
            if (p < n && line.charAt(p) == ':') p++;
        }
        int vpos = line.indexOf("NCCL version ", p);
        int rEnd = vpos >= 0 ? vpos : n;
        int run = line.indexOf(" (run with", p);
        if (run >= 0 && run < rEnd) rEnd = run;
        int le = line.indexOf("Last error:", p);
        if (le >= 0 && le < rEnd) rEnd = le;
        String reason = line.substring(Math.min(p, rEnd), rEnd).trim();
        while (reason.endsWith(",")) reason = reason.substring(0, reason.length() - 1).trim();
        e.reason = reason.isEmpty() ? null : cut(reason);
        int after = p;
        if (vpos >= 0) {
            int vs = vpos + 13;
            int ve = vs;
            while (ve < n && line.charAt(ve) != ' ' && line.charAt(ve) != ',') ve++;
            e.versionPrinted = line.substring(vs, ve);
            onVersion(line, no, vs, VersionSource.PYTORCH, null);
            int[] v = versionNumbers(e.versionPrinted);
            if (v != null) {
                if (v[0] >= 10) {
                    int code = v[0] * 1000 + v[1] * 100 + v[2];
                    v = new int[] {code / 10000, (code % 10000) / 100, code % 100};
                }
                e.version = v[0] + "." + v[1] + "." + v[2];
            }
            after = ve;
        }
        NcclResult named = errorNameIn(line, after);
        if (named != null) e.error = named;
        if (e.error == null) e.error = NcclResult.fromReason(reason);
        e.text = cut(line.substring(s).trim());
        e.after = after;
        if (headerCache.size() < MAX_LAUNCHER_ERRORS) {
            headerCacheIndex.put(hh, headerCache.size());
            headerCache.add(e.copy(no));
        }
        pendNcclError(e, line, no, s, after);
    }

    /** Finishes a PyTorch error header: its {@code Last error} on the same line, or a pending block for the next lines. */
    private void pendNcclError(LaunchB e, String line, int no, int s, int after) {
        int le = line.indexOf("Last error:", after);
        if (le >= 0) {
            String t = line.substring(le + 11).trim();
            if (!t.isEmpty()) {
                lastError(e, t, no);
                finishLaunch(e);
                return;
            }
        }
        // Wait for the "ncclXxx: ..." and "Last error:" lines of this block (same launcher prefix).
        String key = line.substring(0, s);
        for (int i = 0; i < pendings.size(); i++) {
            if (pendings.get(i).key.equals(key)) {
                finishLaunch(pendings.remove(i).error);
                break;
            }
        }
        if (pendings.size() >= 32) finishLaunch(pendings.remove(0).error);
        Pending pd = new Pending();
        pd.key = key;
        pd.error = e;
        pd.deadline = no + PENDING_LINES;
        pd.wantText = le >= 0;
        pendings.add(pd);
    }

    /** The exception class printed before {@code NCCL error}: {@code torch.distributed.DistBackendError}, {@code RuntimeError}. */
    private static String exceptionBefore(String line, int s, int k) {
        int e = k;
        while (e > s && (line.charAt(e - 1) == ' ' || line.charAt(e - 1) == ':')) e--;
        int b = e;
        while (b > s) {
            char c = line.charAt(b - 1);
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_') b--;
            else break;
        }
        while (b < e && line.charAt(b) == '.') b++;
        if (b >= e) return null;
        String x = line.substring(b, e);
        return x.endsWith("Error") || x.endsWith("Exception") || x.endsWith("error") ? x : null;
    }

    /** A {@code ncclSystemError}-style name at or after {@code from}; null when none. */
    private static NcclResult errorNameIn(String line, int from) {
        int i = from;
        for (int guard = 0; guard < 8; guard++) {
            i = line.indexOf("nccl", i);
            if (i < 0) return null;
            int e = i + 4;
            while (e < line.length() && Character.isLetter(line.charAt(e))) e++;
            NcclResult r = NcclResult.fromName(line.substring(i, e));
            if (r != null && e < line.length() && line.charAt(e) == ':') return r;
            i = e;
        }
        return null;
    }

    /** Continues a PyTorch error block: the error name line and the {@code Last error} text. True when consumed. */
    private boolean onPending(String line, int no, int s) {
        for (int i = pendings.size() - 1; i >= 0; i--) {
            if (pendings.get(i).deadline < no) finishLaunch(pendings.remove(i).error);
        }
        Pending p = null;
        for (Pending q : pendings) {
            if (q.key.length() == s && line.regionMatches(0, q.key, 0, s)) {
                p = q;
                break;
            }
        }
        if (p == null) return false;
        if (p.wantText) {
            String t = line.substring(s).trim();
            if (t.isEmpty()) return true;
            lastError(p.error, t, no);
            pendings.remove(p);
            finishLaunch(p.error);
            return true;
        }
        boolean used = false;
        if (line.startsWith("nccl", s)) {
            NcclResult r = errorNameIn(line, s);
            if (r != null) {
                p.error.error = r;
                used = true;
            }
        }
        int le = line.indexOf("Last error:", s);
        if (le >= 0) {
            String t = line.substring(le + 11).trim();
            if (t.isEmpty()) {
                p.wantText = true;
            } else {
                lastError(p.error, t, no);
                pendings.remove(p);
                finishLaunch(p.error);
            }
            used = true;
        }
        return used;
    }

    private void lastError(LaunchB e, String t, int no) {
        e.lastError = cut(t);
        e.lastErrorLine = no;
        e.lastErrorKind = classify(t, 0);
        if (e.lastErrorKind == EventKind.DUPLICATE_GPU) {
            duplicate(t, 0, null, no);
        } else if (e.lastErrorKind == EventKind.IB_COMPLETION_ERROR) {
            ibCompletion(t, null, null, null, no);
        }
    }

    private void finishLaunch(LaunchB e) {
        long key = mix(SEED, e.kind.ordinal());
        key = mix(key, e.rank == null ? -1 : e.rank);
        key = mix(key, e.error == null ? -1 : e.error.ordinal());
        key = mixNullable(key, e.source);
        key = mixNullable(key, e.reason);
        key = mixNullable(key, e.versionPrinted);
        key = mixNullable(key, e.lastError);
        key = mix(key, e.seq == null ? -1 : e.seq);
        key = mixNullable(key, e.op);
        key = mixNullable(key, e.pg);
        if (e.kind != LauncherErrorKind.NCCL_ERROR) key = mixNullable(key, e.text);
        int idx = launchIndex.get(key);
        if (idx >= 0) {
            launches.get(idx).count++;
            return;
        }
        if (launches.size() >= MAX_LAUNCHER_ERRORS) {
            launchesDropped++;
            capHit(Cap.LAUNCHER, e.line, "more than " + MAX_LAUNCHER_ERRORS + " launcher error reports: the rest are counted");
            return;
        }
        launchIndex.put(key, launches.size());
        launches.add(e);
    }

    private static long mixNullable(long h, String s) {
        return s == null ? mix(h, 0x9e37L) : mix(mix(h, s, 0, s.length()), s.length());
    }

    /**
     * {@code [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE,
     * NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.}
     */
    private void onWatchdog(String line, int no, int s, int w) {
        long lineHash = mix(mix(SEED, line, s, line.length()), launcherRank);
        int seen = launchLineIndex.get(lineHash);
        if (seen >= 0) {
            launches.get(seen).count++;
            return;
        }
        LaunchB e = new LaunchB(LauncherErrorKind.WATCHDOG_TIMEOUT, no);
        rankAndGroup(e, line, s, w);
        e.seq = Tok.longValue(valueAfter(line, "SeqNum=", w));
        e.op = valueAfter(line, "OpType=", w);
        e.numelIn = Tok.longValue(valueAfter(line, "NumelIn=", w));
        e.numelOut = Tok.longValue(valueAfter(line, "NumelOut=", w));
        e.timeout = Tok.longValue(valueAfter(line, "Timeout(ms)=", w));
        int r = line.indexOf("ran for ", w);
        if (r >= 0) e.ranFor = Tok.longValue(numberAt(line, r + 8));
        e.text = cut(line.substring(s).trim());
        long key = mix(mix(mix(mix(SEED ^ 0x77, e.rank == null ? -1 : e.rank), e.seq == null ? -1 : e.seq),
                e.pg == null ? 0 : e.pg.hashCode()), e.op == null ? 0 : e.op.hashCode());
        int old = launchIndex.get(key);
        if (old >= 0) {
            launches.get(old).count++;
            return;
        }
        int before = launches.size();
        finishLaunch(e);
        if (launches.size() > before) {
            launchIndex.put(key, before);
            if (launchLineIndex.size() < MAX_LAUNCHER_ERRORS * 4) launchLineIndex.put(lineHash, before);
            if (e.rank != null && e.seq != null) watchdogBySeq.putIfAbsent(e.rank + "|" + e.seq, e);
        }
    }

    /**
     * {@code [PG 1 Rank 0] Exception (either an error or timeout) detected by watchdog at work: 7753, last enqueued NCCL
     * work: 7755, last completed NCCL work: 7752.} and {@code Timeout at NCCL work: 1580, last enqueued ...}.
     */
    private void onWatchdogWork(String line, int no, int s, int k, int workAt) {
        LaunchB e = new LaunchB(LauncherErrorKind.WATCHDOG_EXCEPTION, no);
        rankAndGroup(e, line, s, k);
        Long work = Tok.longValue(numberAt(line, workAt));
        int q = line.indexOf("last enqueued NCCL work: ", k);
        Long enq = q >= 0 ? Tok.longValue(numberAt(line, q + 25)) : null;
        q = line.indexOf("last completed NCCL work: ", k);
        Long done = q >= 0 ? Tok.longValue(numberAt(line, q + 26)) : null;
        LaunchB w = e.rank != null && work != null ? watchdogBySeq.get(e.rank + "|" + work) : null;
        if (w != null) {
            if (w.lastEnqueued == null) w.lastEnqueued = enq;
            if (w.lastCompleted == null) w.lastCompleted = done;
            if (w.pg == null) w.pg = e.pg;
            return;
        }
        e.seq = work;
        e.lastEnqueued = enq;
        e.lastCompleted = done;
        e.text = cut(line.substring(s).trim());
        finishLaunch(e);
    }

    /** {@code [Rank 5]}, {@code [PG 3 Rank 5]}, {@code [PG ID 0 PG GUID 0(default_pg) Rank 3]} before {@code at}. */
    private void rankAndGroup(LaunchB e, String line, int s, int at) {
        int r = line.lastIndexOf("Rank ", at);
        if (r >= s) e.rank = Tok.integer(numberAt(line, r + 5));
        if (e.rank == null && launcherRank >= 0) e.rank = launcherRank;
        int g = line.lastIndexOf("[PG ", at);
        if (g >= s) {
            int end = line.indexOf(" Rank ", g);
            int rb = line.indexOf(']', g);
            if (end > g + 4 && (rb < 0 || end < rb)) {
                String pg = line.substring(g + 4, end).trim();
                e.pg = pg.isEmpty() ? null : pg;
            }
        }
    }

    /** The value after {@code key} up to {@code ,} or {@code )}. */
    private static String valueAfter(String line, String key, int from) {
        int i = line.indexOf(key, from);
        if (i < 0) return null;
        int s = i + key.length();
        int e = s;
        while (e < line.length() && line.charAt(e) != ',' && line.charAt(e) != ')' && line.charAt(e) != ' ') e++;
        return e > s ? line.substring(s, e) : null;
    }

    private void onChildFailed(String line, int no, int s, int k) {
        if (child != null) finishLaunch(child);
        LaunchB e = new LaunchB(LauncherErrorKind.CHILD_FAILED, no);
        int b = k;
        while (b > s && (Character.isLetterOrDigit(line.charAt(b - 1)) || line.charAt(b - 1) == '.' || line.charAt(b - 1) == '_')) b--;
        e.exception = line.substring(b, k + 16);
        e.text = cut(line.substring(s).trim());
        child = e;
        childDeadline = no + CHILD_LINES;
        childRootSeen = false;
    }

    /** torchrun's failure table: {@code Root Cause (first observed failure):} then {@code host :}, {@code rank :}, {@code exitcode :}. */
    private void onChildTable(String line, int no, int s) {
        LaunchB e = child;
        if (no > childDeadline) {
            child = null;
            finishLaunch(e);
            return;
        }
        String t = line.substring(s).trim();
        if (t.startsWith("Root Cause")) {
            childRootSeen = true;
            return;
        }
        if (!childRootSeen) return;
        int colon = t.indexOf(':');
        if (colon < 0) {
            if (t.startsWith("=====") && (e.exitCode != null || e.rank != null)) {
                child = null;
                finishLaunch(e);
            }
            return;
        }
        String k = t.substring(0, colon).trim();
        String v = t.substring(colon + 1).trim();
        switch (k) {
            case "host" -> {
                if (e.host == null) e.host = cut(v);
            }
            case "rank" -> {
                if (e.rank == null) e.rank = Tok.integer(numberAt(v, 0));
            }
            case "exitcode" -> {
                if (e.exitCode == null) {
                    e.exitCode = Tok.integer(v.startsWith("-") ? "-" + numberAt(v, 1) : numberAt(v, 0));
                    int p = v.indexOf("pid: ");
                    if (p >= 0) e.pid = Tok.longValue(numberAt(v, p + 5));
                }
            }
            default -> {
            }
        }
    }

    private void textError(LauncherErrorKind kind, String line, int no, int s) {
        long lineHash = mix(mix(mix(SEED, line, s, line.length()), launcherRank), kind.ordinal());
        int seen = launchLineIndex.get(lineHash);
        if (seen >= 0) {
            launches.get(seen).count++;
            return;
        }
        int before = launches.size();
        textError0(kind, line, no, s);
        if (launches.size() > before && launchLineIndex.size() < MAX_LAUNCHER_ERRORS * 4) launchLineIndex.put(lineHash, before);
    }

    private void textError0(LauncherErrorKind kind, String line, int no, int s) {
        LaunchB e = new LaunchB(kind, no);
        e.rank = launcherRank >= 0 ? launcherRank : null;
        String t = line.substring(s).trim();
        int colon = t.indexOf(": ");
        if (colon > 0) {
            String ex = t.substring(0, colon);
            if (ex.indexOf(' ') < 0 && (ex.endsWith("Error") || ex.endsWith("Exception"))) e.exception = ex;
        }
        e.text = cut(t);
        finishLaunch(e);
    }

    /** {@code $ env NCCL_DEBUG=INFO NCCL_ALGO=Bogus torchrun ...}: the capture's command and its NCCL variables. */
    private void onCommand(String line, int no, int p) {
        String cmd = line.substring(p).trim();
        if (command == null) command = cut(cmd);
        for (String tok : cmd.split(" ")) {
            int eq = tok.indexOf('=');
            if (eq <= 0) continue;
            String name = tok.substring(0, eq);
            if ((name.startsWith("NCCL_") || name.startsWith("TORCH_NCCL_")) && isEnvName(name)) {
                addEnv(name, tok.substring(eq + 1), "command", null, no);
            }
        }
    }

    // =====================================================================================================
    // helpers
    // =====================================================================================================

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * The value of a run of ASCII digits already delimited by the scanner (at most 18), or -1. This is the hot-path
     * form of {@link Tok#longValue}, which would allocate a substring per line.
     */
    private static long digits(String s, int from, int to) {
        if (from >= to || to - from > 18) return -1;
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** Reads digits at {@link #cur} (before {@code limit}), advancing it; -1 when there are none. */
    private long readNum(String s, int limit) {
        int e = cur;
        while (e < limit && e - cur < 18 && isDigit(s.charAt(e))) e++;
        if (e == cur) return -1;
        long v = digits(s, cur, e);
        cur = e;
        return v;
    }

    private static long mix(long h, String s, int from, int to) {
        int i = from;
        for (; i + 3 < to; i += 4) {
            long w = s.charAt(i) | (long) s.charAt(i + 1) << 16 | (long) s.charAt(i + 2) << 32 | (long) s.charAt(i + 3) << 48;
            h = (h ^ w) * PRIME;
            h ^= h >>> 31;
        }
        for (; i < to; i++) {
            h = (h ^ s.charAt(i)) * PRIME;
        }
        return h;
    }

    private static long mix(long h, long v) {
        h = (h ^ v) * PRIME;
        return h ^ (h >>> 29);
    }

    private static String cut(String s) {
        return s == null || s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT);
    }

    private void capHit(Cap cap, int no, String message) {
        if (capsHit.add(cap)) warnings.info(no, message, "");
    }

    // =====================================================================================================
    // result
    // =====================================================================================================

    NcclLog finish() {
        for (Pending p : pendings) finishLaunch(p.error);
        pendings.clear();
        if (child != null) {
            finishLaunch(child);
            child = null;
        }
        // rank of each process: the largest communicator it initialised
        Map<String, int[]> procRank = new HashMap<>();
        List<NcclRank> rankList = new ArrayList<>(ranks.size());
        for (RankB r : ranks.values()) {
            String bus = r.busIdRaw == null ? null : Tok.ncclInt64BusId(r.busIdRaw);
            rankList.add(new NcclRank(r.host, r.pid, r.rank, r.nranks, r.cudaDev, r.nvmlDev, bus, r.busIdRaw, r.comm,
                    r.commId, r.nNodes, r.localRank, r.localRanks, r.initComplete, r.destroyed, r.line));
            if (r.host != null && r.pid != null) {
                String k = r.host + "|" + r.pid;
                int size = r.nranks == null ? 0 : r.nranks;
                int[] best = procRank.get(k);
                if (best == null || size > best[1]) procRank.put(k, new int[] {r.rank, size});
            }
        }
        List<NcclProcess> procs = new ArrayList<>(processes.size());
        Map<String, String> pidHosts = new LinkedHashMap<>();
        for (ProcessB p : processes) {
            int[] r = procRank.get(p.host + "|" + p.pid);
            procs.add(new NcclProcess(p.host, p.pid, r == null ? null : r[0], p.cudaDev, p.line));
            pidHosts.putIfAbsent(Long.toString(p.pid), p.host);
        }
        List<NcclTransport> tr = new ArrayList<>(transports.size());
        for (TransportB t : transports) {
            tr.add(new NcclTransport(t.channel, t.conn, t.from, t.to, t.fromDev, t.toDev, t.fromBus, t.toBus, t.dir, t.via,
                    t.type, t.net, t.gdr, t.host, t.line, t.count));
        }
        Map<String, Long> via = new LinkedHashMap<>();
        for (int i = 0; i < viaNames.size(); i++) via.put(viaNames.get(i), viaCounts[i]);
        if (viaOther > 0) via.put("(other)", viaOther);
        List<NcclWarning> ws = new ArrayList<>(warns.size());
        for (WarningB w : warns) ws.add(new NcclWarning(w.line, w.text, w.host, w.source, w.count));
        List<NcclEvent> evs = new ArrayList<>(events.size());
        for (EventB e : events) {
            Integer rank = null;
            if (e.host != null && e.pid != null) {
                int[] r = procRank.get(e.host + "|" + e.pid);
                if (r != null) rank = r[0];
            }
            evs.add(new NcclEvent(e.line, e.host, e.pid, e.tid, e.cudaDev, rank, e.level, e.source, e.function, e.message,
                    e.kind, e.code, e.result, e.peer, e.count));
        }
        Map<String, Long> kc = new LinkedHashMap<>();
        for (EventKind k : EventKind.values()) {
            if (kindCounts[k.ordinal()] > 0) kc.put(k.name(), kindCounts[k.ordinal()]);
        }
        List<DuplicateGpu> dups = new ArrayList<>(duplicates.size());
        for (DupB d : duplicates.values()) {
            dups.add(new DuplicateGpu(d.rank, d.other, d.raw == null ? null : Tok.ncclInt64BusId(d.raw), d.raw, d.host, d.line,
                    d.count));
        }
        dups.sort(Comparator.comparingInt(DuplicateGpu::line));
        List<IbCompletionError> ibs = new ArrayList<>(ibErrors.size());
        for (IbErrB b : ibErrors.values()) {
            ibs.add(new IbCompletionError(b.host, b.pid, b.dev, b.peer, b.port, b.status, b.statusText, b.opcode, b.len,
                    b.vendor, b.dir, b.lgid, b.rgid, b.hca, b.line, b.count));
        }
        ibs.sort(Comparator.comparingInt(IbCompletionError::line));
        List<LauncherError> ls = new ArrayList<>(launches.size());
        for (LaunchB e : launches) {
            ls.add(new LauncherError(e.line, e.kind, e.rank, e.exception, e.source, e.reason, e.error, e.version,
                    e.versionPrinted, e.lastError, e.lastErrorLine, e.lastErrorKind, e.pg, e.seq, e.op, e.numelIn, e.numelOut,
                    e.timeout, e.ranFor, e.lastEnqueued, e.lastCompleted, e.exitCode, e.pid, e.host, e.text, e.count));
        }
        ls.sort(Comparator.comparingInt(LauncherError::line));
        String version = ncclVersion;
        if (version == null) {
            for (VersionSeen v : versions) {
                if (v.source() == VersionSource.PYTORCH) {
                    version = v.version();
                    break;
                }
            }
        }
        return new NcclLog(version, cudaVersion, cudaDriverVersion, versions, network, networks, netPlugin, rankList,
                ranksDropped, hosts, procs, pidHosts, interfaces, ibDevices, tr, transportLines, transportsDropped, via, rings,
                channels, channelCounts, trees, environment, envSettings, command, ws, warningsDropped, evs, eventsDropped, kc,
                dups, ibs, ls, launchesDropped, lines, ncclLines, infoLines, warnLines, traceLines);
    }

    /** True when nothing of an NCCL log was found. */
    boolean empty() {
        return ncclLines == 0 && launches.isEmpty() && pendings.isEmpty() && child == null && duplicates.isEmpty()
                && command == null;
    }

    // =====================================================================================================
    // builders
    // =====================================================================================================

    private static final class ProcessB {
        final String host;
        final long pid;
        final Integer cudaDev;
        final int line;
        /** Hash of host and pid, and of the host alone, as {@link #lineKey} and the transport key compute them. */
        final long hash;
        final long hostHash;

        ProcessB(String host, long pid, Integer cudaDev, int line, long hash, long hostHash) {
            this.host = host;
            this.pid = pid;
            this.cudaDev = cudaDev;
            this.line = line;
            this.hash = hash;
            this.hostHash = hostHash;
        }
    }

    private static final class RankB {
        String host;
        Long pid;
        int rank;
        Integer nranks;
        Integer cudaDev;
        Integer nvmlDev;
        String busIdRaw;
        String comm;
        String commId;
        Integer nNodes;
        Integer localRank;
        Integer localRanks;
        Boolean initComplete;
        boolean destroyed;
        int line;
    }

    private static final class TransportB {
        int viaSlot;
        int channel;
        Integer conn;
        int from;
        int to;
        Integer fromDev;
        Integer toDev;
        String fromBus;
        String toBus;
        Direction dir;
        String via;
        TransportType type;
        String net;
        Boolean gdr;
        String host;
        int line;
        long count;
    }

    private static final class WarningB {
        int line;
        String text;
        String host;
        String source;
        long count;
        EventKind kind;
        EventB event;
        IbErrB ib;
        DupB dup;
    }

    private static final class EventB {
        int line;
        String host;
        Long pid;
        Long tid;
        Integer cudaDev;
        NcclLevel level;
        String source;
        String function;
        String message;
        EventKind kind;
        Integer code;
        NcclResult result;
        String peer;
        long count;
    }

    private static final class DupB {
        Integer rank;
        Integer other;
        String raw;
        String host;
        int line;
        long count;
    }

    private static final class IbErrB {
        String host;
        Long pid;
        Integer dev;
        String peer;
        Integer port;
        Integer status;
        String statusText;
        Integer opcode;
        Long len;
        Integer vendor;
        String dir;
        String lgid;
        String rgid;
        String hca;
        int line;
        long count;
    }

    private static final class LaunchB {
        final LauncherErrorKind kind;
        final int line;
        Integer rank;
        String exception;
        String source;
        String reason;
        NcclResult error;
        String version;
        String versionPrinted;
        String lastError;
        Integer lastErrorLine;
        EventKind lastErrorKind;
        String pg;
        Long seq;
        String op;
        Long numelIn;
        Long numelOut;
        Long timeout;
        Long ranFor;
        Long lastEnqueued;
        Long lastCompleted;
        Integer exitCode;
        Long pid;
        String host;
        String text;
        long count = 1;
        int after; // where the header's reading stopped (for the header cache)

        LaunchB(LauncherErrorKind kind, int line) {
            this.kind = kind;
            this.line = line;
        }

        /** A copy of a parsed NCCL error header at another line (the block's later lines are not copied). */
        LaunchB copy(int atLine) {
            LaunchB c = new LaunchB(kind, atLine);
            c.rank = rank;
            c.exception = exception;
            c.source = source;
            c.reason = reason;
            c.error = error;
            c.version = version;
            c.versionPrinted = versionPrinted;
            c.text = text;
            c.after = after;
            return c;
        }
    }

    private static final class Pending {
        String key;
        LaunchB error;
        int deadline;
        boolean wantText;
    }
}
