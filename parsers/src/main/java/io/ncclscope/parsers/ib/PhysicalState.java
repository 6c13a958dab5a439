package io.ncclscope.parsers.ib;

import java.util.Locale;

/**
 * The physical state of an IB/RoCE port, as {@code ibstat} ({@code LinkUp}), {@code ibstatus}
 * ({@code 5: LinkUp}) and {@code ibv_devinfo -v} ({@code LINK_UP (5)}) print it.
 */
public enum PhysicalState {
    /** {@code Sleep}. */
    SLEEP,
    /** Looking for a peer (no cable, peer down): {@code Polling}. */
    POLLING,
    /** Administratively or firmware disabled: {@code Disabled}. */
    DISABLED,
    /** Link training: {@code PortConfigurationTraining}. */
    PORT_CONFIGURATION_TRAINING,
    /** Physical link established: {@code LinkUp}. */
    LINK_UP,
    /** {@code LinkErrorRecovery}. */
    LINK_ERROR_RECOVERY,
    /** {@code Phy Test}. */
    PHY_TEST,
    /** A word this parser does not know. */
    UNKNOWN;

    /**
     * Reads the tool's word; never null ({@link #UNKNOWN} for words not known).
     *
     * @param text the word as printed; null allowed
     * @return the value; {@link #UNKNOWN} for words not known
     */
    public static PhysicalState of(String text) {
        switch (StateWords.wordKey(text)) {
            case "SLEEP": return SLEEP;
            case "POLLING": return POLLING;
            case "DISABLED": return DISABLED;
            case "PORTCONFIGURATIONTRAINING": return PORT_CONFIGURATION_TRAINING;
            case "LINKUP": return LINK_UP;
            case "LINKERRORRECOVERY": return LINK_ERROR_RECOVERY;
            case "PHYTEST": return PHY_TEST;
            default: return UNKNOWN;
        }
    }

    /**
     * {@return the state as ibstat words it, its name in camel case ({@code LinkUp}, {@code Polling},
     * {@code PortConfigurationTraining}); {@code ?} for {@link #UNKNOWN}}
     */
    public String word() {
        if (this == UNKNOWN) return "?";
        StringBuilder w = new StringBuilder();
        for (String part : name().split("_")) w.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        return w.toString();
    }
}
