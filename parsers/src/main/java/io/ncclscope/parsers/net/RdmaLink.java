package io.ncclscope.parsers.net;

import java.util.Locale;

/**
 * One line of {@code ibdev2netdev}: which network interface an RDMA device port maps to.
 * The netdev state is the IPoIB/Ethernet interface's, not the RDMA port's: an InfiniBand port with no IPoIB
 * address reads {@code (Down)} while its IB link is Active (corpus iplink/cluster-health-4-1.txt).
 *
 * @param rdmaDevice  RDMA device, e.g. {@code mlx5_0}, {@code mlx5_bond_0}, {@code roceP2p1s0f1}
 * @param port        port number (nullable)
 * @param netdev      network interface (nullable when none is mapped)
 * @param state       the netdev's state, {@code (Up)} / {@code (Down)} (nullable)
 * @param portState   the RDMA port state of {@code ibdev2netdev -v}, e.g. {@code ACTIVE} (nullable)
 * @param pciAddress  PCI address of {@code -v}, canonical {@code dddd:bb:dd.f} (nullable)
 * @param firmware    firmware version of {@code -v} (nullable)
 * @param description device description of {@code -v}, e.g. {@code MT4100 - NA} (nullable)
 * @param line        1-based source line
 */
public record RdmaLink(String rdmaDevice, Integer port, String netdev, LinkState state, String portState,
                       String pciAddress, String firmware, String description, int line) {

    /** {@return true when {@code ibdev2netdev -v} says the RDMA port is active ({@code ACTIVE}, {@code PORT_ACTIVE})} */
    public boolean portActive() {
        return portState != null && portState.toUpperCase(Locale.ROOT).contains("ACTIVE");
    }

    /**
     * {@return true when the netdev is an IPoIB interface by the kernel's {@code ib<n>} name: its {@link #state()} is
     * the IPoIB interface's, and says nothing of the InfiniBand port}
     */
    public boolean ipoibNetdev() {
        return netdev != null && netdev.startsWith("ib");
    }
}
