package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ByteRuns;
import java.nio.charset.StandardCharsets;

/**
 * Which {@code NCCL INFO} messages {@link NcclLogScanner#onInfo} reads as counts only, or as a count of a fact it
 * already keeps, so that a chunk thread can tell the scanner to count a run of them instead of reading each (a big log
 * is mostly such lines: ring listings {@code Channel 05/64 :    0   1}, graph lines {@code Ring 00 : 0 -> 1 -> 0},
 * {@code Tree 3 : -1 -> 0 -> -1/-1/-1}, topology dumps, timings, and the fact lines every process prints again).
 * Keep it in step with {@code onInfo}, {@link ChannelLines#onRingListing} and the readers it routes to:
 * <ul>
 * <li>{@link #IGNORED}: a message {@code onInfo} routes to no reader, or to one that returns before it reads any
 * state (a {@code Channel }/{@code Ring } line without {@code  via } that is no ring listing, a lower-case message
 * that is no return code);</li>
 * <li>{@link #RING}: a ring listing ({@code onRingListing} gets past its {@code " :"} and {@code ->} checks), whose only
 * effect once the ring list is full and that was announced is to widen the channel count to its {@code /N};</li>
 * <li>{@link #KEYED}: a message whose reader first asks whether it keeps the message's fact already, by a key of the
 * line's process and the {@link LineRegions#messageHash} of its message, or whether its state is set, and when so
 * only counts it ({@link #key()} tells which: {@link #KEY_SEEN} and the rest): the scanner asks the same of the
 * chunk thread's hash ({@link NcclLogScanner#fold});</li>
 * <li>{@link #NONE}: any other message, read line by line.</li>
 * </ul>
 * It reads the message's Latin-1 bytes, where a character beyond Latin-1 is a {@code ?}: every byte it compares is
 * ASCII other than {@code ?}, so it answers for the bytes what {@code onInfo} answers for the characters.
 */
final class InfoFolds {

    /** Read line by line. */
    static final int NONE = 0;
    /** Counted only. */
    static final int IGNORED = 1;
    /** A ring listing: counted, and its channel count taken, once the ring list is full. */
    static final int RING = 2;
    /** A fact the scanner may already keep: counted when it does ({@link #key()} tells how it is looked up). */
    static final int KEYED = 3;

    /** {@link HostsAndProcesses#seenBefore} is the reader's first question ({@code Bootstrap}, {@code NET/...}, {@code comm }...). */
    static final int KEY_SEEN = 1;
    /** A return code ({@link EventTable#tryReturnCode}): counted when its event is kept. */
    static final int KEY_RETURN_CODE = 2;
    /** {@code cudaDriverVersion }: read only until one is kept ({@link VersionLines#hasCudaDriverVersion}). */
    static final int KEY_CUDA_DRIVER = 3;
    /** {@code 24 coll channels, ...}: read only until the counts are kept ({@link ChannelLines#hasChannelCounts}). */
    static final int KEY_CHANNEL_COUNTS = 4;
    /** {@code Trees ...}: read only while the trees list is not full and the line was not seen. */
    static final int KEY_TREES = 5;
    /** A transport {@code Channel 00/0 : 0[0] -> 1[1] via P2P/IPC}: counted when its connection is kept. */
    static final int KEY_TRANSPORT = 6;
    /** {@link EventTable#infoEvent} of {@code EVENT_KINDS[key - KEY_EVENT]}: counted when its event is kept. */
    static final int KEY_EVENT = 7;
    /** The kinds of the INFO events {@link #KEY_EVENT} and after stand for. */
    static final EventKind[] EVENT_KINDS = {EventKind.SOCKET_CONNECT_RETRY, EventKind.TOPOLOGY_ERROR, EventKind.NET_INIT_FAILED,
        EventKind.CONNECTION_LOST, EventKind.NET_IB_NO_DEVICE, EventKind.GDR_DISABLED, EventKind.GDR_ENABLED};

    private static final byte[] CHANNEL = bytes("Channel ");
    private static final byte[] CALL_TO_CONNECT_RETURNED = bytes("Call to connect returned");
    private static final byte[] COMMA_RETRYING = bytes(", retrying (");
    private static final byte[] COULD_NOT_OPEN_XML_TOPOLOGY_FILE = bytes("Could not open XML topology file ");
    private static final byte[] RING_WORD = bytes("Ring ");
    private static final byte[] TREES = bytes("Trees ");
    private static final byte[] BOOTSTRAP = bytes("Bootstrap");
    private static final byte[] USING_NETWORK = bytes("Using network ");
    private static final byte[] USING_INTERNAL_NETWORK = bytes("Using internal Network ");
    private static final byte[] FAILED_TO_INITIALIZE_NET_PLUGIN = bytes("Failed to initialize NET plugin");
    private static final byte[] COLL_CHANNELS = bytes(" coll channels");
    private static final byte[] VIA = bytes(" via ");
    private static final byte[] SPACE_COLON = bytes(" :");
    private static final byte[] ARROW = bytes("->");
    private static final byte[] RANK_BRACKET = bytes("[Rank ");
    private static final byte[] CONNECTION_CLOSED = bytes("[Service thread] Connection closed");
    private static final byte[] SPACE = bytes(" ");
    private static final byte[] COMM = bytes("comm ");
    private static final byte[] CUDA_DRIVER_VERSION = bytes("cudaDriverVersion ");
    private static final byte[] NCCL_COMM = bytes("ncclComm");
    private static final byte[] NCCL_MAX_SHARED_MEM = bytes("ncclMaxSharedMem ");
    private static final byte[] RANK_WORD = bytes("rank ");
    private static final byte[] SPACE_NRANKS = bytes(" nranks ");
    private static final byte[] SPACE_COMM = bytes(" comm ");
    private static final byte[] EXCEEDS = bytes("exceeds device/fn maxSharedMem");
    private static final byte[] PLUGIN_PATH = bytes("Plugin Path : ");
    private static final byte[] P2P_PLUGIN = bytes("P2P plugin ");
    private static final byte[] NCCL_UNDERSCORE = bytes("NCCL_");
    private static final byte[] NCCL_VERSION = bytes("NCCL version ");
    private static final byte[] NET_IB = bytes("NET/IB");
    private static final byte[] NO_DEVICE_FOUND = bytes(" : No device found");
    private static final byte[] GDR_DISABLED = bytes("GPU Direct RDMA Disabled");
    private static final byte[] GDR_ENABLED = bytes("GPU Direct RDMA Enabled");
    private static final byte[] NET_SOCKET_USING = bytes("NET/Socket : Using");
    private static final byte[] NET_USING_INTERFACE = bytes("NET : Using interface ");
    private static final byte[] NET_PLUGIN = bytes("NET/Plugin");
    private static final byte[] NET_OFI = bytes("NET/OFI ");

    /** {@link #RING}'s channel count ({@code /N}) of the message last classified; -1 when it has none. */
    private int channels = -1;
    /** {@link #KEYED}'s {@link #key()} of the message last classified. */
    private int key;

    /**
     * {@return {@link #NONE}, {@link #IGNORED} or {@link #RING} for the message in {@code [m, to)} of {@code latin1}}
     *
     * @param latin1 the line's characters as Latin-1 bytes
     * @param m      where its message starts (just after {@code NCCL INFO })
     * @param to     where the line ends
     */
    int classify(byte[] latin1, int m, int to) {
        if (m >= to) return IGNORED;
        int c = latin1[m];
        switch (c) {
            case 'C' -> {
                if (starts(latin1, m, to, CHANNEL)) return channel(latin1, m + 8, to);
                if (starts(latin1, m, to, CALL_TO_CONNECT_RETURNED)) return event(EventKind.SOCKET_CONNECT_RETRY);
                return starts(latin1, m, to, COULD_NOT_OPEN_XML_TOPOLOGY_FILE) ? event(EventKind.TOPOLOGY_ERROR) : IGNORED;
            }
            case 'R' -> {
                return starts(latin1, m, to, RING_WORD) ? channel(latin1, m + 5, to) : IGNORED;
            }
            case 'T' -> {
                return starts(latin1, m, to, TREES) ? keyed(KEY_TREES) : IGNORED;
            }
            case 'B' -> {
                return starts(latin1, m, to, BOOTSTRAP) ? keyed(KEY_SEEN) : IGNORED;
            }
            case 'U' -> {
                return starts(latin1, m, to, USING_NETWORK) || starts(latin1, m, to, USING_INTERNAL_NETWORK) ? keyed(KEY_SEEN) : IGNORED;
            }
            case 'F' -> {
                return starts(latin1, m, to, FAILED_TO_INITIALIZE_NET_PLUGIN) ? event(EventKind.NET_INIT_FAILED) : IGNORED;
            }
            case 'N' -> {
                return upperN(latin1, m, to);
            }
            case 'P' -> {
                // NetworkLines.onPluginInfo reads these two only
                return starts(latin1, m, to, PLUGIN_PATH) || starts(latin1, m, to, P2P_PLUGIN) ? NONE : IGNORED;
            }
            case '[' -> {
                // NcclLogScanner.onCommOrClosed: CommunicatorLines.onComm asks seenBefore first
                if (starts(latin1, m, to, RANK_BRACKET)) return indexOf(latin1, m, to, SPACE_COMM) >= 0 ? keyed(KEY_SEEN) : IGNORED;
                return starts(latin1, m, to, CONNECTION_CLOSED) ? event(EventKind.CONNECTION_LOST) : IGNORED;
            }
            default -> {
                if (c >= 'a' && c <= 'z') return lowercase(latin1, m, to, c);
                if (c >= '0' && c <= '9') return indexOf(latin1, m, to, COLL_CHANNELS) >= 0 ? keyed(KEY_CHANNEL_COUNTS) : IGNORED;
                return IGNORED;
            }
        }
    }

    /**
     * {@return {@link #KEYED}'s kind of the message last classified so: {@link #KEY_SEEN} to {@link #KEY_EVENT} plus the
     * index of its event's kind in {@link #EVENT_KINDS}}
     */
    int key() {
        return key;
    }

    private int keyed(int which) {
        key = which;
        return KEYED;
    }

    private int event(EventKind kind) {
        for (int i = 0; i < EVENT_KINDS.length; i++) {
            if (EVENT_KINDS[i] == kind) return keyed(KEY_EVENT + i);
        }
        return NONE;
    }

    /**
     * {@code NcclLogScanner.onN}: {@code NCCL_} and {@code NCCL version } lines ask seenBefore first, and so do the
     * {@code NET/...} lines of {@link NetworkLines#onNet} but {@code NET/OFI} and the events of {@code NET/IB}.
     */
    private int upperN(byte[] latin1, int m, int to) {
        if (starts(latin1, m, to, NCCL_UNDERSCORE) || starts(latin1, m, to, NCCL_VERSION)) return keyed(KEY_SEEN);
        if (starts(latin1, m, to, NET_IB)) {
            int p = m + NET_IB.length;
            if (starts(latin1, p, to, NO_DEVICE_FOUND)) return event(EventKind.NET_IB_NO_DEVICE);
            if (indexOf(latin1, p, to, GDR_DISABLED) >= 0) return event(EventKind.GDR_DISABLED);
            if (indexOf(latin1, p, to, GDR_ENABLED) >= 0) return event(EventKind.GDR_ENABLED);
            return keyed(KEY_SEEN);
        }
        if (starts(latin1, m, to, NET_SOCKET_USING) || starts(latin1, m, to, NET_USING_INTERFACE) || starts(latin1, m, to, NET_PLUGIN)) {
            return keyed(KEY_SEEN);
        }
        return starts(latin1, m, to, NET_OFI) ? NONE : IGNORED;
    }

    /**
     * A message in lower case: {@code onInfo} reads {@code comm }, {@code ncclComm... comm } and {@code rank ... nranks }
     * lines through {@link CommunicatorLines#onComm}, which asks seenBefore first; {@code cudaDriverVersion } until one is
     * kept; {@code ncclMaxSharedMem ... exceeds device/fn maxSharedMem}; and {@link EventTable#tryReturnCode} any return
     * code ({@code init.cc:1350 -> 2}; it returns at once for the others). A message of {@code c}, {@code n} or {@code r}
     * whose first word is followed by {@code  ->} is read line by line.
     */
    private int lowercase(byte[] latin1, int m, int to, int c) {
        int sp = indexOf(latin1, m, to, SPACE);
        if (sp >= 0 && sp + 2 < to && latin1[sp + 1] == '-' && latin1[sp + 2] == '>') {
            if (c == 'c' || c == 'n' || c == 'r') return NONE;
            return returnCode(latin1, m, sp, to) ? keyed(KEY_RETURN_CODE) : IGNORED;
        }
        // NcclLogScanner.isConnectRetry (socketPollConnect: ..., ncclOsSocketPollConnect: ...): read line by line
        if ((c == 's' || c == 'n') && indexOf(latin1, m, to, COMMA_RETRYING) >= 0) return NONE;
        return switch (c) {
            case 'c' -> starts(latin1, m, to, COMM) ? keyed(KEY_SEEN)
                    : starts(latin1, m, to, CUDA_DRIVER_VERSION) ? keyed(KEY_CUDA_DRIVER) : IGNORED;
            case 'n' -> {
                if (starts(latin1, m, to, NCCL_MAX_SHARED_MEM)) yield indexOf(latin1, m, to, EXCEEDS) >= 0 ? NONE : IGNORED;
                yield starts(latin1, m, to, NCCL_COMM) && indexOf(latin1, m, to, SPACE_COMM) >= 0 ? keyed(KEY_SEEN) : IGNORED;
            }
            case 'r' -> starts(latin1, m, to, RANK_WORD) && indexOf(latin1, m, to, SPACE_NRANKS) >= 0 ? keyed(KEY_SEEN) : IGNORED;
            default -> IGNORED;
        };
    }

    /**
     * True when {@link EventTable#tryReturnCode} takes the message {@code [m, to)}, whose first space at {@code sp} is
     * followed by {@code ->}: a source token ({@link LineRegions#isSourceToken}) before it and digits after it.
     */
    private static boolean returnCode(byte[] latin1, int m, int sp, int to) {
        if (sp + 3 >= to || sp - m < 3) return false;
        int d = sp - 1;
        while (d > m && isDigit(latin1[d])) d--;
        if (!(d < sp - 1 && d > m && latin1[d] == ':')) return false;
        int cs = sp + 3;
        while (cs < to && latin1[cs] == ' ') cs++;
        return cs < to && isDigit(latin1[cs]);
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    /**
     * {@return the channel count of the last message {@link #classify} found {@link #RING}, or -1 when it has none}
     */
    int channels() {
        return channels;
    }

    /** After {@code Channel } or {@code Ring } at {@code p}: a transport ({@link #KEY_TRANSPORT}), a ring listing, or neither. */
    private int channel(byte[] latin1, int p, int to) {
        if (indexOf(latin1, p, to, VIA) >= 0) return keyed(KEY_TRANSPORT);
        // ChannelLines.onRingListing: digits, an optional "/digits", then " :" and no "->"
        int e = digitsEnd(latin1, p, to);
        if (e == p) return IGNORED;
        int cur = e;
        long nch = -1;
        if (cur < to && latin1[cur] == '/') {
            cur++;
            int e2 = digitsEnd(latin1, cur, to);
            if (e2 > cur) {
                nch = 0;
                for (int i = cur; i < e2; i++) nch = nch * 10 + (latin1[i] - '0');
                cur = e2;
            }
        }
        if (!starts(latin1, cur, to, SPACE_COLON) || indexOf(latin1, cur, to, ARROW) >= 0) return IGNORED;
        if (nch > Integer.MAX_VALUE) return NONE; // onRingListing would narrow it: left to it
        channels = (int) nch;
        return RING;
    }

    /** The end of the run of at most 18 ASCII digits at {@code p} ({@code ChannelLines.readNum}). */
    private static int digitsEnd(byte[] latin1, int p, int to) {
        int e = p;
        while (e < to && e - p < 18 && latin1[e] >= '0' && latin1[e] <= '9') e++;
        return e;
    }

    private static boolean starts(byte[] latin1, int at, int to, byte[] word) {
        return to - at >= word.length && ByteRuns.equal(latin1, at, word, 0, word.length);
    }

    /** The first {@code word} in {@code [from, to)}, or -1. */
    private static int indexOf(byte[] latin1, int from, int to, byte[] word) {
        int last = to - word.length;
        byte first = word[0];
        for (int i = from; i <= last; i++) {
            if (latin1[i] == first && ByteRuns.equal(latin1, i, word, 0, word.length)) return i;
        }
        return -1;
    }

    private static byte[] bytes(String word) {
        return word.getBytes(StandardCharsets.ISO_8859_1);
    }
}
