package io.ncclscope.parsers.nvbandwidth;

import java.util.List;

/**
 * What {@link NvbandwidthParser} read: versions, devices and testcases of one nvbandwidth run.
 *
 * @param format             text or JSON
 * @param command            the echoed command line ({@code ./nvbandwidth -t host_to_device_memcpy_ce}); nullable
 * @param version            {@code nvbandwidth Version} ({@code v0.8}); nullable
 * @param gitVersion         {@code Built from Git version}; nullable
 * @param cudaRuntimeVersion {@code CUDA Runtime Version} ({@code 12040}); nullable
 * @param cudaDriverVersion  {@code CUDA Driver Version}; nullable
 * @param driverVersion      NVIDIA {@code Driver Version} ({@code 550.54.15}); nullable
 * @param devices            the devices listed, in order
 * @param testcases          the testcases, in order
 * @param unnamedWaived      {@code Waived:} lines that name no testcase (newer versions print them for tests that do
 *                           not apply, for example peer tests on one GPU)
 * @param error              a run-level error (JSON {@code error}); nullable
 */
public record NvbandwidthData(NvbwFormat format, String command, String version, String gitVersion,
                              Integer cudaRuntimeVersion, Integer cudaDriverVersion, String driverVersion,
                              List<NvbwDevice> devices, List<NvbwTestcase> testcases, int unnamedWaived, String error) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param format             text or JSON
     * @param command            the echoed command line ({@code ./nvbandwidth -t host_to_device_memcpy_ce}); nullable
     * @param version            {@code nvbandwidth Version} ({@code v0.8}); nullable
     * @param gitVersion         {@code Built from Git version}; nullable
     * @param cudaRuntimeVersion {@code CUDA Runtime Version} ({@code 12040}); nullable
     * @param cudaDriverVersion  {@code CUDA Driver Version}; nullable
     * @param driverVersion      NVIDIA {@code Driver Version} ({@code 550.54.15}); nullable
     * @param devices            the devices listed, in order
     * @param testcases          the testcases, in order
     * @param unnamedWaived      {@code Waived:} lines that name no testcase (newer versions print them for tests that do
     *         not apply, for example peer tests on one GPU)
     * @param error              a run-level error (JSON {@code error}); nullable
     */
    public NvbandwidthData {
        devices = List.copyOf(devices);
        testcases = List.copyOf(testcases);
    }

    /**
     * {@return the first testcase of that name}
     *
     * @param name a testcase name such as {@code host_to_device_memcpy_ce}
     */
    public java.util.Optional<NvbwTestcase> testcase(String name) {
        return testcases.stream().filter(t -> name.equals(t.name())).findFirst();
    }
}
