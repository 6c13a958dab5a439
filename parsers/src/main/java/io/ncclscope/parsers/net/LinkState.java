package io.ncclscope.parsers.net;

import java.util.Locale;

/**
 * The operational state of a network interface as {@code ip} prints it ({@code state UP}), and the
 * {@code (Up)}/{@code (Down)} of {@code ibdev2netdev}. For {@code ifconfig}, which prints no state,
 * {@code RUNNING} reads as {@link #UP} and its absence as {@link #DOWN}.
 */
public enum LinkState {
    /** Operationally up. */
    UP,
    /** Down: admin down, or no carrier. */
    DOWN,
    /** ip's {@code UNKNOWN} (loopback, tunnels, some virtual devices), or a word this parser does not know. */
    UNKNOWN,
    /** {@code LOWER_LAYER_DOWN}: a stacked device (VLAN, bond) whose lower device is down. */
    LOWER_LAYER_DOWN,
    /** {@code DORMANT}. */
    DORMANT,
    /** {@code NOTPRESENT}. */
    NOTPRESENT,
    /** {@code TESTING}. */
    TESTING;

    /**
     * Reads the tool's word ({@code UP}, {@code Up}, {@code (Down)}); never null.
     *
     * @param text the word as printed; null allowed
     * @return the value; {@link #UNKNOWN} for words not known
     */
    public static LinkState of(String text) {
        String s = text == null ? "" : text.strip().toUpperCase(Locale.ROOT);
        if (s.startsWith("(") && s.endsWith(")")) s = s.substring(1, s.length() - 1).strip();
        return switch (s) {
            case "UP" -> UP;
            case "DOWN" -> DOWN;
            case "LOWER_LAYER_DOWN", "LOWERLAYERDOWN" -> LOWER_LAYER_DOWN;
            case "DORMANT" -> DORMANT;
            case "NOTPRESENT", "NOT_PRESENT" -> NOTPRESENT;
            case "TESTING" -> TESTING;
            default -> UNKNOWN;
        };
    }

    /** True when {@code word} is one of ip's state words (as {@code ip -br} prints them in its second column). */
    static boolean isStateWord(String word) {
        return switch (word) {
            case "UP", "DOWN", "UNKNOWN", "LOWER_LAYER_DOWN", "DORMANT", "NOTPRESENT", "TESTING" -> true;
            default -> false;
        };
    }
}
