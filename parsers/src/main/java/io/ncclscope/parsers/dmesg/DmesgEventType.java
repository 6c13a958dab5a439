package io.ncclscope.parsers.dmesg;

/** What a kernel line is about, as far as GPU and NIC health goes. */
public enum DmesgEventType {
    /** {@code NVRM: Xid (PCI:0000:b1:00): 79, pid=..., ...}: an NVIDIA GPU error with its Xid number. */
    XID,
    /** {@code nvidia-nvswitchN: SXid (PCI:...): 12028, ...}: an NVSwitch error. */
    SXID,
    /**
     * A GPU the driver lost, printed without an Xid number: "GPU has fallen off the bus" (newer drivers, probe time), or
     * nvidia-smi's "Unable to determine the device handle for GPU...: Unknown Error" pasted with the kernel lines.
     */
    GPU_FALLEN_OFF_BUS,
    /** A non-Xid NVLink line (NVRM nvlink messages, nvidia-nvlink, nvidia-nvswitch). */
    NVLINK,
    /** An mlx5 port change: {@code Port: 1 Link ACTIVE}, {@code Link down}, {@code Port module event: ... Cable plugged}. */
    MLX5_PORT,
    /** A PCIe Advanced Error Reporting line ({@code AER: ...}, {@code PCIe Bus Error: severity=...}). */
    PCIE_AER,
    /** {@code 63.008 Gb/s available PCIe bandwidth (8.0 GT/s PCIe x8 link)} and its "limited by" form. */
    PCIE_BANDWIDTH,
    /** {@code NVRM: GPU at PCI:0000:9b:00: GPU-...} and {@code GPU Board Serial Number}: which GPU is which. */
    GPU_INFO,
    /** Any other NVIDIA driver (NVRM) line. */
    NVRM,
    /** Any other mlx5 line. */
    MLX5,
    /**
     * The kernel's OOM killer ended a process (mm/oom_kill.c): {@code Out of memory: Killed process 4711 (python3)
     * total-vm:...}, {@code Memory cgroup out of memory: Killed process ...} (a cgroup's limit: a container's, a Slurm
     * step's), and older kernels' line without the reason. {@link DmesgEvent#pid()} and {@link DmesgEvent#process()}
     * name the process; {@link DmesgEvent#detail()} is {@code memory cgroup} for a cgroup's limit.
     */
    OOM_KILL,
    /** Another line about a GPU, NIC or a PCI function next to one (nvidia-peermem, xhci on a GPU board...). */
    OTHER
}
