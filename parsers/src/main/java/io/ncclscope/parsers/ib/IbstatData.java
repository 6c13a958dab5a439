package io.ncclscope.parsers.ib;

import java.util.List;

/**
 * What {@code ibstat}, {@code ibstatus} or {@code ibv_devinfo [-v]} reported.
 *
 * @param devices    devices in input order (never sorted: ibstat lists {@code mlx5_10} before {@code mlx5_2})
 * @param toolErrors error lines the tool printed among its output ({@code ibpanic: ...}, {@code No IB devices found})
 */
public record IbstatData(List<IbDevice> devices, List<ToolMessage> toolErrors) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param devices    devices in input order (never sorted: ibstat lists {@code mlx5_10} before {@code mlx5_2})
     * @param toolErrors error lines the tool printed among its output ({@code ibpanic: ...}, {@code No IB devices found})
     */
    public IbstatData {
        devices = List.copyOf(devices);
        toolErrors = List.copyOf(toolErrors);
    }
}
