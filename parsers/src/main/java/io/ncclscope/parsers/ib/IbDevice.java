package io.ncclscope.parsers.ib;

import java.util.List;

/**
 * One RDMA device (HCA / CA). Nullable components are null when the tool did not print them.
 *
 * @param name            device name such as {@code mlx5_0}, {@code mlx5_bond_0}, {@code mlx5_ib0}
 *                        (nullable: {@code ibstat CA PORT} prints no name in some versions)
 * @param type            CA type such as {@code MT4129}; for {@code ibv_devinfo} derived as {@code "MT" + vendor_part_id},
 *                        which is how ibstat forms it (nullable)
 * @param numberOfPorts   {@code Number of ports} / {@code phys_port_cnt} (nullable)
 * @param firmware        firmware version (nullable)
 * @param hardwareVersion hardware version as printed (nullable)
 * @param nodeGuid        node GUID as 16 lower-case hex digits; text as printed when it is no valid GUID (nullable)
 * @param systemImageGuid system image GUID, same form; equal values mean ports of one card (nullable)
 * @param transport       {@code ibv_devinfo} transport, e.g. {@code InfiniBand (0)} (nullable)
 * @param vendorId        {@code ibv_devinfo} vendor id, e.g. {@code 0x02c9} (nullable)
 * @param vendorPartId    {@code ibv_devinfo} vendor part id, e.g. {@code 4129} (nullable)
 * @param boardId         {@code ibv_devinfo} board id (nullable)
 * @param source          the tool: {@code "ibstat"}, {@code "ibstatus"} or {@code "ibv_devinfo"}
 * @param ports           ports in input order
 * @param line            1-based line of the device header
 */
public record IbDevice(String name, String type, Integer numberOfPorts, String firmware, String hardwareVersion,
                       String nodeGuid, String systemImageGuid, String transport, String vendorId, Integer vendorPartId,
                       String boardId, String source, List<IbPort> ports, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param name            device name such as {@code mlx5_0}, {@code mlx5_bond_0}, {@code mlx5_ib0}
     *         (nullable: {@code ibstat CA PORT} prints no name in some versions)
     * @param type            CA type such as {@code MT4129}; for {@code ibv_devinfo} derived as {@code "MT" + vendor_part_id},
     *         which is how ibstat forms it (nullable)
     * @param numberOfPorts   {@code Number of ports} / {@code phys_port_cnt} (nullable)
     * @param firmware        firmware version (nullable)
     * @param hardwareVersion hardware version as printed (nullable)
     * @param nodeGuid        node GUID as 16 lower-case hex digits; text as printed when it is no valid GUID (nullable)
     * @param systemImageGuid system image GUID, same form; equal values mean ports of one card (nullable)
     * @param transport       {@code ibv_devinfo} transport, e.g. {@code InfiniBand (0)} (nullable)
     * @param vendorId        {@code ibv_devinfo} vendor id, e.g. {@code 0x02c9} (nullable)
     * @param vendorPartId    {@code ibv_devinfo} vendor part id, e.g. {@code 4129} (nullable)
     * @param boardId         {@code ibv_devinfo} board id (nullable)
     * @param source          the tool: {@code "ibstat"}, {@code "ibstatus"} or {@code "ibv_devinfo"}
     * @param ports           ports in input order
     * @param line            1-based line of the device header
     */
    public IbDevice {
        ports = List.copyOf(ports);
    }
}
