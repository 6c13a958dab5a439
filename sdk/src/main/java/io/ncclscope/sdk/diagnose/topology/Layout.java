package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.sdk.diagnose.internal.Quote;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where the GPUs and NICs of one node sit and how they connect, read from one source ({@code nvidia-smi topo -m},
 * an NCCL topology dump, {@code lspci -tv}, or only the NUMA nodes of {@code lspci -vvv}). The checks of
 * {@link AffinityChecks} run on this model, whatever the source. Immutable (the arrays are not copied: the builders in
 * {@link Layouts} hand them over).
 *
 * @param source      the command the layout was read from, for messages ({@code nvidia-smi topo -m})
 * @param hops        {@code [gpu][nic]} connections; null entries where unknown; null when the source has no paths
 * @param nvlink      {@code [gpu][gpu]} NVLink connections; null when the source cannot tell
 * @param numaTrusted false when the NUMA nodes the source printed contradict its own paths (flattened in a VM)
 * @param header      lines that name the columns (a matrix header), quoted after the rows
 */
record Layout(String source, List<Device> gpus, List<Device> nics, Hop[][] hops, boolean[][] nvlink, boolean numaTrusted,
              List<Quote> header) {

    Layout {
        gpus = List.copyOf(gpus);
        nics = List.copyOf(nics);
        header = List.copyOf(header);
    }

    /**
     * One GPU or NIC.
     *
     * @param name  the name a person reads: {@code GPU3}, the RDMA device {@code mlx5_2}, or a PCI address
     * @param hca   the RDMA device name when known ({@code mlx5_2}), for {@code NCCL_IB_HCA}; null otherwise
     * @param bdf   the PCI address when known; null otherwise
     * @param numa  the NUMA node when known (for NICs from {@code topo -m}: inferred); null otherwise
     * @param lines the lines that show the device, most telling first (a matrix row, a legend entry, a NUMA line)
     */
    record Device(String name, String hca, String bdf, Integer numa, List<Quote> lines) {
        Device {
            Objects.requireNonNull(name, "name");
            lines = List.copyOf(lines);
        }
    }

    /**
     * One GPU-NIC connection.
     *
     * @param type the path type, for ranking (a {@code NODE/SYS} that the source cannot tell apart ranks as NODE)
     * @param word the word shown to people ({@code SYS}, {@code NODE/SYS})
     */
    record Hop(PathType type, String word) {
        /** {@return the connection of {@code type}, shown by its own word} */
        static Hop of(PathType type) {
            return new Hop(type, type.word());
        }

        int rank() {
            return type.rank();
        }

        /** Across the CPU socket interconnect: the two ends are on different NUMA nodes. */
        boolean sys() {
            return type == PathType.SYS || type == PathType.SOC;
        }

        /** Close enough for GPUDirect RDMA under NCCL's default NCCL_NET_GDR_LEVEL (PXB). */
        boolean gdr() {
            return type.rank() <= PathType.PXB.rank();
        }
    }

    /** The connection of GPU {@code g} to NIC {@code n}; null when unknown. */
    Hop hop(int g, int n) {
        return hops == null ? null : hops[g][n];
    }

    /** True when the source shows paths at all. */
    boolean hasPaths() {
        return hops != null && Arrays.stream(hops).flatMap(Arrays::stream).anyMatch(Objects::nonNull);
    }

    /** True when GPUs {@code a} and {@code b} are NVLink peers (false when the source cannot tell). */
    boolean nvlink(int a, int b) {
        return nvlink != null && nvlink[a][b];
    }

    /** The best (lowest-ranked) connection of GPU {@code g} to any NIC; null when none is known. */
    Hop best(int g) {
        Hop best = null;
        for (int n = 0; n < nics.size(); n++) {
            Hop h = hop(g, n);
            if (h != null && (best == null || h.rank() < best.rank())) best = h;
        }
        return best;
    }

    /**
     * The NICs that would serve GPU {@code g}: those at its best distance. Without known paths every NIC
     * could serve it.
     */
    List<Integer> nearest(int g) {
        Hop best = best(g);
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n < nics.size(); n++) {
            Hop h = hop(g, n);
            if (best == null || (h != null && h.rank() == best.rank())) out.add(n);
        }
        return out;
    }

    /**
     * True when GPU {@code g} and NIC {@code n} are known to sit on different NUMA nodes: a SYS path says so by
     * definition, else both NUMA nodes are known and differ.
     */
    boolean differentNuma(int g, int n) {
        Hop h = hop(g, n);
        if (h != null && h.sys()) return true;
        Integer a = gpus.get(g).numa();
        Integer b = nics.get(n).numa();
        return a != null && b != null && !a.equals(b);
    }
}
