package io.ncclscope.parsers.tests;

/**
 * One {@code #  Rank  0 Group  0 Pid 1234 on host1 device  0 [0000:1b:00] NVIDIA A100-SXM4-80GB} line
 * (older versions: {@code #   Rank  0 Pid ... device  0 [0x1b] ...}, no group).
 *
 * @param rank       global rank
 * @param group      group (communicator colour); null in the old layout that has no {@code Group}
 * @param pid        process id
 * @param host       host name as printed
 * @param device     CUDA device index on that host
 * @param busId      the bracketed bus id exactly as printed: {@code 0000:1b:00} (domain:bus:device) or {@code 0x1b} (bus only)
 * @param pciAddress canonical {@code dddd:bb:dd.f} when domain, bus and device were printed (function 0, as for
 *                   every GPU); null for the bus-only form
 * @param pciBus     the PCI bus number (both forms)
 * @param name       the GPU name
 * @param line       1-based source line
 */
public record NcclTestsDevice(int rank, Integer group, Integer pid, String host, Integer device, String busId,
                              String pciAddress, Integer pciBus, String name, int line) {

    /**
     * {@return whether the bus id is the bus-only form of bus 0 ({@code 0x00}): what sanitised fixtures print for every
     * GPU (corpus nccl-tests/superbenchmark-testdata-nccl_allgather.txt), so no GPU's identity}
     */
    public boolean busIdIsPlaceholder() {
        return busId != null && busId.matches("0x0+");
    }

    /** {@return whether the GPU is a GeForce card, by the name nccl-tests prints} */
    public boolean isGeForce() {
        return name != null && name.contains("GeForce");
    }
}
