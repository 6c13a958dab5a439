package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.sdk.diagnose.internal.WarnTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The strings of one artifact's summary with what is the node's own cut out: its name ({@code gpu-node0007:1919:1919
 * [0] NCCL INFO} becomes a mark, then {@code :1919:1919 [0] NCCL INFO}) and, in an NCCL log, the values its processes
 * and communicators have on this node alone (pids and tids of the line prefixes, communicator ids and pointers, the
 * times NCCL writes before WARN lines), which become placeholders for the artifact's {@link #values() table of own
 * values}. Nodes whose files say the same apart from their own name and numbers (every node of one image running one
 * job, or its own single-node job with its own pids and communicators) keep one summary between them; a node keeps
 * its name and a few longs. Put back with {@link Back} once every slice has been read; lossless, as only exact strings
 * are cut and each is put back as it was. Not shared between threads.
 */
final class Cut {

    /** Where the node's name stood: a Unicode noncharacter, which tool output does not print. */
    static final char MARK = '\uFDD0';
    private static final String MARK_S = String.valueOf(MARK);
    /** Placeholder of own value {@code k} printed in decimal: {@code DEC + k}; in private use, as tools print none. */
    static final char DEC = '\uE000';
    /** Placeholder of own value {@code k} printed as {@code 0x} and lower-case hex: {@code HEX + k}. */
    static final char HEX = '\uE800';
    /**
     * Placeholder of own value {@code k}, a time NCCL writes before a line ({@code [2026-12-02 09:03:10]}, its default
     * {@code NCCL_DEBUG_TIMESTAMP_FORMAT}) kept as its fourteen digits: {@code TIME + k}.
     */
    static final char TIME = '\uF000';
    /** Own values an artifact may cut out; a value past them stays in the text. */
    static final int SLOTS = 0x800;

    /** The node's name; null when nothing is cut. */
    private final String node;
    private final Shared shared;
    /** Own values to cut (the placeholder, or 0 until first cut); null when the artifact cuts none. */
    private final Map<String, Character> own;
    /** The own values cut out, by placeholder number. */
    private long[] values = new long[0];
    private int count;
    /** The node's name was cut from a string. */
    private boolean cut;
    /** A string held the mark or a placeholder already: the summary must be made again without cutting. */
    private boolean clash;

    /**
     * A cut of the node's name only (hardware records: nodes of one image print the same).
     *
     * @param node   the node whose name is cut; null or empty to cut nothing
     * @param shared the pass's one instance of each equal value, which every string returned is
     */
    Cut(String node, Shared shared) {
        this(node, shared, false);
    }

    /**
     * @param node   the node whose name is cut; null or empty to cut nothing
     * @param shared the pass's one instance of each equal value, which every string returned is
     * @param own    whether values given to {@link #own(String)} are cut out too
     */
    Cut(String node, Shared shared, boolean own) {
        this.node = node == null || node.isEmpty() ? null : node;
        this.shared = shared;
        this.own = own ? new HashMap<>() : null;
    }

    /**
     * Marks {@code token} (a pid, a tid: {@code 1919}; a communicator id or pointer: {@code 0x29ada980}) as a value of
     * this node's own, cut out of the strings {@link #of(String)} is given from now on wherever it stands as a whole
     * word; a token that would not print back exactly as a long ({@code 007}, {@code 0xABC}) is not marked.
     *
     * @param token the value as the line prints it; null is ignored
     */
    void own(String token) {
        if (own == null || token == null || own.containsKey(token)) return;
        if (decimal(token) || hex(token)) own.put(token, (char) 0);
    }

    private static boolean decimal(String t) {
        int n = t.length();
        if (n == 0 || n > 18 || (t.charAt(0) == '0' && n > 1)) return false;
        for (int i = 0; i < n; i++) if (t.charAt(i) < '0' || t.charAt(i) > '9') return false;
        return true;
    }

    private static boolean hex(String t) {
        int n = t.length();
        if (n < 3 || n > 18 || !t.startsWith("0x") || (t.charAt(2) == '0' && n > 3)) return false;
        for (int i = 2; i < n; i++) {
            char c = t.charAt(i);
            if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) return false;
        }
        return true;
    }

    /** {@return {@code s} with the node's name and own values cut out, the kept instance of it (null for null)} */
    String of(String s) {
        if (s == null) return null;
        if (marked(s)) clash = true;
        if (node != null && s.contains(node)) {
            s = s.replace(node, MARK_S);
            cut = true;
        }
        if (own != null) s = times(s);
        if (own != null && !own.isEmpty()) s = values(s);
        return shared.of(s);
    }

    /** {@return {@code s} with each time {@code [YYYY-MM-DD hh:mm:ss]} NCCL writes replaced by its placeholder} */
    private String times(String s) {
        int at = s.indexOf('[');
        if (at < 0) return s;
        StringBuilder b = null;
        int last = 0;
        for (int i = at; i >= 0; i = s.indexOf('[', i + 1)) {
            if (!WarnTime.at(s, i)) continue;
            String t = "T" + s.substring(i + 1, i + WarnTime.LENGTH - 1);
            Character p = own.get(t);
            if (p == null) p = slotTime(t, WarnTime.digits(s, i));
            if (p == null) continue;
            if (b == null) b = new StringBuilder(s.length());
            b.append(s, last, i + 1).append((char) p);
            last = i + WarnTime.LENGTH - 1;
        }
        return b == null ? s : b.append(s, last, s.length()).toString();
    }

    /**
     * {@return the placeholder of time {@code t} ({@code T} and its nineteen characters), its digits {@code v}, taken now;
     * null when none is left}
     */
    private Character slotTime(String t, long v) {
        if (count == SLOTS) return null;
        if (count == values.length) values = Arrays.copyOf(values, Math.max(4, count * 2));
        values[count] = v;
        char p = (char) (TIME + count++);
        own.put(t, p);
        return p;
    }

    /** {@return {@code s} with each word that is an own value replaced by its placeholder} */
    private String values(String s) {
        StringBuilder b = null;
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (!word(c)) {
                if (b != null) b.append(c);
                i++;
                continue;
            }
            int j = i + 1;
            while (j < n && word(s.charAt(j))) j++;
            // Own values are numbers: a word of letters is not looked up.
            Character p = c >= '0' && c <= '9' ? own.get(s.substring(i, j)) : null;
            if (p != null && p == 0) p = slot(s.substring(i, j));
            if (p != null) {
                if (b == null) b = new StringBuilder(n).append(s, 0, i);
                b.append((char) p);
            } else if (b != null) {
                b.append(s, i, j);
            }
            i = j;
        }
        return b == null ? s : b.toString();
    }

    private static boolean word(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** {@return the placeholder of own value {@code t}, taken now; null when every placeholder is taken} */
    private Character slot(String t) {
        if (count == SLOTS) return null;
        boolean h = t.startsWith("0x");
        long v = h ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
        if (count == values.length) values = Arrays.copyOf(values, Math.max(4, count * 2));
        values[count] = v;
        char p = (char) ((h ? HEX : DEC) + count++);
        own.put(t, p);
        return p;
    }

    /** {@return whether a string had the node's name cut out} */
    boolean cut() {
        return cut;
    }

    /** {@return the own values cut out, by placeholder number} */
    long[] values() {
        return Arrays.copyOf(values, count);
    }

    /** {@return whether a string held the mark already (then make the summary again with a {@code Cut} of no node)} */
    boolean clash() {
        return clash;
    }

    /** {@return {@code s} with {@code node} put back where it was cut out} */
    static String back(String s, String node) {
        return s == null || node == null || s.indexOf(MARK) < 0 ? s : s.replace(MARK_S, node);
    }

    /** {@return whether {@code s} holds the mark or a placeholder} */
    private static boolean marked(String s) {
        if (s == null) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == MARK || (c >= DEC && c < HEX + SLOTS) || (c >= TIME && c < TIME + SLOTS)) return true;
        }
        return false;
    }

    /**
     * What a node's summary puts back: its name, and its own values ({@code values[offset + k]} for placeholder
     * {@code k}).
     *
     * @param node   the node; null for an artifact of no node
     * @param values the own values of the node's slice
     * @param offset where the summary's own values start in {@code values}
     */
    record Back(String node, long[] values, int offset) {
        /** Puts back nothing but {@code node}. */
        Back(String node) {
            this(node, new long[0], 0);
        }

        /** {@return {@code s} with the node's name and own values put back} */
        String of(String s) {
            if (!marked(s)) return s;
            if (node != null && s.length() == 1 && s.charAt(0) == MARK) return node;
            StringBuilder b = new StringBuilder(s.length() + 16);
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == MARK && node != null) b.append(node);
                else if (c >= DEC && c < HEX) b.append(values[offset + c - DEC]);
                else if (c >= HEX && c < HEX + SLOTS) b.append("0x").append(Long.toHexString(values[offset + c - HEX]));
                else if (c >= TIME && c < TIME + SLOTS) WarnTime.write(b, values[offset + c - TIME]);
                else b.append(c);
            }
            return b.toString();
        }

        /** {@return a summary's record (as {@code Job}'s slim copies hold it) with the node's own put back in its strings} */
        @SuppressWarnings("unchecked")
        <T> T of(T v) {
            if (v instanceof String s) return (T) of(s);
            if (v instanceof NcclInterface i) {
                if (!marked(i.name()) && !marked(i.address())) return v;
                return (T) new NcclInterface(i.kind(), of(i.name()), of(i.address()), i.port(), i.index(), i.host(), i.line());
            }
            if (v instanceof NetworkChoice c) {
                return marked(c.name()) ? (T) new NetworkChoice(of(c.name()), c.host(), c.line()) : v;
            }
            if (v instanceof NcclEvent e) {
                if (!marked(e.message()) && !marked(e.peer())) return v;
                return (T) new NcclEvent(e.line(), e.host(), e.pid(), e.tid(), e.cudaDev(), e.rank(), e.level(), e.source(), e.function(),
                        of(e.message()), e.kind(), e.code(), e.result(), of(e.peer()), e.count());
            }
            if (v instanceof NcclTransport t) {
                if (!marked(t.via()) && !marked(t.net())) return v;
                return (T) new NcclTransport(t.channel(), t.connIndex(), t.fromRank(), t.toRank(), t.fromDev(), t.toDev(), t.fromBusId(),
                        t.toBusId(), t.direction(), of(t.via()), t.type(), of(t.net()), t.gdrdma(), t.host(), t.line(), t.count());
            }
            if (v instanceof IbDevice d) {
                return marked(d.device()) ? (T) new IbDevice(d.index(), of(d.device()), d.port(), d.linkLayer(), d.sharp(), d.host(), d.line()) : v;
            }
            if (v instanceof EnvSetting e) {
                if (!marked(e.name()) && !marked(e.value()) && !marked(e.origin())) return v;
                return (T) new EnvSetting(of(e.name()), of(e.value()), of(e.origin()), e.host(), e.line());
            }
            return v;
        }
    }

    /** The own values of a slice's summaries, one after another in the order of its summaries. */
    static final class Longs {
        private long[] values = new long[0];
        private int size;

        /** Adds {@code v} after what is here. */
        void addAll(long[] v) {
            if (size + v.length > values.length) values = Arrays.copyOf(values, Math.max(size + v.length, size * 2));
            System.arraycopy(v, 0, values, size, v.length);
            size += v.length;
        }

        /** {@return the values added, in order} */
        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
