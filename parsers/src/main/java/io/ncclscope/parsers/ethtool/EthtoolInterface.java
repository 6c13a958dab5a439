package io.ncclscope.parsers.ethtool;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What ethtool reported for one interface: the settings ({@code ethtool IF}), the driver information
 * ({@code ethtool -i IF}) and the statistics ({@code ethtool -S IF}), whichever of them the input holds.
 * Nullable components are null when the tool did not print them; lists and the counter map are empty then.
 *
 * @param name                     interface name (nullable: {@code ethtool -i} and {@code -S} print none, and a
 *                                 shell prompt line {@code ethtool -S eth0} names it only when it was pasted)
 * @param supportedPorts           {@code Supported ports: [ TP MII ]} as words
 * @param supportedLinkModes       link modes such as {@code 100000baseCR4/Full}, continuation lines joined
 * @param supportedPauseFrameUse   as printed (nullable)
 * @param supportsAutoNegotiation  (nullable)
 * @param supportedFecModes        FEC modes (empty for {@code Not reported})
 * @param advertisedLinkModes      advertised link modes
 * @param advertisedPauseFrameUse  as printed (nullable)
 * @param advertisedAutoNegotiation (nullable)
 * @param advertisedFecModes       FEC modes (empty for {@code Not reported})
 * @param linkPartner              the partner's advertisement (nullable)
 * @param speedMbps                current speed in Mb/s; null for {@code Unknown!} (no link) and when not printed
 * @param duplex                   (nullable)
 * @param lanes                    {@code Lanes:} of newer ethtool (nullable)
 * @param autoNegotiation          {@code Auto-negotiation: on|off} (nullable)
 * @param port                     connector such as {@code Twisted Pair}, {@code FIBRE}, {@code Direct Attach Copper} (nullable)
 * @param phyad                    PHY address (nullable)
 * @param transceiver              {@code internal} / {@code external} (nullable)
 * @param mdix                     {@code MDI-X} as printed, e.g. {@code off (auto)} (nullable)
 * @param supportsWakeOn           (nullable)
 * @param wakeOn                   (nullable)
 * @param messageLevel             driver message level, e.g. 7 for {@code 0x00000007 (7)} (nullable)
 * @param messageLevelFlags        its names, e.g. {@code drv probe link}
 * @param linkDetected             {@code Link detected: yes|no} (nullable). Some drivers report yes without a
 *                                 cable (corpus ethtool/open-nic-driver-29-1.txt)
 * @param driver                   {@code -i} driver, e.g. {@code mlx5_core} (nullable)
 * @param version                  {@code -i} driver version (nullable)
 * @param firmwareVersion          {@code -i} firmware version (nullable)
 * @param expansionRomVersion      {@code -i} expansion ROM version (nullable; often printed empty)
 * @param busInfo                  {@code -i} bus info as printed, e.g. {@code 0000:83:00.0} (nullable)
 * @param supportsStatistics       {@code -i} (nullable)
 * @param supportsTest             {@code -i} (nullable)
 * @param supportsEepromAccess     {@code -i} (nullable)
 * @param supportsRegisterDump     {@code -i} (nullable)
 * @param supportsPrivFlags        {@code -i} (nullable)
 * @param counters                 {@code -S} counters in input order (name to value)
 * @param counterLines             1-based source line of each counter (the keys of {@code counters}), so a
 *                                 finding can quote the counters it names
 * @param line                     1-based line where this interface's first section starts
 */
public record EthtoolInterface(String name, List<String> supportedPorts, List<String> supportedLinkModes,
                               String supportedPauseFrameUse, Boolean supportsAutoNegotiation, List<String> supportedFecModes,
                               List<String> advertisedLinkModes, String advertisedPauseFrameUse,
                               Boolean advertisedAutoNegotiation, List<String> advertisedFecModes, LinkPartner linkPartner,
                               Integer speedMbps, Duplex duplex, Integer lanes, Boolean autoNegotiation, String port,
                               Integer phyad, String transceiver, String mdix, String supportsWakeOn, String wakeOn,
                               Long messageLevel, List<String> messageLevelFlags, Boolean linkDetected, String driver,
                               String version, String firmwareVersion, String expansionRomVersion, String busInfo,
                               Boolean supportsStatistics, Boolean supportsTest, Boolean supportsEepromAccess,
                               Boolean supportsRegisterDump, Boolean supportsPrivFlags, Map<String, Long> counters,
                               Map<String, Integer> counterLines, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param name                     interface name (nullable: {@code ethtool -i} and {@code -S} print none, and a
     *         shell prompt line {@code ethtool -S eth0} names it only when it was pasted)
     * @param supportedPorts           {@code Supported ports: [ TP MII ]} as words
     * @param supportedLinkModes       link modes such as {@code 100000baseCR4/Full}, continuation lines joined
     * @param supportedPauseFrameUse   as printed (nullable)
     * @param supportsAutoNegotiation  (nullable)
     * @param supportedFecModes        FEC modes (empty for {@code Not reported})
     * @param advertisedLinkModes      advertised link modes
     * @param advertisedPauseFrameUse  as printed (nullable)
     * @param advertisedAutoNegotiation (nullable)
     * @param advertisedFecModes       FEC modes (empty for {@code Not reported})
     * @param linkPartner              the partner's advertisement (nullable)
     * @param speedMbps                current speed in Mb/s; null for {@code Unknown!} (no link) and when not printed
     * @param duplex                   (nullable)
     * @param lanes                    {@code Lanes:} of newer ethtool (nullable)
     * @param autoNegotiation          {@code Auto-negotiation: on|off} (nullable)
     * @param port                     connector such as {@code Twisted Pair}, {@code FIBRE}, {@code Direct Attach Copper} (nullable)
     * @param phyad                    PHY address (nullable)
     * @param transceiver              {@code internal} / {@code external} (nullable)
     * @param mdix                     {@code MDI-X} as printed, e.g. {@code off (auto)} (nullable)
     * @param supportsWakeOn           (nullable)
     * @param wakeOn                   (nullable)
     * @param messageLevel             driver message level, e.g. 7 for {@code 0x00000007 (7)} (nullable)
     * @param messageLevelFlags        its names, e.g. {@code drv probe link}
     * @param linkDetected             {@code Link detected: yes|no} (nullable). Some drivers report yes without a
     *         cable (corpus ethtool/open-nic-driver-29-1.txt)
     * @param driver                   {@code -i} driver, e.g. {@code mlx5_core} (nullable)
     * @param version                  {@code -i} driver version (nullable)
     * @param firmwareVersion          {@code -i} firmware version (nullable)
     * @param expansionRomVersion      {@code -i} expansion ROM version (nullable; often printed empty)
     * @param busInfo                  {@code -i} bus info as printed, e.g. {@code 0000:83:00.0} (nullable)
     * @param supportsStatistics       {@code -i} (nullable)
     * @param supportsTest             {@code -i} (nullable)
     * @param supportsEepromAccess     {@code -i} (nullable)
     * @param supportsRegisterDump     {@code -i} (nullable)
     * @param supportsPrivFlags        {@code -i} (nullable)
     * @param counters                 {@code -S} counters in input order (name to value)
     * @param counterLines             1-based source line of each counter (the keys of {@code counters}), so a
     *         finding can quote the counters it names
     * @param line                     1-based line where this interface's first section starts
     */
    public EthtoolInterface {
        supportedPorts = List.copyOf(supportedPorts);
        supportedLinkModes = List.copyOf(supportedLinkModes);
        supportedFecModes = List.copyOf(supportedFecModes);
        advertisedLinkModes = List.copyOf(advertisedLinkModes);
        advertisedFecModes = List.copyOf(advertisedFecModes);
        messageLevelFlags = List.copyOf(messageLevelFlags);
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
        counterLines = Collections.unmodifiableMap(new LinkedHashMap<>(counterLines));
    }
}
