package io.ncclscope.parsers.topo;

/**
 * Which {@code nvidia-smi topo} matrix a table is. Known from the command line when the capture
 * shows it, otherwise from the cell words ({@code OK}, {@code CNS}... mean a p2p matrix) and the
 * columns. {@link #toString()} gives the JSON id.
 */
public enum MatrixType {
    /** {@code nvidia-smi topo -m}: connection paths between GPUs and NICs, with CPU/NUMA affinity. */
    TOPOLOGY("topology"),
    /** {@code nvidia-smi topo -mp}: PCIe-only paths (no NVLink words). */
    TOPOLOGY_PCI("topology-pci"),
    /** {@code nvidia-smi topo -p2p r}: p2p read capability. */
    P2P_READ("p2p-read"),
    /** {@code nvidia-smi topo -p2p w}: p2p write capability. */
    P2P_WRITE("p2p-write"),
    /** {@code nvidia-smi topo -p2p n}: p2p over NVLink. */
    P2P_NVLINK("p2p-nvlink"),
    /** {@code nvidia-smi topo -p2p a}: p2p atomics. */
    P2P_ATOMICS("p2p-atomics"),
    /** {@code nvidia-smi topo -p2p p}: p2p prop (PCIe). */
    P2P_PROP("p2p-prop"),
    /** A {@code topo -p2p} matrix whose capability the capture does not show. */
    P2P("p2p"),
    /** A matrix whose kind cannot be told (for example a single {@code X} cell with no columns around it). */
    UNKNOWN("unknown");

    private final String id;

    MatrixType(String id) {
        this.id = id;
    }

    /** {@return the JSON id, for example {@code "p2p-read"}} */
    public String id() {
        return id;
    }

    /** {@return true for the {@code -p2p} matrices} */
    public boolean isP2p() {
        return name().startsWith("P2P");
    }

    @Override
    public String toString() {
        return id;
    }
}
