package io.ncclscope.parsers.nvsmi;

/**
 * A GPU's PCIe link as nvidia-smi reports it ({@code -q} "GPU Link Info" or the
 * {@code pcie.link.*} CSV columns). Every value is null when the tool did not print it or printed
 * {@code N/A}. A current generation below the maximum at idle is normal (the link trains down to
 * save power); a current width below the maximum is not.
 *
 * @param genCurrent       current PCIe generation ("Current"; drivers that print only "Device Current" give that)
 * @param genMax           maximum generation of the link ("Max"; drivers that print only "Device Max" give that)
 * @param genDeviceCurrent "Device Current" (newer drivers), nullable
 * @param genDeviceMax     "Device Max": what the GPU supports (newer drivers), nullable
 * @param genHostMax       "Host Max": what the host port supports; {@code N/A} inside VMs gives null
 * @param widthCurrent     current link width in lanes ({@code 16x} gives 16)
 * @param widthMax         maximum link width in lanes
 * @param line             1-based line where the link facts start
 */
public record PcieLink(Integer genCurrent, Integer genMax, Integer genDeviceCurrent, Integer genDeviceMax,
                       Integer genHostMax, Integer widthCurrent, Integer widthMax, int line) {
}
