package io.ncclscope.parsers.gids;

import java.util.List;

/**
 * The GID tables of RDMA ports.
 *
 * @param source the tool of the first table: {@code "show_gids"} or {@code "ibv_devinfo"} (nullable when none was found)
 * @param gids   entries in input order (indices need not start at 0: containers see only their slots)
 */
public record GidsData(String source, List<GidEntry> gids) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param source the tool of the first table: {@code "show_gids"} or {@code "ibv_devinfo"} (nullable when none was found)
     * @param gids   entries in input order (indices need not start at 0: containers see only their slots)
     */
    public GidsData {
        gids = List.copyOf(gids);
    }
}
