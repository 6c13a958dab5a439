package io.ncclscope.parsers.pci;

/**
 * How two PCI functions are connected, read from the {@code lspci -tv} tree alone, in the
 * vocabulary of {@code nvidia-smi topo -m}. lspci cannot see NUMA, so two functions on different
 * root buses are {@link #CROSS_ROOT}: NCCL's NODE when both root complexes belong to one NUMA node,
 * SYS otherwise.
 */
public enum PciRelation {
    /** The same function. */
    SELF("X"),
    /** Under one bridge, at most one bridge below it on either side (one PCIe switch, or one root port). */
    PIX("PIX"),
    /** Under one bridge, through several bridges (nested PCIe switches), not through the host bridge. */
    PXB("PXB"),
    /** On one root bus: the path crosses the PCIe host bridge. */
    PHB("PHB"),
    /** On different root buses: NODE or SYS, which only NUMA affinity can tell. */
    CROSS_ROOT("NODE/SYS"),
    /** A function is not in the tree. */
    UNKNOWN("UNKNOWN");

    private final String word;

    PciRelation(String word) {
        this.word = word;
    }

    /** The topo-matrix word: {@code X}, {@code PIX}, {@code PXB}, {@code PHB}, {@code NODE/SYS}. */
    @Override
    public String toString() {
        return word;
    }
}
