package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How NCCL's own words read: its path levels ({@code NCCL_P2P_LEVEL}, {@code NCCL_NET_GDR_LEVEL}), its boolean
 * variables, the device index of a connection's path and the names of its RDMA networks.
 */
final class NcclTerms {

    /** Lines of one kind a finding quotes per host. */
    static final int LINES = 3;

    /** The leading digits (at most 6) of the third part of a path: the net device of {@code NET/IB/3/GDRDMA}. */
    private static final Pattern NET_DEV = Pattern.compile("[^/]*/[^/]*/([0-9]{1,6})");

    private NcclTerms() {
    }

    /**
     * NCCL's path level names (LOC, NVL, PIX, PXB, PHB, SYS) and the old numbers (0 to 5) as {@link PathType} ranks;
     * -1 when not a level.
     */
    static int levelRank(String level) {
        if (level == null) return -1;
        return switch (level.strip().toUpperCase(Locale.ROOT)) {
            case "LOC", "0" -> 0;
            case "NVL" -> PathType.NV.rank();
            case "PIX", "1" -> PathType.PIX.rank();
            case "PXB", "2" -> PathType.PXB.rank();
            case "PHB", "3" -> PathType.PHB.rank();
            case "SYS", "4", "5" -> PathType.SYS.rank();
            default -> -1;
        };
    }

    /** The rank of {@code level}, else PXB: NCCL's default distance for P2P and GDR (src/graph/paths.cc). */
    static int levelOrPxb(String level) {
        int lv = levelRank(level);
        return lv >= 0 ? lv : PathType.PXB.rank();
    }

    /** True when {@code v} is a true integer ({@code 1}, {@code 2}...), NCCL's reading of a boolean variable. */
    static boolean on(String v) {
        String s = v == null ? "" : v.strip();
        boolean nonZero = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return false;
            nonZero |= c != '0';
        }
        return nonZero; // false for "" too: no digit, none of them non-zero
    }

    /** The NCCL net device index of a via string ({@code 3} of {@code NET/IB/3/GDRDMA}, {@code NET/IB/3(1)/GDRDMA}). */
    static Integer netDev(String via) {
        Matcher m = via == null ? null : NET_DEV.matcher(via);
        return m != null && m.lookingAt() ? Integer.valueOf(m.group(1)) : null;
    }

    /** Whether a network NCCL names ({@code IB}, {@code IBext_v8}) is RDMA. */
    static boolean rdmaNet(String net) {
        return net != null && net.toUpperCase(Locale.ROOT).startsWith("IB");
    }

    /** The HCA named in quotes in a "GPU Direct RDMA Disabled for HCA 0 'mlx5_0'" message; null when none. */
    static String hcaOf(String m) {
        int q = m.indexOf('\'');
        int q2 = q < 0 ? -1 : m.indexOf('\'', q + 1);
        return q2 > q ? m.substring(q + 1, q2) : null;
    }

    /** The message of a quoted NCCL line ({@code Using internal Network Socket}), without its prefix. */
    static String said(EvidenceLine l) {
        String t = l.text();
        int i = t.indexOf("INFO ");
        return (i >= 0 ? t.substring(i + 5) : t).strip();
    }

    static String strip(String s) {
        return s == null ? null : s.strip();
    }

    /** {@return the first {@code n} of {@code l}} */
    static <T> List<T> first(List<T> l, int n) {
        return l.size() <= n ? l : l.subList(0, n);
    }
}
