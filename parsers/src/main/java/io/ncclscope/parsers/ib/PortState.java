package io.ncclscope.parsers.ib;

/**
 * The logical state of an IB/RoCE port, as {@code ibstat} ({@code Active}), {@code ibstatus}
 * ({@code 4: ACTIVE}) and {@code ibv_devinfo} ({@code PORT_ACTIVE (4)}) print it.
 */
public enum PortState {
    /** No link: {@code Down}, {@code PORT_DOWN (1)}. */
    DOWN,
    /** Physical link up, the subnet manager has not configured the port yet: {@code Initializing}, {@code PORT_INIT (2)}. */
    INIT,
    /** Configured, not yet active: {@code Armed}, {@code PORT_ARMED (3)}. */
    ARMED,
    /** Ready for traffic: {@code Active}, {@code PORT_ACTIVE (4)}. */
    ACTIVE,
    /** {@code PORT_ACTIVE_DEFER (5)}. */
    ACTIVE_DEFER,
    /** A word this parser does not know. */
    UNKNOWN;

    /**
     * Reads the tool's word; never null ({@link #UNKNOWN} for words not known).
     *
     * @param text the word as printed; null allowed
     * @return the value; {@link #UNKNOWN} for words not known
     */
    public static PortState of(String text) {
        switch (StateWords.wordKey(text)) {
            case "DOWN": return DOWN;
            case "INIT": case "INITIALIZE": case "INITIALIZING": case "INITIALIZED": return INIT;
            case "ARMED": return ARMED;
            case "ACTIVE": return ACTIVE;
            case "ACTIVEDEFER": case "ACTDEFER": return ACTIVE_DEFER;
            default: return UNKNOWN;
        }
    }

    /** {@return the state as ibstat words it ({@code Active}, {@code Initializing}); {@code ?} for {@link #UNKNOWN}} */
    public String word() {
        return switch (this) {
            case DOWN -> "Down";
            case INIT -> "Initializing";
            case ARMED -> "Armed";
            case ACTIVE -> "Active";
            case ACTIVE_DEFER -> "Active (defer)";
            case UNKNOWN -> "?";
        };
    }
}
