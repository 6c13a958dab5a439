package io.ncclscope.parsers.nccl;

/** The link layer of an RDMA port as NCCL prints it after the port ({@code mlx5_0:1/IB}, {@code mlx5_0:1/RoCE}). */
public enum LinkLayer {
    /** InfiniBand. */
    IB("IB"),
    /** RDMA over Converged Ethernet. */
    ROCE("RoCE"),
    /** Not printed or not known. */
    UNKNOWN("unknown");

    private final String word;

    LinkLayer(String word) {
        this.word = word;
    }

    /**
     * {@return the link layer for NCCL's word ({@code IB}, {@code RoCE}), ignoring case; {@link #UNKNOWN} otherwise}
     *
     * @param s the word; null allowed
     */
    public static LinkLayer of(String s) {
        if (s == null) return UNKNOWN;
        if (s.equalsIgnoreCase("IB")) return IB;
        if (s.equalsIgnoreCase("RoCE") || s.equalsIgnoreCase("ETH")) return ROCE;
        return UNKNOWN;
    }

    @Override
    public String toString() {
        return word;
    }
}
