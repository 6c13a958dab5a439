package io.ncclscope.parsers.ethtool;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.List;
import java.util.Optional;

/**
 * The speeds ethtool's link mode names carry ({@link EthtoolInterface#supportedLinkModes()},
 * {@link EthtoolInterface#advertisedLinkModes()}): the kernel names a mode {@code <Mb/s>base<medium>[/duplex]},
 * {@code 100000baseCR4/Full} for 100 Gb/s over four copper lanes (include/uapi/linux/ethtool.h).
 */
public final class LinkModes {

    private LinkModes() {
    }

    /**
     * {@return the speed of link mode {@code mode} in Mb/s; empty when the name starts with no speed before "base"}
     *
     * @param mode a link mode name such as {@code 100000baseCR4/Full}
     */
    public static Optional<Integer> speedMbps(String mode) {
        int base = mode.indexOf("base");
        if (base <= 0) return Optional.empty();
        for (int i = 0; i < base; i++) {
            if (mode.charAt(i) < '0' || mode.charAt(i) > '9') return Optional.empty();
        }
        return Optional.ofNullable(ToolValues.integer(mode.substring(0, base)));
    }

    /**
     * {@return the fastest speed of {@code modes} in Mb/s; empty when no mode names one}
     *
     * @param modes link mode names, as {@link EthtoolInterface#supportedLinkModes()} holds them
     */
    public static Optional<Integer> fastestMbps(List<String> modes) {
        Integer best = null;
        for (String m : modes) {
            Integer v = speedMbps(m).orElse(null);
            if (v != null && (best == null || v > best)) best = v;
        }
        return Optional.ofNullable(best);
    }
}
