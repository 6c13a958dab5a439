package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;

/**
 * The strings of one artifact's summary with its node's name cut out ({@code gpu-node0007:1919:1919 [0] NCCL INFO}
 * becomes a mark, then {@code :1919:1919 [0] NCCL INFO}), so that nodes whose files say the same apart from their own
 * name (every node of one image running one job) keep one summary between them and a node keeps only its name. Put
 * back with {@link #back(String, String)} once every slice has been read; lossless, as only the node's own name is
 * cut and put back. Not shared between threads.
 */
final class Cut {

    /** Where the node's name stood: a Unicode noncharacter, which tool output does not print. */
    static final char MARK = '\uFDD0';
    private static final String MARK_S = String.valueOf(MARK);

    /** The node's name; null when nothing is cut. */
    private final String node;
    private final Shared shared;
    /** The node's name was cut from a string. */
    private boolean cut;
    /** A string held the mark already: the summary must be made again without cutting. */
    private boolean clash;

    /**
     * @param node   the node whose name is cut; null or empty to cut nothing
     * @param shared the pass's one instance of each equal value, which every string returned is
     */
    Cut(String node, Shared shared) {
        this.node = node == null || node.isEmpty() ? null : node;
        this.shared = shared;
    }

    /** {@return {@code s} with the node's name cut out, the kept instance of it (null for null)} */
    String of(String s) {
        if (s == null) return null;
        if (s.indexOf(MARK) >= 0) clash = true;
        if (node != null && s.contains(node)) {
            s = s.replace(node, MARK_S);
            cut = true;
        }
        return shared.of(s);
    }

    /** {@return whether a string had the node's name cut out} */
    boolean cut() {
        return cut;
    }

    /** {@return whether a string held the mark already (then make the summary again with a {@code Cut} of no node)} */
    boolean clash() {
        return clash;
    }

    /** {@return {@code s} with {@code node} put back where it was cut out} */
    static String back(String s, String node) {
        return s == null || node == null || s.indexOf(MARK) < 0 ? s : s.replace(MARK_S, node);
    }

    private static boolean marked(String s) {
        return s != null && s.indexOf(MARK) >= 0;
    }

    /** {@return a summary's record (as {@code Job}'s slim copies hold it) with {@code node} put back in its strings} */
    @SuppressWarnings("unchecked")
    static <T> T back(T v, String node) {
        if (node == null) return v;
        if (v instanceof NcclInterface i) {
            if (!marked(i.name()) && !marked(i.address())) return v;
            return (T) new NcclInterface(i.kind(), back(i.name(), node), back(i.address(), node), i.port(), i.index(), i.host(), i.line());
        }
        if (v instanceof NetworkChoice c) {
            return marked(c.name()) ? (T) new NetworkChoice(back(c.name(), node), c.host(), c.line()) : v;
        }
        if (v instanceof NcclEvent e) {
            if (!marked(e.message()) && !marked(e.peer())) return v;
            return (T) new NcclEvent(e.line(), e.host(), e.pid(), e.tid(), e.cudaDev(), e.rank(), e.level(), e.source(), e.function(),
                    back(e.message(), node), e.kind(), e.code(), e.result(), back(e.peer(), node), e.count());
        }
        if (v instanceof NcclTransport t) {
            if (!marked(t.via()) && !marked(t.net())) return v;
            return (T) new NcclTransport(t.channel(), t.connIndex(), t.fromRank(), t.toRank(), t.fromDev(), t.toDev(), t.fromBusId(),
                    t.toBusId(), t.direction(), back(t.via(), node), t.type(), back(t.net(), node), t.gdrdma(), t.host(), t.line(), t.count());
        }
        if (v instanceof IbDevice d) {
            return marked(d.device()) ? (T) new IbDevice(d.index(), back(d.device(), node), d.port(), d.linkLayer(), d.sharp(), d.host(), d.line()) : v;
        }
        if (v instanceof EnvSetting e) {
            if (!marked(e.name()) && !marked(e.value()) && !marked(e.origin())) return v;
            return (T) new EnvSetting(back(e.name(), node), back(e.value(), node), back(e.origin(), node), e.host(), e.line());
        }
        return v;
    }
}
