package io.ncclscope.parsers.ethtool;

import java.util.List;

/**
 * What the link partner (the switch port) advertises, from the {@code Link partner advertised ...} lines.
 * A NIC that negotiated below its own best mode because the partner offers less shows it here
 * (corpus ethtool/jc-ethtool-link-partner-1.txt: partner offers only 10/100).
 *
 * @param advertisedLinkModes link modes such as {@code 100baseT/Full}
 * @param pauseFrameUse       pause frame use as printed (nullable)
 * @param autoNegotiation     whether the partner advertises auto-negotiation (nullable)
 * @param fecModes            FEC modes (empty for {@code Not reported})
 * @param line                1-based line of the first link-partner line
 */
public record LinkPartner(List<String> advertisedLinkModes, String pauseFrameUse, Boolean autoNegotiation,
                          List<String> fecModes, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param advertisedLinkModes link modes such as {@code 100baseT/Full}
     * @param pauseFrameUse       pause frame use as printed (nullable)
     * @param autoNegotiation     whether the partner advertises auto-negotiation (nullable)
     * @param fecModes            FEC modes (empty for {@code Not reported})
     * @param line                1-based line of the first link-partner line
     */
    public LinkPartner {
        advertisedLinkModes = List.copyOf(advertisedLinkModes);
        fecModes = List.copyOf(fecModes);
    }
}
