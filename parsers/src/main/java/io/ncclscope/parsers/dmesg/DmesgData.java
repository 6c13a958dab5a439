package io.ncclscope.parsers.dmesg;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link DmesgParser} read: the kernel messages about GPUs, NVLink, NICs and PCIe, in input order.
 *
 * @param events       the messages kept, in input order
 * @param driverVersion NVIDIA driver version from {@code NVRM: loading NVIDIA UNIX ... Kernel Module ... 570.158.01}; nullable
 * @param gpuUuids     GPU PCI address to UUID, from {@code NVRM: GPU at PCI:...: GPU-...} lines
 * @param lines        lines read
 * @param skippedLines kernel or journal lines about other things (file systems, systemd, stack traces...)
 */
public record DmesgData(List<DmesgEvent> events, String driverVersion, Map<String, String> gpuUuids, int lines, int skippedLines) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param events       the messages kept, in input order
     * @param driverVersion NVIDIA driver version from {@code NVRM: loading NVIDIA UNIX ... Kernel Module ... 570.158.01}; nullable
     * @param gpuUuids     GPU PCI address to UUID, from {@code NVRM: GPU at PCI:...: GPU-...} lines
     * @param lines        lines read
     * @param skippedLines kernel or journal lines about other things (file systems, systemd, stack traces...)
     */
    public DmesgData {
        events = List.copyOf(events);
        gpuUuids = Collections.unmodifiableMap(new LinkedHashMap<>(gpuUuids));
    }

    /**
     * {@return the events of one type, in input order}
     *
     * @param type an event type
     */
    public List<DmesgEvent> ofType(DmesgEventType type) {
        return events.stream().filter(e -> e.type() == type).toList();
    }
}
