package io.ncclscope.parsers.dmesg;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One kernel message about a GPU, NVLink, NIC or PCIe link, with continuation lines joined.
 * Values the line did not carry are null.
 *
 * @param type           what the message is about
 * @param timestamp      the timestamp as printed ({@code 1234.567890}, {@code Sun Feb 23 16:24:18 2025},
 *                       {@code Feb 14 05:03:41}); nullable
 * @param uptimeSeconds  seconds since boot when the timestamp is dmesg's default {@code [ 1234.567890]}; nullable
 * @param host           host name of journalctl/syslog lines; nullable
 * @param driver         the kernel component that printed it ({@code NVRM}, {@code mlx5_core}, {@code pcieport}); nullable
 * @param device         PCI address in canonical form {@code 0000:b1:00.0}. NVRM prints GPUs as {@code PCI:0000:b1:00}
 *                       without a function; GPUs are function 0, so {@code .0} is added. Null when none was printed
 *                       (or the paste redacted it as {@code PCI:...})
 * @param netdev         the RDMA or network device name after the PCI address ({@code mlx5_5}, {@code ens1np0}); nullable
 * @param uuid           GPU UUID of a {@code GPU at PCI:...} line; nullable
 * @param serial         board serial of a {@code GPU Board Serial Number} line; nullable
 * @param xid            the Xid (or SXid) number; nullable
 * @param causedByXid    the Xid named by {@code caused by previous Xid N}; nullable
 * @param xidSeverity    {@code Fatal} or {@code Nonfatal} when the Xid text says so (NVLink Xids 144-150); nullable
 * @param pid            process id of {@code pid=N}; null for {@code pid='<unknown>'} or when absent
 * @param process        process name of {@code name=...}; null for {@code <unknown>} or when absent
 * @param link           NVLink number ({@code Link 13}, {@code link 11}; {@code Link -1} means no single link); nullable
 * @param port           mlx5 port number; nullable
 * @param module         mlx5 cable module number of a port module event; nullable
 * @param state          the new state: mlx5 {@code INIT}/{@code ACTIVE}/{@code DOWN}/{@code UP}, a module event such as
 *                       {@code Cable plugged}, or an AER severity such as {@code Corrected}; nullable
 * @param pcieGbps       available PCIe bandwidth in Gb/s of a PCIE_BANDWIDTH line; nullable
 * @param pcieGTs        PCIe link speed in GT/s of a PCIE_BANDWIDTH line; nullable
 * @param pcieWidth      PCIe link width of a PCIE_BANDWIDTH line; nullable
 * @param firmwareVersion firmware version of an mlx5 {@code firmware version:} line; nullable
 * @param detail         for an Xid the text after number, pid and name; for AER the error type; for nvidia-smi's lost-GPU
 *                       line the reason after the address ({@code Unknown Error}); nullable
 * @param message        the kernel message without timestamp and host prefix, continuation lines joined by a space
 * @param line           1-based line where the message starts
 * @param endLine        1-based line where it ends (after continuation lines)
 */
public record DmesgEvent(DmesgEventType type, String timestamp, Double uptimeSeconds, String host, String driver,
                         String device, String netdev, String uuid, String serial, Integer xid, Integer causedByXid,
                         String xidSeverity, Integer pid, String process, Integer link, Integer port, Integer module,
                         String state, Double pcieGbps, Double pcieGTs, Integer pcieWidth, String firmwareVersion,
                         String detail, String message, int line, int endLine) {

    /** The clause the kernel adds when a device's link is slower than it could be (drivers/pci/pci.c, pcie_print_link_status). */
    private static final Pattern PCIE_LIMIT = Pattern.compile("limited by ([0-9.]+) GT/s PCIe x(\\d+) link at (\\S+?) "
            + "\\(capable of ([0-9.]+) Gb/s with ([0-9.]+) GT/s PCIe x(\\d+) link\\)");

    /**
     * {@return true for a {@link DmesgEventType#PCIE_BANDWIDTH} line whose limiting link has fewer lanes than the
     * device is capable of ({@code limited by 16.0 GT/s PCIe x8 link at 0000:00:01.0 (capable of 252.048 Gb/s with
     * 16.0 GT/s PCIe x16 link)}); false when it names no narrower link}
     */
    public boolean pcieNarrowerThanCapable() {
        Matcher m = PCIE_LIMIT.matcher(message);
        if (!m.find()) return false;
        Integer width = ToolValues.integer(m.group(2));
        Integer capable = ToolValues.integer(m.group(6));
        return width != null && capable != null && width < capable;
    }

    /**
     * {@return the Xid this event reports: its number for an Xid line, 79 ("GPU has fallen off the bus") for a
     * fallen-off-the-bus line that prints none (newer drivers, at probe time); null for any other event}
     */
    public Integer reportedXid() {
        if (type == DmesgEventType.XID) return xid;
        return type == DmesgEventType.GPU_FALLEN_OFF_BUS ? Integer.valueOf(79) : null;
    }

    /**
     * {@return what an NVLink Xid (144 to 150) says of itself: true for {@code Fatal}, false for {@code Nonfatal}; empty
     * when its text says neither}
     */
    public Optional<Boolean> xidFatal() {
        String s = xidSeverity == null ? "" : xidSeverity.toLowerCase(Locale.ROOT);
        if (s.startsWith("non")) return Optional.of(false);
        return s.startsWith("fatal") ? Optional.of(true) : Optional.empty();
    }

    /**
     * {@return true for an mlx5 event about an RDMA port: it names a port number, or an RDMA device ({@code mlx5_5})
     * where a network interface ({@code ens1np0}) would stand} An event that names a netdev is an Ethernet link's.
     */
    public boolean rdmaPortEvent() {
        return port != null || (netdev != null && netdev.startsWith("mlx"));
    }

    /**
     * {@return true for an mlx5 port or module event whose new state takes the link down: {@code DOWN}, a cable
     * unplugged ({@code Cable unplugged}), a port disabled; false for any other event}
     */
    public boolean linkDown() {
        if (type != DmesgEventType.MLX5_PORT || state == null) return false;
        String s = state.toLowerCase(Locale.ROOT);
        return s.equals("down") || s.contains("unplugged") || s.contains("disabled");
    }
}
