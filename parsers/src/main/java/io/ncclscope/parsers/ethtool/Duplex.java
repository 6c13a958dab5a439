package io.ncclscope.parsers.ethtool;

import java.util.Locale;

/** The duplex mode ethtool reports. */
public enum Duplex {
    /** {@code Full}. */
    FULL,
    /** {@code Half}. */
    HALF,
    /** {@code Unknown! (255)} (no link) or a word this parser does not know. */
    UNKNOWN;

    /**
     * Reads the tool's word; never null.
     *
     * @param text the word as printed; null allowed
     * @return the value; {@link #UNKNOWN} for words not known
     */
    public static Duplex of(String text) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (s.startsWith("full")) return FULL;
        if (s.startsWith("half")) return HALF;
        return UNKNOWN;
    }
}
