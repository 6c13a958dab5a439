package io.ncclscope.parsers.topo;

/**
 * The words {@code nvidia-smi topo} prints in a matrix cell. The path words of {@code topo -m} and
 * {@code topo -mp} say how two devices are connected; the status words of {@code topo -p2p r|w|n|a|p}
 * say whether a peer-to-peer capability is available. {@code NV1} to {@code NV18} (and any later
 * {@code NVn}) are all {@link #NV}; the link count is in {@link TopoPath#links()}.
 * {@link #toString()} gives the tool's word ({@code NV#} for {@link #NV}).
 */
public enum PathType {
    /** {@code X}: the device itself (the diagonal). */
    X("X", 0),
    /** {@code NVn}: a bonded set of n NVLinks. */
    NV("NV#", 1),
    /** {@code PIX}: at most a single PCIe bridge (switch). */
    PIX("PIX", 2),
    /** {@code PSB}: a single on-board PCIe switch (old drivers, dual-GPU boards). */
    PSB("PSB", 2),
    /** {@code PXB}: multiple PCIe bridges, without the host bridge. */
    PXB("PXB", 3),
    /** {@code PHB}: PCIe and a PCIe host bridge (typically the CPU). */
    PHB("PHB", 4),
    /** {@code NODE}: PCIe and the interconnect between host bridges within one NUMA node. */
    NODE("NODE", 5),
    /** {@code SYS}: PCIe and the SMP interconnect between NUMA nodes (QPI/UPI/xGMI). */
    SYS("SYS", 6),
    /**
     * {@code SOC}: drivers before NODE/SYS existed printed it for "PCIe and the SMP link between CPU
     * sockets" (today's SYS); it ranks with {@link #SYS}.
     */
    SOC("SOC", 6),
    /** {@code OK}: the p2p capability is available. */
    OK("OK", -1),
    /** {@code NS}: not supported. */
    NS("NS", -1),
    /** {@code CNS}: chipset not supported. */
    CNS("CNS", -1),
    /** {@code GNS}: GPU not supported. */
    GNS("GNS", -1),
    /** {@code TNS}: topology not supported. */
    TNS("TNS", -1),
    /** {@code DR}: disabled by registry key. */
    DR("DR", -1),
    /** {@code U}: the p2p status is unknown to the driver. */
    U("U", -1),
    /** A word this parser does not know. */
    UNKNOWN("?", -1);

    private static final PathType[] ALL = values();

    private final String word;
    private final int rank;

    PathType(String word, int rank) {
        this.word = word;
        this.rank = rank;
    }

    /** {@return the tool's word ({@code NV#} for {@link #NV})} */
    public String word() {
        return word;
    }

    /** {@return true for the connection words of {@code topo -m} ({@link #X} to {@link #SOC})} */
    public boolean isPath() {
        return rank >= 0;
    }

    /** {@return true for the status words of {@code topo -p2p} ({@link #OK} to {@link #U})} */
    public boolean isP2pStatus() {
        return rank < 0 && this != UNKNOWN;
    }

    /**
     * {@return how close the connection is, lower is closer: X 0, NV 1, PIX/PSB 2, PXB 3, PHB 4, NODE 5,
     * SYS/SOC 6; {@link Integer#MAX_VALUE} for words that are no path}
     */
    public int rank() {
        return rank < 0 ? Integer.MAX_VALUE : rank;
    }

    /**
     * {@return the type of a cell word such as {@code NV18}, {@code PIX} or {@code CNS}; {@link #UNKNOWN} otherwise}
     *
     * @param word a matrix cell word; null allowed
     */
    public static PathType fromWord(String word) {
        if (word == null) return UNKNOWN;
        String w = word.strip();
        if (isNvWord(w)) return NV;
        for (PathType t : ALL) {
            if (t != NV && t != UNKNOWN && t.word.equals(w)) return t;
        }
        return UNKNOWN;
    }

    /** {@code NV} followed by one to three digits. */
    static boolean isNvWord(String w) {
        int n = w.length();
        if (n < 3 || n > 5 || w.charAt(0) != 'N' || w.charAt(1) != 'V') return false;
        for (int i = 2; i < n; i++) {
            char c = w.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return true;
    }

    @Override
    public String toString() {
        return word;
    }
}
