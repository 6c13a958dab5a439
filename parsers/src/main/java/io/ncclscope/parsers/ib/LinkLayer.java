package io.ncclscope.parsers.ib;

import java.util.Locale;

/** The link layer of an RDMA port: native InfiniBand or Ethernet (RoCE). */
public enum LinkLayer {
    /** {@code InfiniBand}. */
    INFINIBAND,
    /** {@code Ethernet}: a RoCE port. */
    ETHERNET,
    /** A word this parser does not know. */
    UNKNOWN;

    /**
     * Reads the tool's word; never null.
     *
     * @param text the word as printed; null allowed
     * @return the value; {@link #UNKNOWN} for words not known
     */
    public static LinkLayer of(String text) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (s.startsWith("infiniband")) return INFINIBAND;
        if (s.startsWith("ethernet")) return ETHERNET;
        return UNKNOWN;
    }
}
