package io.ncclscope.parsers.nccl;

/**
 * An RDMA device port NCCL uses, from {@code NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE ; OOB ...} (with {@code /SHARP},
 * rail and plane suffixes) or 2.3's {@code NET/IB: [0] mlx5_1:1/IB}. Each distinct host, index, device and port once.
 *
 * @param index     NCCL's device index ({@code [0]})
 * @param device    the HCA ({@code mlx5_0})
 * @param port      the port number; nullable
 * @param linkLayer IB or RoCE
 * @param sharp     true when {@code /SHARP} follows (collective offload capable)
 * @param host      host of the line prefix; nullable
 * @param line      1-based line of the first occurrence
 */
public record IbDevice(int index, String device, Integer port, LinkLayer linkLayer, boolean sharp, String host, int line)
        implements NcclLineFact {

    /** {@return the device's line, {@code NCCL INFO NET/IB : Using [0]mlx5_0:1/IB}} */
    @Override
    public String asPrinted() {
        return "NCCL INFO NET/IB : Using [" + index + "]" + device + (port == null ? "" : ":" + port) + "/" + linkLayer;
    }
}
