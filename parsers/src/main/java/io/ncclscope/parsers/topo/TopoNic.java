package io.ncclscope.parsers.topo;

import java.util.Objects;

/**
 * One NIC column of a {@code nvidia-smi topo -m} matrix.
 *
 * @param name       the column name as printed: {@code NIC0} in newer layouts, the RDMA device
 *                   ({@code mlx5_0}) in old ones
 * @param device     the RDMA device: from the {@code NIC Legend} ({@code NIC0: mlx5_1}; NICk is not always
 *                   mlx5_k), or the name itself in old layouts; null when the legend is missing or cut
 * @param line       the 1-based line of the NIC's row (of the header when the row is missing)
 * @param legendLine the 1-based line of its NIC Legend entry; null when none
 */
public record TopoNic(String name, String device, int line, Integer legendLine) {

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param name       the column name as printed: {@code NIC0} in newer layouts, the RDMA device
     *         ({@code mlx5_0}) in old ones
     * @param device     the RDMA device: from the {@code NIC Legend} ({@code NIC0: mlx5_1}; NICk is not always
     *         mlx5_k), or the name itself in old layouts; null when the legend is missing or cut
     * @param line       the 1-based line of the NIC's row (of the header when the row is missing)
     * @param legendLine the 1-based line of its NIC Legend entry; null when none
     * @throws NullPointerException when a required component is null
     */
    public TopoNic {
        Objects.requireNonNull(name, "name");
    }
}
