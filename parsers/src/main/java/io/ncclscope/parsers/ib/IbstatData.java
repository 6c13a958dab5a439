package io.ncclscope.parsers.ib;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

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

    /** {@return the tool's message that it found no device ({@code No IB devices found}); empty when it printed none} */
    public Optional<ToolMessage> noDevicesFound() {
        for (ToolMessage m : toolErrors) {
            if (m.text() != null && m.text().toLowerCase(Locale.ROOT).contains("no ib devices")) return Optional.of(m);
        }
        return Optional.empty();
    }
}
