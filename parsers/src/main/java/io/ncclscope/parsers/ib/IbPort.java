package io.ncclscope.parsers.ib;

import io.ncclscope.parsers.internal.ToolValues;

/**
 * One port of an RDMA device. Nullable components are null when the tool did not print them.
 *
 * @param port             port number (nullable when the port header was unreadable)
 * @param state            logical state (nullable)
 * @param physicalState    physical state (nullable)
 * @param rateGbps         link rate in Gb/s; null when not printed and when the printed rate is a placeholder:
 *                         ibstat prints {@code Rate: 40} (Ethernet) or {@code Rate: 10} (IB) for ports whose
 *                         physical link is not up (corpus ibstat/mooncake-2039-1.txt, mlx5_1/mlx5_2 Disabled).
 *                         For {@code ibv_devinfo -v} it is the active width times the lane speed.
 * @param reportedRateGbps the rate exactly as printed, placeholders included (nullable)
 * @param activeWidth      link width such as {@code 4X} (ibstatus rate suffix, {@code ibv_devinfo -v}; nullable)
 * @param activeSpeed      lane speed such as {@code NDR} or {@code 25.0 Gbps} (nullable)
 * @param linkLayer        link layer (nullable)
 * @param lid              base / port LID (nullable)
 * @param smLid            subnet manager LID (nullable)
 * @param lmc              LMC (nullable)
 * @param capabilityMask   capability mask as printed, e.g. {@code 0xa651ec48} (nullable)
 * @param portGuid         port GUID as 16 lower-case hex digits (nullable)
 * @param defaultGid       ibstatus default GID as printed (nullable)
 * @param activeMtu        active MTU in bytes (ibv_devinfo; nullable)
 * @param maxMtu           maximum MTU in bytes (ibv_devinfo; nullable)
 * @param line             1-based line of the port header
 */
public record IbPort(Integer port, PortState state, PhysicalState physicalState, Double rateGbps, Double reportedRateGbps,
                     String activeWidth, String activeSpeed, LinkLayer linkLayer, Integer lid, Integer smLid, Integer lmc,
                     String capabilityMask, String portGuid, String defaultGid, Integer activeMtu, Integer maxMtu, int line) {

    /** {@return the lanes of {@link #activeWidth()}: 4 for {@code 4X}, 1 for {@code 1X}; null when it is not printed} */
    public Integer lanes() {
        return ToolValues.linkWidth(activeWidth);
    }
}
