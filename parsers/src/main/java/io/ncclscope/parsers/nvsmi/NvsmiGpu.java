package io.ncclscope.parsers.nvsmi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One GPU as nvidia-smi described it. Facts from several forms of the same input (say {@code -L}
 * followed by {@code -q}) are merged into one GPU by UUID, bus id or index. Every nullable value is
 * null when no form printed it.
 *
 * @param index              nvidia-smi's GPU index, nullable ({@code -q} does not print it)
 * @param busId              PCI address in canonical form {@code 0000:b1:00.0}, nullable
 * @param name               product name as printed, nullable
 * @param uuid               {@code GPU-...} UUID, nullable
 * @param serial             board serial number, nullable
 * @param minorNumber        {@code /dev/nvidiaN} minor number, nullable
 * @param architecture       "Product Architecture" ({@code Hopper}), nullable
 * @param virtualizationMode "Virtualization Mode" ({@code None}, {@code Pass-Through}), nullable
 * @param persistenceMode    {@code Enabled}/{@code Disabled} or the summary table's {@code On}/{@code Off}, nullable
 * @param performanceState   {@code P0}..{@code P12}, nullable
 * @param pcie               the PCIe link, null when nothing about it was printed
 * @param nvlinks            NVLinks from {@code nvidia-smi nvlink -s}, in printed order (empty when none)
 * @param nvlinkError        the NVML line printed instead of links
 *                           ({@code NVML: Unable to retrieve NVLink information as all links are inActive}), nullable
 * @param clocks             clocks, null when none were printed
 * @param memory             frame-buffer memory, null when not printed
 * @param csvFields          every {@code --query-gpu} column of this GPU (header name without unit to raw value),
 *                           null when the GPU came from no CSV
 * @param line               1-based line where the GPU first appears
 */
public record NvsmiGpu(Integer index, String busId, String name, String uuid, String serial, Integer minorNumber,
                       String architecture, String virtualizationMode, String persistenceMode, String performanceState,
                       PcieLink pcie, List<NvLink> nvlinks, String nvlinkError, GpuClocks clocks, GpuMemory memory,
                       Map<String, String> csvFields, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param index              nvidia-smi's GPU index, nullable ({@code -q} does not print it)
     * @param busId              PCI address in canonical form {@code 0000:b1:00.0}, nullable
     * @param name               product name as printed, nullable
     * @param uuid               {@code GPU-...} UUID, nullable
     * @param serial             board serial number, nullable
     * @param minorNumber        {@code /dev/nvidiaN} minor number, nullable
     * @param architecture       "Product Architecture" ({@code Hopper}), nullable
     * @param virtualizationMode "Virtualization Mode" ({@code None}, {@code Pass-Through}), nullable
     * @param persistenceMode    {@code Enabled}/{@code Disabled} or the summary table's {@code On}/{@code Off}, nullable
     * @param performanceState   {@code P0}..{@code P12}, nullable
     * @param pcie               the PCIe link, null when nothing about it was printed
     * @param nvlinks            NVLinks from {@code nvidia-smi nvlink -s}, in printed order (empty when none)
     * @param nvlinkError        the NVML line printed instead of links
     *         ({@code NVML: Unable to retrieve NVLink information as all links are inActive}), nullable
     * @param clocks             clocks, null when none were printed
     * @param memory             frame-buffer memory, null when not printed
     * @param csvFields          every {@code --query-gpu} column of this GPU (header name without unit to raw value),
     *         null when the GPU came from no CSV
     * @param line               1-based line where the GPU first appears
     */
    public NvsmiGpu {
        nvlinks = List.copyOf(nvlinks);
        csvFields = csvFields == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(csvFields));
    }

    /** {@return the number of NVLinks printed as active} */
    public int activeNvlinks() {
        return (int) nvlinks.stream().filter(NvLink::active).count();
    }
}
