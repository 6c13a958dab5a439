package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How the link checks name an artifact's node, quote the lines around a fact and write a number. */
final class LinkText {

    private LinkText() {
    }

    /** The node an artifact belongs to; null when it could not be told. */
    static String node(Artifact a) {
        return a.node().orElse(null);
    }

    /**
     * The grouping key of an artifact's node. Artifacts with no node share one anonymous node: a session
     * of pasted outputs without host names is most likely one machine.
     */
    static String key(Artifact a) {
        return a.node().orElse("");
    }

    /** {@return the key of {@code what} (a PCI address, an interface) on the artifact's node; by its line if unnamed} */
    static String key(Artifact a, String what, int line) {
        return key(a) + "/" + (what != null ? what : a.name() + ":" + line);
    }

    /** A subject naming the artifact's node, if known. */
    static Subject subject(Artifact a) {
        return Subject.node(node(a));
    }

    /** The node name for messages: the node, else the artifact name. */
    static String where(Artifact a) {
        return a.node().orElse(a.name());
    }

    /** {@return {@code label} after the artifact's node, if known: how a message names a peer} */
    static String where(Artifact a, String label) {
        String n = node(a);
        return n == null ? label : n + " " + label;
    }

    /** {@return the evidence lines of the artifact's lines {@code lines}, in their order; a list to add to} */
    static List<EvidenceLine> quotes(Artifact a, List<Integer> lines) {
        List<EvidenceLine> out = new ArrayList<>(lines.size());
        for (int n : lines) out.add(a.quote(n));
        return out;
    }

    /** Formats a number without a useless ".0". */
    static String num(Double d) {
        if (d == null) return "?";
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString(d.longValue());
        return String.format(Locale.ROOT, "%.3f", d).replaceFirst("0+$", "").replaceFirst("\\.$", "");
    }
}
