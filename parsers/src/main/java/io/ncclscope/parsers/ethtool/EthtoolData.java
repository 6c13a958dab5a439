package io.ncclscope.parsers.ethtool;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code ethtool IF}, {@code ethtool -i IF} and {@code ethtool -S IF} reported, for one or more interfaces.
 *
 * <p>Shape: every interface is in {@link #interfaces()}, in input order. For consumers that read one
 * interface, the headline fields of the first one are repeated at the top level ({@code interface},
 * {@code speedMbps}, {@code duplex}, {@code linkDetected}, {@code driver}, {@code firmwareVersion},
 * {@code busInfo}, {@code counters}). {@code interface} is a Java keyword, so the component is
 * {@code interface_}; {@link io.ncclscope.parsers.json.Json} writes it as {@code "interface"}, as DESIGN.md names it.
 *
 * @param interface_      name of the first interface (nullable); JSON key {@code interface}
 * @param speedMbps       speed of the first interface in Mb/s (nullable)
 * @param duplex          duplex of the first interface (nullable)
 * @param linkDetected    link detected on the first interface (nullable)
 * @param driver          driver of the first interface (nullable)
 * @param firmwareVersion firmware of the first interface (nullable)
 * @param busInfo         bus info of the first interface (nullable)
 * @param counters        counters of the first interface (empty when none)
 * @param interfaces      every interface, in input order
 * @param toolErrors      error lines ethtool printed among its output ({@code Cannot get ...}, {@code netlink error: ...})
 */
public record EthtoolData(String interface_, Integer speedMbps, Duplex duplex, Boolean linkDetected, String driver,
                          String firmwareVersion, String busInfo, Map<String, Long> counters,
                          List<EthtoolInterface> interfaces, List<ToolMessage> toolErrors) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param interface_      name of the first interface (nullable); JSON key {@code interface}
     * @param speedMbps       speed of the first interface in Mb/s (nullable)
     * @param duplex          duplex of the first interface (nullable)
     * @param linkDetected    link detected on the first interface (nullable)
     * @param driver          driver of the first interface (nullable)
     * @param firmwareVersion firmware of the first interface (nullable)
     * @param busInfo         bus info of the first interface (nullable)
     * @param counters        counters of the first interface (empty when none)
     * @param interfaces      every interface, in input order
     * @param toolErrors      error lines ethtool printed among its output ({@code Cannot get ...}, {@code netlink error: ...})
     */
    public EthtoolData {
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
        interfaces = List.copyOf(interfaces);
        toolErrors = List.copyOf(toolErrors);
    }

    /**
     * {@return data for {@code interfaces}, the first one's headline fields mirrored at the top}
     *
     * @param interfaces the interfaces read, in input order
     * @param toolErrors what ethtool itself complained about
     */
    public static EthtoolData of(List<EthtoolInterface> interfaces, List<ToolMessage> toolErrors) {
        if (interfaces.isEmpty()) {
            return new EthtoolData(null, null, null, null, null, null, null, Map.of(), interfaces, toolErrors);
        }
        EthtoolInterface f = interfaces.get(0);
        return new EthtoolData(f.name(), f.speedMbps(), f.duplex(), f.linkDetected(), f.driver(), f.firmwareVersion(),
                f.busInfo(), f.counters(), interfaces, toolErrors);
    }
}
