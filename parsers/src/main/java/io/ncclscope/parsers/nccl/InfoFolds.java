package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ByteRuns;
import java.nio.charset.StandardCharsets;

/**
 * Which {@code NCCL INFO} messages {@link NcclLogScanner#onInfo} reads as counts only, so that a chunk thread can tell
 * the scanner to count a run of them instead of reading each (a big log is mostly such lines: ring listings
 * {@code Channel 05/64 :    0   1}, graph lines {@code Ring 00 : 0 -> 1 -> 0}, {@code Tree 3 : -1 -> 0 -> -1/-1/-1},
 * topology dumps, timings). Keep it in step with {@code onInfo} and {@link ChannelLines#onRingListing}:
 * <ul>
 * <li>{@link #IGNORED}: a message {@code onInfo} routes to no reader, or to one that returns before it reads any
 * state (a {@code Channel }/{@code Ring } line without {@code  via } that is no ring listing, a lower-case message
 * without a return code's {@code  ->});</li>
 * <li>{@link #RING}: a ring listing ({@code onRingListing} gets past its {@code " :"} and {@code ->} checks), whose only
 * effect once the ring list is full and that was announced is to widen the channel count to its {@code /N};</li>
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

    private static final byte[] CHANNEL = bytes("Channel ");
    private static final byte[] CALL_TO_CONNECT_RETURNED = bytes("Call to connect returned");
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

    /** {@link #RING}'s channel count ({@code /N}) of the message last classified; -1 when it has none. */
    private int channels = -1;

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
                return starts(latin1, m, to, CALL_TO_CONNECT_RETURNED)
                        || starts(latin1, m, to, COULD_NOT_OPEN_XML_TOPOLOGY_FILE) ? NONE : IGNORED;
            }
            case 'R' -> {
                return starts(latin1, m, to, RING_WORD) ? channel(latin1, m + 5, to) : IGNORED;
            }
            case 'T' -> {
                return starts(latin1, m, to, TREES) ? NONE : IGNORED;
            }
            case 'B' -> {
                return starts(latin1, m, to, BOOTSTRAP) ? NONE : IGNORED;
            }
            case 'U' -> {
                return starts(latin1, m, to, USING_NETWORK) || starts(latin1, m, to, USING_INTERNAL_NETWORK) ? NONE : IGNORED;
            }
            case 'F' -> {
                return starts(latin1, m, to, FAILED_TO_INITIALIZE_NET_PLUGIN) ? NONE : IGNORED;
            }
            case 'N', 'P' -> {
                return NONE;
            }
            case '[' -> {
                return starts(latin1, m, to, RANK_BRACKET) || starts(latin1, m, to, CONNECTION_CLOSED) ? NONE : IGNORED;
            }
            default -> {
                if (c >= 'a' && c <= 'z') return lowercase(latin1, m, to, c);
                if (c >= '0' && c <= '9') return indexOf(latin1, m, to, COLL_CHANNELS) >= 0 ? NONE : IGNORED;
                return IGNORED;
            }
        }
    }

    /**
     * A message in lower case: {@code onInfo} reads {@code comm }, {@code cudaDriverVersion }, {@code ncclComm...},
     * {@code ncclMaxSharedMem } and {@code rank } lines, and {@code EventTable.tryReturnCode} any whose first word is
     * followed by {@code  ->} (it returns at once for the others).
     */
    private static int lowercase(byte[] latin1, int m, int to, int c) {
        int sp = indexOf(latin1, m, to, SPACE);
        if (sp >= 0 && sp + 2 < to && latin1[sp + 1] == '-' && latin1[sp + 2] == '>') return NONE;
        return switch (c) {
            case 'c' -> starts(latin1, m, to, COMM) || starts(latin1, m, to, CUDA_DRIVER_VERSION) ? NONE : IGNORED;
            case 'n' -> starts(latin1, m, to, NCCL_COMM) || starts(latin1, m, to, NCCL_MAX_SHARED_MEM) ? NONE : IGNORED;
            case 'r' -> starts(latin1, m, to, RANK_WORD) ? NONE : IGNORED;
            default -> IGNORED;
        };
    }

    /**
     * {@return the channel count of the last message {@link #classify} found {@link #RING}, or -1 when it has none}
     */
    int channels() {
        return channels;
    }

    /** After {@code Channel } or {@code Ring } at {@code p}: a transport ({@link #NONE}), a ring listing, or neither. */
    private int channel(byte[] latin1, int p, int to) {
        if (indexOf(latin1, p, to, VIA) >= 0) return NONE;
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
