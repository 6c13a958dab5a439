package io.ncclscope.parsers.pci;

import java.util.Locale;

/**
 * What the name of a device's Linux kernel driver says of the device: lspci's {@code Kernel driver in use:}
 * ({@link LspciDevice#driver()}), the driver that prints a kernel log line ({@code mlx5_core 0000:17:00.0: ...}) and
 * ethtool {@code -i}'s {@code driver:}. Each method takes the name as printed, null allowed.
 */
public final class PciDrivers {

    private PciDrivers() {
    }

    /**
     * {@return true for a Mellanox / NVIDIA ConnectX or BlueField driver: {@code mlx4_core}, {@code mlx5_core},
     * {@code mlx5_ib}...}
     *
     * @param driver the driver's name; null allowed
     */
    public static boolean mellanox(String driver) {
        return lower(driver).startsWith("mlx");
    }

    /**
     * {@return true for the driver of a data-centre NIC, one that carries a cluster's traffic: Mellanox / NVIDIA
     * ({@code mlx4_*}, {@code mlx5_*}), Broadcom NetXtreme-E ({@code bnxt_en}, {@code bnxt_re}), Intel E810
     * ({@code ice}, its RDMA driver {@code irdma}) and Intel 700 series ({@code i40e})}
     *
     * @param driver the driver's name; null allowed
     */
    public static boolean fabricNic(String driver) {
        String d = lower(driver);
        return d.startsWith("mlx") || d.startsWith("bnxt") || d.startsWith("ice") || d.startsWith("i40e")
                || d.startsWith("irdma");
    }

    /**
     * {@return true for a GPU's driver: {@code nvidia}, {@code amdgpu}}
     *
     * @param driver the driver's name; null allowed
     */
    public static boolean gpu(String driver) {
        String d = lower(driver);
        return d.equals("nvidia") || d.equals("amdgpu");
    }

    private static String lower(String driver) {
        return driver == null ? "" : driver.toLowerCase(Locale.ROOT);
    }
}
